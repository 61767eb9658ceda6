/// The prefetches a list has asked for and not yet used or cancelled, by identity: what
/// turns a view's index-path prefetching (`UICollectionViewDataSourcePrefetching`) into
/// requests an app can trust.
///
/// UIKit names items by index path, and does not say how it remaps the paths it asked for
/// across an update; a ledger keyed by index path (KarrotListKit's
/// `[IndexPath: [AnyCancellable]]`) ends up cancelling another item's work. A ledger keyed by
/// identity asks once per item, cancels only what it asked for, and cancels by itself the
/// items an update deleted, whose paths no longer exist.
///
/// ```swift
/// import Stagecraft
///
/// var ledger = PrefetchLedger<String>()
/// print(ledger.prefetch(["a", "b", "a"]))  // prints ["a", "b"]
/// print(ledger.prefetch(["b", "c"]))  // prints ["c"]
/// print(ledger.cancel(["c", "z"]))  // prints ["c"]
/// // "a" is shown: its cell uses what was prefetched.
/// ledger.use(["a"])
/// // An update deleted "b": its prefetch is cancelled.
/// print(ledger.retain { $0 != "b" })  // prints ["b"]
/// print(ledger.outstanding)  // prints []
/// // Scrolled away and back: "a", used, is asked for again.
/// print(ledger.prefetch(["a"]))  // prints ["a"]
/// ```
public struct PrefetchLedger<ItemIdentifier: Hashable> {
  /// The outstanding prefetches, in the order they were asked for.
  public private(set) var outstanding: [ItemIdentifier] = []
  var _index: [ItemIdentifier: Int] = [:]

  /// An empty ledger.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Records prefetches.
  ///
  /// - Parameter identifiers: The items to prefetch, nearest first.
  /// - Returns: Those not already outstanding, once each, in order: what to start.
  /// - Complexity: O(k) expected for k identifiers.
  public mutating func prefetch(_ identifiers: some Sequence<ItemIdentifier>) -> [ItemIdentifier] {
    var started: [ItemIdentifier] = []
    for identifier in identifiers where _index[identifier] == nil {
      _index[identifier] = outstanding.count
      outstanding.append(identifier)
      started.append(identifier)
    }
    return started
  }

  /// Records cancels.
  ///
  /// - Parameter identifiers: The items whose prefetch is no longer needed.
  /// - Returns: Those that were outstanding, once each, in order: what to cancel.
  /// - Complexity: O(k + p) expected for k identifiers and p outstanding prefetches.
  public mutating func cancel(_ identifiers: some Sequence<ItemIdentifier>) -> [ItemIdentifier] {
    var cancelled: [ItemIdentifier] = []
    var gone = Set<ItemIdentifier>()
    for identifier in identifiers where _index[identifier] != nil && !gone.contains(identifier) {
      gone.insert(identifier)
      cancelled.append(identifier)
    }
    _remove(gone)
    return cancelled
  }

  /// Items shown: their cells use what was prefetched, and nothing is cancelled.
  ///
  /// - Parameter identifiers: The items shown.
  /// - Complexity: O(k + p) expected for k identifiers and p outstanding prefetches.
  public mutating func use(_ identifiers: some Sequence<ItemIdentifier>) {
    let index = _index
    _remove(Set(identifiers.lazy.filter { index[$0] != nil }))
  }

  /// Keeps the outstanding prefetches of the items the data still holds: after an update.
  ///
  /// - Parameter holds: Whether the data holds an item.
  /// - Returns: The others, in the order they were asked for: what to cancel.
  /// - Complexity: O(p) calls of `holds` for p outstanding prefetches.
  public mutating func retain(where holds: (ItemIdentifier) -> Bool) -> [ItemIdentifier] {
    let gone = outstanding.filter { !holds($0) }
    _remove(Set(gone))
    return gone
  }

  private mutating func _remove(_ gone: Set<ItemIdentifier>) {
    guard !gone.isEmpty else { return }
    outstanding.removeAll { gone.contains($0) }
    _index = [:]
    for (position, identifier) in outstanding.enumerated() { _index[identifier] = position }
  }
}

extension PrefetchLedger: Equatable {}
extension PrefetchLedger: Sendable where ItemIdentifier: Sendable {}
