/// Something that resolves services: a ``Container``, and what every factory receives.
///
/// Factories resolve their dependencies from the resolver they are given, which keeps the whole
/// resolution path in errors and lets child containers and test injectors substitute services:
///
/// ```swift
/// container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
/// ```
///
/// Every form of `resolve` is available on `any Resolver`, with the service type inferred where
/// it can be and `name` defaulting to `nil`.
public protocol Resolver: Sendable {
    /// Resolves the service registered for `type` and `name` that takes no arguments.
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the dependencies cannot be
    ///   resolved, a factory throws, or the graph has a cycle.
    func resolve<Service>(_ type: Service.Type, name: String?) throws -> Service

    /// Resolves the service registered for `type`, `name` and the types of `arguments`, passing
    /// `arguments` to its factory.
    ///
    /// - Throws: ``ResolutionError``; ``ResolutionError/Kind-swift.enum/argumentMismatch`` when the
    ///   service is registered with other argument types.
    func resolve<Service, each Argument>(
        _ type: Service.Type, name: String?, arguments: repeat each Argument
    ) throws -> Service

    /// Resolves every registration of `type` that takes no arguments, whatever its name, in
    /// registration order. Returns an empty array when there is none.
    ///
    /// - Throws: ``ResolutionError`` when any of them fails.
    func resolveAll<Service>(_ type: Service.Type) throws -> [Service]
}

extension Resolver {
    /// Resolves the service registered for `type` (inferred by default) and `name`.
    ///
    /// ```swift
    /// let api: API = try r.resolve()
    /// let dark = try r.resolve(Theme.self, name: "dark")
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        try resolve(type, name: name)
    }

    /// Resolves the service registered for `type`, `name` and the types of `arguments`.
    ///
    /// ```swift
    /// let greeter = try r.resolve(Greeter.self, arguments: "Ada")
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, arguments: repeat each Argument
    ) throws -> Service {
        try resolve(type, name: name, arguments: repeat each arguments)
    }

    /// Resolves every registration of `type` (inferred by default) that takes no arguments.
    ///
    /// - Throws: ``ResolutionError``.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        try resolveAll(type)
    }
}
