/// A registration table as it was when a snapshot took it, shared by every snapshot taken before
/// the table next changed: a test injector retains this one object instead of each of the
/// table's hash tables.
final class FrozenTable: Sendable {
    let table: RegistrationTable

    init(_ table: RegistrationTable) { self.table = table }
}

/// The registration tables a test injector copied from its base (and the base's parents), nearest
/// first.
///
/// Usually one table: that one is held inline, so taking a snapshot allocates nothing.
struct Snapshot: Sequence {
    private var first: FrozenTable?
    private var rest: [FrozenTable] = []
    /// How many of the nearest tables count as the injector's own rather than inherited: those of
    /// the injectors it layers over (`Container.init(snapshotOf:layering:observer:)`).
    var ownCount = 0

    init() {}

    /// A snapshot of `frozen`, or an empty one.
    init(_ frozen: FrozenTable?) { first = frozen }

    var isEmpty: Bool { first == nil }

    /// The nearest table's registration for `key`, and whether that table is inherited (not one of
    /// the `ownCount` nearest). Read in place: iterating would copy each table, a retain and
    /// release of each of its hash tables.
    func lookup(_ key: ServiceKey) -> (StoredRegistration, isInherited: Bool)? {
        if let registration = first?.table[key] { return (registration, ownCount == 0) }
        for index in rest.indices {
            if let registration = rest[index].table[key] { return (registration, index + 1 >= ownCount) }
        }
        return nil
    }

    /// Adds `frozen` after the tables already held.
    mutating func append(_ frozen: FrozenTable) {
        if first == nil { first = frozen } else { rest.append(frozen) }
        _checkInvariants()
    }

    /// Adds `other`'s tables after the tables already held.
    mutating func append(contentsOf other: Snapshot) {
        if let first = other.first { append(first) }
        for frozen in other.rest { append(frozen) }
    }

    /// Checks, under `DIKIT_INTERNAL_CHECKS` (which `.ci/run` turns on once), that the first
    /// table is held inline before any goes to `rest`, and that no more tables count as own than
    /// there are.
    func _checkInvariants() {
        #if DIKIT_INTERNAL_CHECKS
            precondition(first != nil || rest.isEmpty, "Snapshot: tables in rest with none first")
            precondition(
                ownCount >= 0 && ownCount <= (first == nil ? 0 : 1) + rest.count, "Snapshot: ownCount \(ownCount)")
        #endif
    }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

    /// The tables, nearest first.
    struct Iterator: IteratorProtocol {
        var first: FrozenTable?
        var rest: IndexingIterator<[FrozenTable]>

        mutating func next() -> RegistrationTable? {
            if let frozen = first {
                first = nil
                return frozen.table
            }
            return rest.next()?.table
        }
    }
}
