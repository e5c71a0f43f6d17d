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
///
/// Resolve in the factory, and do not keep the resolver: it is the container, and a `.singleton`
/// that keeps it keeps its container alive (in tests, every test's injector). To resolve later,
/// take a ``Lazy`` or a ``Provider``: made in a factory, they hold the container weakly.
///
/// A type of your own that conforms — a stub for testing a factory, say — implements the three
/// requirements; the shorter forms (`resolve()`, `resolve(name:)`, `resolve(arguments:)`,
/// `resolveAll()`) forward to them.
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
    /// registration order (a replacement in the place of what it replaced). Returns an empty array
    /// when there is none.
    ///
    /// - Throws: ``ResolutionError`` when any of them fails.
    func resolveAll<Service>(_ type: Service.Type) throws -> [Service]
}

// The shorter forms have their own signatures (not default arguments on the requirements'
// signatures), so none of them can silently stand in for a requirement a conformer forgot.
extension Resolver {
    /// Resolves the service registered for `type` (inferred by default) with no name.
    ///
    /// ```swift
    /// let api: API = try r.resolve()
    /// let clock = try r.resolve(Clock.self)
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        try resolve(type, name: nil)
    }

    /// Resolves the service of the inferred type registered under `name`.
    ///
    /// ```swift
    /// let dark: Theme = try r.resolve(name: "dark")
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service>(name: String?) throws -> Service {
        try resolve(Service.self, name: name)
    }

    /// Resolves the service registered for `type` (inferred by default) with no name, passing
    /// `arguments` to its factory.
    ///
    /// ```swift
    /// let greeter = try r.resolve(Greeter.self, arguments: "Ada")
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self, arguments: repeat each Argument
    ) throws -> Service {
        try resolve(type, name: nil, arguments: repeat each arguments)
    }

    /// Resolves the service of the inferred type registered under `name`, passing `arguments` to
    /// its factory.
    ///
    /// - Throws: ``ResolutionError``.
    public func resolve<Service, each Argument>(name: String?, arguments: repeat each Argument) throws -> Service {
        try resolve(Service.self, name: name, arguments: repeat each arguments)
    }

    /// Resolves every registration of the inferred type that takes no arguments.
    ///
    /// ```swift
    /// let trackers: [AnalyticsTracker] = try r.resolveAll()
    /// ```
    ///
    /// - Throws: ``ResolutionError``.
    public func resolveAll<Service>() throws -> [Service] {
        try resolveAll(Service.self)
    }
}
