import DIKitCore

/// Sample runtime arguments that let ``verifyAssemblies(_:arguments:fileID:filePath:line:column:)``
/// resolve a registration whose factory takes arguments.
///
/// A sample matches the registration with the same service type, name and argument types:
///
/// ```swift
/// let report = verifyAssemblies([AppAssembly()], arguments: [
///     .sample(Greeter.self, "Ada"),
///     .sample(Forecast.self, name: "daily", "Berlin", 7),
/// ])
/// ```
public struct ArgumentSample: Sendable {
    let key: ServiceKey
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
        return ArgumentSample(key: ServiceKey(type, name: name, arguments: repeat (each Argument).self)) {
            container in
            try container.resolve(type, name: name, arguments: repeat each arguments) as Any
        }
    }
}
