/// A registration as a container stores it: an immutable value, shared by a container's table and
/// every test-injector snapshot taken of it. Instances never live here; they live in the
/// ``InstanceTable`` of the container that owns the registration.
///
/// A subclass per kind: ``FactoryRegistration`` builds (or holds) a `Service`; ``AliasRegistration``
/// resolves another key and casts.
///
/// Safety: every stored property is immutable; closures are `@Sendable`; a registered instance is
/// handed out as it is, as every DI container does.
@usableFromInline
class StoredRegistration: @unchecked Sendable {
    let info: RegistrationInfo
    /// Position in registration order within its table; kept when the key is registered again.
    let sequence: Int
    /// Identifies the `register` call this registration came from, across `onResolved` updates.
    let origin: Int
    /// For a ``FactoryRegistration`` of `Service`, `ObjectIdentifier(Service.self)`; `nil` for
    /// an alias. Lets ``factory(of:)`` check the type without a generic cast.
    let factoryService: ObjectIdentifier?

    init(info: RegistrationInfo, sequence: Int, origin: Int, factoryService: ObjectIdentifier?) {
        self.info = info
        self.sequence = sequence
        self.origin = origin
        self.factoryService = factoryService
    }

    /// The instance a registration of one (`register(_:name:instance:)`) returns, else `nil`;
    /// `resolver` is only passed through.
    func registeredInstance(_ resolver: Container) -> Any? { nil }

    /// Resolves this registration as `Any`: the path for aliases and erased resolution.
    func resolveAny(_ request: ResolutionRequest, owner: Container) throws -> Any {
        preconditionFailure("\(Self.self) must override resolveAny(_:owner:)")
    }
}

/// A registration built by a factory, or holding a ready instance.
@usableFromInline
// Safety: as for `StoredRegistration`; `make` and `handlers` are immutable `@Sendable` closures.
final class FactoryRegistration<Service>: StoredRegistration, @unchecked Sendable {
    /// Calls the user's factory with the resolver and the arguments tuple.
    @usableFromInline typealias Make = @Sendable (any Resolver, Any) throws -> Service
    /// An `onResolved` handler, given the instance as `Any`: a non-generic function type, so that
    /// making and releasing a registration instantiates no metadata for it (in generic code, the
    /// `[Handler]` of a generic function type would be looked up at run time).
    @usableFromInline typealias Handler = @Sendable (any Resolver, Any) throws -> Void

    /// The factory; for a registered instance, a closure that returns it. Not optional: reading
    /// an optional function of a generic type instantiates its metadata on every resolve.
    let make: Make
    /// Whether this registers a ready instance: `make` returns it, nothing is cached, no handler
    /// runs.
    let isInstance: Bool
    /// `onResolved` handlers, in the order they were added.
    let handlers: [Handler]
    /// Whether `handlers` has any: read on every build without touching the array's type.
    let hasHandlers: Bool
    /// Whether every argument type is `Hashable`, which cached scopes with arguments need.
    let argumentsAreHashable: Bool

    @usableFromInline
    init(
        info: RegistrationInfo, sequence: Int, origin: Int, make: @escaping Make, isInstance: Bool,
        handlers: [Handler] = [], argumentsAreHashable: Bool = true
    ) {
        self.make = make
        self.isInstance = isInstance
        self.handlers = handlers
        self.hasHandlers = !handlers.isEmpty
        self.argumentsAreHashable = argumentsAreHashable
        super.init(info: info, sequence: sequence, origin: origin, factoryService: ObjectIdentifier(Service.self))
    }

    /// The same registration with `handler` added after the existing ones.
    func adding(_ handler: @escaping @Sendable (any Resolver, Service) throws -> Void) -> FactoryRegistration {
        let erased: Handler = { resolver, value in
            // Always a `Service`: `FactoryRegistration<Service>` passes the instances it builds.
            if let value = value as? Service { try handler(resolver, value) }
        }
        return FactoryRegistration(
            info: info, sequence: sequence, origin: origin, make: make, isInstance: isInstance,
            handlers: handlers + [erased], argumentsAreHashable: argumentsAreHashable)
    }

    override func resolveAny(_ request: ResolutionRequest, owner: Container) throws -> Any {
        try resolve(request, owner: owner)
    }

    /// An instance registration's factory returns its instance and does nothing else.
    override func registeredInstance(_ resolver: Container) -> Any? {
        isInstance ? try? make(resolver, ()) : nil
    }

}

/// An `implements` registration: resolves the target key in the requesting container and casts.
///
/// The target is looked up on every resolve, so an alias follows a replaced registration and, in
/// a test injector, reaches the injector's override.
// Safety: as for `StoredRegistration`; `target` is an immutable key.
final class AliasRegistration: StoredRegistration, @unchecked Sendable {
    let target: ServiceKey

    init(info: RegistrationInfo, sequence: Int, origin: Int, target: ServiceKey) {
        self.target = target
        super.init(info: info, sequence: sequence, origin: origin, factoryService: nil)
    }

    override func resolveAny(_ request: ResolutionRequest, owner: Container) throws -> Any {
        try resolveTarget(request)
    }

}

/// Whether `value` can be cast to `type`.
func isInstance(_ value: Any, of type: Any.Type) -> Bool {
    func check<T>(_: T.Type) -> Bool { value is T }
    return check(type)
}
