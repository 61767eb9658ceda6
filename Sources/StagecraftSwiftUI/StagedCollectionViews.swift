#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftPlatforms
  import StagecraftReplay
  import SwiftUI
  import UIKit

  /// The collection view that tells its controller when it enters or leaves a window.
  final class _WindowReportingCollectionView: UICollectionView {
    var windowDidChange: (() -> Void)?

    override func didMoveToWindow() {
      super.didMoveToWindow()
      windowDidChange?()
    }
  }

  /// The view of every supplementary kind: a SwiftUI view through a hosting configuration, or
  /// nothing. A list cell, as UIKit's own list headers are, so that it takes a content
  /// configuration.
  final class _SupplementaryView: UICollectionViewListCell {}

  // tvOS has no refresh control and no context menus (UIKit's headers: API_UNAVAILABLE(tvos));
  // STAGECRAFT_TVOS_CHECK is set only by Scripts/check-platforms.sh, whose UIKit stub then
  // plays tvOS, so that these branches are type-checked on Linux.
  #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
    /// The refresh control a collection makes for `.refreshable` (one the app sets through
    /// `onCollectionView` is left alone).
    final class _RefreshControl: UIRefreshControl {}
  #endif
#endif
