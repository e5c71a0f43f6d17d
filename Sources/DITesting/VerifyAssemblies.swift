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
///   resolves, found by reflection: each one's service must resolve too (a missing service is
///   fine for `@SafelyInjected`, which expects it), or the failure's path names the owner, the
///   property and the missing type;
/// - captive dependencies: a `.singleton` that captures a `.graph`, `.weak` or custom-scoped
///   service when it is built, directly or through transients, or a custom-scoped one that
///   captures a `.graph`, `.weak` or other custom-scoped service.
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
    let observer = VerificationObserver()
    let sandbox = Container(observer: observer)
    sandbox.assemble(assemblies)

    var failures: [VerificationFailure] = []
    var verified: [RegistrationRecord] = []
    var skipped: [RegistrationRecord] = []
    var unusedSamples = arguments
    Container.withShared(sandbox) {
        for registration in sandbox.visibleRegistrations.map(RegistrationRecord.init) {
            var found: [ResolutionError] = []
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
                found += verifyInjectedProperties(of: instance, as: registration, in: sandbox, observer: observer)
            } catch let error as ResolutionError {
                found.append(error)
            } catch {
                // Resolution only throws ResolutionError; anything else would be a DIKit bug.
                preconditionFailure("Unexpected error from resolve: \(error)")
            }
            found += observer.takeCaptives().map {
                ResolutionError.captiveDependency($0.owner, captures: $0.captured, path: $0.path)
            }
            found = found.map { error in
                guard error.kind == .mainActorRequired else { return error }
                return error.adding(
                    note:
                        "verifyAssemblies ran off the main actor: verify a graph with main-actor registrations from a "
                        + "@MainActor test (`@Test @MainActor func …`; every test is, in a target with default "
                        + "main-actor isolation), or call it inside `await MainActor.run { … }`.")
            }
            if found.isEmpty {
                verified.append(registration)
            } else {
                failures += found.map { VerificationFailure(registrations: [registration], error: $0) }
            }
        }
    }

    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let graph = observer.graph
    // After the graph is taken: what resolving them observes is not the graph's.
    let unmatched = unusedSamples.map { ($0, whyUnmatched($0, in: sandbox)) }
    let report = VerificationReport(
        failures: onePerRootCause(failures), verified: verified, skipped: skipped,
        duplicates: duplicateKeys(in: observer.registrations), dependencyGraph: graph,
        unmatchedSamples: unmatched.map(\.0), whyUnmatched: unmatched.map(\.1))
    for failure in report.failures {
        reportFailure("verifyAssemblies: \(failure)", at: location)
    }
    return report
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

/// Resolves, in `sandbox`, the service of every `@Injected`, `@SafelyInjected` and
/// `@InjectedProvider` property of `instance`, and of the properties of what those resolve, as
/// far as the chain goes; returns the failures, each within the path
/// "owner -> Owner.property -> Service -> Service.property …".
private func verifyInjectedProperties(
    of instance: Any, as registration: RegistrationRecord, in sandbox: Container, observer: VerificationObserver
) -> [ResolutionError] {
    var failures: [ResolutionError] = []
    var visited = Set<String>([registration.info.serviceDescription])
    func verify(_ instance: Any, owner: String, path: [String]) {
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            for child in current.children {
                guard let property = child.value as? any InjectedProperty else { continue }
                let label = String((child.label ?? "?").drop { $0 == "_" })
                let service = describeService(property.serviceType, name: property.serviceName, argumentTypes: [])
                observer.addEdge(from: owner, to: service)
                let through = path + ["\(type(of: instance)).\(label)"]
                do {
                    let resolved = try sandbox.resolveErased(
                        ServiceKey(property.serviceType, name: property.serviceName), serviceType: property.serviceType)
                    // Follow the chain: what the property resolves may have properties of its own.
                    if visited.insert(service).inserted {
                        verify(resolved, owner: service, path: through + [service])
                    }
                } catch let error as ResolutionError {
                    if property.toleratesMissing && error.kind == .notRegistered && error.path.count == 1 { continue }
                    failures.append(error.within(through))
                } catch {
                    preconditionFailure("Unexpected error from resolve: \(error)")
                }
            }
            mirror = current.superclassMirror
        }
    }
    verify(instance, owner: registration.info.serviceDescription, path: [registration.info.serviceDescription])
    return failures
}

/// Keeps one failure per root cause (kind and failing service, or the members of a cycle), the
/// one with the longest path, listing every registration that reached it, in the order first
/// found.
private func onePerRootCause(_ failures: [VerificationFailure]) -> [VerificationFailure] {
    var order: [String] = []
    var kept: [String: VerificationFailure] = [:]
    for failure in failures {
        let cause = rootCause(of: failure.error)
        guard let existing = kept[cause] else {
            order.append(cause)
            kept[cause] = failure
            continue
        }
        let error = failure.error.path.count > existing.error.path.count ? failure.error : existing.error
        kept[cause] = VerificationFailure(registrations: existing.registrations + failure.registrations, error: error)
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
