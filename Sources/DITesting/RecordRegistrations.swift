public import DIKitCore

/// The registrations `assemblies` make, in order, with nothing resolved.
///
/// Use it to pin what a module provides — its types, names, scopes, argument types and where each
/// is registered — without building anything:
///
/// ```swift
/// let records = recordRegistrations(of: [NetworkAssembly()])
/// #expect(records.map(\.scope) == [.singleton, .transient])
/// ```
///
/// Dependencies are included, as `Container(assemblies:)` would assemble them; a key registered
/// twice appears twice. A test assembly's `MockAPI().injected()` is recorded too.
public func recordRegistrations(of assemblies: [any Assembly]) -> [RegistrationRecord] {
    let log = RegistrationLog()
    Container(observer: log).assemble(assemblies)
    return log.registrations
}
