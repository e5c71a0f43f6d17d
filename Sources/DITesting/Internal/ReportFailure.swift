import Testing
import XCTest

/// The test framework a failure goes to.
///
/// Each failure is reported to exactly one framework: Swift Testing's `Issue.record` when a Swift
/// Testing test is running on this task, otherwise `XCTFail`. `Test.current` is `nil` in detached
/// tasks and on Dispatch queues, so injectors capture the framework when they are created and use
/// it there.
enum TestFramework: Sendable {
    case swiftTesting
    case xcTest

    /// The framework running the current task's test, if Swift Testing runs one.
    static var current: TestFramework? {
        switch Test.current {
        case .some: .swiftTesting
        case .none: nil
        }
    }
}

/// Where a failure is reported: the caller's source location, in both frameworks' forms.
struct FailureLocation: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// The running Swift Testing test's own location, when there is one: where a failure with no
    /// caller of its own is reported.
    static func test(orElse fallback: FailureLocation) -> FailureLocation {
        guard let location = Test.current?.sourceLocation else { return fallback }
        return FailureLocation(
            fileID: location.fileID, filePath: fallback.filePath, line: UInt(location.line),
            column: UInt(location.column))
    }
}

/// Reports `message` as a test failure at `location`, to the framework running the current test,
/// or else to `fallback`.
///
/// Off a Swift Testing test's task, with `.swiftTesting` as the fallback, it still goes to
/// Swift Testing (as an issue recorded outside the test), never to `XCTFail`, which
/// swift-corelibs-xctest ignores when no XCTest case runs: a failure is never dropped.
///
/// Not inlined: inlined, its types' metadata is looked up on entry to every caller, reporting or
/// not (a tenth of ending a test injector's scope).
@inline(never)
func reportFailure(_ message: String, at location: FailureLocation, fallback: TestFramework = .xcTest) {
    switch TestFramework.current ?? fallback {
    case .swiftTesting:
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                column: Int(location.column)))
    case .xcTest:
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
