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
/// built from `assemblies` alone, bound as `Container.shared` meanwhile (so `@Injected`
/// properties read in an initializer resolve from it); a test assembly's `MockAPI().injected()`
/// registers into it. All problems are collected, not just the first:
/// - a missing dependency, with its full path; a cycle; a throwing factory; an alias whose type
///   does not match;
/// - the `@Injected`, `@SafelyInjected` and `@InjectedProvider` properties of every instance it
///   resolves, and of the objects and values of the app's types it holds (an object its factory
///   made, a struct, an optional; not collections), found by reflection: each one's service must
///   resolve too (a missing service is fine for `@SafelyInjected`, which expects it), or the
///   failure's path names the owner, the properties it goes through and the missing type;
/// - captive dependencies: a `.singleton` that captures a `.graph`, `.weak` or custom-scoped
///   service when it is built, directly or through transients, or a custom-scoped one that
///   captures a `.graph`, `.weak` or other custom-scoped service — also in an `@Injected` or
///   `@SafelyInjected` property, which keeps what it resolves: one failure per captor and
///   captured service, which breaks the captor.
///
/// A problem reached from several registrations is reported once, with its longest path, and
/// lists every registration it breaks. Registrations that take runtime arguments are resolved
/// with a matching ``ArgumentSample`` (their `implements` aliases too) and skipped without one; a
/// sample that matches no registration is listed in ``VerificationReport/unmatchedSamples``, not
/// reported (one list of samples may serve several calls). Every registration ends up in
/// ``VerificationReport/verified``, ``VerificationReport/skipped`` or a failure. Keys registered
/// more than once are listed in ``VerificationReport/duplicates`` (later registrations replace
/// earlier ones; that is not a failure). ``VerificationReport/dependencyGraph`` holds the edges
/// observed.
///
/// Registrations an assembly makes into `Container.shared` while it is assembled, instead of into
/// the container it is given, are reported as a test failure (and kept out of the test's
/// injector and the process-wide default); so is a verification that finds nothing to verify,
/// which would prove nothing.
///
/// Factories really run: keep them free of side effects you would not want in a test. Every
/// instance resolved in the check is kept until it returns (a `.weak` service's too, so that an
/// `unowned` reference to it stays valid while the check reflects what holds it), then released.
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
    let observer = VerificationObserver()
    let sandbox = Container(observer: observer)
    let strays = sandbox.assembleCatchingStrays(assemblies)

    var failures: [(cause: String, failure: VerificationFailure)] = []
    var verified: [RegistrationRecord] = []
    var skipped: [RegistrationRecord] = []
    var unusedSamples = arguments
    let registrations = sandbox.visibleRegistrations.map(RegistrationRecord.init)
    let byKey = Dictionary(registrations.map { ($0.info.key, $0) }) { first, _ in first }
    let properties = PropertyVerifier(sandbox: sandbox, observer: observer, assemblies: assemblies)
    Container.withShared(sandbox) {
        for registration in registrations {
            var found: [(cause: String, error: ResolutionError, captor: RegistrationRecord?)] = []
            do {
                let instance: Any
                if registration.argumentTypes.isEmpty {
                    instance = try sandbox.resolveErased(registration.info.key, serviceType: registration.serviceType)
                } else if let sample = sample(for: registration, in: arguments) {
                    unusedSamples.removeAll { $0.key == sample.key }
                    instance = try sample.resolve(sandbox, as: registration)
                } else {
                    skipped.append(registration)
                    continue
                }
                found += properties.failures(of: instance, as: registration)
                    .map { (rootCause(of: $0), $0, nil) }
            } catch let error as ResolutionError {
                found.append((rootCause(of: error), error, nil))
            } catch {
                // Resolution only throws ResolutionError; anything else would be a DIKit bug.
                preconditionFailure("Unexpected error from resolve: \(error)")
            }
            // A captive is the capturing registration's problem: one per captor and captured
            // service, which breaks the captor alone, whichever registration was being verified
            // when it was built (so the report does not depend on the order of registration).
            found += observer.takeCaptives().map {
                (
                    "captive \($0.owner.serviceDescription) \($0.captured.serviceDescription)",
                    ResolutionError.captiveDependency(
                        $0.owner, captures: $0.captured, path: $0.path, throughProperty: $0.throughProperty),
                    byKey[$0.owner.key]
                )
            }
            failures += found.map { cause, error, captor in
                (cause, VerificationFailure(registrations: [captor ?? registration], error: onMainActorNote(error)))
            }
            if !found.contains(where: { $0.captor == nil }) { verified.append(registration) }
        }
    }
    // A captor is broken even when its own turn found nothing: its instance, and the capture, were
    // built while another registration was verified.
    let broken = Set(failures.flatMap { $0.failure.registrations.map(\.info.key) })
    verified.removeAll { broken.contains($0.info.key) }

    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let graph = observer.graph
    // After the graph is taken: what resolving them observes is not the graph's.
    let unmatched = unusedSamples.map { ($0, whyUnmatched($0, in: sandbox)) }
    // Let go of what the sandbox built: an instance holding the sandbox would keep it, and itself.
    withExtendedLifetime(observer.releaseKept()) {}
    let report = VerificationReport(
        failures: onePerRootCause(failures, order: registrations), verified: verified, skipped: skipped,
        duplicates: duplicateKeys(in: observer.registrations), dependencyGraph: graph,
        unmatchedSamples: unmatched.map(\.0), whyUnmatched: unmatched.map(\.1))
    for failure in report.failures {
        reportFailure("verifyAssemblies: \(failure)", at: location)
    }
    if !strays.isEmpty {
        reportFailure(strayRegistrationsFailure(strays, in: "verifyAssemblies"), at: location)
    } else if registrations.isEmpty {
        reportFailure(nothingToVerify(assemblies), at: location)
    }
    return report
}

/// The failure of a verification that found no registration: a test that proves nothing.
private func nothingToVerify(_ assemblies: [any Assembly]) -> String {
    guard !assemblies.isEmpty else {
        return FailureMessage(
            "verifyAssemblies was given no assemblies: there was nothing to verify.",
            fix: "pass the assemblies that register the app's services."
        ).description
    }
    let names = assemblies.map { "\(type(of: $0))" }.joined(separator: ", ")
    return FailureMessage(
        "verifyAssemblies found no registration to verify: \(names) registered nothing in the container given.",
        context: [
            """
            An assembly registers into the container its assemble(into:) receives; what it registers \
            elsewhere (a container of its own) is neither verified nor assembled by the app.
            """
        ],
        fix: "register into the container assemble(into:) receives, or pass the assemblies that register the services."
    ).description
}

/// The sample for `registration`: its own, else that of the registration it is an `implements`
/// alias of.
private func sample(for registration: RegistrationRecord, in samples: [ArgumentSample]) -> ArgumentSample? {
    let target = registration.registration.aliasTarget
    return samples.first { $0.key == registration.info.key } ?? samples.first { $0.key == target }
}

/// Why `sample` matches no registration: what resolving it in `sandbox` says, usually which
/// argument types the service is registered with.
private func whyUnmatched(_ sample: ArgumentSample, in sandbox: Container) -> String {
    do {
        _ = try Container.withShared(sandbox) { try sample.resolve(sandbox) }
        return "no registration has its service type, name and argument types"
    } catch {
        return "\(error)".split(separator: "\n").joined(separator: "\n  ")
    }
}

/// A `mainActorRequired` error with how to verify main-actor registrations.
private func onMainActorNote(_ error: ResolutionError) -> ResolutionError {
    guard error.kind == .mainActorRequired else { return error }
    return error.adding(
        note:
            "verifyAssemblies ran off the main actor: verify a graph with main-actor registrations from a "
            + "@MainActor test (`@Test @MainActor func …`; every test is, in a target with default "
            + "main-actor isolation), or call it inside `await MainActor.run { … }`.")
}

/// Keeps one failure per root cause (kind and failing service, the members of a cycle, or a captor
/// and what it captures), the one with the longest path, listing every registration it breaks once,
/// in the order of `order`.
private func onePerRootCause(
    _ failures: [(cause: String, failure: VerificationFailure)], order registrations: [RegistrationRecord]
) -> [VerificationFailure] {
    var order: [String] = []
    var kept: [String: VerificationFailure] = [:]
    for (cause, failure) in failures {
        guard let existing = kept[cause] else {
            order.append(cause)
            kept[cause] = failure
            continue
        }
        let error = failure.error.path.count > existing.error.path.count ? failure.error : existing.error
        kept[cause] = VerificationFailure(registrations: existing.registrations + failure.registrations, error: error)
    }
    let position = Dictionary(registrations.enumerated().map { ($1.info.key, $0) }) { first, _ in first }
    return order.compactMap { kept[$0] }.map { failure in
        var seen = Set<ServiceKey>()
        let broken = failure.registrations.filter { seen.insert($0.info.key).inserted }
            .sorted { position[$0.info.key, default: .max] < position[$1.info.key, default: .max] }
        return VerificationFailure(registrations: broken, error: failure.error)
    }
}

/// A failure's root cause: its kind and failing service, or for a cycle, its members.
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
