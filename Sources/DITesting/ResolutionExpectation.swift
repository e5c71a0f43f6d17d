/// How many times a service is expected to be resolved, for
/// ``SpyContainer/expect(_:name:resolved:fileID:filePath:line:column:)``.
///
/// ```swift
/// injector.expect(API.self, resolved: .exactly(1))
/// injector.expect(Logger.self, resolved: .never)
/// ```
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
