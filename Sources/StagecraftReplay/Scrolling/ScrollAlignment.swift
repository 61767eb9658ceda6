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
