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
// rare "wait for another thread's build" path sleeps on, the per-thread pointer to the
// resolution in progress and its stack of frames, the unchecked casts that read cached instances
// back, and the references held without a reference count. Each is a thin
// wrapper over a platform primitive or a cast whose type the caller guarantees; every return code
// is checked, and the assumptions each makes are asserted in debug builds. The one exception is
// `@exclusivity(unchecked)` on `Container`'s `state` and `unretainedObserver`: the attribute marks
// a stored property, which only the class's own body declares (Container.swift says what it buys).

/// A non-recursive mutual-exclusion lock for short critical sections (a table lookup, a field
/// write), stored in the object whose state it guards. It is never held while user code runs (a
/// factory, a handler, or a `deinit`: move values out under the lock and let them go after
/// unlocking).
///
/// On Linux the lock lives inline, so a container or a test injector is one allocation, not two:
/// the standard library's futex lock (one compare-and-swap each way when uncontended, against
/// about sixty instructions for `pthread_mutex_lock` and its unlock), which traps instead of
/// deadlocking when locked again on the same thread. It is noncopyable, so it never moves while
/// stored in its owner, which is what the futex needs. Elsewhere the platform lock is allocated
/// once, since Swift gives no stable address to a stored `os_unfair_lock`.
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

/// A lock on its own, guarding no value: for state kept elsewhere.
///
/// Safety: as `PlatformLock`'s.
package struct Lock: @unchecked Sendable {
    private let storage = LockedStorage<Void>(())

    package init() {}

    package func lock() { storage.lock.lock() }

    package func unlock() { storage.lock.unlock() }

    /// Runs `body` while holding the lock. `body` must not run user code, nor release the last
    /// reference to a user object.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
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

    @inlinable
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

/// A stack of at most `capacity` elements in one allocation made up front: the resolution
/// stack of one thread, pushed and popped once per build.
///
/// Worth it over an `Array`: no uniqueness check, growth check or resize per push, and no
/// exclusivity check, since the elements are reached through the buffer's pointer. A transient
/// resolve went from 1,425 to 1,348 instructions, and a graph of three from 4,391 to 4,144.
///
/// Safety: thread-confined, like the `ResolutionContext` that owns it. `count` elements, from the
/// first, are initialized; `push` and `popLast` keep that so, and `deinit` deinitializes them.
/// Both check their bound in every build.
final class BoundedStack<Element>: ManagedBuffer<BoundedStack<Element>.Header, Element> {
    struct Header {
        var count = 0
        /// The capacity asked for (`ManagedBuffer.capacity` asks the allocator, a call each time).
        let limit: Int
    }

    static func make(capacity: Int) -> BoundedStack {
        let buffer = create(minimumCapacity: capacity) { _ in Header(limit: capacity) }
        return unsafeDowncast(buffer, to: BoundedStack.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }

    /// Read through the pointer: `ManagedBuffer.header` is a stored property, whose reads the
    /// runtime checks for exclusivity.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// Pushes `element`; `false`, and nothing pushed, when the stack is full.
    @inline(__always)
    func push(_ element: Element) -> Bool {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            guard count < header.pointee.limit else { return false }
            (elements + count).initialize(to: element)
            header.pointee.count = count + 1
            return true
        }
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    func popLast() -> Element {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            precondition(count > 0, "popped an empty DIKit resolution stack")
            header.pointee.count = count - 1
            return (elements + count - 1).move()
        }
    }

    /// Whether an element satisfies `predicate`, scanning from the bottom.
    @inline(__always)
    func contains(where predicate: (Element) -> Bool) -> Bool {
        withUnsafeMutablePointers { header, elements in
            UnsafeBufferPointer(start: elements, count: header.pointee.count).contains(where: predicate)
        }
    }

    /// The elements, bottom first.
    var elements: [Element] {
        withUnsafeMutablePointers { header, elements in
            Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
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

/// `value` as an object when `Service` is a class type (or `AnyObject`): one reference, which a
/// singleton is stored as instead of in a box. `nil` for every other type, class-bound
/// existentials included (they carry witness tables besides the reference).
func classInstance<Service>(_ value: Service) -> AnyObject? {
    guard Service.self is AnyObject.Type, MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size else {
        return nil
    }
    return unsafeBitCast(value, to: AnyObject.self)
}

/// `object` as `Service`, for an object that ``classInstance(_:)`` made of a `Service`: a
/// singleton stored as `.object` under a key of `Service`. Checked in debug builds.
@inlinable @inline(__always)
func assumingInstance<Service>(_ object: AnyObject, of _: Service.Type) -> Service {
    assert(object is Service, "\(type(of: object)) is not \(Service.self)")
    return unsafeBitCast(object, to: Service.self)
}

/// A reference held without a reference count, for an object that something else keeps alive for
/// as long as the reference is used: a registration on the resolution stack, held by the resolve
/// that pushed it. One retain and release fewer per nested resolve (transient 1,593 → 1,472
/// instructions, graph 4,884 → 4,661).
struct Unretained<Object: AnyObject> {
    private unowned(unsafe) let reference: Object

    init(_ object: Object) { reference = object }

    var object: Object { reference }
}

/// A container's observer, held without a reference count: kept alive by the container's retained
/// reference to it, or, for a test injector, by being the container itself, which a counted
/// reference would keep alive forever. (`Unretained` cannot hold it: an existential is not a class
/// type.)
@usableFromInline
struct UnretainedObserver {
    @usableFromInline unowned(unsafe) let observer: any ContainerObserver

    init(_ observer: any ContainerObserver) { self.observer = observer }
}
