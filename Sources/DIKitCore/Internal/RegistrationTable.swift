/// One container's registrations: a value type, so a test injector takes a snapshot of its base
/// by copying it (copy-on-write: O(1), and later changes to the base do not reach the copy).
///
/// A small table — a test injector's few overrides — is one array in registration order, found by
/// a scan: one allocation instead of two hash tables. Past ``smallLimit`` registrations it is
/// indexed: by key, and by service type, so that `isRegistered`, `resolveAll` and the
/// "registered names" of an error cost the same whatever the size of the table.
@usableFromInline
struct RegistrationTable: Sendable {
    /// The registrations of a small table, in registration order; empty once indexed.
    @usableFromInline private(set) var list: [StoredRegistration] = []
    @usableFromInline private(set) var registrations = [ServiceKey: StoredRegistration]()
    /// Every key of each service type, in registration order.
    private(set) var keysByService = [ObjectKey: Keys]()
    /// Every (service type, name) registered, with whatever argument types, as a key without
    /// arguments: `isRegistered(_:name:)` in one lookup.
    private var names = Set<ServiceKey>()

    /// How many registrations a table holds before it indexes them.
    static let smallLimit = 8

    /// The keys of one service type: most have one, which needs no array.
    enum Keys {
        case one(ServiceKey)
        case many([ServiceKey])

        var all: [ServiceKey] {
            switch self {
            case .one(let key): [key]
            case .many(let keys): keys
            }
        }

        /// Appends `key`, in place.
        mutating func add(_ key: ServiceKey) {
            switch self {
            case .one(let first):
                self = .many([first, key])
            case .many(var keys):
                self = .one(key)  // drops this enum's reference, so `keys` is unique and appends in place
                keys.append(key)
                self = .many(keys)
            }
        }
    }
    private var nextSequence = 0
    private var nextOrigin = 0

    /// A new identity for a `register` call.
    mutating func newOrigin() -> Int {
        nextOrigin += 1
        return nextOrigin
    }

    @inlinable
    subscript(key: ServiceKey) -> StoredRegistration? {
        list.isEmpty ? registrations[key] : listed(key).map { list[$0] }
    }

    /// The position of `key` in a small table's list.
    @usableFromInline
    func listed(_ key: ServiceKey) -> Int? {
        list.firstIndex { $0.info.key == key }
    }

    var isEmpty: Bool { list.isEmpty && registrations.isEmpty }

    /// Stores the registration `make` builds for `key`, replacing any earlier one and keeping its
    /// place in registration order. Returns the new registration, and the replaced one for the
    /// caller to release after unlocking (releasing it may run user code: its factory's captures).
    mutating func insert(_ key: ServiceKey, _ make: (_ sequence: Int) -> StoredRegistration)
        -> (inserted: StoredRegistration, replaced: StoredRegistration?)
    {
        if registrations.isEmpty {
            if let index = listed(key) {
                let replaced = list[index]
                list[index] = make(replaced.sequence)
                return (list[index], replaced)
            }
            if list.count < Self.smallLimit {
                let registration = make(nextSequence)
                nextSequence += 1
                list.append(registration)
                return (registration, nil)
            }
            for registration in list { index(registration) }
            list = []
        }
        if let existing = registrations[key] {
            let registration = make(existing.sequence)
            return (registration, registrations.updateValue(registration, forKey: key))
        }
        let registration = make(nextSequence)
        nextSequence += 1
        index(registration)
        return (registration, nil)
    }

    /// Adds a new key's registration to the indexes.
    private mutating func index(_ registration: StoredRegistration) {
        let key = registration.info.key
        registrations[key] = registration
        keysByService[ObjectKey(key.service)].add(key)
        names.insert(key.withoutArguments)
    }

    /// Whether some registration has `service` and `name`, with any argument types.
    func contains(service: ObjectIdentifier, name: String?) -> Bool {
        let key = ServiceKey(service: service, name: name, arguments: ObjectIdentifier(ArgumentList.self))
        if !list.isEmpty { return list.contains { $0.info.key.withoutArguments == key } }
        return names.contains(key)
    }

    /// How many keys `service` has.
    func keyCount(of service: ObjectIdentifier) -> Int {
        if !list.isEmpty { return list.count { $0.info.key.service == service } }
        switch keysByService[ObjectKey(service)] {
        case .one: return 1
        case .many(let keys): return keys.count
        case nil: return 0
        }
    }

    /// Replaces the registration for `key` if it came from the `register` call `origin`. Returns
    /// the replaced registration, or `nil` when there was none from that call.
    mutating func update(_ key: ServiceKey, origin: Int, _ change: (StoredRegistration) -> StoredRegistration)
        -> StoredRegistration?
    {
        if let index = listed(key) {
            let existing = list[index]
            guard existing.origin == origin else { return nil }
            list[index] = change(existing)
            return existing
        }
        guard let existing = registrations[key], existing.origin == origin else { return nil }
        return registrations.updateValue(change(existing), forKey: key)
    }

    /// The keys registered for `service`, in registration order.
    func keys(of service: ObjectIdentifier) -> [ServiceKey] {
        if !list.isEmpty { return list.lazy.map(\.info.key).filter { $0.service == service } }
        return keysByService[ObjectKey(service)]?.all ?? []
    }

    /// Every registration, in registration order.
    var ordered: [StoredRegistration] {
        list.isEmpty ? registrations.values.sorted { $0.sequence < $1.sequence } : list
    }
}

extension RegistrationTable.Keys? {
    /// Adds `key`, in place: one hash lookup for a new service type or another key of a known one.
    mutating func add(_ key: ServiceKey) {
        if self == nil {
            self = .one(key)
        } else {
            self!.add(key)
        }
    }
}
