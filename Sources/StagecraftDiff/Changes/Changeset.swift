/// One stage of a staged changeset: the changes that one `performBatchUpdates` block can
/// apply safely, and the data the collection holds after it.
///
/// The diffs list indexes ascending and moves by target (then source), and `init` puts
/// whatever it is given in that canonical order. The lists are plain arrays afterwards: an
/// element appended to one stays where it is put, so building a changeset change by change
/// costs amortized O(1) a change. `==` and the description compare and show every list in
/// canonical order, so the order a list was built in never makes two changesets differ.
///
/// ```swift
/// import Stagecraft
///
/// let staged = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a"])
/// print(staged[0].elementDeleted)  // prints [[0, 1]]
/// print(staged[1].elementMoved)  // prints [Move([0, 0] -> [0, 1])]
/// print(staged[1].data)  // prints ["c", "a"]
/// ```
public struct Changeset<Collection: Swift.Collection> {
  /// The data once built: always set, except for a stage whose data the diff left to be
  /// built on first read (`_deferred`).
  @usableFromInline
  internal var _built: Collection?

  /// How to build the data, for a stage the diff made without it; nil once built.
  @usableFromInline
  internal var _deferred: _DeferredData<Collection>?

  /// The collection as it stands after this stage is applied.
  ///
  /// The last stage's data is the target collection itself. A flat diff of plain values
  /// (no references inside) copies the earlier stages' data while diffing; otherwise (an
  /// element that is a reference or holds one, such as `AnyDifferentiable` or `String`, or
  /// a sectioned diff) it builds that data when it is first read, and keeps it: copying
  /// such elements would retain each one once per stage, whether anyone reads that
  /// stage's data or not.
  ///
  /// - Complexity: O(1), except the first read of a stage the diff made, which builds it:
  ///   O(n) for data of size n. Reads from several threads at once build it once.
  @inlinable
  public var data: Collection {
    get {
      if let built = _built { return built }
      return _deferred.unsafelyUnwrapped.value
    }
    set {
      _built = newValue
      _deferred = nil
    }
    _modify {
      if _built == nil {
        _built = _deferred.unsafelyUnwrapped.value
        _deferred = nil
      }
      yield &_built!
    }
  }

  /// Deleted sections, as indexes before the stage; ascending from the diff.
  public var sectionDeleted: [Int]

  /// Inserted sections, as indexes after the stage; ascending from the diff.
  public var sectionInserted: [Int]

  /// Sections whose model content changed (`reloadSections`), as indexes after the stage;
  /// ascending from the diff.
  public var sectionUpdated: [Int]

  /// Moved sections, from the index before the stage to the index after it; by target from
  /// the diff.
  public var sectionMoved: [Move<Int>]

  /// Deleted elements, as paths before the stage; ascending from the diff.
  public var elementDeleted: [ElementPath]

  /// Inserted elements, as paths after the stage; ascending from the diff.
  public var elementInserted: [ElementPath]

  /// Elements whose content changed, as paths before the stage; ascending from the diff.
  public var elementUpdated: [ElementPath]

  /// Moved elements, from the path before the stage to the path after it; by target from
  /// the diff.
  public var elementMoved: [Move<ElementPath>]

  /// Creates a changeset; the lists are put in canonical order.
  ///
  /// - Parameters:
  ///   - data: The collection after the stage.
  ///   - sectionDeleted: Deleted section indexes (before).
  ///   - sectionInserted: Inserted section indexes (after).
  ///   - sectionUpdated: Updated section indexes (after).
  ///   - sectionMoved: Section moves.
  ///   - elementDeleted: Deleted element paths (before).
  ///   - elementInserted: Inserted element paths (after).
  ///   - elementUpdated: Updated element paths (before).
  ///   - elementMoved: Element moves.
  /// - Complexity: O(c log c), where c is the number of changes; O(c) when the lists are
  ///   already in canonical order.
  @inlinable
  public init(
    data: Collection,
    sectionDeleted: [Int] = [],
    sectionInserted: [Int] = [],
    sectionUpdated: [Int] = [],
    sectionMoved: [Move<Int>] = [],
    elementDeleted: [ElementPath] = [],
    elementInserted: [ElementPath] = [],
    elementUpdated: [ElementPath] = [],
    elementMoved: [Move<ElementPath>] = []
  ) {
    self.init(
      _canonical: data, sectionDeleted: sectionDeleted, sectionInserted: sectionInserted,
      sectionUpdated: sectionUpdated, sectionMoved: sectionMoved, elementDeleted: elementDeleted,
      elementInserted: elementInserted, elementUpdated: elementUpdated, elementMoved: elementMoved
    )
    _canonicalize(&self.sectionDeleted)
    _canonicalize(&self.sectionInserted)
    _canonicalize(&self.sectionUpdated)
    _canonicalize(&self.sectionMoved)
    _canonicalize(&self.elementDeleted)
    _canonicalize(&self.elementInserted)
    _canonicalize(&self.elementUpdated)
    _canonicalize(&self.elementMoved)
  }

  /// Creates a changeset from lists already in canonical order: the diffs' own output,
  /// which is not checked again (internal checks verify it in debug builds).
  ///
  /// - Complexity: O(1).
  @inlinable
  internal init(
    _canonical data: Collection,
    sectionDeleted: [Int] = [],
    sectionInserted: [Int] = [],
    sectionUpdated: [Int] = [],
    sectionMoved: [Move<Int>] = [],
    elementDeleted: [ElementPath] = [],
    elementInserted: [ElementPath] = [],
    elementUpdated: [ElementPath] = [],
    elementMoved: [Move<ElementPath>] = []
  ) {
    self._built = data
    self._deferred = nil
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.elementDeleted = elementDeleted
    self.elementInserted = elementInserted
    self.elementUpdated = elementUpdated
    self.elementMoved = elementMoved
  }

  /// Makes this stage's data the result of `build`, run when the data is first read, and
  /// then kept.
  ///
  /// - Complexity: O(1).
  @inlinable
  internal mutating func _deferData(_ build: @escaping () -> Collection) {
    _built = nil
    _deferred = _DeferredData(build)
  }

  /// The number of section changes.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var sectionChangeCount: Int {
    sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
  }

  /// The number of element changes.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var elementChangeCount: Int {
    elementDeleted.count + elementInserted.count + elementUpdated.count + elementMoved.count
  }

  /// The number of changes of every kind in this stage.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print(StagedChangeset(source: [1, 2], target: [2, 3])[0].changeCount)  // prints 1
  /// ```
  ///
  /// The first stage deletes 1; the second inserts 3.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var changeCount: Int { sectionChangeCount + elementChangeCount }

  /// Whether the stage changes any section.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var hasSectionChanges: Bool { sectionChangeCount > 0 }

  /// Whether the stage changes any element.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var hasElementChanges: Bool { elementChangeCount > 0 }

  /// Whether the stage changes anything.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var hasChanges: Bool { changeCount > 0 }
}

extension Changeset: Equatable where Collection: Equatable {
  /// Whether the data are equal and every list holds the same changes, compared in
  /// canonical order whatever order each was built in.
  ///
  /// - Parameters:
  ///   - lhs: A changeset.
  ///   - rhs: Another changeset.
  /// - Returns: Whether they are the same stage.
  /// - Complexity: O(n + c), for data of size n and c changes, when the lists are in
  ///   canonical order (as the diffs make them); O(n + c log c) otherwise.
  @inlinable
  public static func == (lhs: Changeset, rhs: Changeset) -> Bool {
    lhs.data == rhs.data
      && _haveSameChanges(lhs.sectionDeleted, rhs.sectionDeleted)
      && _haveSameChanges(lhs.sectionInserted, rhs.sectionInserted)
      && _haveSameChanges(lhs.sectionUpdated, rhs.sectionUpdated)
      && _haveSameChanges(lhs.sectionMoved, rhs.sectionMoved)
      && _haveSameChanges(lhs.elementDeleted, rhs.elementDeleted)
      && _haveSameChanges(lhs.elementInserted, rhs.elementInserted)
      && _haveSameChanges(lhs.elementUpdated, rhs.elementUpdated)
      && _haveSameChanges(lhs.elementMoved, rhs.elementMoved)
  }
}

/// Whether two lists hold the same entries, compared in canonical order.
@inlinable
internal func _haveSameChanges<T: Comparable>(_ lhs: [T], _ rhs: [T]) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return lhs == rhs || _canonical(lhs) == _canonical(rhs)
}

/// Whether two move lists hold the same moves, compared in canonical order.
@inlinable
internal func _haveSameChanges<P: Comparable>(_ lhs: [Move<P>], _ rhs: [Move<P>]) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return lhs == rhs || _canonical(lhs) == _canonical(rhs)
}

/// `list` in canonical order: itself when it already is.
@inlinable
internal func _canonical<T: Comparable>(_ list: [T]) -> [T] {
  var list = list
  _canonicalize(&list)
  return list
}

/// `moves` in canonical order: itself when they already are.
@inlinable
internal func _canonical<P: Comparable>(_ moves: [Move<P>]) -> [Move<P>] {
  var moves = moves
  _canonicalize(&moves)
  return moves
}
extension Changeset: Sendable where Collection: Sendable {}

/// Sorts `list` ascending unless it already is.
@inlinable
internal func _canonicalize<T: Comparable>(_ list: inout [T]) {
  if !_isCanonical(list, by: <) { list.sort() }
}

/// Sorts `moves` by target, then source, unless they already are.
@inlinable
internal func _canonicalize<P: Comparable>(_ moves: inout [Move<P>]) {
  if !_isCanonical(moves, by: { Move.canonicallyPrecedes($0, $1) }) {
    moves.sort { Move.canonicallyPrecedes($0, $1) }
  }
}

@inlinable
internal func _isCanonical<T>(_ list: [T], by precedes: (T, T) -> Bool) -> Bool {
  var index = 1
  while index < list.count {
    if precedes(list[index], list[index - 1]) { return false }
    index += 1
  }
  return true
}
