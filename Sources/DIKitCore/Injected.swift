/// A property resolved from the container on first access, then kept.
///
/// ```swift
/// final class ForecastModel {
///     @Injected var api: API
///     @Injected(name: "dark") var theme: Theme
/// }
/// ```
///
/// The wrapper captures ``Container/shared`` when it is created, so an object built inside
/// `Container.withShared(_:operation:)` or a test injector keeps resolving from that container
/// later, from any thread. Resolution is lazy, which also lets two objects inject each other. A
/// property of an object built by a resolve belongs to that resolve, as a ``Lazy`` does: it gets
/// that resolve's ``Scope/graph`` instances.
///
/// If resolution fails the program stops, with the ``ResolutionError`` description as its
/// message: prefer ``SafelyInjected`` where a missing service is expected, and prove the graph
/// in a test with `DITesting`'s `verifyAssemblies`.
///
/// Works on properties of classes and of `let`-held structs: the storage is a reference, and the
/// getter does not mutate. Concurrent first accesses resolve once.
///
/// In an `@Observable` class, mark the property `@ObservationIgnored`: the macro makes stored
/// properties computed, and a computed property cannot carry a property wrapper.
///
/// An object a container builds never keeps that container alive through its wrappers (the
/// container may keep the object: a singleton), so there the container is held weakly. Anywhere
/// else the wrapper holds the container until it has resolved, then lets it go.
@propertyWrapper
public struct Injected<Service> {
    let box: InjectionBox<Service>
    private let fileID: StaticString
    private let line: UInt

    /// Captures ``Container/shared`` to resolve `type` and `name` from on first access.
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        box = InjectionBox(container: .shared, name: name, wrapper: .injected, resolvesOnce: true)
        self.fileID = fileID
        self.line = line
    }

    /// The resolved service. Stops the program with the resolution error if it cannot be
    /// resolved.
    public var wrappedValue: Service {
        do {
            return try box.resolveOnce()
        } catch {
            fatalError("\(error)", file: fileID, line: line)
        }
    }
}

extension Injected: Sendable where Service: Sendable {}
