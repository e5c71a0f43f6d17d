/// What a registration is stored under: the service type, the name, and the argument types.
///
/// The argument types are identified by the metatype of the tuple `(repeat each Argument)`, so
/// `(String, Int)` and `(Int, String)` are different keys and zero arguments is `Void`.
package struct ServiceKey: Hashable, Sendable {
    package let service: ObjectIdentifier
    package let arguments: ObjectIdentifier
    package let name: String?

    package init<Service, each Argument>(
        _ service: Service.Type, name: String?, arguments: (repeat each Argument).Type
    ) {
        self.service = ObjectIdentifier(service)
        self.arguments = ObjectIdentifier(arguments)
        self.name = name
    }

    package init(service: ObjectIdentifier, name: String?, arguments: ObjectIdentifier) {
        self.service = service
        self.arguments = arguments
        self.name = name
    }

    package var takesArguments: Bool { arguments != ObjectIdentifier(Void.self) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(service)
        hasher.combine(arguments)
        if let name { hasher.combine(name) }
    }
}
