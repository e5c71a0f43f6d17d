/// A registration just made, to extend with aliases and an `onResolved` handler.
///
/// ```swift
/// container.register(UserStore.self, scope: .singleton) { _ in DiskUserStore() }
///     .implements(UserReading.self)
///     .onResolved { r, store in store.clock = try r.resolve(Clock.self) }
/// ```
public struct Registration<Service>: Sendable {
    let container: Container
    let entry: Entry<Service>

    /// Makes the same registration resolvable as `type` too.
    ///
    /// Resolving `type` resolves this registration (same scope, same instance for singletons,
    /// same argument types) and casts it. Swift cannot check conformance here, so an instance
    /// that does not conform to `type` throws ``ResolutionError/Kind-swift.enum/typeMismatch``
    /// when resolved; `DITesting`'s `verifyAssemblies` finds those in a test.
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
        container.registerAlias(type, name: name, of: entry, fileID: fileID, line: line)
        return self
    }

    /// Runs `handler` after each instance is built, with the resolver and the instance.
    ///
    /// Use it for property injection and for cycles: a `.singleton`, `.weak` or `.graph`
    /// instance is already resolvable when `handler` runs, so it may resolve services that depend
    /// back on it. If `handler` throws, the resolve fails with
    /// ``ResolutionError/Kind-swift.enum/factoryFailed`` and the instance is not kept. Other
    /// threads may receive a shared instance before its handler finishes.
    ///
    /// Call it as part of registering: the handler becomes part of the registration, replacing an
    /// earlier handler, and a shared instance already built from this registration is not kept.
    @discardableResult
    public func onResolved(_ handler: @escaping @Sendable (any Resolver, Service) throws -> Void) -> Registration<
        Service
    > {
        let updated = entry.withHandler(handler)
        container.replace(entry, with: updated)
        return Registration(container: container, entry: updated)
    }
}
