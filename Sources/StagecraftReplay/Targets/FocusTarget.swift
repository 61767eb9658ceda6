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

extension FocusTarget {
  /// Where `focus` goes when the data changes, by identity: to the same item (or section
  /// header) where it is now; when it is gone, to the nearest item after it in its section
  /// that is still in that section, else the nearest before it, else the section's header;
  /// else nothing. The old data is read through `oldItem` (the item at a path, `nil` past
  /// the end of its section) and `oldSection`, the new through `newPath` and `newSection`.
  ///
  /// - Complexity: O(1) lookups when the item is still there; O(m) for the m items of its
  ///   section when a neighbour must be found.
  package static func _following<ItemID: Hashable, SectionID: Hashable>(
    _ focus: FocusTarget, oldItem: (ElementPath) -> ItemID?, oldSection: (Int) -> SectionID?,
    newPath: (ItemID) -> ElementPath?, newSection: (SectionID) -> Int?
  ) -> FocusTarget? {
    let section: Int
    switch focus {
    case .sectionHeader(let old):
      return oldSection(old).flatMap(newSection).map(FocusTarget.sectionHeader)
    case .item(let old):
      guard let item = oldItem(old) else { return nil }
      if let found = newPath(item) { return .item(found) }
      guard let target = oldSection(old.section).flatMap(newSection) else { return nil }
      section = target
      var after = old
      while true {
        after.element += 1
        guard let neighbour = oldItem(after) else { break }
        if let found = newPath(neighbour), found.section == section { return .item(found) }
      }
      var before = old
      while before.element > 0 {
        before.element -= 1
        guard let neighbour = oldItem(before) else { break }
        if let found = newPath(neighbour), found.section == section { return .item(found) }
      }
    }
    return .sectionHeader(section)
  }
}

/// What holds focus in a view: the item (or header) with keyboard focus, and the one
/// VoiceOver's cursor is on.
public struct FocusedItems: Hashable, Sendable {
  /// What has keyboard (or remote) focus; `nil` when it is not in the view.
  public var keyboard: FocusTarget?
  /// What VoiceOver's cursor is on; `nil` when it is not in the view.
  public var voiceOver: FocusTarget?

  /// Creates a value.
  ///
  /// - Parameters:
  ///   - keyboard: What has keyboard focus.
  ///   - voiceOver: What VoiceOver's cursor is on.
  /// - Complexity: O(1).
  public init(keyboard: FocusTarget? = nil, voiceOver: FocusTarget? = nil) {
    self.keyboard = keyboard
    self.voiceOver = voiceOver
  }

  /// Whether neither focus is in the view.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { keyboard == nil && voiceOver == nil }

  /// Each focus taken to where `transform` says (`nil`: out of the view): what every door
  /// does with the two after an update.
  package func map(_ transform: (FocusTarget) -> FocusTarget?) -> FocusedItems {
    FocusedItems(keyboard: keyboard.flatMap(transform), voiceOver: voiceOver.flatMap(transform))
  }

  /// The item that has keyboard focus, if an item has it: where a view's delegate puts
  /// keyboard focus (`indexPathForPreferredFocusedView(in:)`).
  package var keyboardItem: ElementPath? {
    if case .item(let path)? = keyboard { return path }
    return nil
  }
}

/// A view whose focus the library puts back on its item after an update. UIKit keeps focus
/// by index path (`remembersLastFocusedIndexPath`), so after an update it lands wherever the
/// paths now point, or at the top; the doors that know the data (the coordinator, the SwiftUI
/// collection, the drop-in data sources) read what holds focus before an update, follow it by
/// identity (`CollectionModel.focus` states the rule) and hand it back here.
/// `UICollectionView` and `UITableView` adopt it.
@MainActor
public protocol FocusKeepingTarget: AnyObject {
  /// What holds keyboard and VoiceOver focus in the view now.
  ///
  /// - Complexity: That of the view's focus and accessibility queries.
  var focusedItems: FocusedItems { get }

  /// Puts focus on `items` after an update: keyboard focus where the view asks for its
  /// preferred focus, VoiceOver's cursor by announcing the layout change on the element.
  ///
  /// - Parameter items: Where focus belongs now.
  /// - Complexity: That of the view's focus update.
  func restoreFocus(to items: FocusedItems)
}

extension BatchUpdateTarget where Self: FocusKeepingTarget {
  /// `focusedItems`, for the replay.
  @MainActor public var _focusedItems: FocusedItems { focusedItems }
  /// `restoreFocus(to:)`, for the replay.
  @MainActor public func _restoreFocus(to items: FocusedItems) { restoreFocus(to: items) }
}
