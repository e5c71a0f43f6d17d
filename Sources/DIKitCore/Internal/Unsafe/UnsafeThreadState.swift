#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The unsafe code of a thread's resolution in progress (the rest of DIKit's is in
// UnsafePrimitives.swift, which says how both are kept): its state and frames in one buffer, the
// per-thread pointer to it, and the bounds of the thread's stack.

/// State that only one thread touches, and a stack of at most `capacity` elements, in one
/// allocation made up front: a thread's resolution in progress and its frames. Both are read and
/// written through the buffer's pointers rather than a class's stored `var`s, so without the
/// runtime's dynamic exclusivity check, and the stack never grows.
///
/// Worth it where it is used: the per-thread `ResolutionContext` changes its state several times
/// per resolve, and each change of a class's stored `var` would pay the runtime's dynamic
/// exclusivity check (`swift_beginAccess`/`swift_endAccess` and their thread-local lookups);
/// kept in an `Array`, the frames would pay a uniqueness and a capacity check per push.
///
/// Safety: every access to the state goes through `access`, whose `body` must be a short
/// operation that runs no user code — no `deinit`, no argument's `hash(into:)` or `==` (the
/// context keys what it keeps by precomputed hashes) — and releases no user object (it returns
/// what it removes). So no access can start inside another; debug builds and internal-checks
/// builds trap if one ever does. `count`
/// elements, from the first, are initialized: `push` and `popLast` keep that so, checking their
/// bound in every build, and `deinit` deinitializes them.
final class ConfinedStack<State, Element>: ManagedBuffer<ConfinedStack<State, Element>.Header, Element> {
    struct Header {
        var state: State
        var count = 0
        /// The capacity asked for (`ManagedBuffer.capacity` asks the allocator, a call each time).
        let limit: Int
        var isAccessing = false
    }

    static func make(_ state: State, capacity: Int) -> ConfinedStack {
        let buffer = create(minimumCapacity: capacity) { _ in Header(state: state, limit: capacity) }
        return unsafeDowncast(buffer, to: ConfinedStack.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }

    /// Runs `body` on the state.
    @inline(__always)
    func access<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointerToHeader { header in
            #if DEBUG || DIKIT_INTERNAL_CHECKS
                precondition(!header.pointee.isAccessing, "re-entrant access to a DIKit resolution context")
                header.pointee.isAccessing = true
                defer { header.pointee.isAccessing = false }
            #endif
            return try body(&header.pointee.state)
        }
    }

    /// Read through the pointer: `ManagedBuffer.header` is a stored property, whose reads the
    /// runtime checks for exclusivity.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// Checks what the unsafe code assumes: `count` elements are initialized, and no more than the
    /// buffer holds. Compiled under `DIKIT_INTERNAL_CHECKS`, which `.ci/run` turns on once.
    @inline(__always)
    func _checkInvariants() {
        #if DIKIT_INTERNAL_CHECKS
            withUnsafeMutablePointerToHeader { header in
                precondition(header.pointee.count >= 0, "negative DIKit resolution stack count")
                precondition(header.pointee.count <= header.pointee.limit, "DIKit resolution stack past its limit")
                precondition(header.pointee.limit <= capacity, "DIKit resolution stack larger than its buffer")
                precondition(!header.pointee.isAccessing, "DIKit resolution state accessed re-entrantly")
            }
        #endif
    }

    /// Pushes `element`; `false`, and nothing pushed, when the stack is full.
    @inline(__always)
    func push(_ element: Element) -> Bool {
        _checkInvariants()
        defer { _checkInvariants() }
        return withUnsafeMutablePointers { header, elements in
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
        _checkInvariants()
        defer { _checkInvariants() }
        return withUnsafeMutablePointers { header, elements in
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
