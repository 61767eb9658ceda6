/// A range-replaceable collection with no contiguous storage and nothing beyond the
/// protocol's requirements, so the diff takes its copying path for it.
public struct MinimalCollection<Element>: RangeReplaceableCollection {
  private var storage: [Element]

  /// Creates an empty collection.
  public init() { storage = [] }

  /// Creates a collection holding `elements`.
  ///
  /// - Parameter elements: The elements.
  public init<S: Sequence>(_ elements: S) where S.Element == Element { storage = Array(elements) }

  /// The first position.
  public var startIndex: Int { 0 }
  /// The position past the last.
  public var endIndex: Int { storage.count }

  /// The position after `index`.
  ///
  /// - Parameter index: A position.
  /// - Returns: The next position.
  public func index(after index: Int) -> Int { index + 1 }

  /// The element at `position`.
  ///
  /// - Parameter position: A position.
  public subscript(position: Int) -> Element { storage[position] }

  /// Replaces `subrange` with `newElements`.
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The new elements.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    storage.replaceSubrange(subrange, with: newElements)
  }

  /// Never contiguous: the collection hides its storage.
  ///
  /// - Parameter body: Unused.
  /// - Returns: nil.
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? { nil }
}

extension MinimalCollection: Equatable where Element: Equatable {}
extension MinimalCollection: Sendable where Element: Sendable {}
