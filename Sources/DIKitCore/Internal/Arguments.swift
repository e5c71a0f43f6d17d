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
}
