extension CollectionModel: BatchUpdateTarget {
  /// Whether the model plays a view in a window: `configuration.isOnScreen`.
  ///
  /// - Complexity: O(1).
  public var isOnScreen: Bool { configuration.isOnScreen }

  /// Calls `setData`, then makes `newData` the data source and reloads.
  ///
  /// - Parameters:
  ///   - newData: The new data: a collection of `Section`s, or of `Element`s for section 0.
  ///   - setData: The app's side of the switch.
  /// - Throws: `BatchUpdateError` when `newData` holds neither sections nor elements.
  /// - Complexity: O(n), where n is the number of items.
  @inlinable
  public mutating func reloadData<Data: Collection>(newData: Data, setData: () -> Void) throws {
    let newSections = try _sections(from: newData)
    setData()
    _reloadData(newSections: newSections)
  }

  /// Calls `setData`, then validates and applies `batch` with `newData` as the data source
  /// after it, refreshing the listed realized cells in place; then calls `completion`.
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - newData: The data after the block: sections, or elements for section 0.
  ///   - animated: Recorded in `events`.
  ///   - setData: The app's side of the switch; called first, as inside a real block.
  ///   - refreshing: Silent refreshes, from a cell's path before to its element's path after.
  ///   - completion: Called with `true` once the batch is applied; not called when refused.
  /// - Throws: `BatchUpdateError` when UIKit would raise; the model is then unchanged.
  /// - Complexity: O(n + m + c log c), where n and m are the numbers of items before and
  ///   after, and c is the number of calls.
  @inlinable
  public mutating func performBatchUpdates<Data: Collection>(
    _ batch: BatchUpdate, newData: Data, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], completion: ((Bool) -> Void)?
  ) throws {
    let newSections = try _sections(from: newData)
    setData()
    try _performBatchUpdates(
      batch, newSections: newSections, animated: animated, refreshing: refreshing)
    completion?(true)
  }

  /// Reads replayed data as sections: a collection of `Section`s as it is, a collection of
  /// `Element`s as the new items of section 0.
  @inlinable
  internal func _sections<Data: Collection>(from data: Data) throws -> [Section] {
    // Decide by the static element type: an empty array casts to an array of any type.
    if Data.Element.self == Section.self {
      return data as? [Section] ?? data.compactMap { $0 as? Section }
    }
    if Data.Element.self == Element.self {
      return try _sections(
        replacingItemsWith: data as? [Element] ?? data.compactMap { $0 as? Element })
    }
    throw BatchUpdateError(
      .dataTypeMismatch(data: "\(Data.Element.self)", expected: "\(Section.self)"),
      wording: configuration.wording)
  }
}
