/// Sets a property of a view only when the new value differs from the one it has: what a
/// representable does in `updateUIViewController`, which SwiftUI calls on every change of the
/// parent's state, so that an update with nothing new touches nothing (setting a scroll
/// view's `contentInset`, even to the same value, makes it lay out and may move its offset).
/// LazyCollection's `applyIfChanged` does the same.
///
/// - Parameters:
///   - value: The value wanted.
///   - keyPath: The property.
///   - root: The view.
/// - Returns: Whether the property was set.
/// - Complexity: O(1), and one comparison.
@MainActor @discardableResult
package func _assignIfChanged<Root: AnyObject, Value: Equatable>(
  _ value: Value, to keyPath: ReferenceWritableKeyPath<Root, Value>, on root: Root
) -> Bool {
  guard root[keyPath: keyPath] != value else { return false }
  root[keyPath: keyPath] = value
  return true
}
