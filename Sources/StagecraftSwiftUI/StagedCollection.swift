#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import SwiftUI
  import UIKit

  /// One section of a `StagedCollection`: its identity and its elements.
  public struct CollectionSection<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// The section's identity.
    public var id: ID
    /// Its elements, in order.
    public var elements: [Element]

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - id: The section's identity.
    ///   - elements: Its elements.
    /// - Complexity: O(1).
    public init(id: ID, elements: [Element]) {
      self.id = id
      self.elements = elements
    }
  }

  /// A SwiftUI collection over a `UICollectionView`: every update is a staged, guarded
  /// batch update, only changed cells are refreshed, and the selection is bound by
  /// identity. Its logic is `CollectionCoordinator`, which `swift test` drives headlessly.
  ///
  /// - Cells are SwiftUI views (`UIHostingConfiguration`), self-sizing in a layout that
  ///   sizes its items by estimate; the cell's state is in the environment (`cellState`).
  /// - Any `UICollectionViewLayout`; a plain list by default.
  /// - A selection binding of a set of identifiers, or of one optional identifier. Without
  ///   one, a selected cell deselects itself, and a `Button` at the root of a cell fires
  ///   when the cell is selected.
  /// - `contentInsets(_:)` and `onLoadMore(within:perform:)`.
  /// - Elements are `Identifiable & Equatable`: no wrapper. Changed elements (same `id`,
  ///   not `==`) are refreshed in place; the others are left alone.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  public struct StagedCollection<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View,
    Header: View
  >: View where Element.ID: Sendable {
    let sections: [CollectionSection<SectionID, Element>]
    let cell: (Element) -> Cell
    let header: ((SectionID) -> Header)?
    let layout: () -> UICollectionViewLayout
    var selection: _SelectionBinding<Element.ID> = .none
    var insets = EdgeInsets()
    var loadMore: (distance: Int, action: () -> Void)?
    var scrolledTo: Binding<Element.ID?>?

    /// The view: a representable of the collection view controller.
    ///
    /// - Complexity: O(1); each update diffs the data.
    public var body: some View {
      _StagedCollectionRepresentable(collection: self)
    }

    /// A collection of sections with headers.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: Makes the layout; the default is a plain list with headers.
    ///   - cell: The view of an element.
    ///   - header: The view of a section's header.
    /// - Complexity: O(1) here; each update diffs the data.
    public init(
      sections: [CollectionSection<SectionID, Element>],
      selection: Binding<Set<Element.ID>>? = nil,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout(headers: true) },
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder header: @escaping (SectionID) -> Header
    ) {
      self.init(
        sections: sections, cell: cell, header: header, layout: layout,
        selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// Every initializer's one place to set the stored properties.
    init(
      sections: [CollectionSection<SectionID, Element>], cell: @escaping (Element) -> Cell,
      header: ((SectionID) -> Header)?, layout: @escaping () -> UICollectionViewLayout,
      selection: _SelectionBinding<Element.ID>
    ) {
      self.sections = sections
      self.cell = cell
      self.header = header
      self.layout = layout
      self.selection = selection
    }

    /// Sets the content insets of the collection view.
    ///
    /// - Parameter insets: The insets.
    /// - Returns: The collection with those insets.
    /// - Complexity: O(1).
    public func contentInsets(_ insets: EdgeInsets) -> Self {
      var copy = self
      copy.insets = insets
      return copy
    }

    /// Binds the scroll position by identity: the element at the top of the viewport,
    /// written back once each time a scroll comes to rest; setting it scrolls that element
    /// to the top. Updates keep the element the user reads where it is.
    ///
    /// - Parameter item: The identifier of the element the list is scrolled to.
    /// - Returns: The collection with the binding.
    /// - Complexity: O(1).
    public func scrollPosition(_ item: Binding<Element.ID?>) -> Self {
      var copy = self
      copy.scrolledTo = item
      return copy
    }

    /// Asks for more data when an element within `distance` of the end is about to be
    /// shown, at most once per version of the data: the next page of a feed.
    ///
    /// - Parameters:
    ///   - distance: How close to the end, in elements; 5 by default.
    ///   - action: Loads more.
    /// - Returns: The collection that asks.
    /// - Complexity: O(1).
    public func onLoadMore(within distance: Int = 5, perform action: @escaping () -> Void) -> Self {
      var copy = self
      copy.loadMore = (distance, action)
      return copy
    }
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection where SectionID == Int, Header == EmptyView {
    /// A flat collection, with a selection binding of a set of identifiers.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: Makes the layout; the default is a plain list.
    ///   - cell: The view of an element.
    /// - Complexity: O(1) here; each update diffs the data.
    public init(
      _ elements: [Element], selection: Binding<Set<Element.ID>>? = nil,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout(headers: false) },
      @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(
        sections: [CollectionSection(id: 0, elements: elements)], cell: cell, header: nil,
        layout: layout, selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// A flat collection with one selected element at most, as LazyCollection binds it.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - selection: The selected element's identifier.
    ///   - layout: Makes the layout; the default is a plain list.
    ///   - cell: The view of an element.
    /// - Complexity: O(1) here; each update diffs the data.
    public init(
      _ elements: [Element], selection: Binding<Element.ID?>,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout(headers: false) },
      @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(
        sections: [CollectionSection(id: 0, elements: elements)], cell: cell, header: nil,
        layout: layout, selection: .single(selection))
    }
  }

  /// The layout of a collection that names none: a plain list, with section headers when
  /// the collection has them.
  ///
  /// - Parameter headers: Whether sections have headers.
  /// - Returns: A compositional list layout.
  /// - Complexity: O(1).
  @MainActor @usableFromInline
  func _defaultLayout(headers: Bool) -> UICollectionViewLayout {
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.headerMode = headers ? .supplementary : .none
    return UICollectionViewCompositionalLayout.list(using: configuration)
  }

  /// The selection a collection binds: none, a set of identifiers, or one.
  enum _SelectionBinding<ID: Hashable> {
    case none
    case set(Binding<Set<ID>>)
    case single(Binding<ID?>)
  }
#endif
