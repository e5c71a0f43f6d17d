public import Testing
import XCTest

/// A test failure DITesting reports: what went wrong, and where.
public struct TestFailure: Sendable, CustomStringConvertible {
    /// The message: what went wrong, context, and how to fix it.
    public let message: String
    /// The file, as `#fileID` gives it (Swift Testing).
    public let fileID: String
    /// The file, as `#filePath` gives it (XCTest).
    public let filePath: StaticString
    /// The line.
    public let line: Int
    /// The column.
    public let column: Int

    /// A failure with `message` at the given location.
    public init(message: String, fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.message = message
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The message.
    public var description: String { message }

    /// Where the failure is, as Swift Testing takes it.
    public var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column)
    }
}

/// Where DITesting's failures go: an unanswered mock call, an unmet expectation, a graph that does
/// not verify.
///
/// DITesting reports to Swift Testing or XCTest by itself. Plug in your own to report another way
/// — Nimble's `fail()` in a Quick spec, say — or to collect failures in a test of your own test
/// helpers:
///
/// ```swift
/// struct NimbleReporter: FailureReporter {
///     func report(_ failure: TestFailure) {
///         fail(failure.message, file: failure.filePath, line: UInt(failure.line))
///     }
/// }
///
/// FailureReporting.withReporter(NimbleReporter()) {
///     withTestInjector { _ in … }
/// }
/// ```
public protocol FailureReporter: Sendable {
    /// Reports `failure`. Called from any thread; never with a DIKit lock held.
    func report(_ failure: TestFailure)
}

/// Which ``FailureReporter`` DITesting uses, chosen once per test injector (and per mock, when it
/// is made) and carried with the task, as a task local.
public enum FailureReporting {
    @TaskLocal static var bound: (any FailureReporter)?

    /// Runs `operation` with `reporter` receiving every failure DITesting reports in this task and
    /// its child tasks — and, from the injectors and mocks made in it, from anywhere. Bound inside
    /// a test injector's scope, it takes the failures raised in `operation` from that injector and
    /// its mocks too, wherever the mocks were made.
    @discardableResult
    public static func withReporter<Result>(
        _ reporter: any FailureReporter, operation: () throws -> Result
    ) rethrows -> Result {
        try $bound.withValue(reporter, operation: operation)
    }

    /// The async form of ``withReporter(_:operation:)-(_,()->Result)``.
    @discardableResult
    public static func withReporter<Result>(
        _ reporter: any FailureReporter, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $bound.withValue(reporter, operation: operation)
    }

    /// The reporter for a failure raised here: the one bound with ``withReporter(_:operation:)-(_,()->Result)``;
    /// else Swift Testing while one of its tests runs on this task; else XCTest while one of its
    /// cases runs; else Swift Testing, as an issue outside any test (and `XCTFail`, for an XCTest
    /// case that began before DITesting could see it: see `TestingWithDIKit`).
    public static var current: any FailureReporter {
        if let bound { return bound }
        // Swift Testing takes a failure with or without a test on this task; only while an XCTest
        // case runs does it matter whether this task is a Swift Testing test's. (The tracker's
        // check is a lock and a count; `Test.current` copies Swift Testing's task-local state.)
        XCTestTracker.install()
        guard XCTestTracker.isRunningTestCase else { return SwiftTestingReporter() }
        return Test.current != nil ? SwiftTestingReporter() : XCTestReporter()
    }
}

/// A ``FailureReporter`` that keeps the failures instead of reporting them: for tests of code that
/// uses DITesting (DITesting's own tests use it).
///
/// ```swift
/// let collector = FailureCollector()
/// FailureReporting.withReporter(collector) { MockAPI().forecast.assertCalled(times: 1) }
/// #expect(collector.failures.count == 1)
/// ```
public final class FailureCollector: FailureReporter {
    private let collected = LockedValue<[TestFailure]>([])

    /// An empty collector.
    public init() {}

    /// The failures reported so far, in order.
    public var failures: [TestFailure] { collected.withLock { $0 } }

    /// Keeps `failure`.
    public func report(_ failure: TestFailure) { collected.withLock { $0.append(failure) } }
}

/// Reports to Swift Testing: `Issue.record`.
///
/// With no Swift Testing test on this task and no XCTest case DITesting has seen start, the
/// failure goes to `XCTFail` too: it may be an XCTest case's that began before DITesting was
/// first used in the process, which DITesting could not see start. Each framework drops what
/// reaches it outside its own run (`Issue.record` during XCTest's, `XCTFail` with no case
/// running), so one of the two takes it, or neither when no test runs at all.
struct SwiftTestingReporter: FailureReporter {
    func report(_ failure: TestFailure) {
        Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.sourceLocation)
        if Test.current == nil && !XCTestTracker.isRunningTestCase {
            XCTFail(failure.message, file: failure.filePath, line: UInt(failure.line))
        }
    }
}

/// Reports to XCTest: `XCTFail`.
struct XCTestReporter: FailureReporter {
    func report(_ failure: TestFailure) {
        XCTFail(failure.message, file: failure.filePath, line: UInt(failure.line))
    }
}
