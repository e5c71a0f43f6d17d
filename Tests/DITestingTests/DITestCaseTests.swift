import DIKitCore
import DITesting
import Foundation
import XCTest

/// `DITestCase` under XCTest: each method runs in its own injector.
final class DITestCaseTests: DITestCase {
    override var assemblies: [any Assembly] { [AppAssembly()] }

    private var mockFromSetUp: MockAPI?

    override func setUp() {
        super.setUp()
        mockFromSetUp = MockAPI(id: 11).injected()
    }

    func testInjectorIsTheSharedContainerWithTheAssemblies() throws {
        XCTAssertTrue(Container.shared === injector)
        XCTAssertTrue(try injector.resolve(Clock.self) is SystemClock)
    }

    func testAnAsyncTestMethodRunsInItsInjectorAcrossSuspensionsAndChildTasks() async throws {
        XCTAssertTrue(Container.shared === injector)
        await Task.yield()
        XCTAssertTrue(Container.shared === injector)
        let injector = injector
        let seenByChild = await Task { Container.shared === injector }.value
        XCTAssertTrue(seenByChild)
        XCTAssertTrue(ForecastModel().api === mockFromSetUp)
    }

    func testSetUpRegistersIntoTheTestsInjector() throws {
        XCTAssertTrue(ForecastModel().api === mockFromSetUp)
        injector.assertResolved(API.self, times: 1)
    }

    func testSingletonsAreFreshForEachTestMethod() throws {
        let clock = try injector.resolve(Clock.self)
        XCTAssertTrue(try injector.resolve(Clock.self) === clock)
        XCTAssertEqual(injector.resolutionCount(of: Clock.self), 2)
        XCTAssertEqual(injector.registrations.count, 4)
    }

    func testExpectationsMetAtTheEndReportNothing() throws {
        injector.expect(API.self, resolved: .exactly(1))
        _ = try injector.resolve(API.self)
        XCTAssertEqual(injector.resolutionCount(of: API.self), 1)
    }
}

/// Failures of XCTest code: each probe runs as its own nested test case, with a collecting
/// `FailureReporter` (Linux has no `XCTExpectFailure`), so they are checked, not printed.
final class XCTestReportingTests: XCTestCase {
    func testAssertionFailuresAreReportedToXCTestAtTheCallersLine() {
        let line = #line + 3
        let failures = failuresOfNestedTest {
            let injector = SpyContainer(base: Container())
            injector.assertResolved(API.self, times: 2)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.hasPrefix("Expected API to be resolved exactly 2 times, but it never was.")
                == true)
    }

    func testUnmetExpectationsInDITestCaseAreReported() {
        let failures = failuresOfNestedTest(in: UnmetExpectationProbe.self)
        XCTAssertEqual(failures.map(\.line), [UnmetExpectationProbe.expectLine])
        XCTAssertTrue(failures.first?.description.contains("by the end of the test, but it never was.") == true)
    }

    func testVerifyAssembliesAndMocksReportToXCTest() {
        let failures = failuresOfNestedTest {
            verifyAssemblies([BrokenAssembly()])
            BadMock().injected(using: Container())
        }
        XCTAssertEqual(failures.count, 4)
        XCTAssertEqual(failures.filter { $0.description.hasPrefix("verifyAssemblies: ") }.count, 3)
    }

    func testInjectedWithNoInjectorIsReportedToXCTestAndRegistersNothing() {
        let line = #line + 2
        let failures = failuresOfNestedTest {
            UniqueMock().injected()
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("registered nothing") == true)
        XCTAssertFalse(Container.shared.isRegistered(UniqueService.self))
    }

    func testStrictDITestCaseReportsResolutionsServedByTheBase() {
        let failures = failuresOfNestedTest(in: StrictProbe.self)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("Clock was resolved from the base's registration") == true)
    }

    func testStrictFailuresPointAtTheTestMethodNotAtDITestCase() {
        let failures = collectFailures(of: StrictLocationProbe(name: "probe") { ($0 as? StrictLocationProbe)?.probe() })
        XCTAssertEqual(failures.map(\.line), [StrictLocationProbe.line])
        XCTAssertTrue(failures.first?.description.contains("Clock was resolved from the base's registration") == true)
    }

    /// A plain `XCTestCase` whose test is the first to use DITesting in the process: DITesting
    /// did not see it start, and its failure still reaches XCTest (it was dropped, reported to
    /// Swift Testing outside its run).
    func testAFailureInACaseDITestingDidNotSeeStartReachesXCTest() {
        assertXCTestRecordsOneFailure(saying: "Expected API to be resolved exactly 1 time, but it never was.") {
            withXCTestCasesUnseen {
                withTestInjector(base: Container()) { injector in
                    injector.assertResolved(API.self, times: 1)
                }
            }
        }
    }

    /// `SpyContainer.current` read off the test's thread, with no injector bound there, fails the
    /// XCTest case that is running: XCTest runs one at a time, so it is the test's.
    func testSpyContainerCurrentReadOffTheTestsThreadFailsTheRunningCase() {
        assertXCTestRecordsOneFailure(saying: "SpyContainer.current was read outside a test injector.") {
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = SpyContainer.current
                done.signal()
            }.start()
            done.wait()
        }
    }

    /// The whole way to XCTest, with no reporter bound: `DITestCase` chooses `XCTFail`, and the
    /// failure is the test method's, at its line.
    func testDITestCaseFailuresReachXCTestAtTheTestMethodsLine() {
        assertXCTestRecordsOneFailure(
            of: RecordingDITestProbe(name: "probe") { ($0 as? RecordingDITestProbe)?.probe() },
            saying: "by the end of the test, but it never was.", atLine: RecordingDITestProbe.expectLine)
    }

    func testFailuresOffTheTestsThreadReachXCTest() {
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { injector in
                let done = DispatchSemaphore(value: 0)
                Thread {
                    injector.assertResolved(API.self)
                    done.signal()
                }.start()
                done.wait()
            }
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testMockOfATypeNeverRegisteredIsReportedToXCTest() {
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { injector in
                XCTAssertNil(injector.mock(MockAPI.self))
            }
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testUnansweredMockFunctionIsReportedToXCTest() {
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                XCTAssertEqual(api.cities(), [])
                api.log.assertCalled(times: 2)
            }
        }
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures.first?.description.contains("MockWeatherAPI.cities() was called") == true)
        XCTAssertTrue(failures.last?.description.contains("to be called exactly 2 times, but it never was") == true)
    }

    func testMockFunctionCallExpectationsAreCheckedWhenTheTestEnds() {
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { _ in
                MockWeatherAPI().injected().forecast.expect(called: .atLeast(1))
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("by the end of the test, but it never was") == true)
    }

    func testPassingAssertionsReportNothing() throws {
        let failures = failuresOfNestedTest {
            let injector = SpyContainer(base: Container(assemblies: [AppAssembly()]))
            _ = try? injector.resolve(API.self)
            injector.assertResolved(API.self, times: 1)
            injector.assertNotResolved(Clock.self)
            injector.expect(API.self, resolved: .atLeast(1))
            injector.checkExpectations()
        }
        XCTAssertEqual(failures.count, 0)
    }
}

/// A probe case that keeps the failures XCTest records for it, with their lines, instead of
/// reporting them.
protocol RecordsXCTestFailures: XCTestCase {
    var recorded: [(description: String, line: Int)] { get }
}

extension XCTestCase {
    /// Runs `probe` through XCTest (`run()`) and checks that XCTest recorded exactly one failure
    /// for it, containing `expected` (at `expectedLine`, when given).
    ///
    /// XCTest on Linux forgets the running case when a nested run ends: an `XCTAssert` after it
    /// would go nowhere, so the check records its failure on this test's own run.
    func assertXCTestRecordsOneFailure(
        of probe: some RecordsXCTestFailures, saying expected: String, atLine expectedLine: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        probe.run()
        let recorded = probe.recorded
        let isExpected =
            recorded.count == 1 && recorded[0].description.contains(expected)
            && (expectedLine.map { $0 == recorded[0].line } ?? true)
        if !isExpected {
            let at = expectedLine.map { " at line \($0)" } ?? ""
            recordFailure(
                withDescription: "XCTest recorded \(recorded), not one failure\(at) saying \"\(expected)\"",
                inFile: "\(file)", atLine: Int(line), expected: true)
        }
    }

    /// Runs `body` as the test of a plain probe case, and checks what XCTest recorded for it, as
    /// ``assertXCTestRecordsOneFailure(of:saying:atLine:file:line:)``.
    func assertXCTestRecordsOneFailure(
        saying expected: String, file: StaticString = #filePath, line: UInt = #line, _ body: @escaping () -> Void
    ) {
        assertXCTestRecordsOneFailure(
            of: RecordingProbe(name: "probe") { _ in body() }, saying: expected, file: file, line: line)
    }
}

/// A plain `XCTestCase` that keeps the failures XCTest records for it instead of reporting them.
final class RecordingProbe: XCTestCase, RecordsXCTestFailures, @unchecked Sendable {
    private(set) var recorded: [(description: String, line: Int)] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        recorded.append((description, lineNumber))
    }
}

/// A `DITestCase` whose unmet expectation XCTest itself records (no reporter bound), kept as
/// `RecordingProbe` keeps its failures.
final class RecordingDITestProbe: DITestCase, RecordsXCTestFailures, @unchecked Sendable {
    static let expectLine = #line + 4
    private(set) var recorded: [(description: String, line: Int)] = []

    func probe() {
        injector.expect(API.self, resolved: .exactly(1))
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        recorded.append((description, lineNumber))
    }
}

/// A `DITestCase` whose test leaves an expectation unmet.
final class UnmetExpectationProbe: DITestCase {
    static let expectLine = #line + 2
    func probe() {
        injector.expect(API.self, resolved: .exactly(1))
    }
}

/// A strict `DITestCase` whose test resolves a service only its base registers.
final class StrictProbe: DITestCase {
    override var base: Container? { Container(assemblies: [AppAssembly()]) }
    override var isStrict: Bool { true }

    func probe() {
        _ = try? injector.resolve(Clock.self)
    }
}

struct ReportedFailure {
    let description: String
    let line: Int
}

/// Runs `body` as the test of a nested XCTest case and returns the failures it reported, which
/// stay out of the enclosing test's result.
func failuresOfNestedTest(_ body: @escaping () -> Void) -> [ReportedFailure] {
    collectFailures(of: XCTestCase(name: "probe") { _ in body() })
}

func failuresOfNestedTest(in probeType: UnmetExpectationProbe.Type) -> [ReportedFailure] {
    collectFailures(of: UnmetExpectationProbe(name: "probe") { ($0 as? UnmetExpectationProbe)?.probe() })
}

func failuresOfNestedTest(in probeType: StrictProbe.Type) -> [ReportedFailure] {
    collectFailures(of: StrictProbe(name: "probe") { ($0 as? StrictProbe)?.probe() })
}

/// A strict `DITestCase` whose test first uses DITesting at `line`.
final class StrictLocationProbe: DITestCase {
    override var base: Container? { Container(assemblies: [AppAssembly()]) }
    override var isStrict: Bool { true }
    static let line = #line + 3

    func probe() {
        injector.expect(Clock.self, resolved: .atLeast(1))
        _ = try? injector.resolve(Clock.self)
    }
}

/// Runs `probe` with a collecting reporter: the failures it reports are returned, not printed, and
/// stay out of the enclosing test's result.
///
/// The probe's `invokeTest()` runs (set-up, test, tear-down), not `run()`: XCTest on Linux forgets
/// the running case when a nested run ends, and the enclosing test's assertions after it would go
/// nowhere.
func collectFailures(of probe: XCTestCase) -> [ReportedFailure] {
    let collector = FailureCollector()
    FailureReporting.withReporter(collector) { probe.invokeTest() }
    return collector.failures.map { ReportedFailure(description: $0.message, line: $0.line) }
}
