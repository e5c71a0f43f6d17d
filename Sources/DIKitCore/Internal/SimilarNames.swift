// What an error says when nothing at all is registered for a type: the registered types named
// like it (`LiveAPI` for `API`), as registering an implementation under its own type, not the
// protocol's, leaves them.

/// The registered types of one table named like a missing type: whose names contain its name, or
/// are contained in it, with the place of each type's first registration.
typealias SimilarTypes = [(name: String, sequence: Int)]

/// The similar types an indexed table has found for each missing type, kept for the next error:
/// `verifyAssemblies` resolves every registration, and when a dependency of many of them is
/// missing, each of their errors asks the same of the same tables. Shared by the copies of one
/// table (a test injector's snapshot, the table read outside the lock), and valid for the keys it
/// was found among: once the table has a new key, it looks again.
struct SimilarTypesCache: Sendable {
    private struct Found: Sendable {
        /// The table's key count when `byType` was found.
        var keyCount = 0
        var byType: [ObjectKey: SimilarTypes] = [:]
    }

    private let found = LockedValue(Found())

    /// The similar types of `type` in a table of `keyCount` keys: kept ones, else `find()`'s,
    /// which are kept. `find` runs with no lock held.
    func types(like type: Any.Type, keyCount: Int, find: () -> SimilarTypes) -> SimilarTypes {
        let key = ObjectKey(type)
        if let kept = found.withLock({ $0.keyCount == keyCount ? $0.byType[key] : nil }) { return kept }
        let types = find()
        found.withLock { found in
            if found.keyCount != keyCount { found = Found(keyCount: keyCount) }
            found.byType[key] = types
        }
        return types
    }
}

extension RegistrationTable {
    /// The types registered here named like `type`, each once, with the place of its first
    /// registration: none for names shorter than three characters, which too many others contain.
    func types(namedLike type: Any.Type) -> SimilarTypes {
        guard let similarTypes else { return findTypes(namedLike: type) }
        return similarTypes.types(like: type, keyCount: keyCount) { findTypes(namedLike: type) }
    }

    /// ``types(namedLike:)``, looked for: each registered type's name compared once.
    private func findTypes(namedLike type: Any.Type) -> SimilarTypes {
        let name = typeName(type)
        guard name.count >= 3 else { return [] }
        let bytes = Array(name.utf8)
        return serviceTypes.compactMap { other, sequence in
            let otherName = typeName(other)
            let otherBytes = Array(otherName.utf8)
            guard occurs(bytes, in: otherBytes) || occurs(otherBytes, in: bytes), otherName != name,
                otherName.count >= 3
            else { return nil }
            return (otherName, sequence)
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
