import DIKitCore
import Swinject

/// A service of the large scenarios.
///
/// Distinct types come from generic composition rather than generated source: `Zero<One<End>>`
/// and `One<Zero<End>>` are different types, so ten levels of `Zero`/`One` give 1,024 distinct
/// types from three declarations, made at run time.
public protocol FixtureService: AnyObject, Sendable {
    init()
}

/// The innermost type of every composition.
public final class End: FixtureService {
    public init() {}
}

/// A `0` digit of a composed type.
public final class Zero<Next: FixtureService>: FixtureService {
    public init() {}
}

/// A `1` digit of a composed type.
public final class One<Next: FixtureService>: FixtureService {
    public init() {}
}

/// The service the `large` scenario resolves: one of the 1,024 (binary 1000011111).
public typealias SampleService = One<Zero<Zero<Zero<Zero<One<One<One<One<One<End>>>>>>>>>>

/// 1,024 distinct service types, in a fixed order.
public let allServiceTypes: [any FixtureService.Type] = {
    var types: [any FixtureService.Type] = []
    func compose<Inner: FixtureService>(_: Inner.Type, depth: Int) {
        guard depth > 0 else { return types.append(Inner.self) }
        compose(Zero<Inner>.self, depth: depth - 1)
        compose(One<Inner>.self, depth: depth - 1)
    }
    compose(End.self, depth: 10)
    return types
}()

/// Registers the first `count` types in `container`, each a transient built by its initializer.
public func registerServices(_ count: Int, in container: DIKitCore.Container) {
    func register<Service: FixtureService>(_ type: Service.Type) { container.register(type) { _ in Service() } }
    for type in allServiceTypes.prefix(count) { register(type) }
}

/// Registers the first `count` types in `container`, each a transient built by its initializer.
public func registerServices(_ count: Int, in container: Swinject.Container) {
    func register<Service: FixtureService>(_ type: Service.Type) { container.register(type) { _ in Service() } }
    for type in allServiceTypes.prefix(count) { register(type) }
}

/// One instance of each of the first `count` types.
public func makeServices(_ count: Int) -> [AnyObject] { allServiceTypes.prefix(count).map { $0.init() } }

/// Resolves each of the first `count` types once.
public func resolveServices(_ count: Int, from container: DIKitCore.Container) throws {
    func resolve<Service: FixtureService>(_ type: Service.Type) throws { _ = try container.resolve(type) }
    for type in allServiceTypes.prefix(count) { try resolve(type) }
}
