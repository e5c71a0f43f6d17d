/// A registration built by a factory (or holding a ready instance), with its scope's state.
///
/// Safety: see `AnyEntry`. `instance` and `weakInstance` are guarded by `owner`'s lock; the
/// factory and the `onResolved` handler never change (a new handler makes a new entry).
@usableFromInline
final class Entry<Service>: AnyEntry, @unchecked Sendable {
    /// Calls the user's factory with the arguments tuple `arguments` points at. `nil` for a
    /// registered instance.
    typealias Invoke = @Sendable (any Resolver, UnsafeRawPointer) throws -> Service
    typealias Handler = @Sendable (any Resolver, Service) throws -> Void

    private let invoke: Invoke?
    let onResolved: Handler?
    @exclusivity(unchecked) @usableFromInline var instance: Service?
    @exclusivity(unchecked) weak var weakInstance: AnyObject?

    init(
        key: ServiceKey, info: EntryInfo, sequence: Int, isInherited: Bool, owner: Container,
        invoke: Invoke?, instance: Service? = nil, onResolved: Handler? = nil
    ) {
        self.invoke = invoke
        self.instance = instance
        self.onResolved = onResolved
        super.init(key: key, info: info, sequence: sequence, isInherited: isInherited, owner: owner)
    }

    override func clone(into owner: Container, sequence: Int) -> AnyEntry {
        copy(owner: owner, sequence: sequence, isInherited: true, onResolved: onResolved)
    }

    /// The same registration with `handler` as its `onResolved` handler, and an empty cache.
    func withHandler(_ handler: @escaping Handler) -> Entry {
        copy(owner: owner, sequence: sequence, isInherited: isInherited, onResolved: handler)
    }

    /// A copy with an empty cache; a registered instance is the registration, so it is kept.
    private func copy(owner newOwner: Container, sequence: Int, isInherited: Bool, onResolved: Handler?) -> Entry {
        let fixed = owner.withLock { invoke == nil ? instance : nil }
        return Entry(
            key: key, info: info, sequence: sequence, isInherited: isInherited, owner: newOwner,
            invoke: invoke, instance: fixed, onResolved: onResolved)
    }

    override func resolve(
        into result: UnsafeMutableRawPointer, from requester: Container, arguments: UnsafeRawPointer,
        stack: ResolutionStack
    ) throws {
        let value = try resolve(from: requester, arguments: arguments, stack: stack)
        result.initializeMemory(as: Service.self, to: value)
    }

    override func resolveErased(
        from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack
    ) throws -> Any {
        try resolve(from: requester, arguments: arguments, stack: stack)
    }

    /// Resolves according to the scope. Transient and graph instances are built with `requester`
    /// as their resolver; shared (singleton, weak) ones by `owner`, which keeps them.
    func resolve(from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack) throws
        -> Service
    {
        switch info.scope {
        case .transient:
            return try build(
                resolver: requester, arguments: arguments, stack: stack, publish: { _ in }, unpublish: {})
        case .graph:
            return try resolveInGraph(from: requester, arguments: arguments, stack: stack)
        case .singleton, .weak:
            return try resolveShared(arguments: arguments, stack: stack)
        }
    }

    /// The instance shared by the current outermost resolution, built on first use.
    private func resolveInGraph(from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack)
        throws -> Service
    {
        let id = ObjectIdentifier(self)
        if let cached = stack.graphInstances[id] as? Service { return cached }
        return try build(
            resolver: requester, arguments: arguments, stack: stack,
            publish: { stack.graphInstances[id] = $0 },
            unpublish: { stack.graphInstances[id] = nil })
    }

    private func cached() -> Service? {
        owner.withLock { info.scope == .weak ? weakInstance as? Service : instance }
    }

    /// Returns the shared instance, building it exactly once: one thread claims the build, the
    /// others wait for it (or learn that waiting would deadlock, which is a cycle).
    private func resolveShared(arguments: UnsafeRawPointer, stack: ResolutionStack) throws -> Service {
        while true {
            if let instance = cached() { return instance }
            if stack.contains(self) { throw ResolutionError.cycle(closing: self, on: stack) }
            guard try BuildCoordinator.claim(self, for: stack, isBuilt: { cached() != nil }) else { continue }
            var isReleased = false
            defer { if !isReleased { BuildCoordinator.release(self) } }
            return try build(
                resolver: owner, arguments: arguments, stack: stack,
                publish: { value in
                    try store(value, stack: stack)
                    BuildCoordinator.release(self)
                    isReleased = true
                },
                unpublish: {
                    owner.withLock {
                        instance = nil
                        weakInstance = nil
                    }
                })
        }
    }

    private func store(_ value: Service, stack: ResolutionStack) throws {
        guard info.scope == .weak else {
            owner.withLock { instance = value }
            return
        }
        guard type(of: value as Any) is AnyObject.Type else {
            throw ResolutionError.valueTypeInWeakScope(value, on: stack)
        }
        owner.withLock { weakInstance = value as AnyObject }
    }

    /// Runs the factory with this entry on the stack: checks for a cycle, maps the factory's own
    /// errors to `.factoryFailed`, publishes the value (so `onResolved` can close cycles), then
    /// runs `onResolved`; if that throws, the value is unpublished so a later resolve retries.
    private func build(
        resolver: Container, arguments: UnsafeRawPointer, stack: ResolutionStack,
        publish: (Service) throws -> Void, unpublish: () -> Void
    ) throws -> Service {
        if stack.contains(self) { throw ResolutionError.cycle(closing: self, on: stack) }
        stack.push(self)
        defer { stack.pop() }
        guard let invoke else {
            // Only a registered instance has no factory, and it is always cached.
            throw ResolutionError.factoryFailed(MissingFactory(), on: stack)
        }
        let value: Service
        do {
            value = try invoke(resolver, arguments)
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError.factoryFailed(error, on: stack)
        }
        try publish(value)
        guard let handler = onResolved else { return value }
        do {
            try handler(resolver, value)
        } catch {
            unpublish()
            if let error = error as? ResolutionError { throw error }
            throw ResolutionError.factoryFailed(error, on: stack, inOnResolved: true)
        }
        return value
    }
}

/// Thrown (wrapped) if a registered instance is ever asked to be built; kept for a clear message.
struct MissingFactory: Error, CustomStringConvertible {
    var description: String { "the registered instance was released" }
}
