// A `MockFunction`'s answers, counts and checks for one argument value, where the arguments are
// `Equatable`.

import DIKitCore

extension MockFunction where Arguments: Equatable & SendableMetatype {
    /// Answers the calls made with `arguments` with `value`, before the answer for every call;
    /// the latest matching stub wins, and ``returns(_:)`` answers the rest.
    ///
    /// ```swift
    /// fetch.returns(berlin, for: "Berlin")
    /// fetch.returns(.empty)                    // every other city
    /// ```
    public func returns(_ value: Result, for arguments: Arguments) {
        returns(value, where: equals(arguments))
    }

    /// Answers the calls made with `arguments` by throwing `error`.
    public func throwing(_ error: any Error, for arguments: Arguments) {
        throwing(error, where: equals(arguments))
    }

    /// How many times the function was called with `arguments`.
    public func callCount(for arguments: Arguments) -> Int { calls.count { $0 == arguments } }

    /// Reports a test failure at the caller unless the function was called with `arguments`
    /// `times` times, or at least once when `times` is `nil`.
    public func assertCalled(
        with arguments: Arguments, times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(
            times.map { .exactly($0) } ?? .atLeast(1), when: "",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: (describeArguments(arguments), { $0 == arguments }))
    }

    /// Expects the function to be called with `arguments` as `expected` by the time the test
    /// injector's scope ends; an unmet expectation is reported at this call.
    public func expect(
        called expected: ResolutionExpectation, with arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        checkAtEnd(
            expected, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: (describeArguments(arguments), equals(arguments)),
            method: "expect(called:with:)", instead: "assertCalled(with:times:)")
    }
}

/// A predicate that compares arguments with `expected`.
private func equals<Arguments: Equatable & SendableMetatype>(_ expected: Arguments) -> @Sendable (Arguments) -> Bool {
    let compare = Unchecked<(Arguments) -> Bool>({ $0 == expected })
    return { compare.value($0) }
}
