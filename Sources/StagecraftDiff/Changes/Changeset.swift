/// One stage of a staged changeset: the changes that one `performBatchUpdates` block can
/// apply safely, and the data the collection holds after it.
///
/// Index lists are kept ascending and moves ordered by target (then source), whatever
/// order they were given in, so `==` is plain, order-exact equality.
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
  /// The collection as it stands after this stage is applied.
  public var data: Collection

  /// Deleted sections, as indexes before the stage; ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var sectionDeleted: [Int] { didSet { _canonicalize(&sectionDeleted) } }

  /// Inserted sections, as indexes after the stage; ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var sectionInserted: [Int] { didSet { _canonicalize(&sectionInserted) } }

  /// Sections whose model content changed (`reloadSections`), as indexes after the stage;
  /// ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var sectionUpdated: [Int] { didSet { _canonicalize(&sectionUpdated) } }

  /// Moved sections, from the index before the stage to the index after it; by target.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var sectionMoved: [Move<Int>] { didSet { _canonicalize(&sectionMoved) } }

  /// Deleted elements, as paths before the stage; ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var elementDeleted: [ElementPath] { didSet { _canonicalize(&elementDeleted) } }

  /// Inserted elements, as paths after the stage; ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var elementInserted: [ElementPath] { didSet { _canonicalize(&elementInserted) } }

  /// Elements whose content changed, as paths before the stage; ascending.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var elementUpdated: [ElementPath] { didSet { _canonicalize(&elementUpdated) } }

  /// Moved elements, from the path before the stage to the path after it; by target.
  ///
  /// - Complexity: Reading is O(1); setting sorts the list, O(c log c) for c entries
  ///   (O(c) when it is already in canonical order).
  public var elementMoved: [Move<ElementPath>] { didSet { _canonicalize(&elementMoved) } }

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
    self.data = data
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.elementDeleted = elementDeleted
    self.elementInserted = elementInserted
    self.elementUpdated = elementUpdated
    self.elementMoved = elementMoved
    _canonicalize(&self.sectionDeleted)
    _canonicalize(&self.sectionInserted)
    _canonicalize(&self.sectionUpdated)
    _canonicalize(&self.sectionMoved)
    _canonicalize(&self.elementDeleted)
    _canonicalize(&self.elementInserted)
    _canonicalize(&self.elementUpdated)
    _canonicalize(&self.elementMoved)
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

extension Changeset: Equatable where Collection: Equatable {}
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
