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
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        let key = ServiceKey(type, name: name)
        var entry: AnyEntry?
        if let instance = cachedSingleton(key, as: type, entry: &entry) { return instance }
        return try resolveUncached(key, as: type, entry: entry)
    }

    /// The slow path: a result slot for `Service`, filled by the library's non-generic core. When
    /// inlined, it is specialized in the caller and needs no generic metadata.
    @inlinable
    final func resolveUncached<Service>(
        _ key: ServiceKey, as type: Service.Type, entry: AnyEntry? = nil, arguments: UnsafeRawPointer? = nil,
        argumentTypes: () -> [Any.Type] = { [] }
    ) throws -> Service {
        try withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { slot in
            let result = slot.baseAddress.unsafelyUnwrapped
            try resolve(
                key, serviceType: type, into: UnsafeMutableRawPointer(result), arguments: arguments,
                argumentTypes: argumentTypes, entry: entry)
            return result.move()
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
            try resolveUncached(
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
        try resolveErased(key, serviceType: serviceType, arguments: nil, argumentTypes: { [] })
    }

    private func resolveErased(
        _ key: ServiceKey, serviceType: Any.Type, arguments: UnsafeRawPointer?, argumentTypes: () -> [Any.Type]
    ) throws -> Any {
        func resolve<Service>(_ type: Service.Type) throws -> Any {
            try resolveUncached(key, as: type, arguments: arguments, argumentTypes: argumentTypes)
        }
        return try resolve(serviceType)
    }

    /// The non-generic core of every `resolve`: looks `key` up, resolves the entry into `result`
    /// (uninitialized memory for `serviceType`), and tells the observer. `arguments` points at the
    /// tuple of the key's argument types; `nil` means none.
    /// `entry`, when given, is this container's entry for `key`, already looked up.
    @usableFromInline
    final func resolve(
        _ key: ServiceKey, serviceType: Any.Type, into result: UnsafeMutableRawPointer, arguments: UnsafeRawPointer?,
        argumentTypes: () -> [Any.Type] = { [] }, entry found: AnyEntry? = nil
    ) throws {
        let arguments = arguments ?? noArguments
        let stack = ResolutionStack.current
        resolutionObserver?.willResolve(serviceType, name: key.name)
        guard let entry = found ?? entry(for: key) else {
            if try resolveOptional(key, serviceType: serviceType, into: result, arguments: arguments, argumentTypes) {
                return
            }
            let error = ResolutionError.missing(
                key, type: serviceType, argumentTypes: argumentTypes(), in: self, on: stack)
            report(serviceType, key, entry: nil, path: error.path, error: error)
            throw error
        }
        do {
            try entry.resolve(into: result, from: self, arguments: arguments, stack: stack)
            if resolutionObserver != nil {
                report(serviceType, key, entry: entry, path: stack.path + [entry.serviceDescription], error: nil)
            }
        } catch let error as ResolutionError {
            report(serviceType, key, entry: entry, path: error.path, error: error)
            throw error
        }
    }

    /// `let clock: Clock? = try r.resolve()` with no `Clock?` registration: resolves `Clock`, or
    /// `nil` when `Clock` is not registered either. `false` when `serviceType` is not optional.
    private func resolveOptional(
        _ key: ServiceKey, serviceType: Any.Type, into result: UnsafeMutableRawPointer, arguments: UnsafeRawPointer,
        _ argumentTypes: () -> [Any.Type]
    ) throws -> Bool {
        guard let optional = serviceType as? any OptionalService.Type else { return false }
        let wrappedKey = ServiceKey(
            service: ObjectIdentifier(optional.wrappedType), name: key.name, arguments: key.arguments)
        func store<Wrapped: OptionalService>(_ type: Wrapped.Type) throws {
            guard entry(for: wrappedKey) != nil else {
                result.initializeMemory(as: Wrapped.self, to: Wrapped.empty)
                return
            }
            let wrapped = try resolveErased(
                wrappedKey, serviceType: Wrapped.wrappedType, arguments: arguments, argumentTypes: argumentTypes)
            result.initializeMemory(as: Wrapped.self, to: Wrapped.wrapping(wrapped))
        }
        try store(optional)
        return true
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

/// What `arguments` points at when a registration takes none: a non-null, aligned address. The
/// factory reads a `()` from it, which has no bytes, so nothing is ever loaded.
private var noArguments: UnsafeRawPointer { UnsafeRawPointer(bitPattern: MemoryLayout<()>.alignment).unsafelyUnwrapped }
