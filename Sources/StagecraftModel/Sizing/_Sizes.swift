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
/// width all match. The layout (`_Layout.stamps`) marks, by position, the width each item
/// was measured at (a small number per distinct width): a change of width is O(1), and a
/// width the list comes back to finds valid again the sizes measured at it.
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
  /// The stamp of each width items were measured at.
  @usableFromInline var widths: [Double: UInt32] = [:]
  /// The stamp of the geometry's width: an item stamped with it is measured.
  @usableFromInline var current: UInt32 = 0
  /// Cells a silent refresh made show content the data does not hold: their sizes are
  /// theirs, and go when they leave the screen.
  @usableFromInline var shownApart: [ElementPath] = []
  /// How many sizes were measured (by `selfSizing`) or recorded.
  @usableFromInline var measurements = 0
  /// The alternating sizes found, each once.
  @usableFromInline var oscillations: [(Element, kept: Double, Double)] = []
  /// The item a streamed answer's growth keeps in place, and its position.
  @usableFromInline var pin: (element: Element, flat: Int)?
  /// The item a scroll to it keeps in place while what it brings on screen is measured.
  @usableFromInline var target: Int?
  /// The first visible item when the measuring under way began: it stays where it is.
  @usableFromInline var anchor: Int?
  /// The first visible item when the update under way began.
  @usableFromInline var replayAnchor: (Element, distance: Double)?
  /// Whether measuring is under way (a measurement's correction scrolls).
  @usableFromInline var settling = false
  /// Mistakes planted by the tests, to show that they catch them; empty otherwise.
  var faults: _SizingFaults = []

  @usableFromInline init() {}

  /// The entry of the item with identity `id`, if it is that item's.
  ///
  /// - Complexity: O(1).
  func entry(_ id: Element.DifferenceIdentifier, at flat: Int) -> Entry? {
    guard let entry = entries[key(id, at: flat)], owns(entry, id) else { return nil }
    return entry
  }

  /// Where the entry of the item with identity `id` at `flat` is kept: the identifier's
  /// hash (by position only as a planted mistake).
  func key(_ id: Element.DifferenceIdentifier, at flat: Int) -> Int {
    faults.contains(.indexKeyedSizes) ? flat : id.hashValue
  }

  /// Whether `entry` is the size of the item with identity `id`.
  func owns(_ entry: Entry, _ id: Element.DifferenceIdentifier) -> Bool {
    faults.contains(.indexKeyedSizes) || entry.element.differenceIdentifier == id
  }

  /// The stamp of `width` (one for every width as a planted mistake).
  ///
  /// - Complexity: O(1).
  mutating func stamp(_ width: Double) -> UInt32 {
    if faults.contains(.widthOutOfKey) { return 1 }
    if let stamp = widths[width] { return stamp }
    let stamp = UInt32(truncatingIfNeeded: widths.count + 1)
    widths[width] = stamp
    return stamp
  }

  /// Whether a size measured at `measured` holds at `width`.
  func holds(_ measured: Double, at width: Double) -> Bool {
    measured == width || faults.contains(.widthOutOfKey)
  }

  /// Changes the entry of the item with identity `id`, if there is one.
  ///
  /// - Complexity: O(1).
  mutating func update(
    _ id: Element.DifferenceIdentifier, at flat: Int, _ change: (inout Entry) -> Void
  ) {
    let key = key(id, at: flat)
    guard let entry = entries[key], owns(entry, id) else { return }
    change(&entries[key]!)
  }

  /// Whether the layout keeps sizes: the geometry measures, or sizes were recorded.
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
    lhs.entries == rhs.entries && lhs.widths == rhs.widths && lhs.current == rhs.current
      && lhs.measurements == rhs.measurements
      && lhs.oscillations.map(\.0) == rhs.oscillations.map(\.0)
      && lhs.pin?.element == rhs.pin?.element
  }
}

/// The mistakes the tests plant in the sizes, each to show that a rule of theirs catches it:
/// sizes kept by position instead of identity, entries kept after their item is deleted, the
/// width left out of the key, no correction of the scroll position, and a rebuild of every
/// top per measurement.
struct _SizingFaults: OptionSet, Sendable {
  let rawValue: Int
  static let indexKeyedSizes = Self(rawValue: 1)
  static let noEviction = Self(rawValue: 2)
  static let widthOutOfKey = Self(rawValue: 4)
  static let noAnchorCorrection = Self(rawValue: 8)
  static let rebuildPerMeasurement = Self(rawValue: 16)
}
