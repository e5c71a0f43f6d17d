// How a container answers one `resolve` call: the request, the observer, what has no registration.

extension Container {
    /// Resolves `key` as `Service` with `arguments`: the one path every `resolve` takes once the
    /// hot path has missed. Tells the observer, and, for the outermost call on this thread, runs
    /// the deferred `onResolved` handlers and then lets the graph go. `registration`, when given,
    /// is this container's own registration for `key`, already looked up.
    ///
    /// Inlined down to the factory call: a nested resolve runs unspecialized (through the
    /// `any Resolver` witness), where each call layer would hand its generic result back through
    /// memory with value-witness calls.
    @inline(__always)
    func resolve<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, argumentTypes: () -> [Any.Type],
        registration: StoredRegistration? = nil
    ) throws -> Service {
        let context = ResolutionContext.current
        let isOutermost = context.enter()
        defer { context.leave() }
        do {
            if observesResolutions {
                return try resolveObserved(key, as: type, arguments: arguments, argumentTypes, context, isOutermost)
            }
            let value: Service
            if registration != nil {
                // Unwrapped in place, not bound with `if let`, which copies it: one more retain and release.
                value = try resolve(registration!, owner: self, as: type, arguments: arguments, context)
            } else if let found = lookup(key) {
                value = try resolve(
                    found.registration, owner: found.owner ?? self, as: type, arguments: arguments, context)
            } else {
                value = try resolveUnregistered(key, as: type, arguments: arguments, argumentTypes, context)
            }
            if isOutermost { try context.runPendingHandlers() }
            return value
        } catch {
            // A failed resolve leaves no shared instance cached whose handlers never ran.
            if isOutermost { context.abandonPending() }
            throw error
        }
    }

    /// ``resolve(_:as:arguments:argumentTypes:)`` for a container with an observer: tells it
    /// what is resolved, and how it ended.
    @inline(never)
    private func resolveObserved<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: Arguments, _ argumentTypes: () -> [Any.Type],
        _ context: ResolutionContext, _ isOutermost: Bool
    ) throws -> Service {
        // Three constants, not the optional tuple `lookup` returns: each use of a tuple field
        // through the optional copies it, one retain and release per reference.
        let registration: StoredRegistration?
        let owner: Container?
        let isInherited: Bool
        if let found = lookup(key) {
            (registration, owner, isInherited) = found
        } else {
            (registration, owner, isInherited) = (nil, nil, false)
        }
        let observer = observer
        observer?.willResolve(type, name: key.name, registration: registration)
        do {
            let value: Service
            // Unwrapped in place: `if let` copies the reference, and `owner ?? self` would take
            // one to `self`, which this call holds already.
            if case .none = registration {
                value = try resolveUnregistered(key, as: type, arguments: arguments, argumentTypes, context)
            } else if let owner {
                value = try resolve(registration!, owner: owner, as: type, arguments: arguments, context)
            } else {
                value = try resolve(registration!, owner: self, as: type, arguments: arguments, context)
            }
            if isOutermost { try context.runPendingHandlers() }
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: key.name, trail: isOutermost ? [] : context.registrations, failedPath: nil,
                    answeredBy: consume registration, isInherited: isInherited, instanceType: dynamicType(of: value)))
            return value
        } catch let error as ResolutionError {
            observer?.didResolve(
                ResolutionEvent(
                    serviceType: type, name: key.name, trail: [], failedPath: error.path, answeredBy: registration,
                    isInherited: isInherited, instanceType: nil))
            throw error
        }
    }

    @inline(__always)
    private func resolve<Service>(
        _ registration: StoredRegistration, owner: Container, as type: Service.Type, arguments: Arguments,
        _ context: ResolutionContext
    ) throws -> Service {
        if let factory = registration.factory(of: Service.self) {
            return try factory.resolve(requester: self, owner: owner, arguments: arguments, context: context)
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

    func cast<Service>(_ value: Any, _ context: ResolutionContext) throws -> Service {
        guard let service = value as? Service else {
            throw ResolutionError.internalInconsistency("\(Swift.type(of: value)) is not \(Service.self)", on: context)
        }
        return service
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
