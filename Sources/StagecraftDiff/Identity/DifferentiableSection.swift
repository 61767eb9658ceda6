/// A section of a sectioned list: itself `Differentiable` (by its model), and holding the
/// elements that are diffed inside it.
///
/// ```swift
/// import Stagecraft
///
/// let section = ArraySection(model: "Fruit", elements: ["apple", "pear"])
/// print(section.elements.count)  // prints 2
/// print(section.differenceIdentifier)  // prints Fruit
/// ```
public protocol DifferentiableSection: Differentiable {
  /// The collection that holds the section's elements.
  associatedtype Collection: Swift.Collection where Collection.Element: Differentiable

  /// The section's elements, in display order.
  ///
  /// - Complexity: O(1) expected; the diff reads it a few times per section.
  var elements: Collection { get }

  /// Creates a section with the identity and content of `source` and the given elements.
  ///
  /// The diff uses it to build each stage's intermediate data.
  ///
  /// - Parameters:
  ///   - source: The section whose model (identity and content) the new one keeps.
  ///   - elements: The elements of the new section.
  /// - Complexity: O(m), where m is the number of elements.
  init<C: Swift.Collection>(source: Self, elements: C) where C.Element == Collection.Element

  /// Replaces the element at `offset` (counted from the first element): what an update that
  /// changes one item's content in place (a streamed token) does to the data.
  ///
  /// The default makes the section again with `init(source:elements:)`; a section that
  /// holds its elements in an array (`ArraySection`) replaces the one element in place.
  ///
  /// - Parameters:
  ///   - offset: The element's position, from 0.
  ///   - element: Its replacement.
  /// - Complexity: O(m) by default, for the m elements; O(1) for `ArraySection` when its
  ///   storage is not shared.
  mutating func replaceElement(at offset: Int, with element: Collection.Element)
}

extension DifferentiableSection {
  /// Makes the section again with the element at `offset` replaced.
  ///
  /// - Parameters:
  ///   - offset: The element's position, from 0.
  ///   - element: Its replacement.
  /// - Complexity: O(m), for the m elements.
  public mutating func replaceElement(at offset: Int, with element: Collection.Element) {
    var replaced = Array(elements)
    replaced[offset] = element
    self = Self(source: self, elements: replaced)
  }
}
