/// What a replay does with the scroll position of a vertical list.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: Array(0..<100))
/// model.geometry = .init(viewportHeight: 200, contentOffset: 500, itemHeight: 50)
/// print(model.scrollAnchor!)  // prints 10 at 0.0
/// // Ten items arrive above what the user reads; the item they read stays put.
/// try model.reload(
///   using: StagedChangeset(source: Array(0..<100), target: Array(-10..<100)),
///   scrollPosition: .keepAnchor)
/// print(model.scrollAnchor!, model.geometry!.contentOffset)  // prints 10 at 0.0 1000.0
/// ```
public enum ScrollPositionPolicy: Hashable, Sendable {
  /// Leave the content offset alone: items that arrive above push the content down.
  case none
  /// Keep the first item at least partly visible (its bottom below the viewport's top) at
  /// the same distance from the viewport's top. When the update deletes it, the nearest
  /// item above it that survives keeps its own distance instead; when none does, the list
  /// scrolls to its top.
  case keepAnchor
  /// When the list was scrolled to its bottom (within half a point, or its content fits),
  /// keep it at the bottom: a chat. Otherwise keep the anchor.
  case stickToBottom
}

/// Where a vertical list is scrolled, and how tall its viewport and content are: what a
/// replay reads to keep the scroll position.
public struct ScrollMetrics: Hashable, Sendable {
  /// The distance from the content's top to the viewport's top.
  public var contentOffset: Double
  /// The height of the viewport.
  public var viewportHeight: Double
  /// The height of the content.
  public var contentHeight: Double

  /// Creates metrics.
  ///
  /// - Parameters:
  ///   - contentOffset: The distance from the content's top to the viewport's top.
  ///   - viewportHeight: The height of the viewport.
  ///   - contentHeight: The height of the content.
  /// - Complexity: O(1).
  public init(contentOffset: Double, viewportHeight: Double, contentHeight: Double) {
    self.contentOffset = contentOffset
    self.viewportHeight = viewportHeight
    self.contentHeight = contentHeight
  }

  /// The offset that shows the end of the content: 0 when the content fits.
  ///
  /// - Complexity: O(1).
  public var bottomOffset: Double { max(0, contentHeight - viewportHeight) }

  /// Whether the viewport shows the end of the content: the offset within half a point of
  /// `bottomOffset`, or the content fits.
  ///
  /// - Complexity: O(1).
  public var isAtBottom: Bool {
    contentHeight <= viewportHeight || contentOffset >= bottomOffset - 0.5
  }
}

/// The vertical extent of an item in its list's content: where its top is and how tall it is.
public struct ItemExtent: Hashable, Sendable {
  /// The distance from the content's top to the item's top.
  public var top: Double
  /// The item's height.
  public var height: Double

  /// Creates an extent.
  ///
  /// - Parameters:
  ///   - top: The distance from the content's top to the item's top.
  ///   - height: The item's height.
  /// - Complexity: O(1).
  public init(top: Double, height: Double) {
    self.top = top
    self.height = height
  }

  /// The distance from the content's top to the item's bottom.
  ///
  /// - Complexity: O(1).
  public var bottom: Double { top + height }
}

/// Where an item ends up in the viewport when a list scrolls to it, as
/// `UICollectionView.ScrollPosition` names it.
public enum ScrollAlignment: Hashable, Sendable {
  /// Its top at the viewport's top.
  case top
  /// Its middle at the viewport's middle.
  case centeredVertically
  /// Its bottom at the viewport's bottom.
  case bottom
}
