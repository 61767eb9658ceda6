import StagecraftDiff

/// What holds keyboard or VoiceOver focus in a list: an item, or a section's header.
///
/// ```swift
/// import Stagecraft
///
/// let focus = FocusTarget.item(ElementPath(element: 2, section: 0))
/// print(focus)  // prints item([0, 2])
/// ```
public enum FocusTarget: Hashable, Sendable {
  /// The item at a path.
  case item(ElementPath)
  /// The header of a section.
  case sectionHeader(Int)
}
