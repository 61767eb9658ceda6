/// The identity operations of the diffs, on elements in place.
///
/// Most element types answer them with their `differenceIdentifier`. `AnyDifferentiable`
/// answers from the hash it keeps next to its box and, for equality, from the boxes, read
/// where the elements lie: getting its `differenceIdentifier` would retain and release the
/// box every time, which would cost more than the rest of the diff. The type check is made
/// on the generic parameter, so each specialization keeps only one of the two paths.

/// The hash of the identifier of the element at `element`, as the diffs' tables use it.
///
/// - Complexity: O(1), plus the element's `differenceIdentifier` and its hashing.
@inlinable
@inline(__always)
internal func _identifierHash<E: Differentiable>(_ element: UnsafePointer<E>) -> Int {
  if E.self == AnyDifferentiable.self {
    let wrapped = UnsafeRawPointer(element).assumingMemoryBound(to: AnyDifferentiable.self)
    return wrapped.pointee._identifierHash._rawHashValue(seed: 0)
  }
  return element.pointee.differenceIdentifier._rawHashValue(seed: 0)
}

/// Whether the elements at `lhs` and `rhs` have equal identifiers.
///
/// - Complexity: O(1), plus the elements' `differenceIdentifier` and their `==`.
@inlinable
@inline(__always)
internal func _haveEqualIdentifiers<E: Differentiable>(
  _ lhs: UnsafePointer<E>, _ rhs: UnsafePointer<E>
) -> Bool {
  if E.self == AnyDifferentiable.self {
    return AnyDifferentiable._haveEqualIdentifiers(
      UnsafeRawPointer(lhs).assumingMemoryBound(to: AnyDifferentiable.self),
      UnsafeRawPointer(rhs).assumingMemoryBound(to: AnyDifferentiable.self))
  }
  return lhs.pointee.differenceIdentifier == rhs.pointee.differenceIdentifier
}

extension UnsafeBufferPointer {
  /// The address of the element at `index`, which must be in bounds.
  @inlinable
  @inline(__always)
  internal func _address(_ index: Int) -> UnsafePointer<Element> {
    baseAddress.unsafelyUnwrapped + index
  }
}

/// Whether the elements at `sourceIndex` of `source` and `targetIndex` of `target` have
/// equal identifiers.
///
/// - Complexity: That of `_haveEqualIdentifiers(_:_:)`.
@inlinable
@inline(__always)
internal func _haveEqualIdentifiers<E: Differentiable>(
  _ source: UnsafeBufferPointer<E>, _ sourceIndex: Int, _ target: UnsafeBufferPointer<E>,
  _ targetIndex: Int
) -> Bool {
  _haveEqualIdentifiers(source._address(sourceIndex), target._address(targetIndex))
}

/// Whether the element at `new` is content-equal to the element at `old`.
///
/// - Complexity: That of the element's `isContentEqual(to:)`.
@inlinable
@inline(__always)
internal func _isContentEqual<E: Differentiable>(_ new: UnsafePointer<E>, to old: UnsafePointer<E>)
  -> Bool
{
  if E.self == AnyDifferentiable.self {
    return AnyDifferentiable._isContentEqual(
      UnsafeRawPointer(new).assumingMemoryBound(to: AnyDifferentiable.self),
      to: UnsafeRawPointer(old).assumingMemoryBound(to: AnyDifferentiable.self))
  }
  return new.pointee.isContentEqual(to: old.pointee)
}
