// A `MockFunction`'s answers, counts and checks for one argument value, compared as
// `argumentsEqual(_:_:)` says: `Equatable` values by `==`, the tuple of a method of several
// parameters part by part, class instances by identity.

import DIKitCore

extension MockFunction {
    /// Answers the calls made with `arguments` with `value`, before the answer for every call;
    /// the latest matching stub wins, and ``returns(_:)`` answers the rest.
    ///
    /// ```swift
    /// fetch.returns(berlin, for: "Berlin")
    /// fetch.returns(.empty)                    // every other city
    /// ```
    ///
    /// A method of several parameters is answered for all of them at once:
    /// `move.returns(true, for: (from: 1, to: 2))`. Arguments that cannot be compared (a
    /// closure, a struct that is not `Equatable`) are a reported failure: use
    /// ``returns(_:where:)``.
    public func returns(
        _ value: Result, for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard comparable(arguments, in: "returns(_:for:)", instead: "returns(_:where:)", at: location) else { return }
        returns(value, where: equals(arguments))
    }

    /// Answers the calls made with `arguments` by throwing `error`.
    public func throwing(
        _ error: any Error, for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard comparable(arguments, in: "throwing(_:for:)", instead: "throwing(_:where:)", at: location) else {
            return
        }
        throwing(error, where: equals(arguments))
    }

    /// How many times the function was called with `arguments`.
    public func callCount(
        for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Int {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard comparable(arguments, in: "callCount(for:)", instead: "callCount(where:)", at: location) else { return 0 }
        return calls.count(where: equals(arguments))
    }

    /// Reports a test failure at the caller unless the function was called with `arguments`
    /// `times` times, or at least once when `times` is `nil`.
    public func assertCalled(
        with arguments: Arguments, times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard
            comparable(arguments, in: "assertCalled(with:times:)", instead: "assertCalled(where:times:)", at: location)
        else { return }
        check(
            times.map { .exactly($0) } ?? .atLeast(1), when: "", at: location,
            matching: (describeArguments(arguments), equals(arguments)))
    }

    /// Expects the function to be called with `arguments` as `expected` by the time the test
    /// injector's scope ends; an unmet expectation is reported at this call.
    public func expect(
        called expected: ResolutionExpectation, with arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard comparable(arguments, in: "expect(called:with:)", instead: "expect(called:where:)", at: location)
        else { return }
        checkAtEnd(
            expected, at: location, matching: (describeArguments(arguments), equals(arguments)),
            method: "expect(called:with:)", instead: "assertCalled(with:times:)")
    }

    /// Whether `arguments` can be compared; if not, reports why at `location`, naming `method` and
    /// the predicate form to use `instead`.
    private func comparable(
        _ arguments: Arguments, in method: String, instead: String, at location: FailureLocation
    ) -> Bool {
        guard argumentsEqual(arguments, arguments) == nil else { return true }
        report(
            FailureMessage(
                "\(function).\(method) cannot compare the arguments (\(describeArguments(arguments))).",
                context: [
                    """
                    Arguments are compared as Equatable values, tuples of them, or class instances by identity; \
                    \(Arguments.self) has a part that is none of those (a closure, a struct that is not Equatable).
                    """
                ],
                fix: "match the calls with a predicate, \(instead) { arguments in … }, or make the type Equatable."
            ).description, at: location)
        return false
    }
}

/// A predicate that compares arguments with `expected`.
private func equals<Arguments>(_ expected: Arguments) -> @Sendable (Arguments) -> Bool {
    let compare = Unchecked<(Arguments) -> Bool>({ argumentsEqual($0, expected) == true })
    return { compare.value($0) }
}
