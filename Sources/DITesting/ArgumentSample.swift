import DIKitCore

/// Sample runtime arguments that let ``verifyAssemblies(_:arguments:fileID:filePath:line:column:)``
/// resolve a registration whose factory takes arguments.
///
/// A sample matches the registration with the same service type, name and argument types — the
/// types its values are passed as, so write `"Ada" as String?` for a factory taking `String?` —
/// and serves that registration's `implements` aliases too, unless they have samples of their
/// own. A sample that matches no registration is listed in the report's
/// ``VerificationReport/unmatchedSamples``, with why.
///
/// ```swift
/// let report = verifyAssemblies([AppAssembly()], arguments: [
///     .sample(Greeter.self, "Ada"),
///     .sample(Forecast.self, name: "daily", "Berlin", 7),
/// ])
/// ```
public struct ArgumentSample: Sendable, CustomStringConvertible {
    let key: ServiceKey
    /// What the sample is for: `Greeter (name: "formal", arguments: String)`.
    public let description: String
    /// Resolves a key of a service type with the sample's values: its own, or an `implements`
    /// alias of it.
    private let resolveKey: @Sendable (Container, ServiceKey, Any.Type) throws -> Any
    private let serviceType: Any.Type

    /// Arguments to resolve `type` (registered under `name`) with.
    ///
    /// - Parameters:
    ///   - type: The registered service type.
    ///   - name: The registration's name; `nil` by default.
    ///   - values: The arguments, in the order the factory takes them.
    public static func sample<Service, each Argument: Sendable>(
        _ type: Service.Type, name: String? = nil, _ values: repeat each Argument
    ) -> ArgumentSample {
        let arguments = (repeat each values)
        return ArgumentSample(
            key: ServiceKey(type, name: name, arguments: repeat (each Argument).self),
            description: describeService(type, name: name, argumentTypes: typeList(repeat (each Argument).self)),
            resolveKey: { container, key, serviceType in
                try container.resolveErased(key, serviceType: serviceType, arguments: repeat each arguments)
            },
            serviceType: type)
    }

    /// Resolves what the sample is for, with its values.
    func resolve(_ container: Container) throws -> Any { try resolveKey(container, key, serviceType) }

    /// Resolves `registration` — the one the sample is for, or an `implements` alias of it — with
    /// the sample's values.
    func resolve(_ container: Container, as registration: RegistrationRecord) throws -> Any {
        try resolveKey(container, registration.info.key, registration.serviceType)
    }
}
