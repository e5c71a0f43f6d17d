/// What a container knows: its own registrations and instances behind one lock, and the snapshot
/// a test injector started from. Lookups read them in that order, then the container's parent's
/// (the extension of `Container` below walks the parents).
///
/// Safety rule for `withState`: its body runs no user code — no factory, handler, `deinit`, nor
/// an argument's `hash`/`==` — and releases no user object: what it removes, it returns, to be
/// released after unlocking.
@usableFromInline
struct Registry {
    /// What changes over time, behind one lock.
    @usableFromInline
    struct State {
        /// Changed only through ``changeTable(_:)``, which lets go of `frozen`.
        @usableFromInline private(set) var table = RegistrationTable()
        @usableFromInline var instances = InstanceTable()
        var assembledTypes = Set<ObjectKey>()
        /// How many `@Injected`-style boxes hold this container strongly: while none does,
        /// registering an instance need not look into it for one.
        var strongHolders = 0
        /// The container's ``ContainerLink``, made by the first box that holds it weakly.
        var link: ContainerLink?
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

    @usableFromInline let storage: LockedStorage<State>
    /// A test injector's copy of its base's registrations at creation, nearest first. Its
    /// registrations' instances are this container's own.
    let snapshot: Snapshot
    init(snapshot: Snapshot = Snapshot()) {
        storage = LockedStorage(State())
        self.snapshot = snapshot
    }

    /// Runs `body` on the state while holding the lock.
    @inlinable
    func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// This registry's own registration for `key`: its table's, else its snapshot's.
    func lookupOwn(_ key: ServiceKey) -> (StoredRegistration, isInherited: Bool)? {
        if let registration = withState({ $0.table[key] }) { return (registration, false) }
        return snapshot.lookup(key)
    }

    /// This registry's own registration for `key` in `state` (read under the lock).
    func ownRegistration(_ key: ServiceKey, in state: State) -> StoredRegistration? {
        state.table[key] ?? snapshot.lookup(key)?.0
    }

    // MARK: Changes

    /// Stores the registration `make` builds for `key`, replacing the earlier one and dropping the
    /// instances built for `key`, all released after unlocking. Returns the new registration.
    @usableFromInline
    func insert(_ key: ServiceKey, _ make: (_ sequence: Int, _ origin: Int) -> StoredRegistration)
        -> StoredRegistration
    {
        let (registration, dropped) = withState { state in
            let (inserted, replaced) = state.changeTable { table in
                let origin = table.newOrigin()
                return table.insert(key) { make($0, origin) }
            }
            // A test injector drops them even when its table had no registration for `key`: they
            // may have been built from its snapshot's, which the new one hides.
            let dropsInstances = replaced != nil || (!snapshot.isEmpty && !state.instances.isEmpty)
            return (inserted, (replaced, dropsInstances ? state.instances.removeAll(of: key) : nil))
        }
        withExtendedLifetime(dropped) {}
        return registration
    }

    /// Replaces the registration `origin` made for `key` with `change`'s, if it is still the one
    /// in effect, and drops the instances built from it; released after unlocking.
    func update(_ key: ServiceKey, origin: Int, _ change: (StoredRegistration) -> StoredRegistration) {
        let dropped = withState { state in
            let replaced = state.changeTable { $0.update(key, origin: origin, change) }
            return (replaced, replaced == nil ? nil : state.instances.removeAll(of: key))
        }
        withExtendedLifetime(dropped) {}
    }

    /// Marks an assembly type as assembled; `false` if it already was.
    func markAssembled(_ type: any Assembly.Type) -> Bool {
        withState { $0.assembledTypes.insert(ObjectKey(type)).inserted }
    }
}

/// The registrations of one service type visible in a container, as an error shows them: errors
/// receive this value rather than asking the container.
struct RegisteredKeys {
    /// How many names an error lists.
    static let shownLimit = 10
    /// How many keys an error looks at for names to list: a type registered with many argument
    /// types under one name has several keys per name.
    static let scanLimit = 100
    /// The names of the first keys, each once, nearest first: at most ``shownLimit``.
    let names: [String?]
    /// How many keys there are in all.
    let total: Int
    /// How many keys ``names`` does not account for (not looked at, or of a name past the list):
    /// the registrations an error counts as "more".
    let unlisted: Int
    /// The argument types of the keys with the asked name.
    let argumentTypesOfSameName: [[Any.Type]]
    /// When nothing is registered for the type: the registered types whose names contain its
    /// name, or are contained in it (`LiveAPI` for `API`), as registering a protocol's
    /// implementation under its own type, not the protocol's, leaves them.
    var similarlyNamed: [String] = []
    /// When `[Element]` is asked for, nothing is registered for it, and something is for
    /// `Element`: `Element`, which `resolveAll` resolves every registration of.
    var registeredElement: Any.Type?
    /// Whether the container is the process-wide default no `makeShared()` replaced, with nothing
    /// registered: an app that never made its container shared, or a test's code running where
    /// the test's injector is not bound.
    var isEmptyProcessDefault = false
}

/// An array type, whose element type an error names when the array is not registered but its
/// element is: `[any Tracker]` asked for where `resolveAll(Tracker.self)` was meant.
protocol ArrayOfServices {
    static var elementType: Any.Type { get }
}

extension Array: ArrayOfServices {
    static var elementType: Any.Type { Element.self }
}

// MARK: Lookup, through the parents

extension Container {
    // MARK: Lookup

    /// The registration for `key` and the container that owns it: this container's own (its table
    /// or its snapshot), else its parent's, found by a loop. The owner is `nil` when it is this
    /// container, which the caller holds already: no reference is taken.
    final func lookup(_ key: ServiceKey) -> (registration: StoredRegistration, owner: Container?, isInherited: Bool)? {
        if let (registration, isInherited) = registry.lookupOwn(key) { return (registration, nil, isInherited) }
        var next = parent
        while let container = next {
            if let (registration, isInherited) = container.registry.lookupOwn(key) {
                return (registration, container, isInherited)
            }
            next = container.parent
        }
        return nil
    }

    /// The tables lookups read, nearest first: this registry's own, its snapshot's, then each
    /// parent's.
    final func visibleTables() -> [RegistrationTable] {
        var tables = [registry.withState { $0.table }] + registry.snapshot
        var next = parent
        while let container = next {
            tables.append(container.registry.withState { $0.table })
            tables += container.registry.snapshot
            next = container.parent
        }
        return tables
    }

    /// The keys of `service` visible here, each once — nearest table first, or in registration
    /// order (the farthest ancestor's first) — at most `limit` of them, and how many there are in
    /// all. The one place that lists visible keys (for `resolveAll` and errors).
    final func keys(of service: ObjectIdentifier, inRegistrationOrder: Bool = false, limit: Int = .max)
        -> (keys: [ServiceKey], total: Int)
    {
        Self.keys(of: service, in: visibleTables(), inRegistrationOrder: inRegistrationOrder, limit: limit)
    }

    private static func keys(
        of service: ObjectIdentifier, in tables: [RegistrationTable], inRegistrationOrder: Bool = false,
        limit: Int = .max
    ) -> (keys: [ServiceKey], total: Int) {
        var keys: [ServiceKey] = []
        var seen = Set<ServiceKey>()
        for table in inRegistrationOrder ? tables.reversed() : tables {
            guard keys.count < limit else { break }
            for key in table.keys(of: service) where seen.insert(key).inserted {
                keys.append(key)
                if keys.count == limit { break }
            }
        }
        return (keys, distinctKeyCount(of: service, in: tables))
    }

    /// How many distinct keys of `service` `tables` (nearest first) hold: the farthest table's,
    /// and each nearer table's that no farther one holds — a child's registration that replaces
    /// its parent's is one key. Looks at a table's keys only when a farther table has keys of
    /// `service` too: when one table has them all, as is usual, it counts them without a look.
    private static func distinctKeyCount(of service: ObjectIdentifier, in tables: [RegistrationTable]) -> Int {
        var count = 0
        var farther: [RegistrationTable] = []  // those with keys of `service`
        for table in tables.reversed() {
            let own = table.keyCount(of: service)
            guard own > 0 else { continue }
            count +=
                farther.isEmpty ? own : table.keys(of: service).count { key in farther.allSatisfy { $0[key] == nil } }
            farther.append(table)
        }
        return count
    }

    /// What an error says of the registrations of `key`'s service: the first few keys, how many
    /// there are, and the argument types of those with `key`'s name. The tables are listed once.
    final func registered(like key: ServiceKey, type: Any.Type) -> RegisteredKeys {
        let tables = visibleTables()
        var seen = Set<ServiceKey>()
        let sameName = tables.flatMap { $0.keys(of: key.service, name: key.name) }
            .filter { seen.insert($0).inserted }
            .compactMap { lookup($0)?.registration.info.argumentTypes }
        // The names of the nearest keys, each once: looked for until a name past the list, or the
        // scan's limit. The keys looked at whose names are listed are accounted for.
        var names: [String?] = []
        var scanned = 0
        var looked = Set<ServiceKey>()
        scan: for table in tables {
            for candidate in table.keys(of: key.service) where looked.insert(candidate).inserted {
                if !names.contains(candidate.name) {
                    if names.count == RegisteredKeys.shownLimit { break scan }
                    names.append(candidate.name)
                }
                scanned += 1
                if looked.count == RegisteredKeys.scanLimit { break scan }
            }
        }
        let total = Self.distinctKeyCount(of: key.service, in: tables)
        var keys = RegisteredKeys(
            names: names, total: total, unlisted: total - scanned, argumentTypesOfSameName: sameName)
        if total == 0 {
            keys.isEmptyProcessDefault = self === Container.initialDefault && tables.allSatisfy(\.isEmpty)
            keys.similarlyNamed = Self.registeredTypes(namedLike: type, in: tables)
            if let array = type as? any ArrayOfServices.Type,
                Self.keys(of: ObjectIdentifier(array.elementType), in: tables, limit: 0).total > 0
            {
                keys.registeredElement = array.elementType
            }
        }
        return keys
    }

    /// The registered types whose names contain `type`'s, or are contained in it: at most three,
    /// in registration order (the farthest table's first).
    private static func registeredTypes(namedLike type: Any.Type, in tables: [RegistrationTable]) -> [String] {
        var found: [(name: String, order: (table: Int, sequence: Int))] = []
        for (distance, table) in tables.enumerated() {
            found += table.types(namedLike: type).map { ($0.name, (-distance, $0.sequence)) }
        }
        var seen = Set<String>()
        let names = found.sorted { $0.order < $1.order }.map(\.name).filter { seen.insert($0).inserted }
        return Array(names.prefix(3))
    }

    /// Whether something is registered for `service` and `name`, here or in a parent, with any
    /// argument types.
    final func contains(service: ObjectIdentifier, name: String?) -> Bool {
        visibleTables().contains { $0.contains(service: service, name: name) }
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

    /// The tables a snapshot of this registry holds, nearest first: each frozen once per change.
    /// When `layering`, its own table and the tables it counts as its own count as the snapshot's.
    final func snapshotLayers(layering: Bool) -> Snapshot {
        let own = registry.withState { $0.frozenTable() }
        var layers = Snapshot(own)
        if !registry.snapshot.isEmpty { layers.append(contentsOf: registry.snapshot) }
        if layering { layers.ownCount = (own == nil ? 0 : 1) + registry.snapshot.ownCount }
        var next = parent
        while let container = next {
            if let frozen = container.registry.withState({ $0.frozenTable() }) { layers.append(frozen) }
            if !container.registry.snapshot.isEmpty { layers.append(contentsOf: container.registry.snapshot) }
            next = container.parent
        }
        layers._checkInvariants()
        return layers
    }
}
