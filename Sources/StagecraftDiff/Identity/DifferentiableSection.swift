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
}
