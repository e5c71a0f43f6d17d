/// The runtime arguments of one `resolve` call: the tuple the factory receives, and the values'
/// identity, which decides whether two resolutions ask for the same instance.
struct Arguments {
    /// `(repeat each Argument)` as `Any`; `()` when there are none.
    let tuple: Any
    /// How many arguments there are.
    let count: Int
    /// The values as `AnyHashable`, when every one is `Hashable`; `nil` when some value is not.
    let identity: [AnyHashable]?

    /// No arguments.
    static var none: Arguments { Arguments(tuple: (), count: 0, identity: []) }

    private init(tuple: Any, count: Int, identity: [AnyHashable]?) {
        self.tuple = tuple
        self.count = count
        self.identity = identity
    }

    init<each Argument>(_ values: repeat each Argument) {
        var count = 0
        var identity: [AnyHashable]? = []
        for value in repeat each values {
            count += 1
            if let hashable = value as? AnyHashable { identity?.append(hashable) } else { identity = nil }
        }
        self.init(tuple: (repeat each values), count: count, identity: identity)
    }

    /// Whether `self` and `other` are known to be equal: both without arguments, or with equal
    /// hashable values. Values that are not `Hashable` are never known to be equal.
    func isSame(as other: Arguments) -> Bool {
        guard let identity, let otherIdentity = other.identity else { return false }
        return identity == otherIdentity
    }
}
