/// What a registration is stored under: the service type, the name, and the argument types.
///
/// The argument types are identified by the metatype of the tuple `(ArgumentList, repeat each
/// Argument)`. The leading marker keeps the list a list: a single tuple-typed argument
/// `(Int, String)` gives `(ArgumentList, (Int, String))`, two arguments give
/// `(ArgumentList, Int, String)`, and no arguments give `ArgumentList` itself. Comparing one
/// metatype is as precise as comparing the list, and costs no allocation.
@usableFromInline
package struct ServiceKey: Hashable, Sendable {
    @usableFromInline package let service: ObjectIdentifier
    @usableFromInline package let arguments: ObjectIdentifier
    @usableFromInline package let name: String?

    /// The key of a registration that takes no arguments.
    @inlinable
    package init<Service>(_ service: Service.Type, name: String?) {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier(ArgumentList.self)
        self.name = name
    }

    /// The key of a registration whose factory takes `Argument...`.
    @inlinable
    package init<Service, each Argument>(_ service: Service.Type, name: String?, arguments: repeat (each Argument).Type)
    {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier((ArgumentList, repeat each Argument).self)
        self.name = name
    }

    @inlinable
    package init(service: ObjectIdentifier, name: String?, arguments: ObjectIdentifier) {
        self.service = service
        self.arguments = arguments
        self.name = name
    }

    /// Whether the registration takes runtime arguments.
    package var takesArguments: Bool { arguments != ObjectIdentifier(ArgumentList.self) }

    /// The same service and argument types under another name or type.
    func with(service: Any.Type? = nil, name: String?) -> ServiceKey {
        ServiceKey(service: service.map { ObjectIdentifier($0) } ?? self.service, name: name, arguments: arguments)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        // One combine for both identities: hashing dominates a cached lookup.
        hasher.combine(UInt(bitPattern: service) &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: arguments))
        if let name { hasher.combine(name) }
    }
}

/// The marker at the head of a key's argument-type tuple; see ``ServiceKey``.
@usableFromInline
package enum ArgumentList {}
