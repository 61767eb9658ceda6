import StagecraftDiff
import StagecraftModel
import StagecraftPipeline

/// Where each item is, by identity: in the data the view shows (`path(of:in:version:)`), and
/// whether the newest data handed in holds it (`latestHolds`). Each index is built on
/// demand, once per version of its data, or taken from the update that built it beside its
/// diff (`_IndexHandoff`), off the main actor when the diff runs there.
@MainActor
@usableFromInline
package final class CoordinatorIndex<Section: DifferentiableSection & Sendable> {
  package typealias ID = Section.Collection.Element.DifferenceIdentifier

  /// Each identifier's path in the data the view shows, and that data's version.
  private var shown: [ID: ElementPath] = [:]
  private var shownVersion = -1
  /// The identifiers of the newest data, and its version.
  private var latest: Set<ID> = []
  private var latestVersion = -1
  /// The index of the newest update's data, built beside its diff.
  @usableFromInline var handoff: _IndexHandoff<Section>?
  /// How many times the data shown was indexed here, on the main actor.
  package private(set) var built = 0

  package init() {}

  /// The path of `identifier` in `data`, the data the view shows at `version`.
  ///
  /// - Complexity: O(1) expected; the first lookup of a version indexes it, O(n).
  package func path(of identifier: ID, in data: [Section], version: Int) -> ElementPath? {
    if shownVersion != version {
      built += 1
      shown = _IndexHandoff<Section>.index(of: data)
      shownVersion = version
    }
    return shown[identifier]
  }

  /// Whether `data`, the newest data handed in (at `version`), holds `identifier`.
  ///
  /// - Complexity: O(1) expected; the first question about a version indexes it, O(n).
  package func latestHolds(_ identifier: ID, in data: [Section], version: Int) -> Bool {
    if latestVersion != version {
      latest = []
      latest.reserveCapacity(_BlockCounts.elementCount(ofSections: data))
      for section in data {
        for item in section.elements { latest.insert(item.differenceIdentifier) }
      }
      latestVersion = version
    }
    return latest.contains(identifier)
  }

  /// The diff of an update whose data will be looked up after it: it also indexes the
  /// data, where it runs. `nil` when nothing will look (the handoff is dropped).
  ///
  /// - Complexity: O(1); the diff then costs O(n) more.
  @inlinable
  package func indexing(
    _ diff: @escaping @Sendable ([Section], [Section]) -> StagedChangeset<[Section]>,
    needed: Bool
  ) -> (@Sendable ([Section], [Section]) -> StagedChangeset<[Section]>)? {
    guard needed else {
      handoff = nil
      return nil
    }
    let handoff = _IndexHandoff<Section>()
    self.handoff = handoff
    return Self._diff(diff, indexingInto: handoff)
  }

  /// `diff`, which also builds `handoff`'s index: formed outside the main actor, as it runs
  /// on the diff's task.
  @inlinable
  nonisolated static func _diff(
    _ diff: @escaping @Sendable ([Section], [Section]) -> StagedChangeset<[Section]>,
    indexingInto handoff: _IndexHandoff<Section>
  ) -> @Sendable ([Section], [Section]) -> StagedChangeset<[Section]> {
    { source, target in
      let staged = diff(source, target)
      staged._buildData()
      handoff.build(staged)
      return staged
    }
  }

  /// New data reached the view (`data`, at `version`): the index its update built is
  /// adopted when it is of that very data. The index it replaces is freed off the main
  /// actor: freeing a large one costs time in proportion to it (a million items', about
  /// 5 ms).
  ///
  /// - Complexity: O(1).
  package func dataDidApply(_ data: [Section], version: Int) {
    guard let handoff, let index = handoff.index(for: data) else { return }
    let previous = shown
    (shown, shownVersion, self.handoff) = (index, version, nil)
    // Identifiers read from the elements of the pipeline's `Sendable` data, which it frees
    // off the main actor too: no value crosses that the data did not.
    _releaseUnchecked(previous, holding: previous.count, threshold: 4_096)
  }
}

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

extension CoordinatorIndex {
  /// Traps when an index disagrees with the data it says it indexes: the paths of `data`
  /// (the data shown, at `version`) and the identifiers of `latest` (at `latestVersion`),
  /// when those are the versions indexed. Compiled only with `STAGECRAFT_INTERNAL_CHECKS`.
  ///
  /// - Complexity: O(n) for the n items.
  package func _checkInvariants(
    shown data: [Section], version: Int, latest newest: [Section], latestVersion now: Int
  ) {
    #if STAGECRAFT_INTERNAL_CHECKS
      if shownVersion == version {
        precondition(
          shown == _IndexHandoff<Section>.index(of: data), "the index is not the data shown")
        for (identifier, path) in shown {
          precondition(data.indices.contains(path.section), "an indexed path outside the data")
          let elements = Array(data[path.section].elements)
          precondition(elements.indices.contains(path.element), "an indexed path outside it")
          precondition(
            elements[path.element].differenceIdentifier == identifier,
            "an indexed path shows another item")
        }
      }
      if latestVersion == now {
        precondition(
          latest == Set(newest.flatMap { $0.elements.map(\.differenceIdentifier) }),
          "the newest data's identifiers drifted")
      }
    #endif
  }
}
