/// What a change keeps of the scroll position of a vertical list: an update
/// (`UpdateStrategy.anchoring`), or a measured size replacing an estimate
/// (`CollectionModel.Geometry.anchoring`, `.keepAnchor` by default). The two are set apart:
/// a chat that follows its bottom sets `.stickToBottom` on both.
///
/// The anchor it keeps is `CollectionModel.ScrollAnchor`: an item, by identity, and the
/// distance of its top from the viewport's top.
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
///   strategy: UpdateStrategy().anchoring(.keepAnchor))
/// print(model.scrollAnchor!, model.geometry!.contentOffset)  // prints 10 at 0.0 1000.0
/// ```
public enum ScrollAnchoring: Hashable, Sendable {
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
