/// Builds a container from a list of registrations and assemblies.
///
/// ```swift
/// let container = Container {
///     Register { WidgetModule() as WidgetModuleType }
///     Register(scope: .singleton) { SampleModule() as SampleModuleType }
///     NetworkAssembly()
/// }
/// ```
@resultBuilder
public enum ContainerBuilder {
    /// One piece of a container's content: a ``Register`` or an ``Assembly``.
    public struct Component: Sendable {
        let apply: @Sendable (Container) -> Void
    }

    /// A ``Register`` entry.
    public static func buildExpression<Service>(_ register: Register<Service>) -> [Component] {
        [Component { register.register(into: $0) }]
    }

    /// An ``Assembly``, assembled (with its dependencies) where it appears.
    public static func buildExpression(_ assembly: any Assembly) -> [Component] {
        [Component { $0.assemble([assembly]) }]
    }

    /// The entries of a block, in order.
    public static func buildBlock(_ components: [Component]...) -> [Component] { components.flatMap { $0 } }
    /// The entries of an `if` without `else`, when its condition holds.
    public static func buildOptional(_ component: [Component]?) -> [Component] { component ?? [] }
    /// The entries of an `if`'s first branch.
    public static func buildEither(first component: [Component]) -> [Component] { component }
    /// The entries of an `if`'s second branch.
    public static func buildEither(second component: [Component]) -> [Component] { component }
    /// The entries of a `for` loop.
    public static func buildArray(_ components: [[Component]]) -> [Component] { components.flatMap { $0 } }
}

/// One registration in a ``Container/init(_:)`` builder block.
///
/// ```swift
/// Register(scope: .singleton) { SampleModule() as SampleModuleType }
/// Register(API.self) { r in LiveAPI(http: try r.resolve()) }
/// ```
public struct Register<Service>: Sendable {
    private let type: Service.Type
    private let name: String?
    private let scope: Scope
    private let fileID: String
    private let line: UInt
    private let factory: @Sendable (any Resolver) throws -> Service

    /// A registration whose factory resolves its dependencies from `r`.
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .transient,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (_ r: any Resolver) throws -> Service
    ) {
        self.type = type
        self.name = name
        self.scope = scope
        self.fileID = fileID
        self.line = line
        self.factory = factory
    }

    /// A registration whose factory needs nothing from the container.
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .transient,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) {
        self.init(type, name: name, scope: scope, fileID: fileID, line: line) { _ in try factory() }
    }

    func register(into container: Container) {
        container.register(type, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
    }
}

extension Container {
    /// Creates a container from registrations and assemblies listed in a builder block.
    ///
    /// ```swift
    /// let container = Container {
    ///     Register { WidgetModule() as WidgetModuleType }
    ///     Register(scope: .singleton) { SampleModule() as SampleModuleType }
    /// }
    /// ```
    public convenience init(@ContainerBuilder _ content: () -> [ContainerBuilder.Component]) {
        self.init()
        for component in content() { component.apply(self) }
    }
}
