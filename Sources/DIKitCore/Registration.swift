/// A registration just made, to extend with aliases and `onResolved` handlers.
///
/// ```swift
/// container.register(UserStore.self, scope: .singleton) { _ in DiskUserStore() }
///     .implements(UserReading.self)
///     .onResolved { r, store in store.clock = try r.resolve(Clock.self) }
/// ```
public struct Registration<Service>: Sendable {
    let container: Container
    /// The registration this handle's `register` call stored.
    let registration: StoredRegistration

    @usableFromInline
    init(container: Container, registration: StoredRegistration) {
        self.container = container
        self.registration = registration
    }

    /// Makes the same registration resolvable as `type` too.
    ///
    /// Resolving `type` resolves this registration's service, name and argument types (same
    /// scope, same instance for singletons) and casts it. It follows that key, not this
    /// registration: a later registration that replaces it answers, and so does one that overrides
    /// it in a child container or test injector resolving `type` — override the service, and its
    /// aliases follow. Swift cannot check conformance here, so an instance
    /// that does not conform to `type` throws ``ResolutionError/Kind-swift.enum/typeMismatch``
    /// when resolved; `DITesting`'s `verifyAssemblies` finds those in a test. The registration's own
    /// type and name add nothing.
    ///
    /// - Parameters:
    ///   - type: The other type, usually a protocol the service conforms to.
    ///   - name: The name to register `type` under; `nil` by default.
    ///   - fileID: Where the alias is declared; recorded for errors and `DITesting`.
    ///   - line: Where the alias is declared.
    @discardableResult
    public func implements<Alias>(
        _ type: Alias.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) -> Registration<Service> {
        container.registerAlias(Alias.self, name: name, of: registration.info, fileID: fileID, line: line)
        return self
    }

    /// Adds `handler`, run with the resolver and each instance this registration builds.
    ///
    /// Use it for property injection and for cycles. Handlers run after the outermost `resolve`
    /// has built its whole graph, in the order the instances were built, still inside that
    /// graph — so every instance on a cycle exists before any handler needs it, whichever side is
    /// resolved first, and a `.graph` instance a handler resolves is the graph's own. This is
    /// Swinject's `initCompleted`.
    ///
    /// ```swift
    /// container.register(Parent.self, scope: .singleton) { r in Parent(child: try r.resolve()) }
    /// container.register(Child.self, scope: .singleton) { _ in Child() }
    ///     .onResolved { r, child in child.parent = try r.resolve(Parent.self) }
    /// ```
    ///
    /// Every handler added runs, in the order added. If one throws, the outermost resolve fails
    /// with ``ResolutionError/Kind-swift.enum/factoryFailed``. A resolve that fails before all its
    /// handlers have run, in a handler or in a factory, keeps none of the shared instances it
    /// built: any of them may be, or hold, an instance whose handlers did not run. Other threads
    /// may receive a shared instance before its handlers finish.
    /// Handlers do not run for a registered instance (``Container/register(_:name:instance:fileID:line:)``).
    /// Handlers that would run without end — a transient whose handler resolves its own type, so
    /// that each new instance's handler resolves another — fail the outermost resolve with
    /// ``ResolutionError/Kind-swift.enum/circularDependency`` instead.
    ///
    /// Call it as part of registering: the handler becomes part of the registration, and a shared
    /// instance already built from it is dropped. If the key has been registered again since, the
    /// handler is not added.
    @discardableResult
    public func onResolved(
        _ handler: @escaping @Sendable (any Resolver, Service) throws -> Void
    ) -> Registration<Service> {
        container.addHandler(handler, to: registration.info.key, origin: registration.origin)
        return self
    }
}
