/// The shared instances one container owns: its built singletons and its live weak instances.
///
/// A value guarded by its container's lock. Whatever is removed from it is handed back to the
/// caller, to be released after unlocking: releasing an instance runs its `deinit`.
@usableFromInline
struct InstanceTable {
    /// Instances of registrations that take no arguments.
    private var byKey = [ServiceKey: SharedInstance]()
    /// Instances of registrations with arguments, one per distinct argument values.
    private var byArguments = [ServiceKey: [[AnyHashable]: SharedInstance]]()
    /// Changes whenever instances are dropped, so a build that started before does not publish.
    private(set) var generation = 0
    /// `byKey` again, for the lookups every resolve makes; see ``InstanceSlots``.
    private var slots = InstanceSlots()

    /// The built singleton for `key` (no arguments), if any: what the hot path reads.
    @inline(__always)
    func singleton(_ key: ServiceKey) -> SharedInstance? {
        guard let instance = self[key], !instance.isWeak else { return nil }
        return instance
    }

    /// The instance for `key` (no arguments), if any.
    @inline(__always)
    private subscript(key: ServiceKey) -> SharedInstance? {
        switch slots.lookup(key) {
        case .found(let instance): instance
        case .absent: nil
        case .unknown: byKey[key]
        }
    }

    subscript(key: ServiceKey, arguments: [AnyHashable]) -> SharedInstance? {
        arguments.isEmpty ? self[key] : byArguments[key]?[arguments]
    }

    /// Stores `instance`, returning what it replaced (a dead weak reference, at most).
    mutating func store(_ instance: SharedInstance, for key: ServiceKey, arguments: [AnyHashable]) -> SharedInstance? {
        guard arguments.isEmpty else { return byArguments[key, default: [:]].updateValue(instance, forKey: arguments) }
        let replaced = byKey.updateValue(instance, forKey: key)
        slots.store(instance, for: key, in: byKey)
        return replaced
    }

    /// Removes the instance for `key` and `arguments` if it is `box`; returns it.
    mutating func remove(_ key: ServiceKey, arguments: [AnyHashable], ifIs box: AnyObject) -> SharedInstance? {
        guard let current = self[key, arguments], current.object === box else { return nil }
        guard arguments.isEmpty else { return byArguments[key]?.removeValue(forKey: arguments) }
        slots.remove(key)
        return byKey.removeValue(forKey: key)
    }

    /// Removes every instance of `key`, whatever the arguments.
    mutating func removeAll(of key: ServiceKey) -> [SharedInstance] {
        generation += 1
        var removed: [SharedInstance] = []
        slots.remove(key)
        if let instance = byKey.removeValue(forKey: key) { removed.append(instance) }
        if let instances = byArguments.removeValue(forKey: key) { removed += instances.values }
        return removed
    }

    /// Removes every instance; returns the old table.
    mutating func removeAll() -> InstanceTable {
        var emptied = InstanceTable()
        emptied.generation = generation + 1
        swap(&self, &emptied)
        return emptied
    }
}

/// One shared instance: held strongly (a singleton) or weakly (`.weak`).
@usableFromInline
enum SharedInstance {
    /// A singleton whose service type is a class (or `AnyObject`): the instance itself. Reading it
    /// back takes no box, and so no retain and release of one: the cached-singleton path's
    /// atomic operations go from three to one.
    case object(AnyObject)
    /// Any other singleton: an `InstanceBox<Service>`.
    case boxed(AnyObject)
    case weak(WeakReference)

    /// `value` as a singleton of `Service`: itself when `Service` is a class type, else boxed.
    static func singleton<Service>(_ value: Service) -> SharedInstance {
        if let object = classInstance(value) { return .object(object) }
        return .boxed(InstanceBox(value))
    }

    var isWeak: Bool {
        if case .weak = self { true } else { false }
    }

    /// The box or object held, for identity checks.
    var object: AnyObject? {
        switch self {
        case .object(let object), .boxed(let object): object
        case .weak(let reference): reference.object
        }
    }
}

/// A typed, immutable holder for one instance, so that a cached value is read back as exactly the
/// type it was built as (`nil`, optionals and `Any` included).
///
/// Safety: `value` never changes; the instance is handed out as it is.
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
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
