/// The runtime arguments of one `resolve` call: the tuple the factory receives, and the values'
/// identity, which decides whether two resolutions ask for the same instance.
struct Arguments {
    /// `(repeat each Argument)` as `Any`; `()` when there are none.
    let tuple: Any
    /// The values' identity; `nil` when a value is neither `Hashable` nor a class instance.
    let identity: ArgumentIdentity?

    /// No arguments.
    static var none: Arguments { Arguments(tuple: (), identity: ArgumentIdentity.empty) }

    private init(tuple: Any, identity: ArgumentIdentity?) {
        self.tuple = tuple
        self.identity = identity
    }

    /// Runs the values' `hash(into:)` here, once, before any lock is taken.
    init<each Argument>(_ values: repeat each Argument) {
        var parts: [ArgumentIdentity.Part]? = []
        for value in repeat each values {
            if let hashable = value as? AnyHashable {
                parts?.append(.value(hashable))
            } else if let object = classObject(value) {
                parts?.append(.object(object))
            } else {
                parts = nil
            }
        }
        self.init(tuple: (repeat each values), identity: parts.map(ArgumentIdentity.init))
    }
}

extension Arguments {
    /// The values, one per argument, for errors; empty when `count` does not match them.
    func values(count: Int) -> [Any] {
        if count <= 1 { return count == 0 ? [] : [tuple] }
        let values = Mirror(reflecting: tuple).children.map(\.value)
        return values.count == count ? values : []
    }
}

/// Which argument values a cached instance was built for: `Hashable` values by equality, other
/// class instances by identity.
///
/// Its `hash` is computed once, when the arguments are received, so that the tables DIKit keeps
/// under a lock compare only that integer. Comparing the values themselves (``matches(_:)``) runs
/// the user's `==`: never do it while holding a lock.
struct ArgumentIdentity {
    enum Part {
        case value(AnyHashable)
        /// A class instance that is not `Hashable`: kept alive, so its identity is never reused.
        case object(AnyObject)
    }

    let parts: [Part]
    /// The hash of `parts`, computed at creation.
    let hash: Int

    /// No arguments: hash 0, computed without hashing.
    static var empty: ArgumentIdentity { ArgumentIdentity(parts: [], hash: 0) }

    private init(parts: [Part], hash: Int) {
        self.parts = parts
        self.hash = hash
    }

    init(_ parts: [Part]) {
        guard !parts.isEmpty else {
            self = .empty
            return
        }
        self.parts = parts
        var hasher = Hasher()
        hasher.combine(parts.count)
        for part in parts {
            switch part {
            case .value(let value): hasher.combine(value)
            case .object(let object): hasher.combine(ObjectIdentifier(object))
            }
        }
        hash = hasher.finalize()
    }

    var isEmpty: Bool { parts.isEmpty }

    /// Whether `other` names the same values. Runs the values' `==`: call it with no lock held.
    func matches(_ other: ArgumentIdentity) -> Bool {
        guard hash == other.hash, parts.count == other.parts.count else { return false }
        for (mine, theirs) in zip(parts, other.parts) {
            switch (mine, theirs) {
            case (.value(let a), .value(let b)): if a != b { return false }
            case (.object(let a), .object(let b)): if a !== b { return false }
            default: return false
            }
        }
        return true
    }
}

/// `value` as an object when it is a class instance, else `nil` (not the box a value type would
/// be bridged into).
package func classObject<Value>(_ value: Value) -> AnyObject? {
    type(of: value as Any) is AnyObject.Type ? value as AnyObject : nil
}
