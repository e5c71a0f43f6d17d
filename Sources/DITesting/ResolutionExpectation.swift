import DIKitCore

/// How many times a service is expected to be resolved, for
/// ``SpyContainer/expect(_:name:resolved:fileID:filePath:line:column:)``.
///
/// ```swift
/// injector.expect(API.self, resolved: .exactly(1))
/// injector.expect(Logger.self, resolved: .never)
/// ```
///
/// Counts are 0 or more: a check given a negative one, which would pass or fail whatever
/// happened, is reported as a test failure where it is made. Mock functions' checks take it too.
public enum ResolutionExpectation: Sendable, Hashable, CustomStringConvertible {
    /// Not resolved at all.
    case never
    /// Resolved exactly this many times.
    case exactly(Int)
    /// Resolved at least this many times.
    case atLeast(Int)
    /// Resolved at most this many times.
    case atMost(Int)

    /// Exactly once: `.exactly(1)`.
    public static var once: ResolutionExpectation { .exactly(1) }

    /// Whether `count` resolutions meet the expectation.
    public func isMet(by count: Int) -> Bool {
        switch self {
        case .never: count == 0
        case .exactly(let expected): count == expected
        case .atLeast(let minimum): count >= minimum
        case .atMost(let maximum): count <= maximum
        }
    }

    /// `never`, `exactly 2 times`, `at least 1 time`, `at most 3 times`.
    public var description: String {
        switch self {
        case .never: "never"
        case .exactly(let count): "exactly \(times(count))"
        case .atLeast(let count): "at least \(times(count))"
        case .atMost(let count): "at most \(times(count))"
        }
    }
}

/// `1 time`, `2 times`.
func times(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }

extension ResolutionExpectation {
    /// The failure of a check of `subject` made with this expectation when its count is negative,
    /// which no count of calls or resolutions can be measured against; `nil` when it is not.
    func negativeCountFailure(checking subject: String) -> String? {
        let count: Int? =
            switch self {
            case .never: nil
            case .exactly(let count), .atLeast(let count), .atMost(let count): count
            }
        guard let count, count < 0 else { return nil }
        let outcome = isMet(by: 0) ? "it would pass whatever happened" : "it would fail whatever happened"
        return FailureMessage(
            "The check of \(subject) was given a negative count, \(count): \(outcome).",
            fix: "give a count of 0 or more: .never, or .exactly(n), .atLeast(n), .atMost(n) with n >= 0."
        ).description
    }
}
