import StagecraftDiff
import StagecraftReplay

/// The item counts of one block's data, as the guard reads them without touching elements.
@usableFromInline
package enum _BlockCounts {
  /// A flat list: the item count of the one section the block's calls name.
  case items(Int)
  /// Sections: the item count of each.
  case sections([Int])

  /// The item count of each section of `data`, counted with a plain loop: a key path such
  /// as `\.elements.count` is resolved anew on every call in generic code, which cost a
  /// replay more than its own work.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  @inlinable
  package static func sections<C: Collection>(of data: C) -> _BlockCounts
  where C.Element: DifferentiableSection {
    var counts: [Int] = []
    counts.reserveCapacity(data.count)
    for section in data { counts.append(section.elements.count) }
    return .sections(counts)
  }

  /// The counts of `data`: each section's when its elements are sections
  /// (`DifferentiableSection`), the flat list's otherwise. One replay entry serves both
  /// shapes: the element type is checked once per call, and sections are then read as the
  /// type they are, without a cast per element.
  ///
  /// - Complexity: O(S) for S sections, O(1) for a flat list.
  @inlinable
  package static func of<C: Collection>(_ data: C) -> _BlockCounts {
    if let section = C.Element.self as? any DifferentiableSection.Type {
      return _sectionCounts(data, as: section)
    }
    return .items(data.count)
  }

  /// The number of elements of `data`, a list of sections: their items, summed with a plain
  /// loop.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  @inlinable
  package static func elementCount<C: Collection>(ofSections data: C) -> Int
  where C.Element: DifferentiableSection {
    var total = 0
    for section in data { total += section.elements.count }
    return total
  }

  /// The number of elements: the items, summed over sections.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  @inlinable
  package var elementCount: Int {
    switch self {
    case .items(let count): count
    case .sections(let counts): counts.reduce(0, +)
    }
  }

  /// The counts after the block when the view reports none: each section's, or the flat
  /// list's as one section.
  @usableFromInline
  package var counts: [Int] {
    switch self {
    case .sections(let counts): counts
    case .items(let count): [count]
    }
  }

  /// The counts after the block, given the counts the view shows before it: for a flat
  /// list, the shown counts with the named section's count replaced.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  @usableFromInline
  package func after(shown: [Int], batch: BatchUpdate) -> [Int] {
    switch self {
    case .sections(let counts): return counts
    case .items(let count):
      let section =
        batch.deleteItems.first?.section ?? batch.insertItems.first?.section
        ?? batch.reloadItems.first?.section ?? batch.moveItems.first?.source.section
        ?? batch.reconfigureItems.first?.section ?? 0
      var counts = shown
      if counts.indices.contains(section) { counts[section] = count }
      return counts
    }
  }
}

/// The counts of `data`, whose elements are of the section type `S`.
///
/// - Complexity: O(S), where S is the number of sections.
@inlinable
package func _sectionCounts<C: Collection, S: DifferentiableSection>(
  _ data: C, as _: S.Type
) -> _BlockCounts {
  // `C.Element` is `S`: the caller found it so, by its metatype; checked once per call, so
  // that the bit cast below is only ever the identity.
  precondition(C.Element.self == S.self, "section counts read as another type")
  return .sections(of: data.lazy.map { unsafeBitCast($0, to: S.self) })
}

/// The number of elements of a changeset's final data: items, summed over sections when its
/// elements are sections.
///
/// - Complexity: O(S), where S is the number of sections; O(1) for a flat list.
@inlinable
package func _finalElementCount<C: Collection>(_ staged: StagedChangeset<C>) -> Int {
  staged.last.map { _BlockCounts.of($0.data).elementCount } ?? 0
}
