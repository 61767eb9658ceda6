import StagecraftDiff
import StagecraftModel
import StagecraftPipeline

/// The identifiers of an update's new data, each at its path, built beside the diff (off
/// the main actor, when the diff runs there) and handed to the coordinator, so that the
/// selection and the prefetch relay look items up after the update without indexing the
/// data on the main actor.
///
/// `@unchecked Sendable`: the diff's task writes `index` and `finalData` once, before it
/// returns; the main actor reads them only after it awaited that task (or, for a diff made
/// inline, on the main actor itself), so the accesses never overlap.
@usableFromInline
final class _IndexHandoff<Section: DifferentiableSection>: @unchecked Sendable {
  @usableFromInline typealias ID = Section.Collection.Element.DifferenceIdentifier

  /// The index, and the data it indexes (the diff's last stage), once built.
  @usableFromInline var index: [ID: ElementPath]?
  @usableFromInline var finalData: [Section]?

  @usableFromInline init() {}

  /// Builds the index of `staged`'s last stage: what the view shows once it is replayed.
  ///
  /// - Complexity: O(n) for the n items of that data.
  @inlinable
  func build(_ staged: StagedChangeset<[Section]>) {
    guard let last = staged.last else { return }
    (index, finalData) = (Self.index(of: last.data), last.data)
  }

  /// Each identifier's path in `data`, its first occurrence's where it repeats.
  ///
  /// - Complexity: O(n) for the n items of `data`.
  @inlinable
  static func index(of data: [Section]) -> [ID: ElementPath] {
    var index: [ID: ElementPath] = [:]
    index.reserveCapacity(_BlockCounts.elementCount(ofSections: data))
    // Counted by hand: `enumerated()` over a section's collection, unspecialized where the
    // coordinator calls this, looks up the metadata of its (offset, element) tuple at every
    // element.
    for section in data.indices {
      var element = 0
      for item in data[section].elements {
        let identifier = item.differenceIdentifier
        if index[identifier] == nil {
          index[identifier] = ElementPath(element: element, section: section)
        }
        element += 1
      }
    }
    return index
  }

  /// The index, when `data` is the very data it was built from (the same storage: the
  /// replay's last stage, not a reload of other data).
  func index(for data: [Section]) -> [ID: ElementPath]? {
    guard let index, let finalData, finalData.count == data.count else { return nil }
    let same = finalData.withUnsafeBufferPointer { built in
      data.withUnsafeBufferPointer { shown in built.baseAddress == shown.baseAddress }
    }
    return same ? index : nil
  }
}
