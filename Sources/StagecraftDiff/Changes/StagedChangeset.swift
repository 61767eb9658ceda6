/// The difference between two collections as an ordered list of stages, each of which one
/// `performBatchUpdates` block can apply safely.
///
/// ```swift
/// import Stagecraft
///
/// let staged = StagedChangeset(source: ["a", "b", "c", "d"], target: ["b", "c", "d", "a"])
/// print(staged.count)  // prints 1
/// print(staged[0].elementMoved)  // prints [Move([0, 0] -> [0, 3])]
/// ```
///
/// Build one with `init(source:target:)` (flat or sectioned input), or from an array
/// literal of changesets.
public struct StagedChangeset<Collection: Swift.Collection> {
  @usableFromInline
  internal var _changesets: ContiguousArray<Changeset<Collection>>

  /// Creates a staged changeset from stages.
  ///
  /// - Parameter changesets: The stages, in the order they are applied.
  /// - Complexity: O(s), where s is the number of stages.
  @inlinable
  public init<C: Swift.Collection>(_ changesets: C) where C.Element == Changeset<Collection> {
    _changesets = ContiguousArray(changesets)
  }

  /// The total number of changes over all stages.
  ///
  /// - Complexity: O(s), where s is the number of stages.
  @inlinable
  public var changeCount: Int { _changesets.reduce(0) { $0 + $1.changeCount } }
}

extension StagedChangeset: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// Creates an empty staged changeset: nothing changed.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() { _changesets = [] }

  /// The index of the first stage.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { _changesets.startIndex }

  /// The index past the last stage.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _changesets.endIndex }

  /// The stage at `position`.
  ///
  /// - Parameter position: A valid index.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Changeset<Collection> {
    get { _changesets[position] }
    set { _changesets[position] = newValue }
  }

  /// Replaces a range of stages.
  ///
  /// - Parameters:
  ///   - subrange: The stages to replace.
  ///   - newElements: The new stages.
  /// - Complexity: O(s + k), where s is the number of stages and k of new ones.
  @inlinable
  public mutating func replaceSubrange<C: Swift.Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Changeset<Collection> {
    _changesets.replaceSubrange(subrange, with: newElements)
  }
}

extension StagedChangeset: ExpressibleByArrayLiteral {
  /// Creates a staged changeset from a literal list of stages.
  ///
  /// - Parameter elements: The stages.
  /// - Complexity: O(s), where s is the number of stages.
  @inlinable
  public init(arrayLiteral elements: Changeset<Collection>...) {
    _changesets = ContiguousArray(elements)
  }
}

extension StagedChangeset: Equatable where Collection: Equatable {}
extension StagedChangeset: Sendable where Collection: Sendable {}

extension StagedChangeset: CustomDebugStringConvertible {
  /// Every stage's `debugDescription`, in order.
  ///
  /// - Complexity: O(s · n), where s is the number of stages and n the data size.
  public var debugDescription: String {
    guard !_changesets.isEmpty else { return "StagedChangeset([])" }
    let stages = _changesets.map { $0.debugDescription }.joined(separator: ",\n")
    return "StagedChangeset([\n" + stages + "\n])"
  }
}

extension StagedChangeset {
  /// Builds now the data of every stage that the diff left to be built on first read, so
  /// that a caller that diffs off the main actor pays for it there, and the main actor's
  /// reads of it are O(1).
  ///
  /// - Complexity: O(s·n) for s stages whose data of size n is not built yet; O(s) after.
  @inlinable
  package func _buildData() {
    for stage in _changesets { _ = stage._deferred?.value }
  }
}

extension StagedChangeset {
  /// The elements the changes update and their paths, read from `final` (the data after
  /// them; by path, so that repeated identifiers are told apart), in order,
  /// when the changes only change content (no section or element is inserted, deleted,
  /// moved or updated as a section); `nil` otherwise. What a layout needs to lay out those
  /// items alone: a streamed token.
  ///
  /// - Parameter final: The data after the changes.
  /// - Returns: The updated elements, or `nil`.
  /// - Complexity: O(s + k) for the s stages and the k updated elements.
  package func _contentUpdates<S: DifferentiableSection>(in final: [S])
    -> [(path: ElementPath, element: S.Collection.Element)]?
  where Collection == [S] {
    _contentUpdatePaths().map { paths in
      paths.map { path in
        let elements = final[path.section].elements
        return (path, elements[elements.index(elements.startIndex, offsetBy: path.element)])
      }
    }
  }

  /// The paths of the elements the changes update, in the data after them, in order, when
  /// the changes only change content; `nil` otherwise (see `_contentUpdates(in:)`). Reads
  /// no data and copies no stage.
  ///
  /// - Complexity: O(s + k) for the s stages and the k updated elements.
  @inlinable
  package func _contentUpdatePaths() -> [ElementPath]? {
    // Every stage is looked at before any path is read: a stage that moves things would
    // put the paths of the stages before it out of the final data's range.
    for index in _changesets.indices {
      guard _changesets[index].sectionDeleted.isEmpty,
        _changesets[index].sectionInserted.isEmpty, _changesets[index].sectionMoved.isEmpty,
        _changesets[index].sectionUpdated.isEmpty, _changesets[index].elementDeleted.isEmpty,
        _changesets[index].elementInserted.isEmpty, _changesets[index].elementMoved.isEmpty
      else { return nil }
    }
    if _changesets.count == 1 { return _changesets[0].elementUpdated }
    return _changesets.indices.flatMap { _changesets[$0].elementUpdated }
  }
}
