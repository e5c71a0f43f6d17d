import DIKitCore
import Swinject

// The systems under test, set up once here so that the timed benchmarks and the instruction
// counts measure the same registrations.

/// A DIKit container with `Leaf` (a singleton, also named "named"), `Twig` (transient) and the
/// transient graph `Top(Middle(Twig))`.
public func makeDIKitContainer() -> DIKitCore.Container {
    let container = DIKitCore.Container()
    container.register(Leaf.self, scope: .singleton) { _ in Leaf() }
    container.register(Twig.self) { _ in Twig() }
    container.register(Leaf.self, name: "named", scope: .singleton) { _ in Leaf() }
    container.register(Middle.self) { r in Middle(twig: try r.resolve()) }
    container.register(Top.self) { r in Top(middle: try r.resolve()) }
    return container
}

/// The same registrations in a Swinject container.
public func makeSwinjectContainer() -> Swinject.Container {
    let container = Swinject.Container()
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.container)
    container.register(Twig.self) { _ in Twig() }.inObjectScope(.transient)
    container.register(Leaf.self, name: "named") { _ in Leaf() }.inObjectScope(.container)
    container.register(Middle.self) { r in Middle(twig: r.resolve(Twig.self)!) }.inObjectScope(.transient)
    container.register(Top.self) { r in Top(middle: r.resolve(Middle.self)!) }.inObjectScope(.transient)
    return container
}

/// The hand-written baseline: a `Leaf` instance and factories for the graph.
public func makeBaselineContainer() -> BaselineContainer {
    let container = BaselineContainer()
    container.store(Leaf())
    container.store(Twig.self) { _ in Twig() }
    container.store(Middle.self) { Middle(twig: $0.make(Twig.self)) }
    container.store(Top.self) { Top(middle: $0.make(Middle.self)) }
    return container
}
