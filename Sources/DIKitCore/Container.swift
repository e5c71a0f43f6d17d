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
/// Safety: all mutable state is in `storage`, read and written only under its lock, through
/// `withState`; `unretainedObserver` is written only while the container is initialized, and its
/// observer is kept alive by `retainedObserver` or by being the container itself; every other
/// stored property is immutable.
open class Container: Resolver, @unchecked Sendable {
    /// What a container changes over time, behind one lock.
    @usableFromInline
    struct State {
        /// Changed only through ``changeTable(_:)``, which lets go of `frozen`.
        @usableFromInline private(set) var table = RegistrationTable()
        @usableFromInline var instances = InstanceTable()
        var assembledTypes = Set<ObjectKey>()
        /// `table` as it was when a snapshot last took it, shared by the snapshots taken since.
        private var frozen: FrozenTable?

        /// Changes the table. The frozen copy is let go first, so the change does not copy the
        /// table's storage (unless a live snapshot still shares it); letting it go runs no user
        /// code, since `table` holds everything it held.
        mutating func changeTable<Result>(_ body: (inout RegistrationTable) throws -> Result) rethrows -> Result {
            frozen = nil
            return try body(&table)
        }

        /// The table as it is now, for a snapshot: frozen once per change, so taking a snapshot
        /// retains one object rather than each of the table's hash tables. `nil` when empty.
        mutating func frozenTable() -> FrozenTable? {
            if table.isEmpty { return nil }
            if let frozen { return frozen }
            let made = FrozenTable(table)
            frozen = made
            return made
        }
    }

    /// The state and the lock that guards it.
    @usableFromInline final let storage = LockedStorage(State())
    /// A test injector's copy of its base's registrations at creation, nearest first. Lookups
    /// read it after the container's own table; its registrations' instances are this
    /// container's own.
    final let snapshot: Snapshot
    /// A child container's parent: looked up after the own table and `snapshot`; its instances
    /// stay its own.
    final let parent: Container?
    /// The observer, not retained: kept alive by `retainedObserver`, or, for a container that is its
    /// own observer (a test injector), by being this container. Set only while the container is
    /// initialized.
    @usableFromInline final var unretainedObserver: UnretainedObserver?
    /// Told about registrations and resolutions (`DITesting`).
    @inlinable final var observer: (any ContainerObserver)? { unretainedObserver?.observer }
    /// The observer, when it is another object.
    private final let retainedObserver: (any ContainerObserver)?
    /// Whether `observer` wants resolutions: the inlined fast path checks this flag.
    @usableFromInline final let observesResolutions: Bool

    /// Creates an empty container.
    public init() {
        snapshot = Snapshot()
        parent = nil
        unretainedObserver = nil
        retainedObserver = nil
        observesResolutions = false
    }

    private init(parent: Container?, snapshot: Snapshot, observer: (any ContainerObserver)?) {
        self.parent = parent
        self.snapshot = snapshot
        unretainedObserver = observer.map(UnretainedObserver.init)
        retainedObserver = observer
        observesResolutions = observer?.wantsResolutions == true
    }

    /// Creates an empty container reporting to `observer`.
    package convenience init(observer: any ContainerObserver) {
        self.init(parent: nil, snapshot: Snapshot(), observer: observer)
    }

    /// Creates a container that starts with a snapshot of `base`'s registrations (and those of
    /// its parents) as they are now, and none of their instances, to be its own observer (the
    /// subclass calls ``observe(by:)`` with itself once initialized), told about resolutions if
    /// `observesResolutions`. Taking the snapshot copies no registration: the tables are
    /// copy-on-write values.
    package init(snapshotOf base: borrowing Container, observesResolutions: Bool) {
        var layers = Snapshot(base.withState { $0.frozenTable() })
        if !base.snapshot.isEmpty { layers.append(contentsOf: base.snapshot) }
        var next = base.parent
        while let container = next {
            if let frozen = container.withState({ $0.frozenTable() }) { layers.append(frozen) }
            if !container.snapshot.isEmpty { layers.append(contentsOf: container.snapshot) }
            next = container.parent
        }
        parent = nil
        snapshot = layers
        unretainedObserver = nil
        retainedObserver = nil
        self.observesResolutions = observesResolutions
    }

    /// Makes `observer`, which is this container, its observer: for a subclass's initializer.
    package final func observe(by observer: any ContainerObserver) {
        precondition(observer === self, "a container observes itself only")
        unretainedObserver = UnretainedObserver(observer)
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
        Container(parent: self, snapshot: Snapshot(), observer: observer)
    }

    /// Whether something is registered for `type` and `name`, here or in a parent, with any
    /// argument types.
    public final func isRegistered<Service>(_ type: Service.Type = Service.self, name: String? = nil) -> Bool {
        let service = ObjectIdentifier(Service.self)
        return visibleTables().contains { $0.contains(service: service, name: name) }
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
    /// A parent's registrations stay, and so do the snapshot a test injector started from. The
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
    final func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    // MARK: Lookup

    /// The registration for `key` and the container that owns it: this container's own, else its
    /// snapshot's (owned by this container too), else its parent's, found by a loop. The owner is
    /// `nil` when it is this container, which the caller holds already: no reference is taken.
    final func lookup(_ key: ServiceKey) -> (registration: StoredRegistration, owner: Container?, isInherited: Bool)? {
        if let (registration, isInherited) = lookupOwn(key) { return (registration, nil, isInherited) }
        var next = parent
        while let container = next {
            if let (registration, isInherited) = container.lookupOwn(key) {
                return (registration, container, isInherited)
            }
            next = container.parent
        }
        return nil
    }

    /// This container's registration for `key`: its own, else its snapshot's.
    private final func lookupOwn(_ key: ServiceKey) -> (StoredRegistration, isInherited: Bool)? {
        if let registration = withState({ $0.table[key] }) { return (registration, false) }
        return snapshot[key].map { ($0, true) }
    }

    /// The tables lookups read, nearest first: this container's own, its snapshot's, then each
    /// parent's.
    final func visibleTables() -> [RegistrationTable] {
        var tables: [RegistrationTable] = []
        var next: Container? = self
        while let container = next {
            tables.append(container.withState { $0.table })
            tables += container.snapshot
            next = container.parent
        }
        return tables
    }

    /// Every registration visible here, in registration order: the farthest ancestor's first,
    /// then nearer ones; a registration takes the place of the one it overrides.
    final func visibleRegistrationList() -> [StoredRegistration] {
        var list: [StoredRegistration] = []
        var index: [ServiceKey: Int] = [:]
        for table in visibleTables().reversed() {
            for registration in table.ordered {
                if let position = index[registration.info.key] {
                    list[position] = registration
                } else {
                    index[registration.info.key] = list.count
                    list.append(registration)
                }
            }
        }
        return list
    }

    /// Marks an assembly type as assembled; `false` if it already was.
    final func markAssembled(_ type: any Assembly.Type) -> Bool {
        withState { $0.assembledTypes.insert(ObjectKey(type)).inserted }
    }
}

extension Container {
    /// Every registration visible here, in registration order, for `DITesting`.
    package var visibleRegistrations: [StoredRegistration] { visibleRegistrationList() }
}
