extension Container {
    /// Registers a factory for `type`.
    ///
    /// One signature serves every number of runtime arguments: the factory receives the resolver
    /// and then the arguments, and the registration is keyed by the service type, the name and
    /// the argument types. Registering the same key again replaces the earlier registration.
    ///
    /// ```swift
    /// container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
    /// container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
    /// container.register(Theme.self, name: "dark") { _ in DarkTheme() }
    /// container.register(Greeter.self) { (r: any Resolver, name: String) in Greeter(name: name) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to resolve the service as, often a protocol.
    ///   - name: Tells apart several registrations of one type; `nil` by default.
    ///   - scope: How long instances live; ``Scope/transient`` by default.
    ///   - fileID: Where the registration is made; recorded for errors and `DITesting`.
    ///   - line: Where the registration is made.
    ///   - factory: Builds the service. It may throw, and may resolve other services from the
    ///     resolver it receives; it runs with no lock held.
    /// - Returns: The registration, to add aliases (``Registration/implements(_:name:fileID:line:)``)
    ///   or an ``Registration/onResolved(_:)`` handler.
    @discardableResult
    public func register<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        let key = ServiceKey(type, name: name, arguments: (repeat each Argument).self)
        let info = EntryInfo(
            key: key, serviceType: type, name: name, scope: scope,
            argumentTypes: argumentTypeList(repeat (each Argument).self),
            fileID: fileID, line: line, aliasOf: nil)
        let invoke: Entry<Service>.Invoke
        if key.takesArguments {
            invoke = { resolver, arguments in
                // Safe: the key includes the argument types, so `arguments` points at this tuple type.
                let values = arguments.assumingMemoryBound(to: (repeat each Argument).self).pointee
                return try factory(resolver, repeat each values)
            }
        } else {
            // No arguments: the empty tuple is made once here, not read from `arguments` (and its
            // type instantiated) on every call.
            // Safety: an empty tuple holds no state to share.
            nonisolated(unsafe) let none = unsafeBitCast((), to: (repeat each Argument).self)
            invoke = { resolver, _ in try factory(resolver, repeat each none) }
        }
        let entry = insert(key) { sequence in
            Entry(key: key, info: info, sequence: sequence, isInherited: false, owner: self, invoke: invoke)
        }
        return Registration(container: self, entry: entry)
    }

    /// Registers a ready instance for `type`: every resolve returns it.
    ///
    /// ```swift
    /// container.register(Logger.self, instance: ConsoleLogger())
    /// ```
    ///
    /// The instance is the registration itself, so test injectors built on this container see it
    /// too. Its scope is recorded as ``Scope/singleton``; `onResolved` handlers do not run for it.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        instance: Service,
        fileID: String = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        let key = ServiceKey(type, name: name)
        let info = EntryInfo(
            key: key, serviceType: type, name: name, scope: .singleton, argumentTypes: [],
            fileID: fileID, line: line, aliasOf: nil)
        let entry = insert(key) { sequence in
            Entry(
                key: key, info: info, sequence: sequence, isInherited: false, owner: self, invoke: nil,
                instance: instance)
        }
        return Registration(container: self, entry: entry)
    }

    /// Registers `alias` as another way to resolve `entry`.
    func registerAlias<Alias>(_ alias: Alias.Type, name: String?, of entry: AnyEntry, fileID: String, line: UInt) {
        let key = ServiceKey(service: ObjectIdentifier(alias), name: name, arguments: entry.key.arguments)
        let info = EntryInfo(
            key: key, serviceType: alias, name: name, scope: entry.info.scope,
            argumentTypes: entry.info.argumentTypes, fileID: fileID, line: line, aliasOf: entry.info.serviceType)
        _ = insert(key) { sequence in
            AliasEntry<Alias>(
                key: key, info: info, target: entry.key, sequence: sequence, isInherited: false, owner: self)
        }
    }
}
