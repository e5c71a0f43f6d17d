/// A value guarded by a `Lock`.
///
/// Safety: `value` is only read or written while `lock` is held.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Reads or changes the value under the lock. `body` must not run user code, nor drop the
    /// last reference to a user object: use ``exchange(_:)`` to replace one.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Replaces the value and returns the old one, so that the caller releases it after unlocking.
    package func exchange(_ newValue: Value) -> Value {
        lock.withLock {
            let old = value
            value = newValue
            return old
        }
    }
}
