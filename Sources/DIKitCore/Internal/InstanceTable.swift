/// The shared instances one container owns: those of `.singleton`, `.weak` and custom scopes.
///
/// A value guarded by its container's lock. Nothing here runs user code: instances of
/// registrations with arguments are found by the arguments' precomputed hash, and the caller
/// compares the values themselves after unlocking. Whatever is removed is handed back, to be
/// released after unlocking: releasing an instance (or an argument value) runs its `deinit`.
@usableFromInline
struct InstanceTable {
    /// An instance, with the scope of the registration that built it (for `reset(scope:)`).
    struct Entry {
        let instance: SharedInstance
        let scope: Scope
    }

    /// An instance of a registration with arguments, and the arguments it was built for.
    struct ArgumentEntry {
        let arguments: ArgumentIdentity
        let entry: Entry
    }

    /// Instances of registrations that take no arguments.
    private var byKey = [ServiceKey: SharedInstance]()
    /// The scope of each instance in `byKey` that is not a `.singleton`, read only by
    /// ``removeAll(in:)``: kept apart so the hot path's lookup copies no scope, and a container
    /// whose shared instances are all singletons needs no second table.
    private var scopes = [ServiceKey: Scope]()
    /// Instances of registrations with arguments, one per distinct argument values.
    private var byArguments = [ServiceKey: [ArgumentEntry]]()
    /// Changes whenever an instance is stored or removed: a thread waiting to build one looks again.
    private(set) var changes = 0
    /// How many times each scope's instances were dropped together (`reset`), so that a build
    /// that began before does not publish into the emptied scope.
    private var resets = [Scope: Int]()
    /// How many times every instance was dropped together.
    private var fullResets = 0

    /// Identifies the instances of `scope` now: it changes when they are all dropped.
    func generation(of scope: Scope) -> Int { fullResets &+ resets[scope, default: 0] }

    /// The built singleton for `key` (no arguments), if any: what the hot path reads.
    @inline(__always)
    func singleton(_ key: ServiceKey) -> SharedInstance? {
        guard let instance = byKey[key], !instance.isWeak else { return nil }
        return instance
    }

    /// The instance for `key` with no arguments, if any.
    subscript(key: ServiceKey) -> SharedInstance? { byKey[key] }

    /// The instances of `key` built for arguments whose hash is `hash`: the caller picks the one
    /// whose arguments match, after unlocking.
    func candidates(_ key: ServiceKey, hash: Int) -> [ArgumentEntry] {
        byArguments[key]?.filter { $0.arguments.hash == hash } ?? []
    }

    /// Stores `instance` for `key` and `arguments`, in place of the instance whose holder is
    /// `stale` (a released weak instance the caller found for the same arguments). Returns what
    /// it replaced, for the caller to release after unlocking.
    mutating func store(
        _ instance: SharedInstance, scope: Scope, for key: ServiceKey, arguments: ArgumentIdentity,
        replacing stale: AnyObject?
    ) -> Any? {
        changes &+= 1
        defer { _checkInvariants(at: key) }
        let entry = Entry(instance: instance, scope: scope)
        guard arguments.isEmpty else {
            let removed = stale.flatMap { remove(key, holder: $0) }
            byArguments[key, default: []].append(ArgumentEntry(arguments: arguments, entry: entry))
            return removed
        }
        if scope != .singleton {
            scopes[key] = scope
        } else if scopes[key] != nil {
            scopes[key] = nil  // a singleton replaces an instance of another scope
        }
        return byKey.updateValue(instance, forKey: key)
    }

    /// Removes the instance of `key` whose holder is `holder`; returns it.
    mutating func remove(_ key: ServiceKey, holder: AnyObject) -> Any? {
        defer { _checkInvariants(at: key) }
        if let current = byKey[key], current.holder === holder {
            changes &+= 1
            scopes[key] = nil
            return byKey.removeValue(forKey: key)
        }
        guard var entries = byArguments[key],
            let index = entries.firstIndex(where: { $0.entry.instance.holder === holder })
        else { return nil }
        changes &+= 1
        let removed = entries.remove(at: index)
        byArguments[key] = entries.isEmpty ? nil : entries
        return removed
    }

    /// Whether no instance is kept.
    var isEmpty: Bool { byKey.isEmpty && byArguments.isEmpty }

    /// Removes every instance of `key`, whatever the arguments; returns them.
    mutating func removeAll(of key: ServiceKey) -> (SharedInstance?, [ArgumentEntry]?) {
        changes &+= 1
        defer { _checkInvariants(at: key) }
        scopes[key] = nil
        return (byKey.removeValue(forKey: key), byArguments.removeValue(forKey: key))
    }

    /// Removes every instance of `scope`; returns them.
    mutating func removeAll(in scope: Scope) -> Any {
        changes &+= 1
        resets[scope, default: 0] &+= 1
        defer { _checkInvariants() }
        let dropped = (byKey, byArguments)
        let keys =
            scope == .singleton
            ? byKey.keys.filter { scopes[$0] == nil } : Array(scopes.filter { $0.value == scope }.keys)
        for key in keys {
            byKey[key] = nil
            scopes[key] = nil
        }
        byArguments = byArguments.compactMapValues { entries in
            let kept = entries.filter { $0.entry.scope != scope }
            return kept.isEmpty ? nil : kept
        }
        return dropped
    }

    /// Removes every instance; returns them.
    mutating func removeAll() -> Any {
        changes &+= 1
        fullResets &+= 1
        defer {
            byKey = [:]
            scopes = [:]
            byArguments = [:]
        }
        return (byKey, byArguments)
    }

    /// Checks, under `DIKIT_INTERNAL_CHECKS` (which `.ci/run` turns on once), that the tables
    /// agree about `key`, or about every key when `key` is `nil`: a key has a scope entry only
    /// beside an instance, never `.singleton`'s, and `.weak`'s exactly when the instance is held
    /// weakly; a key with arguments has no empty list of instances.
    func _checkInvariants(at key: ServiceKey? = nil) {
        #if DIKIT_INTERNAL_CHECKS
            for key in key.map({ [$0] }) ?? Array(Set(byKey.keys).union(scopes.keys).union(byArguments.keys)) {
                let scope = scopes[key]
                precondition(scope == nil || byKey[key] != nil, "InstanceTable: a scope without an instance")
                precondition(scope != .singleton, "InstanceTable: .singleton kept in scopes")
                if let instance = byKey[key] {
                    precondition(instance.isWeak == (scope == .weak), "InstanceTable: weak holder and scope disagree")
                }
                precondition(byArguments[key].map { !$0.isEmpty } ?? true, "InstanceTable: an empty argument list")
            }
        #endif
    }
}

/// One shared instance: held strongly, in a box typed as the service, or weakly (`.weak`).
///
/// A struct over the holder, not an enum of the two kinds: an enum of two references keeps its
/// case in the reference's spare bits, where LeakSanitizer sees no pointer, and it reported every
/// `.weak` instance of a container alive at exit (`Container.shared`) as leaked.
@usableFromInline
struct SharedInstance {
    /// What is stored: an `InstanceBox<Service>`, or a `WeakReference`. Identifies the instance
    /// without loading a weak reference (a load retains, and its release could run a `deinit`).
    @usableFromInline let holder: AnyObject

    /// `value` held strongly.
    static func strong<Service>(_ value: Service) -> SharedInstance { SharedInstance(holder: InstanceBox(value)) }

    /// An instance held weakly.
    static func weak(_ reference: WeakReference) -> SharedInstance { SharedInstance(holder: reference) }

    var isWeak: Bool { exactCast(holder, to: WeakReference.self) != nil }

    /// The instance as `Service`, checked; `nil` when there is none (a released weak instance) or
    /// it is not a `Service`. A box is `InstanceBox<Service>` exactly (the class is final), so
    /// comparing its class is the whole check. A weak reference is unwrapped before the cast: an
    /// empty one cast as it is would pass as a `Service` that can hold an optional (`Any`,
    /// `any Sendable`), or as `AnyObject` (boxed, or `NSNull` with Foundation loaded).
    @inlinable @inline(__always)
    func value<Service>(as _: Service.Type) -> Service? {
        if let box = exactCast(holder, to: InstanceBox<Service>.self) { return box.value }
        guard let object = exactCast(holder, to: WeakReference.self)?.object else { return nil }
        return object as? Service
    }
}

/// A typed, immutable holder for one instance, so that a cached value is read back as exactly the
/// type it was built as (`nil`, optionals and `Any` included).
///
/// Safety: `value` never changes; the instance is handed out as it is, as every resolve does.
@usableFromInline
final class InstanceBox<Service>: @unchecked Sendable {
    @usableFromInline let value: Service
    init(_ value: Service) { self.value = value }
}

/// A weak reference to a `.weak` instance.
///
/// Safety: `object` is written once, in `init`; the runtime makes concurrent reads of a weak
/// reference safe.
@usableFromInline
final class WeakReference: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
