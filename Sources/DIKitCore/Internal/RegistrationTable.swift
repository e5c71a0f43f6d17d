/// One container's registrations: a value type, so a test injector takes a snapshot of its base
/// by copying it (copy-on-write: O(1), and later changes to the base do not reach the copy).
///
/// A small table — a test injector's few overrides — is one list in registration order, found by
/// a scan: no allocation for one registration (most test injectors' one mock), one for a few,
/// instead of two hash tables. Past ``smallLimit`` registrations it is indexed: by key, and by
/// service type, so that `isRegistered`, `resolveAll` and the "registered names" of an error
/// cost the same whatever the size of the table.
@usableFromInline
struct RegistrationTable: Sendable {
    /// The registrations of a small table, in registration order; empty once indexed.
    private(set) var list = SmallArray<StoredRegistration>.empty
    @usableFromInline private(set) var registrations = [ServiceKey: StoredRegistration]()
    /// Every key of each service type, in registration order.
    private(set) var keysByService = [ObjectKey: SmallArray<ServiceKey>]()
    /// Every key of each (service type, name), whatever its argument types, under that service
    /// and name as a key without arguments: `isRegistered(_:name:)` in one lookup, and an error's
    /// "registered with other arguments" without a scan of the type's other names.
    private var keysByName = [ServiceKey: SmallArray<ServiceKey>]()
    /// The similar types errors found here, once the table is indexed (a small one's are found
    /// by looking at its few registrations).
    private(set) var similarTypes: SimilarTypesCache?

    /// How many registrations a table holds before it indexes them.
    static let smallLimit = 8

    private var nextSequence = 0
    private var nextOrigin = 0

    /// A new identity for a `register` call.
    mutating func newOrigin() -> Int {
        nextOrigin += 1
        return nextOrigin
    }

    subscript(key: ServiceKey) -> StoredRegistration? {
        list.isEmpty ? registrations[key] : position(of: key).map { list[$0] }
    }

    /// The position of `key` in a small table's list.
    private func position(of key: ServiceKey) -> Int? {
        list.firstIndex { $0.info.key == key }
    }

    var isEmpty: Bool { list.isEmpty && registrations.isEmpty }

    /// Stores the registration `make` builds for `key`, replacing any earlier one and keeping its
    /// place in registration order. Returns the new registration, and the replaced one for the
    /// caller to release after unlocking (releasing it may run user code: its factory's captures).
    mutating func insert(_ key: ServiceKey, _ make: (_ sequence: Int) -> StoredRegistration)
        -> (inserted: StoredRegistration, replaced: StoredRegistration?)
    {
        defer { _checkInvariants(at: key) }
        if registrations.isEmpty {
            if let index = position(of: key) {
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
            list = .empty
            similarTypes = SimilarTypesCache()
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
        keysByService[ObjectKey(key.service), default: .empty].append(key)
        keysByName[key.withoutArguments, default: .empty].append(key)
    }

    /// Whether some registration has `service` and `name`, with any argument types.
    func contains(service: ObjectIdentifier, name: String?) -> Bool {
        !keys(of: service, name: name).isEmpty
    }

    /// How many keys `service` has.
    func keyCount(of service: ObjectIdentifier) -> Int {
        if !list.isEmpty { return list.count { $0.info.key.service == service } }
        return keysByService[ObjectKey(service)]?.count ?? 0
    }

    /// Replaces the registration for `key` if it came from the `register` call `origin`. Returns
    /// the replaced registration, or `nil` when there was none from that call.
    mutating func update(_ key: ServiceKey, origin: Int, _ change: (StoredRegistration) -> StoredRegistration)
        -> StoredRegistration?
    {
        defer { _checkInvariants(at: key) }
        if let index = position(of: key) {
            let existing = list[index]
            guard existing.origin == origin else { return nil }
            list[index] = change(existing)
            return existing
        }
        guard let existing = registrations[key], existing.origin == origin else { return nil }
        return registrations.updateValue(change(existing), forKey: key)
    }

    /// The keys registered for `service`, in registration order. Not copied: reading the first few
    /// costs the same however many there are.
    func keys(of service: ObjectIdentifier) -> SmallArray<ServiceKey> {
        if !list.isEmpty { return keys(where: { $0.service == service }) }
        return keysByService[ObjectKey(service)] ?? .empty
    }

    /// The keys registered for `service` and `name`, whatever their argument types.
    func keys(of service: ObjectIdentifier, name: String?) -> SmallArray<ServiceKey> {
        let key = ServiceKey(service: service, name: name, arguments: ObjectIdentifier(ArgumentList.self))
        if !list.isEmpty { return keys(where: { $0.withoutArguments == key }) }
        return keysByName[key] ?? .empty
    }

    /// The keys of a small table's list that match.
    private func keys(where matches: (ServiceKey) -> Bool) -> SmallArray<ServiceKey> {
        var keys = SmallArray<ServiceKey>.empty
        for registration in list where matches(registration.info.key) { keys.append(registration.info.key) }
        return keys
    }

    /// How many keys the table has.
    var keyCount: Int { list.isEmpty ? registrations.count : list.count }

    /// Every registration, in registration order.
    var ordered: [StoredRegistration] {
        list.isEmpty ? registrations.values.sorted { $0.sequence < $1.sequence } : Array(list)
    }

    /// Checks, under `DIKIT_INTERNAL_CHECKS` (which `.ci/run` turns on once), that the table is
    /// either a small list of distinct keys or indexed, and, when indexed, that `key`'s
    /// registration is stored under its own key, listed once under its name and found under its
    /// service type. Only `key`'s entries, and its service's list searched from the end, where a
    /// new key is: checking the whole table on every change would make building a large container
    /// quadratic.
    func _checkInvariants(at key: ServiceKey) {
        #if DIKIT_INTERNAL_CHECKS
            if !list.isEmpty {
                precondition(
                    registrations.isEmpty && keysByService.isEmpty && keysByName.isEmpty,
                    "RegistrationTable: both a list and indexes")
                precondition(list.count <= Self.smallLimit, "RegistrationTable: a list past smallLimit")
                precondition(Set(list.map(\.info.key)).count == list.count, "RegistrationTable: a key listed twice")
                return
            }
            guard let registration = registrations[key] else { return }
            precondition(registration.info.key == key, "RegistrationTable: a registration under another key")
            let byName = keysByName[key.withoutArguments] ?? .empty
            precondition(byName.count { $0 == key } == 1, "RegistrationTable: keysByName does not list the key once")
            let byService = keysByService[ObjectKey(key.service)] ?? .empty
            precondition(byService.reversed().contains(key), "RegistrationTable: keysByService misses the key")
        #endif
    }
}
