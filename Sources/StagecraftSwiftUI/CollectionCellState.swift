#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import SwiftUI
  import UIKit

  /// The state of the cell that shows a view in a `StagedCollection`: what the view reads
  /// from the environment (`@Environment(\.cellState)`) to draw itself highlighted or
  /// selected.
  public enum CollectionCellState: Hashable, Sendable {
    /// Neither highlighted nor selected.
    case normal
    /// Touched down, not yet selected.
    case highlighted
    /// Selected.
    case selected

    /// The state of a cell whose configuration state is `state`: selected wins over
    /// highlighted.
    ///
    /// - Parameter state: UIKit's configuration state of the cell.
    /// - Complexity: O(1).
    @MainActor public init(_ state: UICellConfigurationState) {
      self = state.isSelected ? .selected : state.isHighlighted ? .highlighted : .normal
    }
  }

  /// The environment key of `cellState`.
  struct _CellStateKey: EnvironmentKey {
    static let defaultValue = CollectionCellState.normal
  }

  /// What a cell's view calls to deselect its own cell, as LazyCollection's `deselectCell`:
  /// the cell is deselected in the view and leaves the selection binding. Read it with
  /// `@Environment(\.deselectCell)` and call it: `deselectCell()`.
  public struct DeselectCellAction {
    let action: @MainActor () -> Void

    /// Deselects the cell.
    ///
    /// - Complexity: O(1) expected.
    @MainActor public func callAsFunction() { action() }
  }

  /// The environment key of `deselectCell`.
  struct _DeselectCellKey: EnvironmentKey {
    static var defaultValue: DeselectCellAction { DeselectCellAction {} }
  }

  /// How many times the cell was selected, so that a button at the root of a cell can fire
  /// on each selection.
  struct _CellSelectionCountKey: EnvironmentKey {
    static let defaultValue = 0
  }

  extension EnvironmentValues {
    /// The state of the collection cell that shows this view: normal, highlighted or
    /// selected; `.normal` outside a `StagedCollection`.
    ///
    /// - Complexity: O(1).
    public var cellState: CollectionCellState {
      get { self[_CellStateKey.self] }
      set { self[_CellStateKey.self] = newValue }
    }

    /// Deselects the collection cell that shows this view; nothing outside a
    /// `StagedCollection`.
    ///
    /// - Complexity: O(1).
    public var deselectCell: DeselectCellAction {
      get { self[_DeselectCellKey.self] }
      set { self[_DeselectCellKey.self] = newValue }
    }

    var _cellSelectionCount: Int {
      get { self[_CellSelectionCountKey.self] }
      set { self[_CellSelectionCountKey.self] = newValue }
    }
  }

  /// The button style of a cell's views: a button does not take the touch itself, the cell
  /// does, and selecting the cell fires the button, as in LazyCollection.
  struct _CellButtonStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
      _CellButton(configuration: configuration)
    }
  }

  /// A button that fires each time its cell is selected.
  /// A cell's view whose root is a `Button`: that button, and no other in the cell, fires
  /// when the cell is selected.
  protocol _RootButton {}
  extension Button: _RootButton {}

  /// The cell's view, with the selection-firing button style on its root `Button` only (a
  /// style applies to every button below the view it is set on, so it is set on the root
  /// only when the root is a button, and reset below it).
  @MainActor func _selectingRootButton<Content: View>(_ content: Content) -> AnyView {
    content is any _RootButton
      ? AnyView(content.buttonStyle(_CellButtonStyle())) : AnyView(content)
  }

  struct _CellButton: View {
    let configuration: PrimitiveButtonStyleConfiguration
    @Environment(\._cellSelectionCount) private var selections

    var body: some View {
      configuration.label
        .buttonStyle(.automatic)
        .allowsHitTesting(false)
        .onChange(of: selections) { _ in configuration.trigger() }
    }
  }
#endif
