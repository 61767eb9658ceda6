#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftPlatforms
  import StagecraftReplay
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
  ///   sizes its items by estimate; the cell's state is in the environment (`cellState`), and
  ///   so is `deselectCell`. In a list layout, SwiftUI's `.swipeActions` on a cell's view
  ///   become the row's swipe actions.
  /// - Any `UICollectionViewLayout`; a plain list by default. Sections may have headers,
  ///   footers and views of any other kind the layout names: each kind is answered with a
  ///   view registered for that kind (`SupplementaryRegistry`).
  /// - A selection binding of a set of identifiers, or of one optional identifier, flat or
  ///   sectioned. Without one, a tapped cell deselects itself, and a `Button` at the root of
  ///   a cell fires when the cell is selected. `onSelect(for:perform:)` hears every tap.
  /// - Modifiers that work in any order, as SwiftUI's own: `onReachEnd`, `onReachStart`,
  ///   `onPrefetch`, `updateStrategy`, `contentInsets`, `scrolledItem`,
  ///   `onCollectionView`, `collectionContextMenu`; and SwiftUI's `.refreshable`, which adds
  ///   a refresh control.
  /// - Elements are `Identifiable & Equatable`: no wrapper. Changed elements (same `id`,
  ///   not `==`) are refreshed in place; the others are left alone.
  /// - No state is written during SwiftUI's view update: bindings and callbacks are
  ///   delivered on the next turn of the main actor.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  @MainActor
  public struct StagedCollection<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View
  >: View where Element.ID: Sendable {
    let sections: [CollectionSection<SectionID, Element>]
    let cell: (Element) -> Cell
    let supplementary: [_SupplementaryKind: _SupplementaryContent<SectionID>]
    let layout: () -> UICollectionViewLayout
    let selection: _SelectionBinding<Element.ID>
    /// A layout given per section, by the section's identity (`sectionLayout(_:)`).
    var sectionLayout:
      ((SectionID, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?)?

    /// The view: a representable of the collection view controller, which reads the
    /// modifiers from the environment.
    ///
    /// - Complexity: O(1); each update diffs the data.
    public var body: some View {
      _StagedCollectionRepresentable(collection: self)
    }

    /// Every initializer's one place to set the stored properties.
    init(
      sections: [CollectionSection<SectionID, Element>], cell: @escaping (Element) -> Cell,
      supplementary: [_SupplementaryKind: _SupplementaryContent<SectionID>],
      layout: @escaping () -> UICollectionViewLayout, selection: _SelectionBinding<Element.ID>
    ) {
      self.sections = sections
      self.cell = cell
      self.supplementary = supplementary
      self.layout = layout
      self.selection = selection
    }
  }

  // MARK: Flat collections

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection where SectionID == Int {
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
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout() },
      @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(
        sections: [CollectionSection(id: 0, elements: elements)], cell: cell, supplementary: [:],
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
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout() },
      @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(
        sections: [CollectionSection(id: 0, elements: elements)], cell: cell, supplementary: [:],
        layout: layout, selection: .single(selection))
    }
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection where SectionID == Int {
    /// A flat collection laid out by a layout instance, as LazyCollection's users pass one.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: The layout.
    ///   - cell: The view of an element.
    /// - Complexity: O(1) here; each update diffs the data.
    public init(
      _ elements: [Element], selection: Binding<Set<Element.ID>>? = nil,
      layout: UICollectionViewLayout, @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(elements, selection: selection, layout: { layout }, cell: cell)
    }

    /// A flat collection with one selected element at most, laid out by a layout instance.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - selection: The selected element's identifier.
    ///   - layout: The layout.
    ///   - cell: The view of an element.
    /// - Complexity: O(1) here; each update diffs the data.
    public init(
      _ elements: [Element], selection: Binding<Element.ID?>, layout: UICollectionViewLayout,
      @ViewBuilder cell: @escaping (Element) -> Cell
    ) {
      self.init(elements, selection: selection, layout: { layout }, cell: cell)
    }
  }

  /// An element that is only `Hashable` (or `Equatable`), with its identity read through a
  /// key path, as `ForEach(_:id:)` reads it: what a `StagedCollection` made with `id:` holds.
  public struct KeyedElement<Value: Equatable & Sendable, ID: Hashable & Sendable>: Identifiable,
    Equatable, Sendable
  {
    /// The element.
    public let value: Value
    /// Its identity.
    public let id: ID
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection where SectionID == Int {
    /// A flat collection of elements that are not `Identifiable`, their identity read
    /// through `id`, as `ForEach(_:id:)` does (the SwiftUI-collection tutorial's items are
    /// `Hashable`): `\.self` for elements that are their own identity.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - id: The key path to an element's identity.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: Makes the layout; the default is a plain list.
    ///   - cell: The view of an element.
    /// - Complexity: O(n) here to read the n identities; each update diffs the data.
    public init<Value, ID>(
      _ elements: [Value], id: KeyPath<Value, ID>, selection: Binding<Set<ID>>? = nil,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout() },
      @ViewBuilder cell: @escaping (Value) -> Cell
    ) where Element == KeyedElement<Value, ID> {
      self.init(
        elements.map { KeyedElement(value: $0, id: $0[keyPath: id]) }, selection: selection,
        layout: layout, cell: { cell($0.value) })
    }

    /// A flat collection of elements that are not `Identifiable`, with one selected element
    /// at most.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - id: The key path to an element's identity.
    ///   - selection: The selected element's identifier.
    ///   - layout: Makes the layout; the default is a plain list.
    ///   - cell: The view of an element.
    /// - Complexity: O(n) here to read the n identities; each update diffs the data.
    public init<Value, ID>(
      _ elements: [Value], id: KeyPath<Value, ID>, selection: Binding<ID?>,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout() },
      @ViewBuilder cell: @escaping (Value) -> Cell
    ) where Element == KeyedElement<Value, ID> {
      self.init(
        elements.map { KeyedElement(value: $0, id: $0[keyPath: id]) }, selection: selection,
        layout: layout, cell: { cell($0.value) })
    }
  }

  /// What the typed modifiers of a collection of `KeyedElement`s name: the element's value.
  protocol _KeyedValue {
    var _value: Any { get }
    static var _valueType: Any.Type { get }
  }

  extension KeyedElement: _KeyedValue {
    var _value: Any { value }
    static var _valueType: Any.Type { Value.self }
  }

  // MARK: Sections

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection {
    /// A collection of sections with headers, and a selection binding of a set of
    /// identifiers.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: Makes the layout; the default is a plain list with headers.
    ///   - cell: The view of an element.
    ///   - header: The view of a section's header.
    /// - Complexity: O(1) here; each update diffs the data.
    public init<Header: View>(
      sections: [CollectionSection<SectionID, Element>],
      selection: Binding<Set<Element.ID>>? = nil,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout(headers: true) },
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder header: @escaping (SectionID) -> Header
    ) {
      self.init(
        sections: sections, cell: cell, supplementary: [.header: _erased(header)],
        layout: layout, selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// A collection of sections with headers and one selected element at most.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected element's identifier.
    ///   - layout: Makes the layout; the default is a plain list with headers.
    ///   - cell: The view of an element.
    ///   - header: The view of a section's header.
    /// - Complexity: O(1) here; each update diffs the data.
    public init<Header: View>(
      sections: [CollectionSection<SectionID, Element>], selection: Binding<Element.ID?>,
      layout: @escaping () -> UICollectionViewLayout = { _defaultLayout(headers: true) },
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder header: @escaping (SectionID) -> Header
    ) {
      self.init(
        sections: sections, cell: cell, supplementary: [.header: _erased(header)],
        layout: layout, selection: .single(selection))
    }

    /// A collection of sections with headers and footers, and a selection binding of a set
    /// of identifiers.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - layout: Makes the layout; the default is a plain list with headers and footers.
    ///   - cell: The view of an element.
    ///   - header: The view of a section's header.
    ///   - footer: The view of a section's footer.
    /// - Complexity: O(1) here; each update diffs the data.
    public init<Header: View, Footer: View>(
      sections: [CollectionSection<SectionID, Element>],
      selection: Binding<Set<Element.ID>>? = nil,
      layout: @escaping () -> UICollectionViewLayout = {
        _defaultLayout(headers: true, footers: true)
      },
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder header: @escaping (SectionID) -> Header,
      @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
      self.init(
        sections: sections, cell: cell,
        supplementary: [.header: _erased(header), .footer: _erased(footer)], layout: layout,
        selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// A collection of sections with headers and footers and one selected element at most.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected element's identifier.
    ///   - layout: Makes the layout; the default is a plain list with headers and footers.
    ///   - cell: The view of an element.
    ///   - header: The view of a section's header.
    ///   - footer: The view of a section's footer.
    /// - Complexity: O(1) here; each update diffs the data.
    public init<Header: View, Footer: View>(
      sections: [CollectionSection<SectionID, Element>], selection: Binding<Element.ID?>,
      layout: @escaping () -> UICollectionViewLayout = {
        _defaultLayout(headers: true, footers: true)
      },
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder header: @escaping (SectionID) -> Header,
      @ViewBuilder footer: @escaping (SectionID) -> Footer
    ) {
      self.init(
        sections: sections, cell: cell,
        supplementary: [.header: _erased(header), .footer: _erased(footer)], layout: layout,
        selection: .single(selection))
    }

    /// A collection of sections whose layout names supplementary views of its own kinds (a
    /// compositional layout's boundary items, badges), as the SwiftUI-collection tutorial's
    /// `supplementaryKinds` and `supplementaryContent`. Headers and footers are kinds too:
    /// `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`.
    ///
    /// Every kind the layout asks for gets a view registered for that kind; a kind not in
    /// `supplementaryKinds` gets an empty one.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - supplementaryKinds: The kinds `supplementary` gives views for.
    ///   - layout: Makes the layout.
    ///   - cell: The view of an element.
    ///   - supplementary: The view of a kind, for a section.
    /// - Complexity: O(k) here for k kinds; each update diffs the data.
    public init<Supplementary: View>(
      sections: [CollectionSection<SectionID, Element>],
      selection: Binding<Set<Element.ID>>? = nil, supplementaryKinds: [String],
      layout: @escaping () -> UICollectionViewLayout,
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder supplementary: @escaping (_ kind: String, SectionID) -> Supplementary
    ) {
      self.init(
        sections: sections, cell: cell,
        supplementary: _erased(kinds: supplementaryKinds) { kind, section, _ in
          supplementary(kind, section)
        }, layout: layout, selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// A collection of sections whose layout names supplementary views of its own kinds, at
    /// the section or at each item (a badge on every item, as a compositional layout's
    /// supplementary items allow): the view gets its kind, its section's identity and its
    /// index path, which is the item's for an item-level kind.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected elements' identifiers, or nil for no binding.
    ///   - supplementaryKinds: The kinds `supplementary` gives views for.
    ///   - layout: Makes the layout.
    ///   - cell: The view of an element.
    ///   - supplementary: The view of a kind, for a section and an index path.
    /// - Complexity: O(k) here for k kinds; each update diffs the data.
    public init<Supplementary: View>(
      sections: [CollectionSection<SectionID, Element>],
      selection: Binding<Set<Element.ID>>? = nil, supplementaryKinds: [String],
      layout: @escaping () -> UICollectionViewLayout,
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder supplementary:
        @escaping (_ kind: String, SectionID, IndexPath) ->
        Supplementary
    ) {
      self.init(
        sections: sections, cell: cell,
        supplementary: _erased(kinds: supplementaryKinds, supplementary), layout: layout,
        selection: selection.map(_SelectionBinding.set) ?? .none)
    }

    /// A collection of sections with supplementary views of the layout's kinds and one
    /// selected element at most.
    ///
    /// - Parameters:
    ///   - sections: The sections and their elements.
    ///   - selection: The selected element's identifier.
    ///   - supplementaryKinds: The kinds `supplementary` gives views for.
    ///   - layout: Makes the layout.
    ///   - cell: The view of an element.
    ///   - supplementary: The view of a kind, for a section.
    /// - Complexity: O(k) here for k kinds; each update diffs the data.
    public init<Supplementary: View>(
      sections: [CollectionSection<SectionID, Element>], selection: Binding<Element.ID?>,
      supplementaryKinds: [String], layout: @escaping () -> UICollectionViewLayout,
      @ViewBuilder cell: @escaping (Element) -> Cell,
      @ViewBuilder supplementary: @escaping (_ kind: String, SectionID) -> Supplementary
    ) {
      self.init(
        sections: sections, cell: cell,
        supplementary: _erased(kinds: supplementaryKinds) { kind, section, _ in
          supplementary(kind, section)
        }, layout: layout, selection: .single(selection))
    }

    /// The layout of each section, by the section's identity rather than its index: a
    /// section keeps its layout when sections are inserted, deleted or moved around it
    /// (KarrotListKit's `withSectionLayout`). The collection's layout becomes a compositional
    /// layout whose section provider asks for the identity of the section at each index in
    /// the data the view shows (`CollectionCoordinator.sectionIdentifier(at:)`).
    ///
    /// - Parameter provider: The layout of a section; `nil` for an empty one.
    /// - Returns: The collection, laid out by section identity.
    /// - Complexity: O(1).
    public func sectionLayout(
      _ provider:
        @escaping (SectionID, any NSCollectionLayoutEnvironment) ->
        NSCollectionLayoutSection?
    ) -> StagedCollection {
      var copy = self
      copy.sectionLayout = provider
      return copy
    }
  }

  /// A kind of supplementary view a collection gives: the section header and footer (whose
  /// names are UIKit's, read on the main actor), or a kind the app names.
  enum _SupplementaryKind: Hashable {
    case header
    case footer
    case named(String)

    /// The element kind UIKit uses for it.
    @MainActor var elementKind: String {
      switch self {
      case .header: UICollectionView.elementKindSectionHeader
      case .footer: UICollectionView.elementKindSectionFooter
      case .named(let kind): kind
      }
    }
  }

  /// A supplementary view, erased: made from its kind, its section's identity and its index
  /// path (a header's is its section's; an item-level kind's, its item's).
  typealias _SupplementaryContent<SectionID> = (String, SectionID, IndexPath) -> AnyView

  /// A section's view, erased.
  func _erased<SectionID, Content: View>(_ content: @escaping (SectionID) -> Content)
    -> _SupplementaryContent<SectionID>
  {
    { _, section, _ in AnyView(content(section)) }
  }

  /// The views of the named kinds, erased.
  func _erased<SectionID, Content: View>(
    kinds: [String], _ content: @escaping (String, SectionID, IndexPath) -> Content
  ) -> [_SupplementaryKind: _SupplementaryContent<SectionID>] {
    var result: [_SupplementaryKind: _SupplementaryContent<SectionID>] = [:]
    for kind in kinds {
      result[.named(kind)] = { kind, section, path in AnyView(content(kind, section, path)) }
    }
    return result
  }

  /// The layout of a collection that names none: a plain list, with section headers and
  /// footers when the collection has them.
  ///
  /// - Parameters:
  ///   - headers: Whether sections have headers.
  ///   - footers: Whether sections have footers.
  /// - Returns: A compositional list layout.
  /// - Complexity: O(1).
  @MainActor @usableFromInline
  func _defaultLayout(headers: Bool = false, footers: Bool = false) -> UICollectionViewLayout {
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.headerMode = headers ? .supplementary : .none
    configuration.footerMode = footers ? .supplementary : .none
    return UICollectionViewCompositionalLayout.list(using: configuration)
  }

  /// The selection a collection binds: none, a set of identifiers, or one.
  enum _SelectionBinding<ID: Hashable> {
    case none
    case set(Binding<Set<ID>>)
    case single(Binding<ID?>)
  }
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection {
    /// A vertical list whose cells size themselves (their `UIHostingConfiguration` measures
    /// each one, through `preferredLayoutAttributesFitting(_:)`), with the heights kept by
    /// each element's identity, content and width and the scroll position held as they
    /// arrive: a `CollectionListLayout` that reads the data the collection shows. Pass it as
    /// the `layout:`. See the article Self-Sizing Without Jumps.
    ///
    /// - Parameters:
    ///   - estimatedItemHeight: The height of a cell not measured yet.
    ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
    ///   - anchoring: What a measured size keeps of the scroll position: `.stickToBottom`
    ///     for a chat; `.keepAnchor` by default.
    /// - Returns: What makes the layout.
    /// - Complexity: O(1); the layout lays out in O(n) per update and O(log n) per
    ///   measured cell.
    public static func selfSizingList(
      estimatedItemHeight: Double, sectionHeaderHeight: Double = 0,
      anchoring: ScrollAnchoring = .keepAnchor
    ) -> () -> UICollectionViewLayout {
      {
        CollectionListLayout<_StagedCollectionController<SectionID, Element, Cell>.Section>(
          state: ListLayoutState(
            sections: [], estimatedItemHeight: estimatedItemHeight,
            sectionHeaderHeight: sectionHeaderHeight, anchoring: anchoring))
      }
    }
  }
#endif
