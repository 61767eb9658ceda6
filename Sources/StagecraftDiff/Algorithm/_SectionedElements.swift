/// The elements of the sections that take part in element matching, laid out flat: the
/// sections that are matched with a section on the other side. Elements of a deleted (or
/// inserted) section take no part: they leave (or arrive) with their section.
@usableFromInline
internal struct _SectionedElements<Element> {
  /// The participating elements, section after section.
  @usableFromInline internal var elements: ContiguousArray<Element>
  /// `start[s]..<start[s + 1]` are the flat positions of section `s`; empty for a
  /// section that takes no part.
  @usableFromInline internal var start: ContiguousArray<Int>
  /// The section of each flat position.
  @usableFromInline internal var sectionOf: ContiguousArray<Int>

  @inlinable
  internal init<Sections: Collection>(
    _ sections: Sections, participating: ContiguousArray<Int>
  ) where Sections.Element: DifferentiableSection, Sections.Element.Collection.Element == Element {
    elements = []
    sectionOf = []
    start = []
    start.reserveCapacity(participating.count + 1)
    start.append(0)
    for (section, partner) in zip(sections, participating) {
      if partner >= 0 {
        let before = elements.count
        elements.append(contentsOf: section.elements)
        sectionOf.append(
          contentsOf: repeatElement(start.count - 1, count: elements.count - before))
      }
      start.append(elements.count)
    }
  }

  /// The flat positions of section `section`.
  @inlinable
  internal func range(_ section: Int) -> Range<Int> { start[section]..<start[section + 1] }
}
