/// A thread-safe dependency-injection container: registrations in, services out.
///
/// ```swift
/// let container = Container()
/// container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
/// container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
/// let api = try container.resolve(API.self)
/// ```
///
/// Registering and resolving are safe from any thread. No lock is held while user code runs — a
/// factory, an `onResolved` handler, or the `deinit` of an instance the container lets go — so
/// factories may resolve other services freely; singletons are still built exactly once.
///
/// `Container` is open so that `DITesting`'s `SpyContainer` can extend it; its methods are not
/// overridable.
///
/// Safety: all mutable state is in `registry`'s storage, read and written only under its lock,
/// through `withState`; every other stored property is immutable.
open class Container: Resolver, @unchecked Sendable {
    /// The registrations and instances.
    @usableFromInline final let registry: Registry
    /// A child container's parent: looked up after the own registrations; its instances stay its own.
    final let parent: Container?
    /// The observer, when it is another object (`verifyAssemblies`' sandbox, a test injector's
    /// child).
    @usableFromInline final let otherObserver: (any ContainerObserver)?
    /// For a container that is its own observer (a test injector): how to see it as one. A function
    /// of the container rather than a reference to it, which would keep it alive forever.
    @usableFromInline final let observerOfSelf: (@Sendable (Container) -> any ContainerObserver)?
    /// Whether `observer` wants resolutions: the inlined fast path checks this flag.
    @usableFromInline final let observesResolutions: Bool
    /// Whether `observer` keeps the instances resolved (`verifyAssemblies`' sandbox).
    final let observerKeepsInstances: Bool

    /// Told about registrations and resolutions (`DITesting`).
    @inlinable final var observer: (any ContainerObserver)? {
        if let observerOfSelf { return observerOfSelf(self) }
        return otherObserver
    }

    /// Creates an empty container.
    public init() {
        registry = Registry()
        parent = nil
        otherObserver = nil
        observerOfSelf = nil
        observesResolutions = false
        observerKeepsInstances = false
    }

    init(parent: Container?, observer: (any ContainerObserver)?) {
        registry = Registry()
        self.parent = parent
        otherObserver = observer
        observerOfSelf = nil
        observesResolutions = observer?.wantsResolutions == true
        observerKeepsInstances = observer?.keepsInstances == true
    }

    /// Creates a container that starts with a snapshot of `base`'s registrations (and those of
    /// its parents) as they are now, and none of their instances, which is its own observer:
    /// `observer` gives the container as one (`{ $0 as! SpyContainer }`). Taking the snapshot
    /// copies no registration: the tables are copy-on-write values.
    ///
    /// When `layering`, what `base` registered itself (and what it counts as its own) counts as
    /// this container's own: the resolutions it serves are not `isInherited`. A test injector
    /// layers so over an enclosing scope's.
    package init(
        snapshotOf base: borrowing Container, layering: Bool,
        observer: @escaping @Sendable (Container) -> any ContainerObserver
    ) {
        registry = Registry(snapshot: base.snapshotLayers(layering: layering))
        parent = nil
        otherObserver = nil
        observerOfSelf = observer
        // A container that observes itself is a test injector, which records every resolution.
        observesResolutions = true
        observerKeepsInstances = false
    }

    deinit {
        // Let a long chain of parents go one at a time: releasing them recursively would use
        // stack for every level. Holding the next parent while its child goes keeps each release
        // from reaching further; the loop then releases that parent, and so on.
        var next = parent
        while var container = next {
            next = nil
            guard isKnownUniquelyReferenced(&container) else { break }
            next = container.parent
        }
    }

    /// Creates a child container.
    ///
    /// The child resolves its own registrations first, then its parent's. Registering in the
    /// child never changes the parent. The parent's singletons stay single: they are built by the
    /// parent, from the parent's registrations, and shared with every child; transient and graph
    /// registrations of the parent are built with the child as their resolver, so they see the
    /// child's registrations.
    ///
    /// ```swift
    /// let screen = container.makeChild()
    /// screen.register(Theme.self) { _ in HighContrastTheme() }
    /// ```
    public final func makeChild() -> Container {
        Container(parent: self, observer: observer)
    }

    /// Whether something is registered for `type` and `name`, here or in a parent, with any
    /// argument types.
    public final func isRegistered<Service>(_ type: Service.Type = Service.self, name: String? = nil) -> Bool {
        contains(service: ObjectIdentifier(Service.self), name: name)
    }

    /// Drops every instance this container has cached — its singletons and weak instances — and
    /// keeps its registrations. A parent's instances are the parent's own and stay.
    ///
    /// ```swift
    /// container.reset()   // the next resolve of a singleton builds a new one
    /// ```
    ///
    /// The instances are released after the container's lock is let go, so their `deinit`s may
    /// use the container.
    public final func reset() {
        let dropped = withState { $0.instances.removeAll() }
        withExtendedLifetime(dropped) {}
    }

    /// Drops the instances this container has cached for registrations of `scope`, and keeps the
    /// rest: a custom scope's at the end of what it stands for, say a user's session.
    ///
    /// ```swift
    /// extension Scope { static let session = Scope.custom("session") }
    /// container.reset(scope: .session)      // at log-out
    /// container.reset(scope: .singleton)    // every singleton, and nothing else
    /// ```
    ///
    /// A build of that scope in progress on another thread is not cached when it ends. A parent's
    /// instances stay. For `.transient` and `.graph`, which keep nothing, it does nothing. The
    /// instances are released after the container's lock is let go.
    public final func reset(scope: Scope) {
        guard scope.isShared else { return }
        let dropped = withState { $0.instances.removeAll(in: scope) }
        withExtendedLifetime(dropped) {}
    }

    /// Drops every registration made in this container, and every instance it cached.
    ///
    /// A parent's registrations stay, and so does the snapshot a test injector started from. The
    /// registrations and instances are released after the container's lock is let go.
    public final func removeAll() {
        let dropped = withState { state in
            var table = RegistrationTable()
            state.changeTable { swap(&table, &$0) }
            state.assembledTypes.removeAll()
            return (table, state.instances.removeAll())
        }
        withExtendedLifetime(dropped) {}
    }

    /// Runs `body` on the container's state while holding its lock. `body` must not run user
    /// code, nor release the last reference to a user object: return it, and let it go after.
    @inlinable
    final func withState<Result>(_ body: (inout Registry.State) throws -> Result) rethrows -> Result {
        try registry.withState(body)
    }
}
