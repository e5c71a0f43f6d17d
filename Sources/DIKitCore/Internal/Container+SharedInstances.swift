// How a container keeps its shared instances (`.singleton`, `.weak`, custom scopes): looked up,
// built once, published, dropped.

extension Container {
    /// Returns the shared instance of `registration` for `arguments`, building it exactly once:
    /// one thread claims the build, the others wait for it (or learn that waiting would
    /// deadlock, which is a cycle).
    func resolveShared<Service>(
        _ registration: FactoryRegistration<Service>, _ make: FactoryRegistration<Service>.Make,
        arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        guard let identity = arguments.identity else {
            throw ResolutionError.argumentsNotHashable(registration, on: context)
        }
        let key = registration.info.key
        let slot = BuildCoordinator.Slot.shared(
            container: ObjectIdentifier(self), key: key, argumentsHash: identity.hash)
        while true {
            let found: Found<Service> = sharedInstance(key, identity)
            if let value = found.value { return value }
            // Checked before claiming, so that a cycle on this thread names its path.
            try context.push(registration, arguments: arguments)
            context.pop()
            let outcome = try BuildCoordinator.shared.claim(slot, .registration(registration), for: context) {
                withState { $0.instances.changes } != found.changes
            }
            switch outcome {
            case .changed:
                continue
            case .claimed:
                defer { BuildCoordinator.shared.release(slot) }
                return try buildShared(
                    registration, make, arguments: arguments, identity, replacing: found.stale, context)
            case .heldByThisThread:
                // Arguments that differ from the ones this thread is building but hash alike
                // (equal ones were a cycle, caught by `push`): the slot is this thread's already.
                return try buildShared(
                    registration, make, arguments: arguments, identity, replacing: found.stale, context)
            }
        }
    }

    /// What a look for a shared instance found.
    private struct Found<Service> {
        var value: Service?
        /// A released weak instance for the same arguments, to replace.
        var stale: AnyObject?
        /// The instance table's ``InstanceTable/changes`` when it looked.
        var changes: Int
    }

    /// The shared instance stored for `key` and `arguments`, if any (for `.weak`, while it lives).
    /// The arguments are compared here, after the lock is let go: comparing runs their `==`.
    private func sharedInstance<Service>(_ key: ServiceKey, _ arguments: ArgumentIdentity) -> Found<Service> {
        if arguments.isEmpty {
            let (instance, changes) = withState { ($0.instances[key], $0.instances.changes) }
            return Found(value: instance?.value(as: Service.self), stale: nil, changes: changes)
        }
        let (candidates, changes) = withState {
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

    /// Builds the instance, and publishes it unless the registration was replaced or its scope
    /// reset meanwhile. If the outermost resolve then fails before this instance's `onResolved`
    /// handlers have run, it is dropped again.
    private func buildShared<Service>(
        _ registration: FactoryRegistration<Service>, _ make: FactoryRegistration<Service>.Make,
        arguments: Arguments, _ identity: ArgumentIdentity, replacing stale: AnyObject?, _ context: ResolutionContext
    ) throws -> Service {
        let scope = registration.info.scope
        let generation = withState { $0.instances.generation(of: scope) }
        return try registration.build(make, resolver: self, arguments: arguments, context: context) { value in
            let instance: SharedInstance
            if scope == .weak {
                switch WeakTarget(value) {
                case .object(let object): instance = .weak(WeakReference(object))
                case .none: return nil  // nothing to share: the next resolve builds again
                case .valueType: throw ResolutionError.valueTypeInWeakScope(value, on: context)
                }
            } else {
                instance = .strong(value)
            }
            let key = registration.info.key
            let (published, replaced) = withState { state -> (Bool, Any?) in
                guard state.instances.generation(of: scope) == generation,
                    (state.table[key] ?? snapshot[key]) === registration
                else { return (false, nil) }
                return (
                    true, state.instances.store(instance, scope: scope, for: key, arguments: identity, replacing: stale)
                )
            }
            withExtendedLifetime(replaced) {}
            guard published else { return nil }
            let holder = instance.holder
            return {
                let removed = self.withState { $0.instances.remove(key, holder: holder) }
                withExtendedLifetime(removed) {}
            }
        }
    }
}
