// A `MockFunction`'s checks: assertions reported at the caller, expectations checked when the
// test injector's scope ends, call order, and waiting for calls.

import DIKitCore

extension MockFunction {
    /// Reports a test failure at the caller unless the function was called `times` times, or at
    /// least once when `times` is `nil`.
    public func assertCalled(
        times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(
            times.map { .exactly($0) } ?? .atLeast(1), when: "",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a test failure at the caller if the function was called.
    public func assertNotCalled(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(.never, when: "", at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the function to be called as `expected` by the time the test injector's scope ends
    /// (`withTestInjector`, the `.testInjector` trait, `DITestCase`); an unmet expectation is
    /// reported at this call.
    public func expect(
        called expected: ResolutionExpectation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        checkAtEnd(
            expected, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            method: "expect(called:)", instead: "assertCalled(times:)")
    }

    /// How many times the function was called with arguments that satisfy `predicate` — for a
    /// method of several parameters, whose tuple of arguments is not `Equatable`.
    ///
    /// ```swift
    /// #expect(api.temperature.callCount(where: { $0.city == "Rome" }) == 1)
    /// ```
    public func callCount(where predicate: (Arguments) -> Bool) -> Int { calls.count(where: predicate) }

    /// Reports a test failure at the caller unless the function was called `times` times with
    /// arguments that satisfy `predicate`, or at least once when `times` is `nil`.
    ///
    /// ```swift
    /// api.temperature.assertCalled(where: { $0.city == "Rome" && $0.day > 1 }, times: 1)
    /// ```
    public func assertCalled(
        where predicate: (Arguments) -> Bool, times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        withoutActuallyEscaping(predicate) { predicate in
            check(
                times.map { .exactly($0) } ?? .atLeast(1), when: "",
                at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column),
                matching: (Self.matchingWhere, predicate))
        }
    }

    /// Expects the function to be called as `expected` with arguments that satisfy `predicate` by
    /// the time the test injector's scope ends; an unmet expectation is reported at this call.
    public func expect(
        called expected: ResolutionExpectation, where predicate: @escaping @Sendable (Arguments) -> Bool,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        checkAtEnd(
            expected, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: (Self.matchingWhere, predicate), method: "expect(called:where:)",
            instead: "assertCalled(where:times:)")
    }

    /// How messages name the calls a `where:` predicate selects.
    private static var matchingWhere: String { "arguments matching the where: predicate" }

    /// Checks the calls (those `filter` matches) against `expected` when the test injector's scope
    /// ends. With no injector bound here nor holding the mock, reports that `method` needs one,
    /// and that `instead` checks now.
    func checkAtEnd(
        _ expected: ResolutionExpectation, at location: FailureLocation,
        matching filter: (description: String, matches: @Sendable (Arguments) -> Bool)? = nil,
        method: String, instead: String
    ) {
        if let failure = expected.negativeCountFailure(checking: function) {
            report(failure, at: location)
            return
        }
        guard let injector = (Container.shared as? SpyContainer) ?? self.injector else {
            report(
                FailureMessage(
                    """
                    \(function).\(method) needs a test injector to check it when the test ends, and none is \
                    bound here, nor was the mock registered in one.
                    """,
                    fix: """
                        make the mock inside withTestInjector, the .testInjector trait or a DITestCase; or \
                        check now with \(instead).
                        """
                ).description, at: location)
            return
        }
        // The check holds the mock until the scope has checked it: an expectation on a mock
        // nothing else keeps is not dropped.
        let isAccepted = injector.acceptsEndChecks { state in
            state.endChecks.append {
                self.check(
                    expected, when: " by the end of the test", at: location,
                    matching: filter.map { ($0.description, $0.matches) })
            }
        }
        if !isAccepted { report(injector.scopeEnded(method: "\(function).\(method)", instead: instead), at: location) }
    }

    func check(
        _ expected: ResolutionExpectation, when: String, at location: FailureLocation,
        matching filter: (description: String, matches: (Arguments) -> Bool)? = nil
    ) {
        if let failure = expected.negativeCountFailure(checking: function) {
            report(failure, at: location)
            return
        }
        let calls = self.calls
        let count = filter.map { filter in calls.count(where: filter.matches) } ?? calls.count
        guard !expected.isMet(by: count) else { return }
        let with = filter.map { " with (\($0.description))" } ?? ""
        let wanted = expected == .never ? "not to be called\(with)" : "to be called\(with) \(expected)"
        let actual = count == 0 ? "it never was" : "it was called\(with) \(times(count))"
        let list = calls.isEmpty ? "none" : listed(calls) { "(\(describeArguments($0)))" }
        report(
            FailureMessage(
                "Expected \(function) \(wanted)\(when), but \(actual).",
                // A function of no arguments has no calls to tell apart: the count says it all.
                context: Arguments.self == Void.self ? [] : ["Calls, in order: \(list)."],
                fix: """
                    check that the code under test reaches this mock (made in the test's injector), or \
                    change the expectation.
                    """
            ).description, at: location)
    }

    /// Reports a test failure at the caller unless this function was called, `other` was called,
    /// and this function's first call came before `other`'s first call.
    ///
    /// ```swift
    /// api.fetch.assertCalled(before: api.save)
    /// ```
    public func assertCalled(
        before other: some MockCallRecording,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let mine = callOrder.first
        let theirs = other.callOrder.first
        let problem: String? =
            switch (mine, theirs) {
            case (nil, _): "\(function) was never called"
            case (_, nil): "\(other.mockDescription) was never called"
            case (let mine?, let theirs?) where mine > theirs:
                "\(other.mockDescription) was called first"
            default: nil
            }
        guard let problem else { return }
        report(
            FailureMessage(
                "Expected \(function) to be called before \(other.mockDescription), but \(problem).",
                fix: "check the order in which the code under test calls them, or change the assertion."
            ).description, at: location)
    }

    /// Waits until the function has been called `times` times, at most `timeout`; reports a test
    /// failure at the caller if it was not by then. For calls the code under test makes
    /// asynchronously. A cancelled task stops waiting, and the count is checked then.
    ///
    /// ```swift
    /// model.refreshInBackground()
    /// await api.fetch.assertCalled(times: 1, within: .seconds(1))
    /// ```
    public func assertCalled(
        times: Int, within timeout: Duration,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if let failure = ResolutionExpectation.exactly(times).negativeCountFailure(checking: function) {
            report(failure, at: location)
            return
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        // A cancelled task's sleep returns at once: the wait ends rather than spin until the deadline.
        while callCount < times, clock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(1))
        }
        let count = callCount
        guard count != times else { return }
        report(
            FailureMessage(
                """
                Expected \(function) to be called \(ResolutionExpectation.exactly(times)) within \(timeout), but \
                \(count == 0 ? "it never was" : "it was called \(DITesting.times(count))").
                """,
                context: Task.isCancelled ? ["The waiting task was cancelled before the time was up."] : [],
                fix: "check that the code under test reaches this mock, or wait longer."
            ).description, at: location)
    }
}
