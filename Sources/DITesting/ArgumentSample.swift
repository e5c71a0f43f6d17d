import DIKitCore

/// Sample runtime arguments that let ``verifyAssemblies(_:arguments:fileID:filePath:line:column:)``
/// resolve a registration whose factory takes arguments.
///
/// A sample matches the registration with the same service type, name and argument types —
/// the types its values are passed as, so write `"Ada" as String?` for a factory taking
/// `String?`. A sample that matches no registration is reported as a test failure: nothing was
/// verified with it.
///
/// ```swift
/// let report = verifyAssemblies([AppAssembly()], arguments: [
///     .sample(Greeter.self, "Ada"),
///     .sample(Forecast.self, name: "daily", "Berlin", 7),
/// ])
/// ```
public struct ArgumentSample: Sendable {
    let key: ServiceKey
    /// What the sample is for: `Greeter (name: "formal", arguments: String)`.
    let service: String
    let resolve: @Sendable (Container) throws -> Any

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
        var types: [Any.Type] = []
        for type in repeat (each Argument).self { types.append(type) }
        return ArgumentSample(
            key: ServiceKey(type, name: name, arguments: repeat (each Argument).self),
            service: describeService(type, name: name, argumentTypes: types)
        ) { container in
            try container.resolve(type, name: name, arguments: repeat each arguments) as Any
        }
    }
}
