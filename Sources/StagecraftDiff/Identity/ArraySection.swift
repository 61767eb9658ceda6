/// A ready-made section: a `Differentiable` model and an array of elements.
///
/// Its identity and content are those of the model; the elements are diffed separately.
///
/// ```swift
/// import Stagecraft
///
/// let old = [ArraySection(model: "A", elements: [1, 2])]
/// let new = [ArraySection(model: "A", elements: [2, 1])]
/// print(StagedChangeset(source: old, target: new)[0].elementMoved)
/// // prints [Move([0, 0] -> [0, 1])]
/// ```
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DifferentiableSection {
  /// The section's model: its identity and content.
  public var model: Model

  /// The section's elements.
  public var elements: [Element]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - model: The model that identifies the section.
  ///   - elements: The section's elements, in order.
  /// - Complexity: O(m), where m is the number of elements.
  @inlinable
  public init<C: Swift.Collection>(model: Model, elements: C) where C.Element == Element {
    self.model = model
    self.elements = Array(elements)
  }

  /// Creates a section with the model of `source` and the given elements.
  ///
  /// - Parameters:
  ///   - source: The section whose model is kept.
  ///   - elements: The new elements.
  /// - Complexity: O(m), where m is the number of elements.
  @inlinable
  public init<C: Swift.Collection>(source: ArraySection, elements: C) where C.Element == Element {
    self.init(model: source.model, elements: elements)
  }

  /// Replaces the element at `offset` in place.
  ///
  /// - Parameters:
  ///   - offset: The element's position, from 0.
  ///   - element: Its replacement.
  /// - Complexity: O(1) when the elements' storage is not shared; O(m) to copy it once
  ///   when it is.
  @inlinable
  public mutating func replaceElement(at offset: Int, with element: Element) {
    elements[offset] = element
  }

  /// The model's identifier.
  ///
  /// - Complexity: That of the model's `differenceIdentifier`.
  @inlinable
  public var differenceIdentifier: Model.DifferenceIdentifier {
    model.differenceIdentifier
  }

  /// Whether the models show the same content; the elements are not compared.
  ///
  /// - Parameter source: The old version of the section.
  /// - Returns: `model.isContentEqual(to: source.model)`.
  /// - Complexity: That of the model's `isContentEqual(to:)`.
  @inlinable
  public func isContentEqual(to source: ArraySection) -> Bool {
    model.isContentEqual(to: source.model)
  }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Hashable where Model: Hashable, Element: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}

extension ArraySection: CustomDebugStringConvertible {
  /// The model and the elements, for debugging.
  ///
  /// - Complexity: O(m), where m is the number of elements.
  public var debugDescription: String {
    "ArraySection(model: \(String(reflecting: model)), elements: \(String(reflecting: elements)))"
  }
}
