/// The shared instances one container owns: its built singletons and its live weak instances.
///
/// A value guarded by its container's lock. Whatever is removed from it is handed back to the
/// caller, to be released after unlocking: releasing an instance runs its `deinit`.
@usableFromInline
struct InstanceTable {
    /// Instances of registrations that take no arguments: the hot path.
    @usableFromInline private(set) var byKey = [ServiceKey: SharedInstance]()
    /// Instances of registrations with arguments, one per distinct argument values.
    private var byArguments = [ServiceKey: [[AnyHashable]: SharedInstance]]()
    /// Changes whenever instances are dropped, so a build that started before does not publish.
    private(set) var generation = 0
    /// The service types that may have an instance in `byKey`: one bit per type (a Bloom filter),
    /// set when an instance is stored, cleared only when every instance is dropped. A transient's
    /// resolve tests a bit instead of probing the dictionary for a key it never holds: that miss
    /// cost about 160 instructions, a tenth of a transient resolve.
    private var stored = ServiceFilter()

    /// The built singleton for `key` (no arguments), if any: what the hot path reads.
    @inline(__always)
    func singleton(_ key: ServiceKey) -> SharedInstance? {
        guard stored.mayContain(key.service), let instance = byKey[key], !instance.isWeak else { return nil }
        return instance
    }

    subscript(key: ServiceKey, arguments: [AnyHashable]) -> SharedInstance? {
        get {
            guard arguments.isEmpty else { return byArguments[key]?[arguments] }
            return stored.mayContain(key.service) ? byKey[key] : nil
        }
    }

    /// Stores `instance`, returning what it replaced (a dead weak reference, at most).
    mutating func store(_ instance: SharedInstance, for key: ServiceKey, arguments: [AnyHashable]) -> SharedInstance? {
        if arguments.isEmpty {
            stored.insert(key.service)
            return byKey.updateValue(instance, forKey: key)
        }
        return byArguments[key, default: [:]].updateValue(instance, forKey: arguments)
    }

    /// Removes the instance for `key` and `arguments` if it is `box`; returns it.
    mutating func remove(_ key: ServiceKey, arguments: [AnyHashable], ifIs box: AnyObject) -> SharedInstance? {
        guard let current = self[key, arguments], current.object === box else { return nil }
        if arguments.isEmpty { return byKey.removeValue(forKey: key) }
        return byArguments[key]?.removeValue(forKey: arguments)
    }

    /// Removes every instance of `key`, whatever the arguments.
    mutating func removeAll(of key: ServiceKey) -> [SharedInstance] {
        generation += 1
        var removed: [SharedInstance] = []
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

/// A set of type identities that may say "maybe" for one it does not hold, never "no" for one it
/// does: 256 bits, one per identity, picked by a multiplicative hash of its address.
struct ServiceFilter {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inline(__always)
    private static func bit(_ service: ObjectIdentifier) -> (word: Int, mask: UInt64) {
        let hash = (UInt64(UInt(bitPattern: service)) &* 0x9E37_79B9_7F4A_7C15) >> 56
        return (Int(hash >> 6), 1 << (hash & 63))
    }

    @inline(__always)
    func mayContain(_ service: ObjectIdentifier) -> Bool {
        let (word, mask) = Self.bit(service)
        switch word {
        case 0: return words.0 & mask != 0
        case 1: return words.1 & mask != 0
        case 2: return words.2 & mask != 0
        default: return words.3 & mask != 0
        }
    }

    mutating func insert(_ service: ObjectIdentifier) {
        let (word, mask) = Self.bit(service)
        switch word {
        case 0: words.0 |= mask
        case 1: words.1 |= mask
        case 2: words.2 |= mask
        default: words.3 |= mask
        }
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
