extension Container {
    /// Resolves the service registered for `type` (inferred by default) and `name`.
    ///
    /// ```swift
    /// let api = try container.resolve(API.self)
    /// let theme: Theme = try container.resolve(name: "dark")
    /// ```
    ///
    /// - Throws: ``ResolutionError`` naming the whole resolution path when nothing is registered,
    ///   a dependency is missing, a factory throws, or the graph has a cycle.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        let key = ServiceKey(type, name: name, arguments: Void.self)
        if resolutionObserver == nil, let instance = cachedSingleton(key, as: type) { return instance }
        return try withUnsafePointer(to: ()) { arguments in
            try resolve(key, as: type, arguments: UnsafeRawPointer(arguments), argumentTypes: { [] })
        }
    }

    /// Resolves the service registered for `type`, `name` and the types of `arguments`, passing
    /// `arguments` to its factory.
    ///
    /// ```swift
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada")
    /// ```
    ///
    /// - Throws: ``ResolutionError``; ``ResolutionError/Kind-swift.enum/argumentMismatch`` when
    ///   the service is registered with other argument types.
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, arguments: repeat each Argument
    ) throws -> Service {
        let key = ServiceKey(type, name: name, arguments: (repeat each Argument).self)
        return try withUnsafePointer(to: (repeat each arguments)) { pointer in
            try resolve(
                key, as: type, arguments: UnsafeRawPointer(pointer),
                argumentTypes: { argumentTypeList(repeat (each Argument).self) })
        }
    }

    /// Resolves every registration of `type` (inferred by default) that takes no arguments,
    /// whatever its name, in registration order; an empty array when there is none.
    ///
    /// ```swift
    /// let trackers: [AnalyticsTracker] = try container.resolveAll()
    /// ```
    ///
    /// - Throws: ``ResolutionError`` from the first registration that fails.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        let service = ObjectIdentifier(type)
        return try allEntries()
            .filter { $0.key.service == service && !$0.key.takesArguments }
            .map { try resolve(type, name: $0.key.name) }
    }

    /// Resolves a registration that takes no arguments, as `Any`, for `DITesting`'s verifier.
    package func resolveErased(_ key: ServiceKey, serviceType: Any.Type) throws -> Any {
        try withUnsafePointer(to: ()) { arguments in
            try resolveErased(
                key, serviceType: serviceType, arguments: UnsafeRawPointer(arguments), argumentTypes: { [] })
        }
    }

    private func resolveErased(
        _ key: ServiceKey, serviceType: Any.Type, arguments: UnsafeRawPointer, argumentTypes: () -> [Any.Type]
    ) throws -> Any {
        try resolve(key, serviceType: serviceType, argumentTypes: argumentTypes) { entry, stack in
            try entry.resolveErased(from: self, arguments: arguments, stack: stack)
        }
    }

    private func resolve<Service>(
        _ key: ServiceKey, as type: Service.Type, arguments: UnsafeRawPointer, argumentTypes: () -> [Any.Type]
    ) throws -> Service {
        let resolveOptional = { () throws -> Service? in
            // `let clock: Clock? = try r.resolve()`: resolve the wrapped type, `nil` if unregistered.
            guard let optional = type as? any OptionalService.Type else { return nil }
            let wrappedKey = ServiceKey(
                service: ObjectIdentifier(optional.wrappedType), name: key.name, arguments: key.arguments)
            guard self.entry(for: wrappedKey) != nil else { return .some(optional.empty as! Service) }
            let wrapped = try self.resolveErased(
                wrappedKey, serviceType: optional.wrappedType, arguments: arguments, argumentTypes: argumentTypes)
            return .some(optional.wrapping(wrapped) as! Service)
        }
        return try resolve(key, serviceType: type, argumentTypes: argumentTypes, ifMissing: resolveOptional) {
            entry, stack in
            // Safe: an entry stored under a key for `Service` is an `Entry<Service>`, or an
            // `AliasEntry<Service>` when it has `aliasOf`.
            if entry.info.aliasOf == nil {
                try unsafeDowncast(entry, to: Entry<Service>.self)
                    .resolve(from: self, arguments: arguments, stack: stack)
            } else {
                try unsafeDowncast(entry, to: AliasEntry<Service>.self)
                    .resolve(from: self, arguments: arguments, stack: stack)
            }
        }
    }

    /// Looks `key` up, runs `body` on the entry, and tells the observer.
    /// `ifMissing` may answer for a key with no entry (for optionals); `nil` means "not registered".
    private func resolve<Result>(
        _ key: ServiceKey, serviceType: Any.Type, argumentTypes: () -> [Any.Type],
        ifMissing: () throws -> Result? = { nil },
        body: (AnyEntry, ResolutionStack) throws -> Result
    ) throws -> Result {
        let stack = ResolutionStack.current
        resolutionObserver?.willResolve(serviceType, name: key.name)
        guard let entry = entry(for: key) else {
            if let answer = try ifMissing() { return answer }
            let error = ResolutionError.missing(
                key, type: serviceType, argumentTypes: argumentTypes(), in: self, on: stack)
            report(serviceType, key, entry: nil, path: error.path, error: error)
            throw error
        }
        do {
            let result = try body(entry, stack)
            if resolutionObserver != nil {
                report(serviceType, key, entry: entry, path: stack.path + [entry.serviceDescription], error: nil)
            }
            return result
        } catch let error as ResolutionError {
            report(serviceType, key, entry: entry, path: error.path, error: error)
            throw error
        }
    }

    private func report(_ type: Any.Type, _ key: ServiceKey, entry: AnyEntry?, path: [String], error: ResolutionError?)
    {
        guard let resolutionObserver else { return }
        resolutionObserver.didResolve(
            ResolutionEvent(
                serviceType: type, name: key.name, path: path, registration: entry?.info,
                isInherited: entry?.isInherited ?? false, error: error))
    }
}
