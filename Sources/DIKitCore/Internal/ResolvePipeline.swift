// One resolve, top to bottom, once `Container.resolve(_:name:)`'s inlined hot path (a built
// singleton) has missed:
//
//   1. enter   — the thread's resolution context; the observer, if any
//   2. look up — this container's registration, its snapshot's, its parents'; or what needs none
//                (`Optional`, `Lazy`, `Provider`)
//   3. scope   — transient: build; graph: the outermost resolve's instance; shared: `SharedBuild`
//   4. build   — the cycle check, the factory, its errors mapped, the instance kept
//   5. leave   — the outermost resolve runs the `onResolved` handlers, or, when it failed with
//                handlers unrun, drops the shared instances it built

/// What travels down one resolve.
struct ResolutionRequest {
    /// What is asked for: the service type, the name and the argument types.
    let key: ServiceKey
    /// The runtime arguments.
    let arguments: Arguments
    /// The argument types, for errors: made only when an error needs them.
    let argumentTypes: () -> [Any.Type]
    /// The container `resolve` was called on: transient and graph instances are built with it as
    /// their resolver, so a child's registrations reach its parent's factories.
    let requester: Container
    /// The thread's resolution in progress.
    let context: ResolutionContext

    /// The same request for another key, with no arguments of its own (an optional's wrapped
    /// type, an alias's target).
    func with(key: ServiceKey) -> ResolutionRequest {
        ResolutionRequest(
            key: key, arguments: arguments, argumentTypes: argumentTypes, requester: requester, context: context)
    }
}

extension Container {
    // MARK: 1. Enter

    /// Resolves `key` as `Service` with `arguments`: the one path every `resolve` takes once the
    /// hot path has missed. `registration`, when given, is this container's own registration for
    /// `key`, already looked up.
    ///
    /// Inlined down to the factory call: a nested resolve runs unspecialized (through the
    /// `any Resolver` witness), where each call layer would hand its generic result back through
    /// memory with value-witness calls.
    @inline(__always)
    func resolve<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, argumentTypes: @escaping () -> [Any.Type],
        registration: StoredRegistration? = nil
    ) throws -> Service {
        let context = ResolutionContext.current
        let request = ResolutionRequest(
            key: key, arguments: arguments, argumentTypes: argumentTypes, requester: self, context: context)
        let isOutermost = context.enter()
        defer { context.leave() }
        do {
            if observesResolutions { return try resolveObserved(request, as: type, isOutermost: isOutermost) }
            let value = try lookUpAndResolve(request, as: type, registration: registration)
            if isOutermost { try context.runPendingHandlers() }
            return value
        } catch {
            // 5. A failed resolve leaves no shared instance cached whose handlers never ran.
            if isOutermost { context.abandonPending() }
            throw error
        }
    }

    /// ``resolve(_:as:arguments:argumentTypes:registration:)`` for a container with an observer
    /// (a test injector, `verifyAssemblies`' sandbox): tells it what is resolved, and how it ended.
    @inline(never)
    private func resolveObserved<Service>(_ request: ResolutionRequest, as type: Service.Type, isOutermost: Bool)
        throws -> Service
    {
        let observer = observer
        let found = lookup(request.key)
        let registration = found.map { RegistrationHandle($0.registration) }
        // For an alias, the registration it resolves: it builds the instance, and it is what the
        // test may have overridden.
        let target = (found?.registration as? AliasRegistration).flatMap { lookup($0.target) }
        let isInherited = target?.isInherited ?? found?.isInherited ?? false
        let targetHandle = target.map { RegistrationHandle($0.registration) }
        observer?.willResolve(type, name: request.key.name, registration: registration, target: targetHandle)
        do {
            let value: Service
            if let (registration, owner, _) = consume found {
                value = try resolve(registration, owner: owner ?? self, request, as: type)
            } else {
                value = try resolveUnregistered(request, as: type)
            }
            if isOutermost { try request.context.runPendingHandlers() }
            if observerKeepsInstances { observer?.keep(value) }
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: request.key.name,
                    trail: isOutermost ? [] : request.context.registrations, failedPath: nil,
                    answeredBy: registration, target: targetHandle, isInherited: isInherited,
                    instanceType: dynamicType(of: value)))
            return value
        } catch let error as ResolutionError {
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: request.key.name, trail: [], failedPath: error.path,
                    answeredBy: registration, target: targetHandle, isInherited: isInherited, instanceType: nil))
            throw error
        }
    }

    // MARK: 2. Look up

    /// The registration for the request's key — `registration`, this container's already looked
    /// up, else the nearest one visible here — resolved; else what needs no registration.
    @inline(__always)
    private func lookUpAndResolve<Service>(
        _ request: ResolutionRequest, as type: Service.Type, registration: StoredRegistration?
    ) throws -> Service {
        if registration != nil {
            // Unwrapped in place, not bound with `if let`, which copies it: one more retain and release.
            return try resolve(registration!, owner: self, request, as: type)
        }
        if let found = lookup(request.key) {
            return try resolve(found.registration, owner: found.owner ?? self, request, as: type)
        }
        return try resolveUnregistered(request, as: type)
    }

    /// Resolves `registration`, found in `owner`: a factory of `Service` through its scope;
    /// anything else (an alias) as `Any`, then cast.
    @inline(__always)
    private func resolve<Service>(
        _ registration: StoredRegistration, owner: Container, _ request: ResolutionRequest, as type: Service.Type
    ) throws -> Service {
        if registration.isFactory(of: Service.self) {
            return try registration.assumingFactory(of: Service.self).resolve(request, owner: owner)
        }
        return try cast(try registration.resolveAny(request, owner: owner), request.context)
    }

    /// Resolves what has no registration of its own: `Optional<Wrapped>` from `Wrapped`'s
    /// registration (or `nil`), `Lazy<Wrapped>` and `Provider<Wrapped>`; else throws the
    /// not-registered error.
    private func resolveUnregistered<Service>(_ request: ResolutionRequest, as type: Service.Type) throws -> Service {
        let key = request.key
        if let optional = type as? any OptionalService.Type {
            let wrappedKey = key.with(service: optional.wrappedType, name: key.name)
            guard canResolve(wrappedKey, as: optional.wrappedType) else {
                return try cast(optional.empty, request.context)
            }
            func resolveWrapped<Wrapped>(_ wrapped: Wrapped.Type) throws -> Any {
                try resolve(
                    wrappedKey, as: wrapped, arguments: request.arguments, argumentTypes: request.argumentTypes)
            }
            return try cast(optional.wrapping(try resolveWrapped(optional.wrappedType)), request.context)
        }
        if let deferred = type as? any DeferredResolution.Type {
            guard !key.takesArguments else { throw ResolutionError.deferredWithArguments(type, request) }
            let wrappedKey = key.with(service: deferred.wrappedType, name: key.name)
            guard canResolve(wrappedKey, as: deferred.wrappedType) else {
                // What is missing is what the innermost `Lazy` or `Provider` wraps: for
                // `Lazy<Lazy<API>>`, `API`, not `Lazy<API>`.
                var requested = [describeService(type, name: key.name, argumentTypes: [])]
                var (missingKey, missingType) = (wrappedKey, deferred.wrappedType)
                while let inner = missingType as? any DeferredResolution.Type {
                    requested.append(describeService(missingType, name: key.name, argumentTypes: []))
                    missingKey = key.with(service: inner.wrappedType, name: key.name)
                    missingType = inner.wrappedType
                }
                throw ResolutionError.missing(
                    missingKey, type: missingType, argumentTypes: [],
                    registered: registered(like: missingKey, type: missingType), on: request.context,
                    requested: requested)
            }
            return try cast(deferred.init(container: self, name: key.name), request.context)
        }
        throw ResolutionError.missing(
            key, type: type, argumentTypes: request.argumentTypes(), arguments: request.arguments,
            registered: registered(like: key, type: type),
            on: request.context)
    }

    /// Whether `key`, for `type`, resolves here without a missing registration: it is registered,
    /// or it is an optional (`nil` when what it wraps is missing), or a `Lazy` or `Provider` of
    /// something that resolves.
    private func canResolve(_ key: ServiceKey, as type: Any.Type) -> Bool {
        if lookup(key) != nil || type is any OptionalService.Type { return true }
        guard let deferred = type as? any DeferredResolution.Type, !key.takesArguments else { return false }
        return canResolve(key.with(service: deferred.wrappedType, name: key.name), as: deferred.wrappedType)
    }

    func cast<Service>(_ value: Any, _ context: ResolutionContext) throws -> Service {
        guard let service = value as? Service else {
            throw ResolutionError.internalInconsistency("\(Swift.type(of: value)) is not \(Service.self)", on: context)
        }
        return service
    }
}

extension FactoryRegistration {
    // MARK: 3. Scope

    /// Resolves this registration, found in `owner`, as its scope says. Transient and graph
    /// instances are built with the requester as their resolver; shared ones by `owner`, which
    /// keeps them.
    @inline(__always)
    func resolve(_ request: ResolutionRequest, owner: Container) throws -> Service {
        if isInstance { return try make(request.requester, ()) }
        switch info.scope {
        case .transient:
            return try buildTransient(request)
        case .graph:
            return try resolveInGraph(request)
        case .singleton, .weak, .custom:
            return try SharedBuild(self, owner: owner, request: request).resolve()
        }
    }

    /// The instance the outermost resolve shares, built on first use.
    private func resolveInGraph(_ request: ResolutionRequest) throws -> Service {
        guard let identity = request.arguments.identity else {
            throw ResolutionError.argumentsNotHashable(self, on: request.context)
        }
        if let value = request.context.graphInstance(of: self, arguments: identity, as: Service.self) {
            return value
        }
        return try build(request, resolver: request.requester) { value in
            request.context.setGraphInstance(value, of: self, arguments: identity)
            return nil  // a failing handler fails the whole graph, which is dropped anyway
        }
    }

    // MARK: 4. Build

    /// ``build(_:resolver:keep:)`` for a transient, which keeps nothing: without the closure.
    @inline(__always)
    private func buildTransient(_ request: ResolutionRequest) throws -> Service {
        let context = request.context
        try context.push(self, resolver: request.requester, arguments: request.arguments)
        defer { context.pop() }
        let value = try invoke(request, resolver: request.requester)
        if hasHandlers { context.addPending(handlers, of: self, resolver: request.requester, value: value) }
        return value
    }

    /// Runs the factory with this registration on the path: checks for a cycle and the depth, maps
    /// the factory's own errors, keeps the value where its scope keeps it, and queues the
    /// `onResolved` handlers for the end of the outermost resolve.
    ///
    /// - Parameter keep: Stores the value where its scope keeps it; returns the shared instance
    ///   it published, which an outermost resolve that fails with handlers unrun drops again.
    func build(
        _ request: ResolutionRequest, resolver: Container, keep: (Service) throws -> PublishedInstance?
    ) throws -> Service {
        let context = request.context
        try context.push(self, resolver: resolver, arguments: request.arguments)
        defer { context.pop() }
        let value = try invoke(request, resolver: resolver)
        if let published = try keep(value) { context.addPublished(published) }
        if hasHandlers { context.addPending(handlers, of: self, resolver: resolver, value: value) }
        return value
    }

    /// Calls the factory; its errors become `ResolutionError`s naming this registration.
    @inline(__always)
    private func invoke(_ request: ResolutionRequest, resolver: Container) throws -> Service {
        do {
            return try make(resolver, request.arguments.tuple)
        } catch {
            throw ResolutionError.thrown(error, by: self, on: request.context)
        }
    }
}

extension AliasRegistration {
    /// Resolves the target key in the requesting container, and checks the instance is one of the
    /// alias's type.
    func resolveTarget(_ request: ResolutionRequest) throws -> Any {
        let context = request.context
        try context.push(self, resolver: request.requester, arguments: request.arguments)
        defer { context.pop() }
        guard let found = request.requester.lookup(target) else {
            throw ResolutionError.aliasTargetMissing(self, on: context)
        }
        let instance = try found.registration.resolveAny(
            request.with(key: target), owner: found.owner ?? request.requester)
        guard isInstance(instance, of: info.serviceType) else {
            throw ResolutionError.typeMismatch(instance, alias: self, on: context)
        }
        return instance
    }
}

/// The type of `value` itself, not of the static type it is held as: what `type(of: value as Any)`
/// gives. For a class type, `type(of:)` reads the object's class where it lies, with neither a
/// box nor a reference taken; for an existential `Value` (`AnyObject`, `any API`) it would give
/// the existential type itself, so those are opened as `Any`.
func dynamicType<Value>(of value: Value) -> Any.Type {
    if Value.self is AnyObject.Type && Value.self != AnyObject.self { return type(of: value) }
    return type(of: value as Any)
}

/// Thrown by a main-actor factory resolved off the main actor; mapped to a `ResolutionError`.
struct MainActorRequired: Error {}
