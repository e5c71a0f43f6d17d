/// What a registration is stored under: the service type, the name, and the argument types.
///
/// The argument types are identified by the metatype of the tuple `(repeat each Argument)`, so
/// `(String, Int)` and `(Int, String)` are different keys and zero arguments is `Void`.
@usableFromInline
package struct ServiceKey: Hashable, Sendable {
    @usableFromInline package let service: ObjectIdentifier
    @usableFromInline package let arguments: ObjectIdentifier
    @usableFromInline package let name: String?

    /// The key of a registration that takes no arguments.
    @inlinable
    package init<Service>(_ service: Service.Type, name: String?) {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier(Void.self)
        self.name = name
    }

    package init<Service, each Argument>(
        _ service: Service.Type, name: String?, arguments: (repeat each Argument).Type
    ) {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier(arguments)
        self.name = name
    }

    @inlinable
    package init(service: ObjectIdentifier, name: String?, arguments: ObjectIdentifier) {
        self.service = service
        self.arguments = arguments
        self.name = name
    }

    package var takesArguments: Bool { arguments != ObjectIdentifier(Void.self) }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        // One combine for both identities: hashing dominates a cached lookup.
        hasher.combine(UInt(bitPattern: service) &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: arguments))
        if let name { hasher.combine(name) }
    }
}
