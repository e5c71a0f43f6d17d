// What an error says when nothing at all is registered for a type: the registered types named
// like it (`LiveAPI` for `API`), as registering an implementation under its own type, not the
// protocol's, leaves them.

/// The registered types of one table named like a missing type: whose names contain its name, or
/// are contained in it, with the place of each type's first registration.
typealias SimilarTypes = [(name: String, sequence: Int)]

/// A registered type's name, as the search for similar ones compares it, and the place of the
/// type's first registration.
typealias RegisteredTypeName = (name: String, bytes: [UInt8], sequence: Int)

/// What the search for similar types has found in an indexed table, kept for the next error: its
/// types' names, and the similar types of each missing type. `verifyAssemblies` resolves every
/// registration, and when the dependencies of many of them are missing, each of their errors
/// searches the same tables. Shared by the copies of one table (a test injector's snapshot, the
/// table read outside the lock), and valid for the keys it was found among: once the table has a
/// new key, it looks again.
struct SimilarTypesCache: Sendable {
    private struct Found: Sendable {
        /// The table's key count when the rest was found.
        var keyCount = 0
        var names: [RegisteredTypeName]?
        var byType: [ObjectKey: SimilarTypes] = [:]
    }

    private let found = LockedValue(Found())

    /// The similar types of `type` in a table of `keyCount` keys: kept ones, else those `find`
    /// finds among the table's names (kept, else `names()`), which are kept. `names` and `find`
    /// run with no lock held.
    func types(
        like type: Any.Type, keyCount: Int, names: () -> [RegisteredTypeName],
        find: ([RegisteredTypeName]) -> SimilarTypes
    ) -> SimilarTypes {
        let key = ObjectKey(type)
        let (kept, keptNames) = found.withLock {
            $0.keyCount == keyCount ? ($0.byType[key], $0.names) : (nil, nil)
        }
        if let kept { return kept }
        let allNames = keptNames ?? names()
        let types = find(allNames)
        found.withLock { found in
            if found.keyCount != keyCount { found = Found(keyCount: keyCount) }
            found.names = allNames
            found.byType[key] = types
        }
        return types
    }
}

extension RegistrationTable {
    /// The types registered here named like `type`, each once, with the place of its first
    /// registration: none for names shorter than three characters, which too many others contain.
    func types(namedLike type: Any.Type) -> SimilarTypes {
        guard let similarTypes else { return Self.types(namedLike: type, among: registeredTypeNames) }
        return similarTypes.types(
            like: type, keyCount: keyCount, names: { registeredTypeNames },
            find: { Self.types(namedLike: type, among: $0) })
    }

    /// The name of each type registered here, once, with the place of its first registration:
    /// as many as there are types, however many names each has.
    private var registeredTypeNames: [RegisteredTypeName] {
        let firsts =
            list.isEmpty ? keysByService.values.compactMap { $0.first.flatMap { registrations[$0] } } : Array(list)
        var seen = Set<ObjectKey>()
        return firsts.filter { seen.insert(ObjectKey($0.info.key.service)).inserted }.map { registration in
            let name = typeName(registration.info.serviceType)
            return (name, Array(name.utf8), registration.sequence)
        }
    }

    /// Those of `names` whose names contain `type`'s, or are contained in it.
    private static func types(namedLike type: Any.Type, among names: [RegisteredTypeName]) -> SimilarTypes {
        let name = typeName(type)
        guard name.count >= 3 else { return [] }
        let bytes = Array(name.utf8)
        return names.compactMap { other in
            guard occurs(bytes, in: other.bytes) || occurs(other.bytes, in: bytes), other.name != name,
                other.name.count >= 3
            else { return nil }
            return (other.name, other.sequence)
        }
    }
}

/// Whether `part` occurs in `text`, both a name's UTF-8 bytes. Type names are compared so, not with
/// `String.contains(_:)`, which builds a table of the characters it searches for on every call:
/// once for each registered type, that made a miss cost milliseconds.
private func occurs(_ part: [UInt8], in text: [UInt8]) -> Bool {
    guard let first = part.first, part.count <= text.count else { return part.isEmpty }
    return text.indices.dropLast(part.count - 1).contains { start in
        text[start] == first && text[start..<start + part.count].elementsEqual(part)
    }
}
