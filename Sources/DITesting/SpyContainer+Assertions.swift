import DIKitCore

extension SpyContainer {
    /// Reports a test failure unless `type` (with `name`) was resolved from this injector —
    /// `times` times exactly, or at least once when `times` is `nil`.
    ///
    /// ```swift
    /// injector.assertResolved(API.self, times: 1)
    /// ```
    public func assertResolved<Service>(
        _ type: Service.Type, name: String? = nil, times expected: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let expectation: ResolutionExpectation = expected.map { .exactly($0) } ?? .atLeast(1)
        check(
            type, name: name, expectation, when: "",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a test failure if `type` (with `name`) was resolved from this injector.
    ///
    /// ```swift
    /// injector.assertNotResolved(Analytics.self)
    /// ```
    public func assertNotResolved<Service>(
        _ type: Service.Type, name: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(
            type, name: name, .never, when: "",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects `type` (with `name`) to be resolved as `expected` by the time the injector's scope
    /// ends; an unmet expectation is reported at this call.
    ///
    /// `withTestInjector`, the `.testInjector` trait and `DITestCase` check expectations when the
    /// test ends, whether it returns or throws. An injector you created yourself checks them when
    /// you call ``checkExpectations()``, else when it is released: none is dropped. `type` matches
    /// the type resolved or the concrete type produced, so `expect(LiveAPI.self, resolved: .never)`
    /// fails if any resolution built a `LiveAPI`.
    ///
    /// ```swift
    /// injector.expect(API.self, resolved: .exactly(1))
    /// injector.expect(Logger.self, resolved: .never)
    /// ```
    public func expect<Service>(
        _ type: Service.Type, name: String? = nil, resolved expected: ResolutionExpectation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let expectation = PendingExpectation(
            serviceType: type, name: name, expected: expected,
            location: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        noteTestLocation(expectation.location)
        let service = describeService(type, name: name, argumentTypes: [])
        if let failure = expected.negativeCountFailure(checking: service) {
            report(failure, at: expectation.location)
            return
        }
        guard acceptsEndChecks({ $0.expectations.append(expectation) }) else {
            report(
                scopeEnded(method: "expect(\(type), resolved:)", instead: "assertResolved(_:times:)"),
                at: expectation.location)
            return
        }
    }

    /// Checks the expectations set with ``expect(_:name:resolved:fileID:filePath:line:column:)``
    /// and reports each unmet one at its `expect` call. Each is checked once.
    /// Mocks' `expect(called:)` expectations made in this injector are checked too.
    public func checkExpectations() {
        let (expectations, checks) = withRecording { state in
            defer {
                state.expectations.removeAll()
                state.endChecks.removeAll()
            }
            return (state.expectations, state.endChecks)
        }
        check(expectations)
        for check in checks { check() }
    }

    /// Checks `expectations`, reporting each unmet one at its `expect` call.
    func check(_ expectations: [PendingExpectation]) {
        for pending in expectations {
            check(
                pending.serviceType, name: pending.name, pending.expected, when: " by the end of the test",
                at: pending.location)
        }
    }

    private func check(
        _ type: Any.Type, name: String?, _ expectation: ResolutionExpectation, when: String,
        at location: FailureLocation
    ) {
        let service = describeService(type, name: name, argumentTypes: [])
        if let failure = expectation.negativeCountFailure(checking: service) {
            report(failure, at: location)
            return
        }
        let all = recordedResolutions
        let found = all.filter { $0.matches(type, name: name) }
        guard !expectation.isMet(by: found.count) else { return }
        let wanted = expectation == .never ? "not to be resolved" : "to be resolved \(expectation)"
        let actual = found.isEmpty ? "it never was" : "it was resolved \(times(found.count))"
        var context = [
            found.isEmpty
                ? "Resolved from this injector: \(services(resolvedIn: all))."
                : "Resolutions of \(service): \(listed(found, separator: "; ", \.description))."
        ]
        var fix =
            found.isEmpty
            ? "make the code under test resolve \(service) from this injector: objects created outside "
                + "the test's scope, or resolving in Task.detached or on a Dispatch queue, use another "
                + "container."
            : "check why the code under test resolves \(service) \(times(found.count)), or change the "
                + "expectation."
        // The type resolved under other names: the expectation may miss its `name:`.
        var otherNames: [String?] = []
        var seen = Set<String?>()
        for record in all
        where expectation != .never && ObjectIdentifier(record.serviceType) == ObjectIdentifier(type)
            && record.name != name && seen.insert(record.name).inserted
        {
            otherNames.append(record.name)
        }
        if !otherNames.isEmpty {
            let names = listed(otherNames) { $0.map { String(reflecting: $0) } ?? "no name" }
            context.append(
                "\(typeName(type)) was resolved under \(otherNames.count == 1 ? "another name" : "other names"): "
                    + "\(names).")
            let hint = otherNames[0].map { "pass `name: \(String(reflecting: $0))`" } ?? "leave out `name:`"
            fix = "\(hint) if those are the resolutions you mean; else " + fix
        }
        report(
            FailureMessage(
                "Expected \(service) \(wanted)\(when), but \(actual).",
                context: context,
                fix: fix
            ).description, at: location)
    }

    /// The services `records` resolved, each once, in order.
    private func services(resolvedIn records: [ResolutionRecord]) -> String {
        let paths = records.map { $0.path.last ?? "?" }
        var seen = Set<String>()
        let unique = paths.filter { seen.insert($0).inserted }
        return unique.isEmpty ? "nothing" : listed(unique)
    }
}
