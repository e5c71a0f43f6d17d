/// The runtime arguments of one `resolve` call: the tuple the factory receives, and the values'
/// identity, which decides whether two resolutions ask for the same instance.
struct Arguments {
    /// `(repeat each Argument)` as `Any`; `()` when there are none.
    let tuple: Any
    /// The values as `AnyHashable`, when every one is `Hashable`; `nil` when some value is not.
    let identity: [AnyHashable]?

    /// No arguments.
    static var none: Arguments { Arguments(tuple: (), identity: []) }

    private init(tuple: Any, identity: [AnyHashable]?) {
        self.tuple = tuple
        self.identity = identity
    }

    init<each Argument>(_ values: repeat each Argument) {
        var identity: [AnyHashable]? = []
        for value in repeat each values {
            if let hashable = value as? AnyHashable { identity?.append(hashable) } else { identity = nil }
        }
        self.init(tuple: (repeat each values), identity: identity)
    }
}
