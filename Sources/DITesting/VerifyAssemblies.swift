public import DIKitCore

/// Proves that `assemblies` wire a complete graph: resolves every registration in a fresh
/// sandbox and reports every problem as a test failure.
///
/// ```swift
/// @Test func appGraphResolves() {
///     let report = verifyAssemblies([AppAssembly()], arguments: [.sample(Greeter.self, "Ada")])
///     #expect(report.skipped.isEmpty)
/// }
/// ```
///
/// Every registration is resolved — every name and every `implements` alias — in a new container
/// built from `assemblies` alone. All failures are collected, not just the first: a missing
/// dependency with its full path, a cycle, a throwing factory, an alias whose type does not match.
/// A problem reached from several registrations is reported once, with its longest path.
/// Registrations that take runtime arguments are resolved with a matching ``ArgumentSample`` and
/// skipped without one. Keys registered more than once are listed in
/// ``VerificationReport/duplicates`` (later registrations replace earlier ones; that is not a
/// failure).
///
/// Factories really run: keep them free of side effects you would not want in a test.
///
/// - Parameters:
///   - assemblies: The assemblies to verify, with their dependencies.
///   - arguments: Sample arguments for registrations that take them.
///   - fileID: The caller's file, where a failure is reported (Swift Testing).
///   - filePath: The caller's file path, where a failure is reported (XCTest).
///   - line: The caller's line.
///   - column: The caller's column.
/// - Returns: The report; each of its failures has also been reported to the test framework.
@discardableResult
public func verifyAssemblies(
    _ assemblies: [any Assembly],
    arguments: [ArgumentSample] = [],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> VerificationReport {
    let log = RegistrationLog()
    let sandbox = Container(observer: log)
    sandbox.assemble(assemblies)

    var failures: [VerificationFailure] = []
    var verified: [RegistrationRecord] = []
    var skipped: [RegistrationRecord] = []
    for registration in sandbox.visibleRegistrations.map(RegistrationRecord.init) {
        do {
            if registration.argumentTypes.isEmpty {
                _ = try sandbox.resolveErased(registration.info.key, serviceType: registration.serviceType)
            } else if let sample = arguments.first(where: { $0.key == registration.info.key }) {
                try sample.resolve(sandbox)
            } else {
                skipped.append(registration)
                continue
            }
            verified.append(registration)
        } catch let error as ResolutionError {
            failures.append(VerificationFailure(registration: registration, error: error))
        } catch {
            // Resolution only throws ResolutionError; anything else would be a DIKit bug.
            preconditionFailure("Unexpected error from resolve: \(error)")
        }
    }

    let report = VerificationReport(
        failures: onePerRootCause(failures), verified: verified, skipped: skipped,
        duplicates: duplicateKeys(in: log.registrations))
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for failure in report.failures {
        reportFailure("verifyAssemblies: \(failure)", at: location)
    }
    return report
}

/// Keeps one failure per root cause (kind and failing service, or the members of a cycle), the
/// one with the longest path, in the order first found.
private func onePerRootCause(_ failures: [VerificationFailure]) -> [VerificationFailure] {
    var order: [String] = []
    var kept: [String: VerificationFailure] = [:]
    for failure in failures {
        let cause = rootCause(of: failure.error)
        if let existing = kept[cause] {
            if failure.error.path.count > existing.error.path.count { kept[cause] = failure }
        } else {
            order.append(cause)
            kept[cause] = failure
        }
    }
    return order.compactMap { kept[$0] }
}

private func rootCause(of error: ResolutionError) -> String {
    let path = error.path
    guard error.kind == .circularDependency, let last = path.last, let start = path.firstIndex(of: last) else {
        return "\(error.kind) \(path.last ?? "")"
    }
    return "\(error.kind) " + Set(path[start...]).sorted().joined(separator: ",")
}

private func duplicateKeys(in registrations: [RegistrationRecord]) -> [[RegistrationRecord]] {
    var order: [ServiceKey] = []
    var byKey: [ServiceKey: [RegistrationRecord]] = [:]
    for record in registrations {
        if byKey[record.info.key] == nil { order.append(record.info.key) }
        byKey[record.info.key, default: []].append(record)
    }
    return order.compactMap { byKey[$0] }.filter { $0.count > 1 }
}
