// How a container resolves: one request per `resolve` call, scopes, building, publishing.

extension Container {
    /// Resolves `key` as `Service` with `arguments`: the one path every `resolve` takes once the
    /// hot path has missed. Tells the observer, and, for the outermost call on this thread, runs
    /// the deferred `onResolved` handlers and then lets the graph go.
    func resolve<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, argumentTypes: () -> [Any.Type]
    ) throws -> Service {
        let context = ResolutionContext.current
        let isOutermost = context.enter()
        defer { context.leave(isOutermost: isOutermost) }
        if observesResolutions {
            return try resolveObserved(key, as: type, arguments: arguments, argumentTypes, context, isOutermost)
        }
        let value: Service
        if let found = lookup(key) {
            value = try resolve(found.registration, owner: found.owner, as: type, arguments: arguments, context)
        } else {
            value = try resolveUnregistered(key, as: type, arguments: arguments, argumentTypes, context)
        }
        if isOutermost { try context.runPendingHandlers() }
        return value
    }

    /// ``resolve(_:as:arguments:argumentTypes:)`` for a container with an observer: tells it
    /// what is resolved, and how it ended.
    @inline(never)
    private func resolveObserved<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, _ argumentTypes: () -> [Any.Type],
        _ context: ResolutionContext, _ isOutermost: Bool
    ) throws -> Service {
        observer?.willResolve(type, name: key.name)
        let found = lookup(key)
        do {
            let value: Service
            if let found {
                value = try resolve(found.registration, owner: found.owner, as: type, arguments: arguments, context)
            } else {
                value = try resolveUnregistered(key, as: type, arguments: arguments, argumentTypes, context)
            }
            if isOutermost { try context.runPendingHandlers() }
            let info = found?.registration.info
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: key.name,
                    path: context.path + [info?.serviceDescription ?? typeName(type)],
                    registration: info, isInherited: found?.isInherited ?? false,
                    instanceType: Swift.type(of: value as Any), error: nil))
            return value
        } catch let error as ResolutionError {
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: key.name, path: error.path, registration: found?.registration.info,
                    isInherited: found?.isInherited ?? false, instanceType: nil, error: error))
            throw error
        }
    }

    private func resolve<Service>(
        _ registration: StoredRegistration, owner: Container, as type: Service.Type, arguments: Arguments,
        _ context: ResolutionContext
    ) throws -> Service {
        if let registration = registration as? FactoryRegistration<Service> {
            return try resolve(registration, owner: owner, arguments: arguments, context: context)
        }
        let value = try registration.resolveAny(owner: owner, requester: self, arguments: arguments, context: context)
        return try cast(value, context)
    }

    /// Resolves what has no registration of its own: `Optional<Wrapped>` from `Wrapped`'s
    /// registration (or `nil`), `Lazy<Wrapped>` and `Provider<Wrapped>`; else throws the
    /// not-registered error.
    private func resolveUnregistered<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, _ argumentTypes: () -> [Any.Type],
        _ context: ResolutionContext
    ) throws -> Service {
        if let optional = type as? any OptionalService.Type {
            let wrappedKey = key.with(service: optional.wrappedType, name: key.name)
            guard lookup(wrappedKey) != nil else { return try cast(optional.empty, context) }
            func resolveWrapped<Wrapped>(_ wrapped: Wrapped.Type) throws -> Any {
                try resolve(wrappedKey, as: wrapped, arguments: arguments, argumentTypes: argumentTypes)
            }
            return try cast(optional.wrapping(try resolveWrapped(optional.wrappedType)), context)
        }
        if let deferred = type as? any DeferredResolution.Type, !key.takesArguments {
            let wrappedKey = key.with(service: deferred.wrappedType, name: key.name)
            guard lookup(wrappedKey) != nil else {
                throw ResolutionError.missing(
                    wrappedKey, type: deferred.wrappedType, argumentTypes: [], in: self, on: context,
                    requested: describeService(type, name: key.name, argumentTypes: []))
            }
            return try cast(deferred.init(container: self, name: key.name), context)
        }
        throw ResolutionError.missing(key, type: type, argumentTypes: argumentTypes(), in: self, on: context)
    }

    private func cast<Service>(_ value: Any, _ context: ResolutionContext) throws -> Service {
        guard let service = value as? Service else {
            throw ResolutionError.internalInconsistency("\(Swift.type(of: value)) is not \(Service.self)", on: context)
        }
        return service
    }

    /// Resolves a factory registration owned by `owner` according to its scope. Transient and
    /// graph instances are built with this container (the requester) as their resolver; shared
    /// ones (singleton, weak) by `owner`, which keeps them.
    func resolve<Service>(
        _ registration: FactoryRegistration<Service>, owner: Container, arguments: Arguments,
        context: ResolutionContext
    ) throws -> Service {
        guard case .factory(let make) = registration.source else { return try registration.instance() }
        switch registration.info.scope {
        case .transient:
            return try build(registration, make, resolver: self, arguments: arguments, context: context)
        case .graph:
            return try resolveInGraph(registration, make, arguments: arguments, context: context)
        case .singleton, .weak:
            return try owner.resolveShared(registration, make, arguments: arguments, context: context)
        }
    }

    /// The instance the outermost resolve shares, built on first use.
    private func resolveInGraph<Service>(
        _ registration: FactoryRegistration<Service>, _ make: FactoryRegistration<Service>.Make,
        arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        guard let identity = arguments.identity else {
            throw ResolutionError.argumentsNotHashable(registration, on: context)
        }
        let key = ResolutionContext.GraphKey(registration: ObjectIdentifier(registration), arguments: identity)
        if let box = context.graphInstance(key) as? InstanceBox<Service> { return box.value }
        return try build(registration, make, resolver: self, arguments: arguments, context: context) { value in
            context.setGraphInstance(InstanceBox(value), for: key, registration: registration)
            return nil  // a failing handler fails the whole graph, which is dropped anyway
        }
    }

    /// Runs the factory with `registration` on the path: checks for a cycle and the depth, maps
    /// the factory's own errors, publishes the value, and queues the `onResolved` handlers for the
    /// end of the outermost resolve.
    ///
    /// - Parameter publish: Stores the value where its scope keeps it; returns how to drop it again
    ///   if a handler fails.
    private func build<Service>(
        _ registration: FactoryRegistration<Service>, _ make: FactoryRegistration<Service>.Make,
        resolver: Container, arguments: Arguments, context: ResolutionContext,
        publish: (Service) throws -> (() -> Void)? = { _ in nil }
    ) throws -> Service {
        try context.push(registration, arguments: arguments)
        defer { context.pop() }
        let value: Service
        do {
            value = try make(resolver, arguments.tuple)
        } catch {
            throw ResolutionError.thrown(error, by: registration, on: context)
        }
        let undo = try publish(value)
        if !registration.handlers.isEmpty {
            context.addPending(registration.handlers, resolver: resolver, value: value, undo: undo)
        }
        return value
    }

    /// Returns the shared instance of `registration` for `arguments`, building it exactly once:
    /// one thread claims the build, the others wait for it (or learn that waiting would
    /// deadlock, which is a cycle).
    private func resolveShared<Service>(
        _ registration: FactoryRegistration<Service>, _ make: FactoryRegistration<Service>.Make,
        arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        guard let identity = arguments.identity else {
            throw ResolutionError.argumentsNotHashable(registration, on: context)
        }
        let key = registration.info.key
        let slot = BuildCoordinator.Slot.shared(container: ObjectIdentifier(self), key: key, arguments: identity)
        while true {
            if let instance: Service = sharedInstance(key, identity) { return instance }
            // Checked before claiming, so that the error names the path.
            try context.push(registration, arguments: arguments)
            context.pop()
            let claimed = try BuildCoordinator.shared.claim(slot, .registration(registration), for: context) {
                (sharedInstance(key, identity) as Service?) != nil
            }
            guard claimed else { continue }
            var isReleased = false
            defer { if !isReleased { BuildCoordinator.shared.release(slot) } }
            let generation = lock.withLock { instances.generation }
            return try build(registration, make, resolver: self, arguments: arguments, context: context) { value in
                let undo = try publishShared(value, of: registration, arguments: identity, generation, context)
                BuildCoordinator.shared.release(slot)
                isReleased = true
                return undo
            }
        }
    }

    /// The shared instance stored for `key` and `arguments`, if any (and, for `.weak`, alive).
    private func sharedInstance<Service>(_ key: ServiceKey, _ arguments: [AnyHashable]) -> Service? {
        let instance = lock.withLock { instances[key, arguments] }
        switch instance {
        case .strong(let box): return (box as? InstanceBox<Service>)?.value
        case .weak(let reference): return reference.object.flatMap { $0 as? Service }
        case nil: return nil
        }
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
            instance = .strong(InstanceBox(value))
        }
        let key = registration.info.key
        let replaced = lock.withLock { () -> SharedInstance? in
            guard instances.generation == generation, ownRegistration(key) === registration else { return nil }
            return instances.store(instance, for: key, arguments: arguments)
        }
        withExtendedLifetime(replaced) {}
        guard let object = instance.object else { return nil }
        return { [weak self] in
            let removed = self?.lock.withLock { self?.instances.remove(key, arguments: arguments, ifIs: object) }
            withExtendedLifetime(removed) {}
        }
    }

    /// This container's own registration for `key`: its table's, else its snapshot's. Call it
    /// with the lock held.
    private func ownRegistration(_ key: ServiceKey) -> StoredRegistration? {
        if let registration = table[key] { return registration }
        for layer in snapshot {
            if let registration = layer[key] { return registration }
        }
        return nil
    }
}

/// Thrown by a main-actor factory resolved off the main actor; mapped to a `ResolutionError`.
struct MainActorRequired: Error {}
