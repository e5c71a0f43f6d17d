/// One resolve of a shared registration (`.singleton`, `.weak`, a custom scope): finds the
/// instance its owner keeps, or builds it exactly once — one thread claims the build, the others
/// wait for it, or learn that waiting would deadlock, which is a cycle — and publishes it. If the
/// outermost resolve then fails before the instance's `onResolved` handlers have run, the build
/// undoes its publication.
struct SharedBuild<Service> {
    private let registration: FactoryRegistration<Service>
    /// The container that owns the registration: it keeps the instance, and is the factory's resolver.
    private let owner: Container
    private let request: ResolutionRequest

    init(_ registration: FactoryRegistration<Service>, owner: Container, request: ResolutionRequest) {
        self.registration = registration
        self.owner = owner
        self.request = request
    }

    /// The shared instance for the request's arguments, built if there is none.
    func resolve() throws -> Service {
        guard let arguments = request.arguments.identity else {
            throw ResolutionError.argumentsNotHashable(registration, on: request.context)
        }
        let key = registration.info.key
        let slot = BuildCoordinator.Slot.shared(
            container: ObjectIdentifier(owner), key: key, argumentsHash: arguments.hash)
        while true {
            let found = look(arguments)
            if let value = found.value { return value }
            let outcome = try BuildCoordinator.shared.claim(
                slot, arguments: arguments, .registration(registration), for: request.context
            ) { owner.withState { $0.instances.changes } != found.changes }
            switch outcome {
            case .changed:
                continue
            case .claimed(let claim):
                defer { BuildCoordinator.shared.release(claim) }
                return try build(arguments, replacing: found.stale)
            case .heldByThisThread:
                // This thread is building the same arguments further up its resolution: a cycle,
                // which the build's frame check reports with its path before the factory runs.
                return try build(arguments, replacing: found.stale)
            }
        }
    }

    /// What a look for the instance found.
    private struct Found {
        var value: Service?
        /// A released weak instance for the same arguments, to replace.
        var stale: AnyObject?
        /// The owner's ``InstanceTable/changes`` when it looked.
        var changes: Int
    }

    /// The instance kept for `arguments`, if any (for `.weak`, while it lives). The arguments are
    /// compared here, after the lock is let go: comparing runs their `==`.
    private func look(_ arguments: ArgumentIdentity) -> Found {
        let key = registration.info.key
        if arguments.isEmpty {
            let (instance, changes) = owner.withState { ($0.instances[key], $0.instances.changes) }
            return Found(value: instance?.value(as: Service.self), stale: nil, changes: changes)
        }
        let (candidates, changes) = owner.withState {
            ($0.instances.candidates(key, hash: arguments.hash), $0.instances.changes)
        }
        for candidate in candidates where candidate.arguments.matches(arguments) {
            if let value = candidate.entry.instance.value(as: Service.self) {
                return Found(value: value, stale: nil, changes: changes)
            }
            return Found(value: nil, stale: candidate.entry.instance.holder, changes: changes)
        }
        return Found(value: nil, stale: nil, changes: changes)
    }

    /// Builds the instance with the owner as resolver, and publishes it.
    private func build(_ arguments: ArgumentIdentity, replacing stale: AnyObject?) throws -> Service {
        let scope = registration.info.scope
        let generation = owner.withState { $0.instances.generation(of: scope) }
        return try registration.build(request, resolver: owner) { value in
            try publish(value, arguments, replacing: stale, generation: generation)
        }
    }

    /// Keeps `value` in the owner's instances — unless the registration was replaced or its scope
    /// reset since the build began — and returns it as published, to be dropped again if the
    /// outermost resolve fails.
    private func publish(
        _ value: Service, _ arguments: ArgumentIdentity, replacing stale: AnyObject?, generation: Int
    ) throws -> PublishedInstance? {
        let scope = registration.info.scope
        let instance: SharedInstance
        if scope == .weak {
            switch WeakTarget(value) {
            case .object(let object): instance = .weak(WeakReference(object))
            case .none: return nil  // nothing to share: the next resolve builds again
            case .valueType: throw ResolutionError.valueTypeInWeakScope(value, on: request.context)
            }
        } else {
            instance = .strong(value)
        }
        let key = registration.info.key
        let (published, replaced) = owner.withState { state -> (Bool, Any?) in
            guard state.instances.generation(of: scope) == generation,
                owner.registry.ownRegistration(key, in: state) === registration
            else { return (false, nil) }
            return (
                true, state.instances.store(instance, scope: scope, for: key, arguments: arguments, replacing: stale)
            )
        }
        withExtendedLifetime(replaced) {}  // released after unlocking: releasing runs `deinit`s
        guard published else { return nil }
        return PublishedInstance(owner: owner, key: key, holder: instance.holder)
    }
}

/// A shared instance a build published in its owner's cache: the outermost resolve drops it again
/// if it fails with `onResolved` handlers unrun (see `ResolutionContext.abandonPending()`).
struct PublishedInstance {
    let owner: Container
    let key: ServiceKey
    /// What the cache holds for the instance (its box, or its weak reference): removed only if
    /// the cache still holds that one.
    let holder: AnyObject

    /// Drops the instance from its owner's cache, if it is still there; released after unlocking.
    func unpublish() {
        let removed = owner.withState { $0.instances.remove(key, holder: holder) }
        withExtendedLifetime(removed) {}
    }
}
