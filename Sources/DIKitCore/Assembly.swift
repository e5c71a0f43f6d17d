/// A module of registrations: one feature's or one layer's services, registered together.
///
/// ```swift
/// struct NetworkAssembly: Assembly {
///     var dependencies: [any Assembly] { [CoreAssembly()] }
///     func assemble(into container: Container) {
///         container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
///     }
/// }
/// let container = Container(assemblies: [AppAssembly(), NetworkAssembly()])
/// ```
///
/// Dependencies are assembled first. Each assembly type is assembled once per container: the
/// first occurrence wins, later ones (and cycles between dependencies) are skipped. A later
/// assembly's registration of the same key replaces an earlier one.
///
/// Assemblies are `Sendable` so test traits and parallel tests can share them.
public protocol Assembly: Sendable {
    /// Assemblies whose registrations this one needs; assembled before it. Empty by default.
    var dependencies: [any Assembly] { get }

    /// Registers this assembly's services into `container`.
    func assemble(into container: Container)
}

extension Assembly {
    /// No dependencies.
    public var dependencies: [any Assembly] { [] }
}

extension Container {
    /// Creates a container and assembles `assemblies` into it, in order.
    ///
    /// ```swift
    /// let container = Container(assemblies: [AppAssembly(), NetworkAssembly()])
    /// ```
    public convenience init(assemblies: [any Assembly]) {
        self.init()
        assemble(assemblies)
    }

    /// Assembles `assemblies` into this container, in order, each after its dependencies.
    ///
    /// An assembly type already assembled into this container is skipped. Meanwhile, this is the
    /// container DITesting's `injected()` registers a mock into, from inside an assembly.
    public func assemble(_ assemblies: [any Assembly]) {
        Container.$assembling.withValue(self) { assembleInOrder(assemblies) }
    }

    private func assembleInOrder(_ assemblies: [any Assembly]) {
        for assembly in assemblies where registry.markAssembled(type(of: assembly)) {
            assembleInOrder(assembly.dependencies)
            assembly.assemble(into: self)
        }
    }
}
