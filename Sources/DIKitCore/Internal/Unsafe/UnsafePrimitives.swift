#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
#if os(Linux)
    import Synchronization
#endif

// DIKit's unsafe code lives in this folder, and only here (`.ci/check-unsafe` fails the build
// otherwise). The rule, as CONTRIBUTING.md states it:
// - unsafe code only where Benchmarks/README.md shows what it buys (10% or more on a row);
// - it trusts nothing the public API does not guarantee: every cast is checked in every build;
// - its invariants are checked in `_checkInvariants()` under `DIKIT_INTERNAL_CHECKS`, which
//   `.ci/run` turns on once;
// - locks use no underscored standard-library type unless the benchmark shows the difference
//   (the Linux lock below does: Benchmarks/README.md gives it against an allocated pthread mutex).
// This file holds the locks — the platform lock, the value stored beside it without the
// exclusivity check, the condition variable the rare "wait for another thread's build" path
// sleeps on — the checked exact-class cast, and the reference held without a reference count;
// UnsafeThreadState.swift holds the per-thread state of a resolution.

/// A non-recursive mutual-exclusion lock for short critical sections (a table lookup, a field
/// write), stored in the object whose state it guards. It is never held while user code runs (a
/// factory, a handler, or a `deinit`: move values out under the lock and let them go after
/// unlocking).
///
/// On Linux the lock lives inline, so a `LockedStorage` (a container's state, say) is one
/// allocation, not two: the standard library's futex lock (one compare-and-swap each way when
/// uncontended, against a call into the C library for `pthread_mutex_lock` and another to
/// unlock), which traps instead of deadlocking when locked again on the same thread. It is
/// noncopyable, so it never moves while stored in its owner, which is what the futex needs.
/// Elsewhere the platform lock is allocated once, since Swift gives no stable address to a stored
/// `os_unfair_lock`.
///
/// Safety: the lock is only used through the platform's thread-safe calls.
@usableFromInline
package struct PlatformLock: ~Copyable, @unchecked Sendable {
    #if os(Linux)
        private let handle = _MutexHandle()
        /// Written with release order before every unlock and read with acquire order after every
        /// lock. When the lock is contended, the standard library hands it to the waiting thread
        /// inside the kernel (a priority-inheritance futex), which ThreadSanitizer cannot see; this
        /// pair makes that ordering visible to it, so it does not report the state the lock guards
        /// as raced. On x86 and ARM both are plain moves.
        private let handoff = Atomic<UInt32>(0)
    #elseif canImport(Darwin)
        private let primitive: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init() {
        #if os(Linux)
        #elseif canImport(Darwin)
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: os_unfair_lock())
        #else
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if os(Linux)
        #elseif canImport(Darwin)
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        #else
            let status = pthread_mutex_destroy(primitive)
            assert(status == 0, "pthread_mutex_destroy failed (still locked?): \(status)")
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        #endif
    }

    @usableFromInline
    package borrowing func lock() {
        #if os(Linux)
            unsafe handle.unsafeLock()
            _ = handoff.load(ordering: .acquiring)
        #elseif canImport(Darwin)
            os_unfair_lock_lock(primitive)
        #else
            let status = pthread_mutex_lock(primitive)
            assert(status == 0, "pthread_mutex_lock failed (locked again on this thread?): \(status)")
        #endif
    }

    @usableFromInline
    package borrowing func unlock() {
        #if os(Linux)
            handoff.store(0, ordering: .releasing)
            unsafe handle.unsafeUnlock()
        #elseif canImport(Darwin)
            os_unfair_lock_unlock(primitive)
        #else
            let status = pthread_mutex_unlock(primitive)
            assert(status == 0, "pthread_mutex_unlock failed: \(status)")
        #endif
    }
}

/// A value and the lock that guards it, in one object.
///
/// The value is stored with the runtime's dynamic exclusivity check turned off: on the
/// cached-singleton path that check cost as much as the lookup itself. It is not needed: the
/// value is only touched through `withLock`, which holds the lock for the whole access, so
/// accesses are exclusive. `body` must not run user code, nor release the last reference to a
/// user object (return it, and let it go after unlocking).
///
@usableFromInline
package final class LockedStorage<Value> {
    @usableFromInline let lock = PlatformLock()
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline
    package init(_ value: Value) { self.value = value }

    /// Runs `body` on the value while holding the lock.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Safety: every access to the value goes through the lock, as above.
extension LockedStorage: @unchecked Sendable where Value: Sendable {}

/// A mutex with a condition variable, for the one place a thread sleeps: waiting until another
/// thread finishes building a shared instance.
///
/// Safety: as for `PlatformLock`; the mutex and condition are allocated once and only used through
/// pthread calls.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        var status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() {
        let status = pthread_mutex_lock(mutex)
        assert(status == 0, "pthread_mutex_lock failed: \(status)")
    }

    func unlock() {
        let status = pthread_mutex_unlock(mutex)
        assert(status == 0, "pthread_mutex_unlock failed: \(status)")
    }

    /// Releases the lock, sleeps until `broadcast()`, and takes the lock again. Callers re-check
    /// their condition in a loop: wake-ups may be spurious.
    func wait() {
        let status = pthread_cond_wait(condition, mutex)
        assert(status == 0, "pthread_cond_wait failed: \(status)")
    }

    /// Wakes every waiting thread. Call it with the lock held.
    func broadcast() {
        let status = pthread_cond_broadcast(condition)
        assert(status == 0, "pthread_cond_broadcast failed: \(status)")
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

extension StoredRegistration {
    /// Whether this is the ``FactoryRegistration`` of `Service`: then ``assumingFactory(of:)``
    /// is safe.
    ///
    /// Checked in every build: `factoryService` is `ObjectIdentifier(Service.self)` of the
    /// `FactoryRegistration<Service>` that set it, and a metatype's identity is unique to its
    /// type, so equal identities make the downcast exact (`FactoryRegistration` is final).
    @inline(__always)
    func isFactory<Service>(of _: Service.Type) -> Bool {
        factoryService == ObjectIdentifier(Service.self)
    }

    /// This registration as the ``FactoryRegistration`` of `Service`; ``isFactory(of:)`` must be
    /// `true`, and is checked again. Neither a generic cast (`as? FactoryRegistration<Service>`)
    /// nor an optional of the class, whose metadata unspecialized code (a factory's nested
    /// resolve) would look up on every call.
    @inline(__always)
    func assumingFactory<Service>(of _: Service.Type) -> FactoryRegistration<Service> {
        precondition(isFactory(of: Service.self), "a registration is not the factory of the type it was stored for")
        #if DIKIT_INTERNAL_CHECKS
            precondition(self is FactoryRegistration<Service>, "the factory check passed for another type")
        #endif
        return unsafeDowncast(self, to: FactoryRegistration<Service>.self)
    }
}

/// A reference held without a reference count, for an object that something else keeps alive for
/// as long as the reference is used: a registration on the resolution stack, held by the resolve
/// that pushed it: one retain and release fewer per nested resolve.
struct Unretained<Object: AnyObject> {
    private unowned(unsafe) let reference: Object

    init(_ object: Object) { reference = object }

    var object: Object { reference }
}

/// `object` as `Class` when it is exactly a `Class`, not a subclass: a compare of the object's
/// class pointer instead of the runtime's cast. Checked in every build: the downcast follows the
/// exact-type check.
@inlinable @inline(__always)
func exactCast<Class: AnyObject>(_ object: AnyObject, to _: Class.Type) -> Class? {
    guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(Class.self) else { return nil }
    return unsafeDowncast(object, to: Class.self)
}
