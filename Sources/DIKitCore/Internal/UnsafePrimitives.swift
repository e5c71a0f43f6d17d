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

// All of DIKit's unsafe code lives in this file: the platform lock, the condition variable the
// rare "wait for another thread's build" path sleeps on, and the per-thread pointer to the
// resolution in progress. Each is a thin wrapper over a platform primitive; every return code is
// checked, and the assumptions each makes are asserted in debug builds.

/// A non-recursive mutual-exclusion lock for short critical sections: a table lookup, a field
/// write. It is never held while user code runs (a factory, a handler, or a `deinit`: move values
/// out under the lock and let them go after unlocking).
///
/// Safety: it guards no value of its own; the platform lock lives in a `LockedStorage`, only
/// used through the platform's thread-safe calls.
package struct Lock: @unchecked Sendable {
    private let storage = LockedStorage<Void>.make { () }

    package init() {}

    package func lock() { storage.lock() }

    package func unlock() { storage.unlock() }

    /// Runs `body` while holding the lock. `body` must not run user code, nor release the last
    /// reference to a user object.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        // Not `storage.withLock`: that forms an `inout` to the (empty) header, which
        // ThreadSanitizer reports as a race between threads that both hold the lock.
        storage.lock()
        defer { storage.unlock() }
        return try body()
    }
}

/// The size of `LockedStorage`'s lock, in 8-byte words (its element type is opaque to keep the
/// platform module out of the type's signature).
@usableFromInline
let lockWords: Int = {
    #if canImport(Darwin)
        (MemoryLayout<os_unfair_lock>.size + 7) / 8
    #elseif os(Linux)
        (MemoryLayout<_MutexHandle>.size + MemoryLayout<Atomic<UInt32>>.size + 7) / 8
    #else
        (MemoryLayout<pthread_mutex_t>.size + 7) / 8
    #endif
}()

/// A value and the lock that guards it, in one allocation: the lock lives in the buffer's element
/// storage, the value in its header. Reading and writing through the buffer's pointers also
/// spares every access the runtime's dynamic exclusivity check, which a class's stored `var`
/// pays: on the cached-singleton path that check cost as much as the lookup itself.
///
/// Safety: the header and the lock are only touched through `withLock`, which holds the lock for
/// the whole access, so accesses are exclusive. `body` must not run user code, nor release the
/// last reference to a user object (return it, and let it go after unlocking). A re-entrant
/// `withLock` on the same storage traps instead of deadlocking: on Linux always (the standard
/// library's futex lock checks its owner), elsewhere where the platform lock does.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, UInt64> {
    #if canImport(Darwin)
        private typealias Primitive = os_unfair_lock
    #elseif os(Linux)
        private typealias Primitive = _MutexHandle
    #else
        private typealias Primitive = pthread_mutex_t
    #endif

    /// Inlinable, so that callers name `LockedStorage<Value>` with their concrete `Value` and its
    /// metadata is a cached constant rather than looked up on every creation.
    @inlinable
    static func make(_ value: () -> Value) -> LockedStorage {
        let buffer = create(minimumCapacity: lockWords) { _ in value() }
        let storage = unsafeDowncast(buffer, to: LockedStorage.self)
        storage.initializeLock()
        return storage
    }

    @usableFromInline
    func initializeLock() {
        assert(MemoryLayout<Primitive>.alignment <= MemoryLayout<UInt64>.alignment)
        withLockPrimitive { lock in
            #if canImport(Darwin)
                lock.initialize(to: os_unfair_lock())
            #elseif os(Linux)
                lock.initialize(to: _MutexHandle())
                withHandoff { $0.initialize(to: Atomic(0)) }
            #else
                lock.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(lock, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            #endif
        }
    }

    deinit {
        withLockPrimitive { lock in
            #if !canImport(Darwin) && !os(Linux)
                let status = pthread_mutex_destroy(lock)
                assert(status == 0, "pthread_mutex_destroy failed (still locked?): \(status)")
            #endif
            _ = lock.deinitialize(count: 1)
            #if os(Linux)
                withHandoff { _ = $0.deinitialize(count: 1) }
            #endif
        }
    }

    #if os(Linux)
        /// A word beside the futex lock, written with release order before every unlock and read
        /// with acquire order after every lock. When the lock is contended, the standard library
        /// hands it to the waiting thread inside the kernel (a priority-inheritance futex), which
        /// ThreadSanitizer cannot see; this pair makes that ordering visible to it, so it does not
        /// report the state the lock guards as raced. On x86 and ARM both are plain moves.
        @inline(__always)
        private func withHandoff<Result>(_ body: (UnsafeMutablePointer<Atomic<UInt32>>) -> Result) -> Result {
            withUnsafeMutablePointerToElements { words in
                let raw = UnsafeMutableRawPointer(words) + MemoryLayout<_MutexHandle>.stride
                return raw.withMemoryRebound(to: Atomic<UInt32>.self, capacity: 1, body)
            }
        }
    #endif

    @inline(__always)
    private func withLockPrimitive<Result>(_ body: (UnsafeMutablePointer<Primitive>) -> Result) -> Result {
        withUnsafeMutablePointerToElements { words in
            UnsafeMutableRawPointer(words).withMemoryRebound(to: Primitive.self, capacity: 1, body)
        }
    }

    @usableFromInline
    func lock() {
        withLockPrimitive { lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
            #elseif os(Linux)
                // The standard library's futex-based lock: one compare-and-swap when uncontended,
                // against about sixty instructions for `pthread_mutex_lock` and its unlock. Locking
                // it again on the same thread traps instead of deadlocking.
                unsafe lock.pointee.unsafeLock()
                _ = withHandoff { $0.pointee.load(ordering: .acquiring) }
            #else
                let status = pthread_mutex_lock(lock)
                assert(status == 0, "pthread_mutex_lock failed (locked again on this thread?): \(status)")
            #endif
        }
    }

    @usableFromInline
    func unlock() {
        withLockPrimitive { lock in
            #if canImport(Darwin)
                os_unfair_lock_unlock(lock)
            #elseif os(Linux)
                withHandoff { $0.pointee.store(0, ordering: .releasing) }
                unsafe lock.pointee.unsafeUnlock()
            #else
                let status = pthread_mutex_unlock(lock)
                assert(status == 0, "pthread_mutex_unlock failed: \(status)")
            #endif
        }
    }

    /// Runs `body` on the value while holding the lock.
    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }
}

/// State that only one thread touches, read and written through the buffer's pointer rather than
/// a class's stored `var`, so without the runtime's dynamic exclusivity check.
///
/// Worth it where it is used: the per-thread `ResolutionContext` changes its state five to ten
/// times per resolve, and under callgrind those checks (`swift_beginAccess`, `swift_endAccess`
/// and their thread-local lookups) were about 430 of 2,360 instructions of a transient resolve.
///
/// Safety: every access goes through `access`, whose `body` must be a short operation on the state
/// that runs no user code and releases no user object (it returns what it removes). Debug builds
/// trap on a re-entrant access, the one way to break exclusivity here.
final class ConfinedStorage<State>: ManagedBuffer<State, Bool> {
    static func make(_ state: State) -> ConfinedStorage {
        let buffer = create(minimumCapacity: 1) { _ in state }
        let storage = unsafeDowncast(buffer, to: ConfinedStorage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: false) }
        return storage
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }

    /// Runs `body` on the state.
    @inline(__always)
    func access<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { state, isAccessing in
            #if DEBUG
                precondition(!isAccessing.pointee, "re-entrant access to a DIKit resolution context")
                isAccessing.pointee = true
                defer { isAccessing.pointee = false }
            #endif
            return try body(&state.pointee)
        }
    }
}

/// A mutex with a condition variable, for the one place a thread sleeps: waiting until another
/// thread finishes building a shared instance.
///
/// Safety: as for `Lock`; the mutex and condition are allocated once and only used through
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

extension ResolutionContext {
    /// The current thread's resolution context, created on first use and released when the thread
    /// exits.
    static var current: ResolutionContext {
        if let pointer = pthread_getspecific(contextKey) {
            return Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ResolutionContext()
        let status = pthread_setspecific(contextKey, Unmanaged.passRetained(context).toOpaque())
        precondition(status == 0, "DIKit could not store its per-thread resolution context: \(status)")
        return context
    }
}

/// The key of the per-thread `ResolutionContext`; its destructor releases the context.
private let contextKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<ResolutionContext>.fromOpaque($0).release() }
    #else
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ResolutionContext>.fromOpaque(pointer).release() }
        }
    #endif
    precondition(status == 0, "DIKit could not create its per-thread resolution context: \(status)")
    return key
}()

/// The current thread's stack, for resolving deep graphs without overflowing it.
struct ThreadStack {
    /// The lowest and highest addresses of the stack; `nil` where the platform does not say.
    let bounds: ClosedRange<UInt>?

    /// The current thread's stack.
    static var current: ThreadStack {
        #if canImport(Darwin)
            let thread = pthread_self()
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            return ThreadStack(bounds: size > 0 && high > size ? (high - size)...high : nil)
        #elseif canImport(Glibc) || canImport(Musl)
            // `pthread_getattr_np` is a GNU extension the Glibc module does not import; both glibc
            // and musl export it, so it is looked up by name.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return ThreadStack(bounds: nil) }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
            defer { attributes.deallocate() }
            guard getAttributes(pthread_self(), attributes) == 0 else { return ThreadStack(bounds: nil) }
            defer { pthread_attr_destroy(attributes) }
            var base: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(attributes, &base, &size) == 0, let base, size > 0 else {
                return ThreadStack(bounds: nil)
            }
            let low = UInt(bitPattern: base)
            return ThreadStack(bounds: low...(low + UInt(size)))
        #else
            return ThreadStack(bounds: nil)
        #endif
    }

    /// How many bytes of stack are left below the caller's frame; `nil` when unknown (including
    /// when a sanitizer keeps frames off the thread's stack).
    @inline(never)
    func remaining() -> Int? {
        guard let bounds else { return nil }
        var probe: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &probe) { UInt(bitPattern: $0) }
        guard bounds.contains(here) else { return nil }
        return Int(here - bounds.lowerBound)
    }

    /// How much the stack can hold in all.
    var size: Int { bounds.map { Int($0.upperBound - $0.lowerBound) } ?? 0 }
}

extension StoredRegistration {
    /// This registration as the ``FactoryRegistration`` of `Service`, without a runtime cast.
    ///
    /// Safe when `isFactory` is `true` and the registration was found under a key for `Service`:
    /// a factory registration is only ever stored under its own service type. The checked cast
    /// (`as? FactoryRegistration<Service>`) instantiates generic metadata on every resolve, the
    /// largest single cost of a transient resolve in a profile of the redesigned core.
    @inline(__always)
    func assumingFactory<Service>(of _: Service.Type) -> FactoryRegistration<Service> {
        assert(
            isFactory && self is FactoryRegistration<Service>,
            "\(info.serviceDescription) is not a factory of \(Service.self)")
        return unsafeDowncast(self, to: FactoryRegistration<Service>.self)
    }
}

/// `object` as `Class` when it is exactly a `Class`, not a subclass: a compare of the object's
/// class pointer instead of the runtime's cast (`swift_dynamicCastClass`, 16 of the 387
/// instructions the cached-singleton path took before it). Safe: the downcast follows the
/// exact-type check.
@inlinable @inline(__always)
func exactCast<Class: AnyObject>(_ object: AnyObject, to _: Class.Type) -> Class? {
    guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(Class.self) else { return nil }
    return unsafeDowncast(object, to: Class.self)
}

/// `factory`, whose parameter pack is empty, as a registration's `make`: the empty argument tuple
/// is made once here rather than cast from `Any` on every call, and without an optional or a
/// wrapper, whose generic metadata callers in generic code would look up on every registration
/// (with the type-erased handlers, registering went from 8,546 to 5,466 instructions).
///
/// Safe: callers check that the pack is empty (asserted below); `()` is then exactly
/// `(repeat each Argument)`, and an empty tuple holds no state to share across threads.
@inlinable
func argumentFreeFactory<Service, each Argument>(
    _ factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
) -> @Sendable (any Resolver, Any) throws -> Service {
    assert(MemoryLayout<(repeat each Argument)>.size == 0, "not an empty argument list")
    nonisolated(unsafe) let empty = unsafeBitCast((), to: (repeat each Argument).self)
    return { resolver, _ in try factory(resolver, repeat each empty) }
}
