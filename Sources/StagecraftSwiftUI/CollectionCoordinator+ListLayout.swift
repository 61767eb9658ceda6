#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftPlatforms
  import UIKit

  // Here rather than beside `CollectionListLayout`: the coordinator is a later layer than the
  // adapters, and a layer reaches only down.
  extension CollectionCoordinator where Target: UICollectionView {
    /// The item whose top holds still while the items below it grow (a prompt whose answer
    /// streams in): the `pinnedItem` of the view's `CollectionListLayout`, which governs its
    /// updates and measured sizes alike; `nil`, and setting it does nothing, with another
    /// layout.
    ///
    /// - Complexity: Setting, O(1) expected (O(n) for the first lookup after new data).
    public var pinnedItem: ItemIdentifier? {
      get { (target.collectionViewLayout as? CollectionListLayout<Section>)?.pinnedItem }
      set { (target.collectionViewLayout as? CollectionListLayout<Section>)?.pinnedItem = newValue }
    }
  }
#endif
