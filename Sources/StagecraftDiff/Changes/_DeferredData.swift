/// A stage's data that is built when it is first read, once, and then kept.
///
/// Building it locks, so that reads from several threads build it once and all see the
/// same value. The builder is dropped once it has run, releasing what it captured.
///
/// `@unchecked Sendable` is safe for a `Sendable` collection: the state is only read or
/// written under the lock, and the builder captures nothing but values of the collection
/// type and lists of indexes.
@usableFromInline
internal final class _DeferredData<Collection> {
  @usableFromInline
  internal enum State {
    case pending(() -> Collection)
    case built(Collection)
  }

  @usableFromInline
  internal let _state: _Locked<State>

  @inlinable
  internal init(_ build: @escaping () -> Collection) {
    _state = _Locked(.pending(build))
  }

  /// The data: built by the first read, kept for the later ones.
  ///
  /// - Complexity: O(1) once built; the builder's cost on the first read.
  @inlinable
  internal var value: Collection {
    _state.withLock { state in
      switch state {
      case .built(let data):
        return data
      case .pending(let build):
        let data = build()
        state = .built(data)
        return data
      }
    }
  }
}

// @unchecked: every access to the state goes through `_state`'s lock, the build closure runs
// under it at most once, and what it builds is `Sendable` data.
extension _DeferredData: @unchecked Sendable where Collection: Sendable {}
