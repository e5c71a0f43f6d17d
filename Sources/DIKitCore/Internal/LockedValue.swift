/// A value guarded by a lock, stored with it in one object.
///
/// A value type with reference semantics: copies share the value and the lock.
@usableFromInline @frozen
package struct LockedValue<Value> {
    @usableFromInline let storage: LockedStorage<Value>

    /// Creates the storage with `value`.
    @inlinable
    package init(_ value: Value) { storage = LockedStorage(value) }

    /// Reads or changes the value under the lock. `body` must not run user code, nor drop the
    /// last reference to a user object: return it, or use ``exchange(_:)``, and let it go after.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// Replaces the value and returns the old one, so that the caller releases it after unlocking.
    func exchange(_ newValue: Value) -> Value {
        storage.withLock { value in
            defer { value = newValue }
            return value
        }
    }
}

// Checked: what is unchecked is `LockedStorage`'s conformance, in the unsafe folder.
extension LockedValue: Sendable where Value: Sendable {}

/// A lock on its own, guarding no value: for state kept elsewhere.
package struct Lock: Sendable {
    private let storage = LockedStorage<Void>(())

    package init() {}

    package func lock() { storage.lock.lock() }

    package func unlock() { storage.lock.unlock() }

    /// Runs `body` while holding the lock. `body` must not run user code, nor release the last
    /// reference to a user object.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
