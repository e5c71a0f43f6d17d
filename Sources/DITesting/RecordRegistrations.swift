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
/// twice appears twice. A test assembly's `MockAPI().injected()` is recorded too. What an
/// assembly registers into `Container.shared` instead of the container it is given is reported as
/// a test failure, and kept out of the test's injector and the process-wide default.
///
/// - Parameters:
///   - assemblies: The assemblies to record, with their dependencies.
///   - fileID: The caller's file, where a failure is reported (Swift Testing).
///   - filePath: The caller's file path, where a failure is reported (XCTest).
///   - line: The caller's line.
///   - column: The caller's column.
/// - Returns: The registrations, in the order they were made.
public func recordRegistrations(
    of assemblies: [any Assembly],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> [RegistrationRecord] {
    let log = RegistrationLog()
    let strays = Container(observer: log).assembleCatchingStrays(assemblies)
    if !strays.isEmpty {
        reportFailure(
            strayRegistrationsFailure(strays, in: "recordRegistrations"),
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return log.registrations
}

extension Container {
    /// Assembles `assemblies` here, with `Container.shared` bound to a container of its own
    /// meanwhile, and returns what they registered there instead of here: a slip (an assembly
    /// written for one global container) that would otherwise land in the test's injector, or in
    /// the process-wide default and every later test.
    func assembleCatchingStrays(_ assemblies: [any Assembly]) -> [RegistrationRecord] {
        let elsewhere = Container()
        Container.withShared(elsewhere) { assemble(assemblies) }
        return elsewhere.visibleRegistrations.map(RegistrationRecord.init)
    }
}

/// The failure of `strays`, registrations an assembly made into `Container.shared` while
/// `function` assembled it.
func strayRegistrationsFailure(_ strays: [RegistrationRecord], in function: String) -> String {
    let list = strays.map { "\($0.info.serviceDescription) at \($0.fileID):\($0.line)" }
    return FailureMessage(
        "\(function): an assembly registered into Container.shared, not the container it was given.",
        context: [
            "Registered there: \(listed(list)).",
            """
            \(function) left them out, and an app that assembles into a container of its own never \
            gets them.
            """,
        ],
        fix: "register into the container assemble(into:) receives."
    ).description
}
