public import DIKitCore

/// Runs `operation` with its own test injector bound as `Container.shared`.
///
/// The injector starts from a snapshot of the registrations of `base` (by default the container
/// that is `Container.shared` on entry), plus `assemblies`, with no instances: every singleton is
/// fresh. Nothing done inside leaks out: the base is never changed, later changes to the base do
/// not reach the injector, and `Container.shared` is restored when `operation` returns or throws.
/// The binding is a task local, so parallel tests each see their own injector. Nest calls to
/// layer overrides: the inner injector starts from the outer, and to a strict inner one, what the
/// outer ones registered is the test's own, not the base's. The outer injector sees the inner
/// one's resolutions as its own: its counts, expectations and strict checks include them.
///
/// ```swift
/// try withTestInjector(assemblies: [AppAssembly()]) { injector in
///     MockAPI().injected()                   // registers into this test's injector
///     let model = ForecastModel()            // its @Injected properties resolve from it
///     try model.refresh()
///     injector.assertResolved(API.self, times: 1)
/// }
/// ```
///
/// When `operation` ends, returning or throwing, expectations set with `injector.expect(_:resolved:)`
/// are checked, and failures raised off the test's task (a `Task.detached`, a Dispatch queue) are
/// reported to the test.
///
/// A strict injector (`strict: true`) also reports, as test failures, every resolution served by
/// a registration inherited from the base (not made by its assemblies or by the test), and every
/// registration the test made that answered no resolution by the end (a mock registered as several
/// types, or a registration with its `implements` aliases, is used when any of them is resolved).
///
/// `Task.detached`, Dispatch queues and threads do not inherit the binding: create the objects
/// under test inside `operation` (their `@Injected` properties capture the injector), or pass
/// the injector to them.
///
/// - Parameters:
///   - base: The container to start from; `nil` means `Container.shared` on entry.
///   - assemblies: Assemblies to add to the injector, after the base's registrations.
///   - strict: Whether to report resolutions served by the base and overrides never resolved.
///   - fileID: The caller's file, where scope-wide failures are reported (Swift Testing).
///   - filePath: The caller's file path, where scope-wide failures are reported (XCTest).
///   - line: The caller's line.
///   - column: The caller's column.
///   - operation: The test body, given the injector.
/// - Returns: What `operation` returns.
@discardableResult
public func withTestInjector<Result>(
    base: Container? = nil,
    assemblies: [any Assembly] = [],
    strict: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    operation: (SpyContainer) throws -> Result
) rethrows -> Result {
    let injector = SpyContainer.begin(
        base: base, assemblies: assemblies, strict: strict, reporter: FailureReporting.current,
        at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    defer { injector.end() }
    return try Container.withShared(injector) { try operation(injector) }
}

/// Runs the async `operation` with its own test injector bound as `Container.shared`.
///
/// The async form of ``withTestInjector(base:assemblies:strict:fileID:filePath:line:column:operation:)-(_,_,_,_,_,_,_,(SpyContainer)->Result)``:
/// the injector reaches child tasks (`async let`, task groups, `Task { }`) but not
/// `Task.detached`.
///
/// ```swift
/// try await withTestInjector(assemblies: [AppAssembly()]) { injector in
///     MockAPI().injected()
///     try await ForecastModel().load()
/// }
/// ```
///
/// - Parameters:
///   - base: The container to start from; `nil` means `Container.shared` on entry.
///   - assemblies: Assemblies to add to the injector, after the base's registrations.
///   - strict: Whether to report resolutions served by the base and overrides never resolved.
///   - fileID: The caller's file, where scope-wide failures are reported (Swift Testing).
///   - filePath: The caller's file path, where scope-wide failures are reported (XCTest).
///   - line: The caller's line.
///   - column: The caller's column.
///   - isolation: The actor to run `operation` on; the caller's by default.
///   - operation: The test body, given the injector.
/// - Returns: What `operation` returns.
@discardableResult
public func withTestInjector<Result>(
    base: Container? = nil,
    assemblies: [any Assembly] = [],
    strict: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    operation: (SpyContainer) async throws -> Result
) async rethrows -> Result {
    let injector = SpyContainer.begin(
        base: base, assemblies: assemblies, strict: strict, reporter: FailureReporting.current,
        at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    defer { injector.end() }
    return try await Container.withShared(injector) { try await operation(injector) }
}

extension SpyContainer {
    /// A new injector over `base` with `assemblies` assembled, its scope begun, reporting to
    /// `reporter`: ``FailureReporting/current``, or the caller's framework when it knows it (the
    /// trait, `DITestCase`) and no reporter is bound. Over the injector of an enclosing scope (`base`
    /// `nil`), what that one registered counts as this one's own, not its base's.
    static func begin(
        base: Container?, assemblies: [any Assembly], strict: Bool, reporter: any FailureReporter,
        at location: FailureLocation
    ) -> SpyContainer {
        XCTestTracker.install()
        // Not `base ?? .shared`, which would take a reference to a base the caller holds already.
        let injector =
            if let base {
                SpyContainer(base: base, reporter: reporter, strict: strict, location: location, isScoped: true)
            } else {
                scopedInjector(over: .shared, reporter: reporter, strict: strict, location: location)
            }
        if !assemblies.isEmpty {
            // Bound while assembling, as in the test: what an assembly does sees this injector as
            // `Container.shared` (its `MockAPI().injected()` registers here through
            // `Container.assembling`, the container being assembled, in any case).
            injector.settingUp { Container.withShared(injector) { injector.assemble(assemblies) } }
        }
        return injector
    }

    /// A scope's injector over `base`, which is an enclosing scope's injector when it is a
    /// `SpyContainer`: then what that one registered counts as this one's own.
    private static func scopedInjector(
        over base: Container, reporter: any FailureReporter, strict: Bool, location: FailureLocation
    ) -> SpyContainer {
        SpyContainer(
            base: base, reporter: reporter, strict: strict, location: location, isScoped: true,
            layering: base is SpyContainer)
    }

    /// Runs `body` as the injector's setup (its assemblies, the trait's `configure`), not the
    /// test: a strict injector does not ask that what it registers be resolved, and its failures
    /// do not mark where the test is.
    func settingUp<Result>(_ body: () throws -> Result) rethrows -> Result {
        withRecording { $0.phase = .setup }
        defer { withRecording { $0.phase = .test } }
        return try body()
    }

    /// Ends the scope: checks expectations, reports unresolved overrides of a strict injector and
    /// the failures queued off the test's task.
    func end() {
        let strict = strict
        // One lock when nothing is left to check: failures from here on are not queued.
        let (expectations, checks, members, queued) = withRecording { state in
            state.isEnding = true
            let isChecking = !state.expectations.isEmpty || !state.endChecks.isEmpty || strict
            defer {
                state.expectations.removeAll()
                state.endChecks.removeAll()
                state.mockMembers.removeAll()
            }
            return (state.expectations, state.endChecks, state.mockMembers, isChecking ? nil : state.closeScope())
        }
        if !expectations.isEmpty { check(expectations) }
        for check in checks { check() }
        if strict { reportUnresolvedOverrides() }
        // The checks' failures off the test's task, if any, were queued with the rest.
        let failures = queued ?? withRecording { $0.closeScope() }
        for member in members { member.releaseAnswers() }
        // On the test's task: with no Swift Testing test here, the test is XCTest's (or there is none).
        for failure in failures { reportFailure(failure.message, at: failure.location, to: reporter) }
    }

    /// Reports each override nothing resolved: a registration the test made, with its `implements`
    /// aliases, or a mock registered as several types or names (`registeredTypes`), which is one
    /// override, used when any of its registrations is resolved.
    private func reportUnresolvedOverrides() {
        let (overrides, used) = withRecording { ($0.overrides, $0.usedRegistrations) }
        guard overrides.contains(where: { !used.contains($0.registration.id) }) else { return }
        // A registration's own key, or, for a registered object, the object; for an alias, that
        // of the registration it resolves.
        var groups: [(instance: Any?, records: [RegistrationRecord])] = []
        var indices: [AnyHashable: Int] = [:]
        var identities: [ServiceKey: AnyHashable] = [:]
        for record in overrides {
            let instance = record.registration.registeredInstance(self)
            let identity =
                record.registration.aliasTarget.flatMap { identities[$0] }
                ?? instance.flatMap(classObject).map { AnyHashable(ObjectIdentifier($0)) }
                ?? AnyHashable(record.info.key)
            identities[record.info.key] = identity
            if let index = indices[identity] {
                groups[index].records.append(record)
            } else {
                indices[identity] = groups.count
                groups.append((instance, [record]))
            }
        }
        for (instance, records) in groups where !records.contains(where: { used.contains($0.registration.id) }) {
            var seen = Set<ServiceKey>()
            let types = records.filter { seen.insert($0.info.key).inserted }.map(\.info.serviceDescription)
            let first = records[0]
            let what = instance.map { "\(type(of: $0))" } ?? first.info.serviceDescription
            report(
                FailureMessage(
                    """
                    \(what) was registered at \(first.fileID):\(first.line) but never resolved, in a strict test \
                    injector.
                    """,
                    context: [
                        """
                        Registered as \(types.joined(separator: ", ")); nothing resolved it from this injector.
                        """
                    ],
                    fix: """
                        the code under test resolves \(types[0]) from somewhere else (create it inside the test's \
                        scope, or pass the injector), or the override is stale: remove it.
                        """
                ).description, at: testLocation)
        }
    }
}
