import StagecraftDiff
import StagecraftReplay

/// Focus by identity on a view that keeps it by index path: what held keyboard and
/// VoiceOver focus before an update is followed to its item (or its neighbour, as
/// `CollectionModel.focus` says) on the data the update brought, and handed back to the view.
@MainActor
final class CoordinatorFocus<Section: DifferentiableSection> {
  typealias ItemID = Section.Collection.Element.DifferenceIdentifier

  /// The view, when it keeps focus by index path.
  private weak var view: (any FocusKeepingTarget)?
  /// What held focus when the data last started to change, and the data it was on.
  private var before: (focused: FocusedItems, sections: [Section])?
  /// Where keyboard focus belongs after the last update.
  private(set) var preferredItem: ElementPath?

  /// Whether the view keeps focus by index path: otherwise this concern does nothing.
  let isActive: Bool

  init(view: (any FocusKeepingTarget)?) {
    self.view = view
    isActive = view != nil
  }

  /// Before the data changes: what holds focus, on the data the view shows. An update that
  /// starts while another is on its way keeps the first one's.
  func dataWillChange(from sections: [Section]) {
    guard before == nil, let view else { return }
    let focused = view.focusedItems
    if !focused.isEmpty { before = (focused, sections) }
  }

  /// After the view shows `sections`: focus follows its items; `path` finds an item.
  func dataDidApply(_ sections: [Section], path: (ItemID) -> ElementPath?) {
    guard let (focused, old) = before, let view else { return }
    before = nil
    // Only the sections focus was in are read by position: made arrays once, on demand.
    var items: [Int: [Section.Collection.Element]] = [:]
    func oldItem(_ at: ElementPath) -> ItemID? {
      guard old.indices.contains(at.section) else { return nil }
      let row = items[at.section] ?? Array(old[at.section].elements)
      items[at.section] = row
      return row.indices.contains(at.element) ? row[at.element].differenceIdentifier : nil
    }
    let now = focused.map {
      FocusTarget._following(
        $0, oldItem: oldItem,
        oldSection: { old.indices.contains($0) ? old[$0].differenceIdentifier : nil },
        newPath: path, newSection: { id in sections.firstIndex { $0.differenceIdentifier == id } })
    }
    preferredItem = now.keyboardItem
    view.restoreFocus(to: now)
  }
}
