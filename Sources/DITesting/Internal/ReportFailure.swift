import Testing
import XCTest

/// The test framework a failure goes to.
///
/// Each failure is reported to exactly one framework: Swift Testing's `Issue.record` when a Swift
/// Testing test is running on this task, otherwise `XCTFail`. `Test.current` is `nil` in detached
/// tasks, so injectors capture the framework when they are created and use it as the fallback.
enum TestFramework: Sendable {
    case swiftTesting
    case xcTest

    /// The framework running the current task's test.
    static var current: TestFramework? { Test.current != nil ? .swiftTesting : nil }
}

/// Where a failure is reported: the caller's source location, in both frameworks' forms.
struct FailureLocation: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}

/// Reports `message` as a test failure at `location`, to the running framework (or `fallback`).
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
