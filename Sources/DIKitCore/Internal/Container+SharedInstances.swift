// How a container keeps its shared (singleton and weak) instances: built once, published, dropped.

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
        let slot = BuildCoordinator.Slot.shared(container: ObjectIdentifier(self), key: key, arguments: identity)
        while true {
            do throws(NotShared) { return try sharedInstance(key, identity) } catch {}
            // Checked before claiming, so that the error names the path.
            try context.push(registration, arguments: arguments)
            context.pop()
            // What the check finds is let go of here, after the coordinator's lock: if another
            // thread dropped every other reference meanwhile, releasing it runs its `deinit`.
            var found: AnyObject?
            let claimed = try BuildCoordinator.shared.claim(slot, .registration(registration), for: context) {
                found = liveSharedInstance(key, identity)
                return found != nil
            }
            guard claimed else {
                withExtendedLifetime(found) {}
                continue
            }
            var isReleased = false
            defer { if !isReleased { BuildCoordinator.shared.release(slot) } }
            let generation = withState { $0.instances.generation }
            return try registration.build(make, resolver: self, arguments: arguments, context: context) { value in
                let undo = try publishShared(value, of: registration, arguments: identity, generation, context)
                BuildCoordinator.shared.release(slot)
                isReleased = true
                return undo
            }
        }
    }

    /// The shared instance stored for `key` and `arguments` (for `.weak`, while it lives); throws
    /// when there is none. Not `Service?`: in this unspecialized code the optional's metadata
    /// would be looked up on every call, a tenth of building a singleton in a test injector.
    private func sharedInstance<Service>(_ key: ServiceKey, _ arguments: [AnyHashable]) throws(NotShared) -> Service {
        switch withState({ $0.instances[key, arguments] }) {
        case .object(let object): return assumingInstance(object, of: Service.self)
        case .boxed(let box): if let box = box as? InstanceBox<Service> { return box.value }
        case .weak(let reference): if let object = reference.object, let value = object as? Service { return value }
        case nil: break
        }
        throw NotShared()
    }

    /// The object or box stored for `key` and `arguments` (for `.weak`, the object while it
    /// lives), if any. Returned, not tested and dropped, so the caller chooses where to release it.
    private func liveSharedInstance(_ key: ServiceKey, _ arguments: [AnyHashable]) -> AnyObject? {
        withState({ $0.instances[key, arguments] })?.object
    }

    /// Stores a built shared instance, unless the instances were dropped or the registration
    /// replaced since the build began. Returns how to drop it again.
    private func publishShared<Service>(
        _ value: Service, of registration: FactoryRegistration<Service>, arguments: [AnyHashable], _ generation: Int,
        _ context: ResolutionContext
    ) throws -> (() -> Void)? {
        let instance: SharedInstance
        if registration.info.scope == .weak {
            switch WeakTarget(value) {
            case .object(let object): instance = .weak(WeakReference(object))
            case .none: return nil  // nothing to share: the next resolve builds again
            case .valueType: throw ResolutionError.valueTypeInWeakScope(value, on: context)
            }
        } else {
            instance = .singleton(value)
        }
        let key = registration.info.key
        let replaced = withState { state -> SharedInstance? in
            guard state.instances.generation == generation, ownRegistration(key, in: state) === registration else {
                return nil
            }
            return state.instances.store(instance, for: key, arguments: arguments)
        }
        withExtendedLifetime(replaced) {}
        guard let object = instance.object else { return nil }
        // Holds the container strongly: the closure lives only until the outermost resolve ends. A
        // weak reference would give the container a side table, which makes every later retain
        // and release of it take the runtime's slow path (a tenth of a transient resolve).
        return {
            let removed = self.withState { $0.instances.remove(key, arguments: arguments, ifIs: object) }
            withExtendedLifetime(removed) {}
        }
    }

    /// This container's own registration for `key`: its table's, else its snapshot's.
    private func ownRegistration(_ key: ServiceKey, in state: State) -> StoredRegistration? {
        state.table[key] ?? snapshot[key]
    }
}

/// No shared instance is stored (see `Container.sharedInstance(_:_:)`).
struct NotShared: Error {}
