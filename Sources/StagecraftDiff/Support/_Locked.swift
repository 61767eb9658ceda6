#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a mutex, for the little state that callers on any thread share.
///
/// `@unchecked Sendable` is safe here: `value` is only ever read or written with the mutex
/// held (inside `withLock`, or between `lock()` and `unlock()`), and the mutex is allocated
/// once and never moved. For the same reason its accesses are not checked for exclusivity
/// at run time: the mutex already makes them exclusive.
@usableFromInline
package final class _Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @exclusivity(unchecked) @usableFromInline package var value: Value

  @usableFromInline
  package init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Takes the mutex; `value` may then be used until `unlock()`. For a caller whose work
  /// under the lock would otherwise be a closure that copies what it captures.
  @inlinable
  package func lock() { pthread_mutex_lock(mutex) }

  /// Gives the mutex back.
  @inlinable
  package func unlock() { pthread_mutex_unlock(mutex) }

  @inlinable
  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}
