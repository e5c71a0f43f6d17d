import DIKitCore
import Foundation
import XCTest

/// Tells whether an XCTest case is running, so that a failure with no Swift Testing test on its
/// task goes to the framework that can take it: `XCTFail` while an XCTest case runs, else Swift
/// Testing's `Issue.record` (an issue outside a test, rather than a dropped `XCTFail`).
///
/// Installed by `DITestCase` and by every test injector, so it sees the cases they run in. It
/// keeps no state of its own: the cases running are in `running`, behind its lock.
final class XCTestTracker: NSObject, XCTestObservation, Sendable {
    private static let shared: XCTestTracker = {
        let tracker = XCTestTracker()
        XCTestObservationCenter.shared.addTestObserver(tracker)
        return tracker
    }()

    /// The cases running now. Static, not the tracker's: reading it takes no reference.
    private static let running = LockedValue<Set<ObjectIdentifier>>([])

    /// The registration, queued once to the main queue: see ``install()``.
    private static let queuedRegistration: Void = DispatchQueue.main.async { _ = XCTestTracker.shared }

    /// Starts tracking, if it has not started yet.
    ///
    /// Apple's XCTest takes an observer on the main thread only: elsewhere it raises
    /// `NSInternalInconsistencyException` ("Test observers can only be registered and unregistered
    /// on the main thread"), which ends the test process, and Swift Testing runs its tests off the
    /// main thread. There the registration is queued to the main queue, without waiting for it (a
    /// test blocking the main thread would deadlock); until it runs, a failure with no Swift
    /// Testing test goes to XCTest too (see `SwiftTestingReporter`). swift-corelibs-xctest takes
    /// observers on any thread.
    static func install() {
        if !takesObserversOnTheMainThreadOnly || Thread.isMainThread { _ = shared } else { _ = queuedRegistration }
    }

    #if canImport(Darwin)
        private static let takesObserversOnTheMainThreadOnly = true
    #else
        private static let takesObserversOnTheMainThreadOnly = false
    #endif

    /// Whether an XCTest case is running now.
    static var isRunningTestCase: Bool { running.withLock { !$0.isEmpty } }

    /// Counts `testCase` as running while `body` runs: `DITestCase` starts before the tracker
    /// may have seen it start.
    static func track<Result>(_ testCase: XCTestCase, _ body: () throws -> Result) rethrows -> Result {
        let id = ObjectIdentifier(testCase)
        let inserted = running.withLock { $0.insert(id).inserted }
        defer { if inserted { _ = running.withLock { $0.remove(id) } } }
        return try body()
    }

    /// Runs `body` as if no XCTest case had been seen start.
    static func forgettingRunningCases<Result>(_ body: () throws -> Result) rethrows -> Result {
        let seen = running.withLock { state in
            defer { state.removeAll() }
            return state
        }
        defer { running.withLock { $0.formUnion(seen) } }
        return try body()
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        _ = Self.running.withLock { $0.insert(ObjectIdentifier(testCase)) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        _ = Self.running.withLock { $0.remove(ObjectIdentifier(testCase)) }
    }
}

/// Runs `body` as if DITesting had seen no XCTest case start: for DITesting's own tests of a case
/// that began before DITesting was first used in the process.
package func withXCTestCasesUnseen<Result>(_ body: () throws -> Result) rethrows -> Result {
    try XCTestTracker.forgettingRunningCases(body)
}
