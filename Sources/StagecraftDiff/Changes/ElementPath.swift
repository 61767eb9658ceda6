/// The position of an element in a sectioned collection: a section and an index in it.
///
/// Paths order by section, then by element, like `IndexPath`.
///
/// ```swift
/// import Stagecraft
///
/// let path = ElementPath(element: 5, section: 0)
/// print(path)  // prints [0, 5]
/// print(path < ElementPath(element: 0, section: 1))  // prints true
/// ```
public struct ElementPath: Hashable, Comparable, Sendable {
  /// The element's index within its section.
  public var element: Int

  /// The section's index.
  public var section: Int

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - element: The element's index within its section.
  ///   - section: The section's index.
  /// - Complexity: O(1).
  @inlinable
  public init(element: Int, section: Int) {
    self.element = element
    self.section = section
  }

  /// Orders by section, then by element.
  ///
  /// - Parameters:
  ///   - lhs: A path.
  ///   - rhs: Another path.
  /// - Returns: Whether `lhs` comes before `rhs`.
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.element < rhs.element
  }
}

extension ElementPath: CustomStringConvertible, CustomDebugStringConvertible {
  /// `[section, element]`, as `IndexPath` prints.
  ///
  /// - Complexity: O(1).
  public var description: String { "[\(section), \(element)]" }

  /// The same as `description`.
  ///
  /// - Complexity: O(1).
  public var debugDescription: String { description }
}
