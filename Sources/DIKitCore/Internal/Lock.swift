#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A non-recursive mutual-exclusion lock.
///
/// This file holds all of DIKit's unsafe locking. `Lock` guards short critical sections (a table
/// lookup, a field write) and is never held while user code runs. `ConditionLock` adds waiting,
/// for the rare path where one thread waits for another to finish building a singleton.
///
/// Safety: the lock's storage is allocated once, never moves, and is only touched through the
/// platform's thread-safe lock primitives, so sharing the reference across threads is sound.
@usableFromInline
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
        private let handle: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let handle: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init() {
        handle = .allocate(capacity: 1)
        #if canImport(Darwin)
            handle.initialize(to: os_unfair_lock())
        #else
            pthread_mutex_init(handle, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(handle)
        #endif
        handle.deallocate()
    }

    @usableFromInline
    package func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(handle)
        #else
            pthread_mutex_lock(handle)
        #endif
    }

    @usableFromInline
    package func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(handle)
        #else
            pthread_mutex_unlock(handle)
        #endif
    }

    /// Runs `body` while holding the lock. `body` must not call user code.
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A mutex with a condition variable, for waiting until another thread changes shared state.
///
/// Safety: as for `Lock`; the mutex and condition are allocated once and only used through
/// pthread calls.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock, sleeps until `broadcast()`, and takes the lock again. Callers re-check
    /// their condition in a loop: wake-ups may be spurious.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value guarded by a `Lock`.
///
/// Safety: `value` is only read or written while `lock` is held.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Reads or changes the value under the lock. `body` must not call user code.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
