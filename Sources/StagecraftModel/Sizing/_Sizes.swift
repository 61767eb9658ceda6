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
    @usableFromInline var element: Element
    /// The width it was measured at.
    @usableFromInline var width: Double
    /// The height it measured.
    @usableFromInline var height: Double
    /// The height the same key measured before `height`: measuring it again is an
    /// oscillation.
    @usableFromInline var previous: Double?
    /// An alternating size, held at `height`: measured again, it is not laid out again.
    @usableFromInline var frozen = false
    /// Reconfigured since it was measured: measured again when shown.
    @usableFromInline var stale = false

    @inlinable init(element: Element, width: Double, height: Double) {
      (self.element, self.width, self.height) = (element, width, height)
    }
  }

  /// The sizes, by the identity of their items: never more than the live items.
  @usableFromInline var entries: [Int: Entry] = [:]
  /// The stamp of each width items were measured at.
  @usableFromInline var widths: [Double: UInt32] = [:]
  /// The stamp of the geometry's width: an item stamped with it is measured. An unmeasured
  /// item's stamp is 0, which no width gets (`stamp(_:)` numbers them from 1), and before a
  /// width is set this is `unset`, which no item has: the two can never be taken for each
  /// other. The model sets it from the geometry whenever the geometry is set (`_relayout`,
  /// `_resized`), whichever order the app sets the width in.
  @usableFromInline var current: UInt32 = unset
  /// The stamp before any width is set: no item is stamped with it.
  @usableFromInline static var unset: UInt32 { .max }
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
  @usableFromInline var faults: _SizingFaults = []
  /// The width of `current`, so that the common case needs no lookup.
  @usableFromInline var currentWidth: Double?

  @usableFromInline init() {}

  /// The entry of the item with identity `id`, if it is that item's.
  ///
  /// - Complexity: O(1).
  @inlinable func entry(_ id: Element.DifferenceIdentifier, at flat: Int) -> Entry? {
    guard let entry = entries[key(id, at: flat)], owns(entry, id) else { return nil }
    return entry
  }

  /// Where the entry of the item with identity `id` at `flat` is kept: the identifier's
  /// hash (by position only as a planted mistake).
  @inlinable func key(_ id: Element.DifferenceIdentifier, at flat: Int) -> Int {
    faults.contains(.indexKeyedSizes) ? flat : id.hashValue
  }

  /// Whether `entry` is the size of the item with identity `id`.
  @inlinable func owns(_ entry: Entry, _ id: Element.DifferenceIdentifier) -> Bool {
    faults.contains(.indexKeyedSizes) || entry.element.differenceIdentifier == id
  }

  /// The stamp of `width` (one for every width as a planted mistake).
  ///
  /// - Complexity: O(1).
  @inlinable mutating func stamp(_ width: Double) -> UInt32 {
    if width == currentWidth { return current }
    if faults.contains(.widthOutOfKey) { return 1 }
    if let stamp = widths[width] { return stamp }
    let stamp = UInt32(truncatingIfNeeded: widths.count + 1)
    widths[width] = stamp
    return stamp
  }

  /// Makes `width` the geometry's: items stamped with its stamp count as measured.
  ///
  /// - Complexity: O(1).
  @inlinable mutating func setWidth(_ width: Double) {
    if width == currentWidth { return }
    currentWidth = nil
    current = stamp(width)
    currentWidth = width
  }

  /// Whether a size measured at `measured` holds at `width`.
  @inlinable func holds(_ measured: Double, at width: Double) -> Bool {
    measured == width || faults.contains(.widthOutOfKey)
  }

  /// Changes the entry of the item with identity `id`, if there is one.
  ///
  /// - Complexity: O(1).
  @inlinable mutating func update(
    _ id: Element.DifferenceIdentifier, at flat: Int, _ change: (inout Entry) -> Void
  ) {
    let key = key(id, at: flat)
    guard let entry = entries[key], owns(entry, id) else { return }
    change(&entries[key]!)
  }

  /// Whether the layout keeps sizes: the geometry measures, or sizes were recorded.
  @inlinable func isActive<Section>(_ geometry: CollectionModel<Section>.Geometry) -> Bool
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
@usableFromInline
struct _SizingFaults: OptionSet, Sendable {
  @usableFromInline let rawValue: Int
  @inlinable init(rawValue: Int) { self.rawValue = rawValue }
  @usableFromInline static let indexKeyedSizes = Self(rawValue: 1)
  @usableFromInline static let noEviction = Self(rawValue: 2)
  @usableFromInline static let widthOutOfKey = Self(rawValue: 4)
  @usableFromInline static let noAnchorCorrection = Self(rawValue: 8)
  @usableFromInline static let rebuildPerMeasurement = Self(rawValue: 16)
}
