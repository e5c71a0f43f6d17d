public import DIKitCore

/// One registration, as a ``SpyContainer`` or ``recordRegistrations(of:fileID:filePath:line:column:)`` saw it.
///
/// ```swift
/// let records = recordRegistrations(of: [NetworkAssembly()])
/// #expect(records.contains { $0.serviceType == HTTPClient.self && $0.scope == .singleton })
/// ```
public struct RegistrationRecord: Sendable, CustomStringConvertible {
    /// The registration as the container stores it: held, not copied.
    let registration: RegistrationHandle

    package init(_ registration: RegistrationHandle) { self.registration = registration }

    var info: RegistrationInfo { registration.info }

    /// The type the registration resolves as.
    public var serviceType: Any.Type { info.serviceType }
    /// The registration's name, if any.
    public var name: String? { info.name }
    /// Its scope. Registered instances are recorded as `.singleton`;
    /// `implements` aliases have the scope of the registration they resolve.
    public var scope: Scope { info.scope }
    /// The types of the runtime arguments its factory takes, in order.
    public var argumentTypes: [Any.Type] { info.argumentTypes }
    /// For an `implements` alias, the service type of the registration it resolves; else `nil`.
    public var aliasOf: Any.Type? { info.aliasOf }
    /// The file the registration was made in, as `#fileID`.
    public var fileID: String { info.fileID }
    /// The line the registration was made on.
    public var line: UInt { info.line }

    /// `HTTPClient (singleton) at NetworkAssembly.swift:12`.
    public var description: String {
        var details = "\(scope)"
        if let aliasOf { details += ", alias of \(aliasOf)" }
        return "\(info.serviceDescription) (\(details)) at \(fileID):\(line)"
    }
}
