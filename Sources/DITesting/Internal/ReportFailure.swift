import Testing
import XCTest

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

extension FailureLocation {
    /// `message` as a failure at this location.
    func failure(_ message: String) -> TestFailure {
        TestFailure(message: message, fileID: fileID, filePath: filePath, line: Int(line), column: Int(column))
    }
}

/// Reports `message` at `location` to `reporter`, by default the one for a failure raised here
/// (``FailureReporting/current``).
func reportFailure(
    _ message: String, at location: FailureLocation, to reporter: any FailureReporter = FailureReporting.current
) {
    reporter.report(location.failure(message))
}

/// Reports `message` at `location`: to the reporter bound on this task, if any (a
/// ``FailureReporting/withReporter(_:operation:)-(_,()->Result)`` around the code that raised it
/// takes what is raised there), else to `boundWhenMade`, the reporter bound where the mock was
/// made; else through `injector` when there is one (it queues a failure raised off the test's task
/// until its scope ends); else to `fallback`, by default ``FailureReporting/current``.
func reportFailure(
    _ message: String, at location: FailureLocation, through injector: SpyContainer?,
    boundWhenMade: (any FailureReporter)? = nil, orElse fallback: (any FailureReporter)? = nil
) {
    if let bound = FailureReporting.bound ?? boundWhenMade {
        reportFailure(message, at: location, to: bound)
    } else if let injector {
        injector.report(message, at: location)
    } else {
        reportFailure(message, at: location, to: fallback ?? FailureReporting.current)
    }
}
