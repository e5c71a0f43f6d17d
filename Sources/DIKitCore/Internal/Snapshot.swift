/// The registration tables a test injector copied from its base (and the base's parents), nearest
/// first.
///
/// Usually one table: that one is held inline, so taking a snapshot allocates nothing.
struct Snapshot: Sequence {
    private var first: RegistrationTable?
    private var rest: [RegistrationTable] = []

    init() {}

    /// A snapshot of `table`, or an empty one if `table` is empty.
    init(_ table: RegistrationTable) {
        if !table.isEmpty { first = table }
    }

    var isEmpty: Bool { first == nil }

    /// The nearest table's registration for `key`, read in place: iterating would copy each
    /// table, a retain and release of each of its hash tables.
    subscript(key: ServiceKey) -> StoredRegistration? {
        if let registration = first?[key] { return registration }
        for index in rest.indices {
            if let registration = rest[index][key] { return registration }
        }
        return nil
    }

    /// Adds `table` after the tables already held.
    mutating func append(_ table: RegistrationTable) {
        if first == nil { first = table } else { rest.append(table) }
    }

    /// Adds `other`'s tables after the tables already held.
    mutating func append(contentsOf other: Snapshot) {
        for table in other { append(table) }
    }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

    struct Iterator: IteratorProtocol {
        var first: RegistrationTable?
        var rest: IndexingIterator<[RegistrationTable]>

        mutating func next() -> RegistrationTable? {
            if let table = first {
                first = nil
                return table
            }
            return rest.next()
        }
    }
}
