import StagecraftDiff
import StagecraftReplay

/// The measured sizes of a model's items, by identity, and what the measuring needs.
///
/// Entries are found by the hash of the identifier and hold their element, whose identifier
/// is compared: colliding identifiers share a slot (the later measurement replaces the
/// earlier one) and are never confused. Holding elements, not identifiers, keeps the sizes
/// `Sendable` wherever the elements are.
///
/// An entry holds the element it was measured showing and the width it was measured at: the
/// size is reused only while the item's identity, content (`isContentEqual(to:)`) and the
/// width all match. The layout (`_Layout.stamps`) marks, by position, the items measured in
/// the current generation; a change of width starts a new one, in O(1).
@usableFromInline
struct _Sizes<Element: Differentiable> {
  /// One measured size.
  @usableFromInline
  struct Entry {
    /// What the cell showed when it was measured: its identity and content are the key.
    var element: Element
    /// The width it was measured at.
    var width: Double
    /// The height it measured.
    var height: Double
    /// How many times the same key measured another height (0 or 1: a second change
    /// freezes the entry).
    var changes: UInt8 = 0
    /// An alternating size, held at `height`: measured again, it is not laid out again.
    var frozen = false
    /// Reconfigured or reloaded since it was measured: measured again when shown.
    var stale = false
  }

  /// The sizes, by the identity of their items: never more than the live items.
  @usableFromInline var entries: [Int: Entry] = [:]
  /// The generation measured sizes must have been stamped in to count as measured: a
  /// change of width starts a new one.
  @usableFromInline var generation: UInt32 = 1
  /// How many sizes were measured (by `selfSizing`) or recorded.
  @usableFromInline var measurements = 0
  /// The alternating sizes found, each once.
  @usableFromInline var oscillations: [(Element, kept: Double, Double)] = []
  /// The item a streamed answer's growth keeps in place, and its position.
  @usableFromInline var pin: (element: Element, flat: Int)?
  /// The item a scroll to it keeps in place while what it brings on screen is measured.
  @usableFromInline var target: Int?
  /// Whether measuring is under way (a measurement's correction scrolls).
  @usableFromInline var settling = false

  @usableFromInline init() {}

  /// Whether the layout keeps sizes: the geometry measures, or sizes were recorded.
  /// The entry of the item with identity `id`, if it is that item's.
  ///
  /// - Complexity: O(1).
  func entry(_ id: Element.DifferenceIdentifier) -> Entry? {
    guard let entry = entries[id.hashValue], entry.element.differenceIdentifier == id else {
      return nil
    }
    return entry
  }

  /// Changes the entry of the item with identity `id`, if there is one.
  ///
  /// - Complexity: O(1).
  mutating func update(_ id: Element.DifferenceIdentifier, _ change: (inout Entry) -> Void) {
    let key = id.hashValue
    guard entries[key]?.element.differenceIdentifier == id else { return }
    change(&entries[key]!)
  }

  func isActive<Section>(_ geometry: CollectionModel<Section>.Geometry) -> Bool
  where Section.Collection.Element == Element {
    geometry._selfSizing != nil || !entries.isEmpty
  }
}

extension _Sizes.Entry: Equatable where Element: Equatable {}
extension _Sizes.Entry: Sendable where Element: Sendable {}
extension _Sizes: Sendable where Element: Sendable {}

extension _Sizes: Equatable where Element: Equatable {
  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries == rhs.entries && lhs.generation == rhs.generation
      && lhs.measurements == rhs.measurements
      && lhs.oscillations.map(\.0) == rhs.oscillations.map(\.0)
      && lhs.pin?.element == rhs.pin?.element
  }
}
