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
    /// The heights the same key measured before `height`, the latest last, at most
    /// `Entry.remembered` of them: measuring one again is a cycle.
    @usableFromInline var earlier: [Double] = []
    /// Whether the last change grew the size (`1`), shrank it (`-1`), or neither yet (`0`).
    @usableFromInline var direction: Int8 = 0
    /// How many times the changes turned from growing to shrinking or back: a cycle longer
    /// than `earlier` remembers turns twice per round.
    @usableFromInline var turns: UInt8 = 0
    /// An alternating size, held at `height`: measured again, it is not laid out again.
    @usableFromInline var frozen = false
    /// Reconfigured since it was measured: measured again when shown.
    @usableFromInline var stale = false

    @inlinable init(element: Element, width: Double, height: Double) {
      (self.element, self.width, self.height) = (element, width, height)
    }

    /// How many earlier heights an entry remembers.
    @inlinable static var remembered: Int { 8 }
    /// How many turns between growing and shrinking make a cycle.
    @inlinable static var turnsToCycle: UInt8 { 4 }

    /// Whether measuring `height` next closes a cycle: a height the key had before, or a
    /// turn too many. A size that only grows never turns and never repeats, so it is never
    /// one. With `any` false (a planted mistake), only a return to the height before the
    /// last counts.
    @inlinable func isCycle(to height: Double, any: Bool) -> Bool {
      guard any else { return earlier.last == height }
      if earlier.contains(height) { return true }
      let next: Int8 = height > self.height ? 1 : -1
      return direction != 0 && next != direction && turns + 1 >= Self.turnsToCycle
    }

    /// Takes `height` as the key's size, remembering the one it replaces.
    @inlinable mutating func take(_ height: Double) {
      let next: Int8 = height > self.height ? 1 : -1
      if direction != 0, next != direction { turns &+= 1 }
      direction = next
      if earlier.count == Self.remembered { earlier.removeFirst() }
      earlier.append(self.height)
      self.height = height
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
  /// Where `replayAnchor`'s item is: followed through each block of the update; `nil` once
  /// a reload loses it (it is then found by identity).
  @usableFromInline var replayAnchorFlat: Int?
  /// Whether `replayAnchor` is the pinned item, which the update keeps in place.
  @usableFromInline var replayPinned = false
  /// Whether measuring is under way (a measurement's correction scrolls).
  @usableFromInline var settling = false
  /// Whether the offset being set is a scroll's aim, which goes on (any other scroll ends
  /// it).
  @usableFromInline var aiming = false
  /// Mistakes planted by the tests, to show that they catch them; empty otherwise. Heeded
  /// only in a build with the internal checks (`has(_:)`): any other build, an app's among
  /// them, checks none.
  @usableFromInline var faults: _SizingFaults = []
  /// Where each identifier's item is, by the identifier's hash: built at the first lookup
  /// by identifier after the data changed, and dropped at every relayout.
  @usableFromInline var identifierIndex: [Int: Int]?
  /// The width of `current`, so that the common case needs no lookup.
  @usableFromInline var currentWidth: Double?

  @usableFromInline init() {}

  /// Whether the tests planted `fault`; always `false` without the internal checks.
  @inlinable @inline(__always) func has(_ fault: _SizingFaults) -> Bool {
    #if STAGECRAFT_INTERNAL_CHECKS
      faults.contains(fault)
    #else
      false
    #endif
  }

  /// The number of sizes kept: one per live item measured (or recorded).
  @inlinable var count: Int { entries.count }

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
    has(.indexKeyedSizes) ? flat : id.hashValue
  }

  /// Whether `entry` is the size of the item with identity `id`.
  @inlinable func owns(_ entry: Entry, _ id: Element.DifferenceIdentifier) -> Bool {
    has(.indexKeyedSizes) || entry.element.differenceIdentifier == id
  }

  /// The stamp of `width` (one for every width as a planted mistake).
  ///
  /// - Complexity: O(1).
  @inlinable mutating func stamp(_ width: Double) -> UInt32 {
    if width == currentWidth { return current }
    if has(.widthOutOfKey) { return 1 }
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
    measured == width || has(.widthOutOfKey)
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
/// width left out of the key, no correction of the scroll position, a rebuild of every top
/// per measurement, the estimate taken after a content change, only two-height cycles
/// found, a scroll to an item that stops aligning after one pass, a pin that updates
/// ignore, the anchor decided anew by each size of a pass, an update laid out whole, and a
/// large update's merge by index.
@usableFromInline
struct _SizingFaults: OptionSet, Sendable {
  @usableFromInline let rawValue: Int
  @inlinable init(rawValue: Int) { self.rawValue = rawValue }
  @usableFromInline static let indexKeyedSizes = Self(rawValue: 1)
  @usableFromInline static let noEviction = Self(rawValue: 2)
  @usableFromInline static let widthOutOfKey = Self(rawValue: 4)
  @usableFromInline static let noAnchorCorrection = Self(rawValue: 8)
  @usableFromInline static let rebuildPerMeasurement = Self(rawValue: 16)
  @usableFromInline static let estimateAfterContentChange = Self(rawValue: 32)
  @usableFromInline static let onlyTwoCycles = Self(rawValue: 64)
  @usableFromInline static let scrollInOnePass = Self(rawValue: 128)
  @usableFromInline static let pinIgnoredByUpdates = Self(rawValue: 256)
  /// Each size of a layout pass decides for itself whether it is above what the user sees,
  /// by where the item is when it arrives, instead of by the pass's anchor.
  @usableFromInline static let anchorPerMeasurement = Self(rawValue: 512)
  /// Every update laid out again whole, as before the tree.
  @usableFromInline static let relayoutPerUpdate = Self(rawValue: 1024)
  /// A large update's one merge gives each survivor the height of the position it had
  /// (by index, not by item).
  @usableFromInline static let mergeByIndex = Self(rawValue: 2048)
  /// Focus kept by index path, as UIKit keeps it, instead of by identity.
  @usableFromInline static let focusByIndexPath = Self(rawValue: 4096)
}
