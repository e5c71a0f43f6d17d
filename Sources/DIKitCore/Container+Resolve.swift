extension Container {
    /// Resolves the service registered for `type` (inferred by default) and `name`.
    ///
    /// ```swift
    /// let api = try container.resolve(API.self)
    /// let theme: Theme = try container.resolve(name: "dark")
    /// ```
    ///
    /// Besides registered types, it resolves `Optional<Service>` (`nil` when `Service` is not
    /// registered), ``Lazy`` and ``Provider`` of any registered service. They nest:
    /// `Lazy<API?>` (the service or `nil`, on first call), `Lazy<API>?` (`nil` only when `API` is
    /// missing), `Provider<Lazy<API>>`.
    ///
    /// - Throws: ``ResolutionError`` naming the whole resolution path when nothing is registered,
    ///   a dependency is missing, a factory throws, or the graph has a cycle.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        let key = ServiceKey(type, name: name)
        // The hot path, specialized in the caller: a built singleton, read under the lock; the
        // same look finds this container's registration for the slow path.
        var registration: StoredRegistration?
        if !observesResolutions, let instance = probe(key, registration: &registration) {
            do throws(NotShared) { return try sharedValue(instance, as: Service.self) } catch {}
        }
        return try resolveUncached(key, as: type, registration: registration)
    }

    /// Resolves the service registered for `type`, `name` and the types of `arguments`, passing
    /// `arguments` to its factory.
    ///
    /// ```swift
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada")
    /// ```
    ///
    /// Arguments are matched by the types they are passed as: for a factory taking `String?`,
    /// pass `"Ada" as String?`.
    ///
    /// - Throws: ``ResolutionError``; ``ResolutionError/Kind-swift.enum/argumentMismatch`` when
    ///   the service is registered with other argument types.
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self, name: String? = nil, arguments: repeat each Argument
    ) throws -> Service {
        try resolve(
            ServiceKey(type, name: name, arguments: repeat (each Argument).self), as: type,
            arguments: Arguments(repeat each arguments), argumentTypes: { typeList(repeat (each Argument).self) })
    }

    /// Resolves every registration of `type` (inferred by default) that takes no arguments,
    /// whatever its name, in registration order; an empty array when there is none. A registration
    /// that replaces another of its name takes that one's place. From a child, its parent's come
    /// first — those it replaces in their places — then its own.
    ///
    /// ```swift
    /// let trackers: [AnalyticsTracker] = try container.resolveAll()
    /// let later: [Lazy<AnalyticsTracker>] = try container.resolveAll()   // one per registration
    /// ```
    ///
    /// For a `Lazy` or `Provider` type, one for each registration of the service it wraps, which
    /// it resolves when called.
    ///
    /// - Throws: ``ResolutionError`` from the first registration that fails.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) throws -> [Service] {
        let service = (type as? any DeferredResolution.Type)?.wrappedType ?? Service.self
        let keys = keys(of: ObjectIdentifier(service), inRegistrationOrder: true).keys
        return try keys.filter { !$0.takesArguments }.map { try resolve(type, name: $0.name) }
    }

    /// The cached singleton for `key`, if built, for the inlined hot path; otherwise sets
    /// `registration` to this container's own registration for `key`, if any.
    ///
    /// Not generic: a generic probe returning the value made unspecialized callers (a factory's
    /// nested `resolve` through `any Resolver`) look up `Optional<Service>`'s metadata on every
    /// call, which cost a graph resolve more than the singleton path saved. The read under the lock
    /// is a local function marked `@inline(__always)`, not a closure, which the optimizer may leave
    /// out of line: a call and its register saves on every cached-singleton resolve.
    @usableFromInline
    final func probe(_ key: ServiceKey, registration: inout StoredRegistration?) -> SharedInstance? {
        @inline(__always) func read(_ state: inout Registry.State) -> SharedInstance? {
            if let instance = state.instances.singleton(key) { return instance }
            registration = state.table[key]
            return nil
        }
        return withState(read)
    }

    /// The slow path of ``resolve(_:name:)``; `registration` is this container's own for `key`.
    @usableFromInline @inline(__always)
    final func resolveUncached<Service>(_ key: ServiceKey, as type: Service.Type, registration: StoredRegistration?)
        throws -> Service
    {
        try resolve(key, as: type, arguments: .none, argumentTypes: { [] }, registration: registration)
    }

}

/// The value of a built shared instance as `Service`, checked in every build; throws when there
/// is none (a weak instance, read elsewhere). Out of line, with no `Service?`: in unspecialized
/// code (a factory's nested resolve) an optional of a generic type, or the casts, would look up
/// metadata on entry to every resolve, instance or not.
@inlinable @inline(never)
func sharedValue<Service>(_ instance: SharedInstance, as _: Service.Type) throws(NotShared) -> Service {
    guard let value = instance.value(as: Service.self) else { throw NotShared() }
    return value
}

/// No built shared instance could be read (see ``sharedValue(_:as:)``).
@usableFromInline
struct NotShared: Error {
    @usableFromInline init() {}
}
