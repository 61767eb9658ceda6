/// The elements of the sections that take part in element matching, laid flat: the
/// middles (between the common prefix and suffix kept in place) of the sections that are
/// matched with a section on the other side and do not keep their elements in place.
/// Elements of a deleted (or inserted) section take no part: they leave (or arrive) with
/// their section.
@usableFromInline
internal struct _SectionedElements<Element> {
  /// The participating elements, section after section.
  @usableFromInline internal var elements: ContiguousArray<Element>
  /// `start[s]..<start[s + 1]` are the flat positions of section `s`'s middle; empty for a
  /// section that takes no part.
  @usableFromInline internal var start: ContiguousArray<Int>

  @inlinable
  internal init<Sections: Collection>(
    _ sections: Sections, participating: ContiguousArray<Int>, ends: ContiguousArray<_SectionEnds>
  ) where Sections.Element: DifferentiableSection, Sections.Element.Collection.Element == Element {
    var count = 0
    for (index, (section, partner)) in zip(sections, participating).enumerated()
    where partner >= 0 {
      count += section.elements.count - ends[index].prefix - ends[index].suffix
    }
    elements = []
    elements.reserveCapacity(count)
    start = []
    start.reserveCapacity(participating.count + 1)
    start.append(0)
    for (index, (section, partner)) in zip(sections, participating).enumerated() {
      if partner >= 0 {
        elements.append(
          contentsOf: section.elements.dropFirst(ends[index].prefix).dropLast(ends[index].suffix))
      }
      start.append(elements.count)
    }
  }

  /// The flat positions of section `section`.
  @inlinable
  internal func range(_ section: Int) -> Range<Int> { start[section]..<start[section + 1] }
}
