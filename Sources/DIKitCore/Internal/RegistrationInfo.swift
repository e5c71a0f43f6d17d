/// What a registration says about itself: the facts errors quote and `DITesting` records.
@usableFromInline
package struct RegistrationInfo: Sendable {
    /// Where the registration is stored.
    package let key: ServiceKey
    /// The type the registration is resolved as.
    package let serviceType: Any.Type
    /// The registration's name: its key's.
    package var name: String? { key.name }
    package let scope: Scope
    /// The types of the runtime arguments its factory takes, in order.
    package let argumentTypes: [Any.Type]
    package let fileID: String
    package let line: UInt
    /// For an `implements` alias: the service type of the registration it resolves.
    package let aliasOf: Any.Type?

    @usableFromInline
    init(
        key: ServiceKey, serviceType: Any.Type, scope: Scope, argumentTypes: [Any.Type], fileID: String, line: UInt,
        aliasOf: Any.Type?
    ) {
        self.key = key
        self.serviceType = serviceType
        self.scope = scope
        self.argumentTypes = argumentTypes
        self.fileID = fileID
        self.line = line
        self.aliasOf = aliasOf
    }

    /// `Theme`, `Theme (name: "dark")`, `Greeter (arguments: String)`.
    package var serviceDescription: String {
        describeService(serviceType, name: name, argumentTypes: argumentTypes)
    }

    /// `LiveAPI.swift:12`.
    package var location: String { "\(fileID):\(line)" }
}

/// `Theme`, `Theme (name: "dark")`, `Greeter (name: "x", arguments: String, Int)`.
package func describeService(_ type: Any.Type, name: String?, argumentTypes: [Any.Type]) -> String {
    var details: [String] = []
    if let name { details.append("name: \(String(reflecting: name))") }
    if !argumentTypes.isEmpty { details.append("arguments: \(describeTypes(argumentTypes))") }
    let base = typeName(type)
    return details.isEmpty ? base : "\(base) (\(details.joined(separator: ", ")))"
}

/// What `String(describing: type)` gives, cached: spies and errors describe the same few types
/// over and over. Read with `_typeName` rather than `String(describing:)`, which first asks the
/// runtime whether the metatype conforms to the printing protocols: a scan of every conformance in
/// the process the first time for each type, tens of microseconds, which an error's search for
/// similarly named types paid once for every registered type.
package func typeName(_ type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let name = typeNames.withLock({ $0[id] }) { return name }
    let name = _typeName(type, qualified: false)
    typeNames.withLock { $0[id] = name }
    return name
}

private let typeNames = LockedValue<[ObjectIdentifier: String]>([:])

/// `String, Int`, or `no arguments`.
func describeTypes(_ types: [Any.Type]) -> String {
    types.isEmpty ? "no arguments" : types.map(typeName).joined(separator: ", ")
}

/// The types of a parameter pack, as a list.
@usableFromInline
package func typeList<each Element>(_ types: repeat (each Element).Type) -> [Any.Type] {
    var list: [Any.Type] = []
    for type in repeat each types { list.append(type) }
    return list
}
