extension Container {
    /// Registers a factory for `type`.
    ///
    /// One signature serves every number of runtime arguments (for a factory that takes none,
    /// Swift picks the form without the pack, which behaves the same): the factory receives the
    /// resolver and then the arguments, and the registration is keyed by the service type, the
    /// name and the argument types. Registering the same key again replaces the earlier
    /// registration and drops the instances built from it.
    ///
    /// ```swift
    /// container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
    /// container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
    /// container.register(Theme.self, name: "dark") { _ in DarkTheme() }
    /// container.register(Greeter.self) { (r: any Resolver, name: String) in Greeter(name: name) }
    /// ```
    ///
    /// A `.singleton`, `.weak` or `.graph` registration with arguments keeps one instance per
    /// distinct argument values, which needs every argument type to be `Hashable`; resolving one
    /// whose arguments are not throws ``ResolutionError/Kind-swift.enum/argumentsNotHashable``.
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
    ///   or `onResolved(_:)` handlers.
    @inlinable
    @discardableResult
    public func register<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        let argumentTypes = typeList(repeat (each Argument).self)
        let make: FactoryRegistration<Service>.Make
        if argumentTypes.isEmpty, let empty = Unchecked(()) as? Unchecked<(repeat each Argument)> {
            // An empty pack here comes from generic code or a main-actor factory (a plain
            // `{ _ in … }` takes the form below): the empty tuple is cast once, at registration,
            // rather than from `Any` on every resolve.
            make = { resolver, _ in try factory(resolver, repeat each empty.value) }
        } else {
            make = { resolver, tuple in
                guard let values = tuple as? (repeat each Argument) else { throw ArgumentTupleMismatch() }
                return try factory(resolver, repeat each values)
            }
        }
        return store(
            ServiceKey(type, name: name, arguments: repeat (each Argument).self), type, scope: scope,
            argumentTypes: argumentTypes, fileID: fileID, line: line, make: make,
            isInstance: false, argumentsAreHashable: argumentTypes.allSatisfy { $0 is any Hashable.Type })
    }

    /// Registers a factory for `type` that takes no runtime arguments: the form Swift picks for a
    /// closure that takes only the resolver. It behaves as
    /// ``register(_:name:scope:fileID:line:factory:)-(_,_,_,_,_,(Resolver,Argument)->Service)``
    /// with no arguments, and calls the factory with no argument tuple to unpack.
    ///
    /// ```swift
    /// container.register(API.self, scope: .singleton) { r in LiveAPI(http: try r.resolve()) }
    /// ```
    @inlinable
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> Registration<Service> {
        store(
            ServiceKey(type, name: name), type, scope: scope, argumentTypes: [], fileID: fileID, line: line,
            make: { resolver, _ in try factory(resolver) }, isInstance: false, argumentsAreHashable: true)
    }

    /// Registers `type` built by `initializer`, each of whose parameters is resolved by its type.
    ///
    /// ```swift
    /// container.register(API.self, scope: .singleton, initializer: LiveAPI.init)
    /// // same as: container.register(API.self, scope: .singleton) { r in LiveAPI(http: try r.resolve(), clock: try r.resolve()) }
    /// ```
    ///
    /// Any number of parameters works. An optional parameter is `nil` when its type is not
    /// registered; a `Lazy<Service>` or `Provider<Service>` parameter resolves later, which breaks
    /// a cycle between initializers. A missing dependency throws a ``ResolutionError`` with the
    /// path, `API -> Clock`. Default values do not apply (`LiveAPI.init` takes every parameter): for
    /// `init(http: HTTPClient, retries: Int = 3)`, register a closure that leaves `retries` out.
    /// An array parameter, `[any Tracker]`, is resolved as the array type: for every registered
    /// tracker, register a closure that passes `try r.resolveAll(Tracker.self)`.
    @_disfavoredOverload
    @discardableResult
    public func register<Service, each Dependency>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        initializer: @escaping @Sendable (repeat each Dependency) throws -> Service
    ) -> Registration<Service> {
        register(type, name: name, scope: scope, fileID: fileID, line: line) { (resolver: any Resolver) in
            try initializer(repeat try resolver.resolve((each Dependency).self, name: nil))
        }
    }

    /// Registers a ready instance for `type`: every resolve returns it.
    ///
    /// ```swift
    /// container.register(Logger.self, instance: ConsoleLogger())
    /// ```
    ///
    /// The instance is the registration itself, so test injectors built on this container see it
    /// too. Its scope is recorded as ``Scope/singleton``; `onResolved` handlers do not run for it.
    @inlinable
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        instance: Service,
        fileID: String = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        holdContainerWeakly(in: instance, self)
        let instance = Unchecked(instance)
        return store(
            ServiceKey(type, name: name), type, scope: .singleton, argumentTypes: [], fileID: fileID,
            line: line, make: { _, _ in instance.value }, isInstance: true, argumentsAreHashable: true)
    }

    @inlinable
    func store<Service>(
        _ key: ServiceKey, _ type: Service.Type, scope: Scope, argumentTypes: [Any.Type],
        fileID: String, line: UInt, make: @escaping FactoryRegistration<Service>.Make, isInstance: Bool,
        argumentsAreHashable: Bool
    ) -> Registration<Service> {
        let info = RegistrationInfo(
            key: key, serviceType: Service.self, scope: scope, argumentTypes: argumentTypes, fileID: fileID, line: line,
            aliasOf: nil)
        let registration = insert(key) { sequence, origin in
            FactoryRegistration(
                info: info, sequence: sequence, origin: origin, make: make, isInstance: isInstance,
                argumentsAreHashable: argumentsAreHashable)
        }
        observer?.didRegister(RegistrationHandle(registration))
        return Registration(container: self, registration: registration)
    }

    /// Registers `alias` as another way to resolve the registration `target`.
    func registerAlias(_ alias: Any.Type, name: String?, of target: RegistrationInfo, fileID: String, line: UInt) {
        let key = target.key.with(service: alias, name: name)
        // The registration's own key: it resolves as that type already, and an alias would replace it.
        guard key != target.key else { return }
        let info = RegistrationInfo(
            key: key, serviceType: alias, scope: target.scope, argumentTypes: target.argumentTypes,
            fileID: fileID, line: line, aliasOf: target.serviceType)
        let registration = insert(key) { sequence, origin in
            AliasRegistration(info: info, sequence: sequence, origin: origin, target: target.key)
        }
        observer?.didRegister(RegistrationHandle(registration))
    }

    /// Adds `handler` to the registration `origin` made for `key`, if it is still the one in
    /// effect, and drops the instances built without it.
    func addHandler<Service>(
        _ handler: @escaping @Sendable (any Resolver, Service) throws -> Void, to key: ServiceKey, origin: Int
    ) {
        registry.update(key, origin: origin) { registration in
            (registration as? FactoryRegistration<Service>)?.adding(handler) ?? registration
        }
    }

    /// Stores the registration `make` builds for `key`, replacing the earlier one.
    @usableFromInline
    func insert(_ key: ServiceKey, _ make: (_ sequence: Int, _ origin: Int) -> StoredRegistration)
        -> StoredRegistration
    {
        registry.insert(key, make)
    }
}

/// Thrown (and reported as a DIKit bug) if a factory ever receives arguments of other types than
/// its key says; the key makes that impossible.
@usableFromInline
struct ArgumentTupleMismatch: Error, CustomStringConvertible {
    @usableFromInline init() {}
    @usableFromInline var description: String {
        "DIKit passed arguments of the wrong types to a factory; please report this bug"
    }
}

/// A value that is safe to share because it is never mutated: an empty tuple, a value handed
/// from the main actor to its caller (as every resolve hands instances out), a mock's expected
/// arguments (`DITesting`).
///
/// Safety: `value` is immutable and only read; its users share it as they share the instances and
/// arguments it stands for.
@usableFromInline
package struct Unchecked<Value>: @unchecked Sendable {
    @usableFromInline package let value: Value
    @usableFromInline package init(_ value: Value) { self.value = value }
}
