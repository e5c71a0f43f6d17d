// The main-actor spelling of every registration form, for services isolated to the main actor
// (view models, coordinators) and for targets whose code is main-actor by default
// (`.defaultIsolation(MainActor.self)`, the default of new Xcode 26 app targets).

extension Container {
    /// Registers a factory that runs on the main actor, with any number of runtime arguments.
    ///
    /// ```swift
    /// container.register(ProfileModel.self) { @MainActor _ in ProfileModel() }
    /// container.register(Detail.self) { @MainActor (r: any Resolver, id: Int) in Detail(id: id) }
    /// let detail = try container.resolve(Detail.self, arguments: 42)   // on the main actor
    /// ```
    ///
    /// Resolve it from the main actor. Resolved from anywhere else, it throws
    /// ``ResolutionError/Kind-swift.enum/mainActorRequired`` instead of running the factory. Write
    /// `@MainActor` on the closure: a plain closure chooses the nonisolated
    /// ``register(_:name:scope:fileID:line:factory:)-(_,_,_,_,_,(Resolver,Argument)->Service)``,
    /// even in main-actor code.
    @discardableResult
    public func register<Service, each Argument, Failure: Error>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws(Failure) -> Service
    ) -> Registration<Service> {
        register(type, name: name, scope: scope, fileID: fileID, line: line) {
            (resolver: any Resolver, argument: repeat each Argument) in
            let sent = Unchecked((resolver: resolver, arguments: (repeat each argument)))
            return try onMainActor {
                let values = sent.value.arguments
                return try factory(sent.value.resolver, repeat each values)
            }
        }
    }

    /// Registers `type` built on the main actor by `initializer`, each of whose parameters is
    /// resolved by its type: for a main-actor type's initializer.
    ///
    /// ```swift
    /// container.register(Coordinator.self, initializer: Coordinator.init)   // Coordinator is @MainActor
    /// ```
    ///
    /// Resolved off the main actor, it throws ``ResolutionError/Kind-swift.enum/mainActorRequired``.
    @_disfavoredOverload
    @discardableResult
    public func register<Service, each Dependency, Failure: Error>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .transient,
        fileID: String = #fileID,
        line: UInt = #line,
        initializer: @escaping @MainActor @Sendable (repeat each Dependency) throws(Failure) -> Service
    ) -> Registration<Service> {
        register(type, name: name, scope: scope, fileID: fileID, line: line) { (resolver: any Resolver) in
            let dependencies = Unchecked((repeat try resolver.resolve((each Dependency).self, name: nil)))
            return try onMainActor {
                let values = dependencies.value
                return try initializer(repeat each values)
            }
        }
    }
}

extension Registration {
    /// Adds `handler`, run on the main actor with the resolver and each instance this
    /// registration builds: for main-actor services' property injection.
    ///
    /// ```swift
    /// container.register(Coordinator.self) { @MainActor _ in Coordinator() }
    ///     .onResolved { @MainActor r, coordinator in coordinator.title = "Home" }
    /// ```
    ///
    /// Resolved off the main actor, the resolve throws
    /// ``ResolutionError/Kind-swift.enum/mainActorRequired``.
    @discardableResult
    public func onResolved<Failure: Error>(
        _ handler: @escaping @MainActor @Sendable (any Resolver, Service) throws(Failure) -> Void
    ) -> Registration<Service> {
        onResolved { (resolver: any Resolver, service: Service) in
            let service = Unchecked(service)
            try onMainActor { try handler(resolver, service.value) }
        }
    }
}

extension Register {
    /// Registers a factory that runs on the main actor and receives the resolver.
    ///
    /// ```swift
    /// Register { @MainActor r in Router(api: try r.resolve()) }
    /// ```
    public init<Failure: Error>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .transient,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @MainActor @Sendable (_ r: any Resolver) throws(Failure) -> Service
    ) {
        self.init(type, name: name, scope: scope, fileID: fileID, line: line) { (resolver: any Resolver) in
            try onMainActor { try factory(resolver) }
        }
    }

    /// Registers a factory that runs on the main actor.
    ///
    /// ```swift
    /// Register { @MainActor in Router() }
    /// ```
    public init<Failure: Error>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .transient,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @MainActor @Sendable () throws(Failure) -> Service
    ) {
        self.init(type, name: name, scope: scope, fileID: fileID, line: line) { (_: any Resolver) in
            try onMainActor { try factory() }
        }
    }
}

/// Runs `body` on the main actor, which the caller must be on: otherwise throws
/// `MainActorRequired`, which the resolve reports as
/// ``ResolutionError/Kind-swift.enum/mainActorRequired``.
func onMainActor<Result>(_ body: @MainActor () throws -> Result) throws -> Result {
    guard MainActorCheck.isRunningOnMainActor else { throw MainActorRequired() }
    return try MainActor.assumeIsolated { Unchecked(try body()) }.value
}
