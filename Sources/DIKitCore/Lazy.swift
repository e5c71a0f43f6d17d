/// A service resolved on first call, then the same instance on every later call.
///
/// Resolve `Lazy<Service>` for any registered `Service` — nothing to register — or take it as a
/// parameter of an initializer registered with
/// `register(_:name:scope:initializer:)`:
///
/// ```swift
/// final class Checkout {
///     private let payments: Lazy<PaymentService>
///     init(payments: Lazy<PaymentService>) { self.payments = payments }
///     func pay() throws { try payments().charge() }   // resolved here, once
/// }
/// let lazy = try container.resolve(Lazy<PaymentService>.self, name: "stripe")
/// ```
///
/// Nothing is resolved until the first call, which breaks a cycle between two initializers. Copies
/// share the instance. Resolving `Lazy<Service>` checks that `Service` is registered, so a missing
/// service fails early, where the graph is wired. The container is held weakly: calling after it
/// is gone throws ``ResolutionError/Kind-swift.enum/containerReleased``.
///
/// A lazy belongs to the resolve that made it: its first call, made later and outside any other
/// resolve, gets that resolve's ``Scope/graph`` instances, while something still holds them —
/// `Lazy<UnitOfWork>` the unit of work of the screen that holds it, `Lazy<Parent>` the parent that
/// holds its child. (Called while another resolve is building, it is part of that one.)
public struct Lazy<Service> {
    private let box: InjectionBox<Service>

    /// The service: resolved on the first call, the same instance after.
    ///
    /// - Throws: ``ResolutionError`` if it cannot be resolved; a failure is not kept, so the next
    ///   call tries again.
    public func callAsFunction() throws -> Service { try box.resolveOnce() }
}

/// A service resolved anew on every call.
///
/// Resolve `Provider<Service>` for any registered `Service`, or take it as an initializer
/// parameter, to make instances on demand:
///
/// ```swift
/// let makeRequest = try container.resolve(Provider<Request>.self)
/// let first = try makeRequest()
/// let second = try makeRequest()   // another instance, for a transient registration
/// ```
///
/// Each call is an outermost resolve of its own: ``Scope/graph`` instances are new on every call.
///
/// The container is held weakly: calling after it is gone throws
/// ``ResolutionError/Kind-swift.enum/containerReleased``.
public struct Provider<Service> {
    private let box: InjectionBox<Service>

    /// A newly resolved service.
    ///
    /// - Throws: ``ResolutionError`` if it cannot be resolved.
    public func callAsFunction() throws -> Service { try box.resolve() }
}

extension Lazy: Sendable where Service: Sendable {}
extension Provider: Sendable where Service: Sendable {}

/// ``Lazy`` and ``Provider``: resolvable for any registered service without a registration.
protocol DeferredResolution {
    static var wrappedType: Any.Type { get }
    init(container: Container, name: String?)
}

extension Lazy: DeferredResolution {
    static var wrappedType: Any.Type { Service.self }
    init(container: Container, name: String?) {
        box = InjectionBox(container: container, name: name, wrapper: .lazy, resolvesOnce: true, weakly: true)
    }
}

extension Provider: DeferredResolution {
    static var wrappedType: Any.Type { Service.self }
    init(container: Container, name: String?) {
        box = InjectionBox(container: container, name: name, wrapper: .provider, resolvesOnce: false, weakly: true)
    }
}
