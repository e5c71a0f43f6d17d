public import DIKitCore
public import XCTest

/// An XCTest base class that runs every test method in its own test injector.
///
/// ```swift
/// final class ForecastModelTests: DITestCase {
///     override var assemblies: [any Assembly] { [AppAssembly()] }
///
///     func testRefreshLoadsOnce() throws {
///         MockAPI().injected()
///         try ForecastModel().refresh()
///         injector.assertResolved(API.self, times: 1)
///     }
/// }
/// ```
///
/// Each test method, with its `setUp` and `tearDown`, runs inside
/// `withTestInjector(assemblies: assemblies)`: `Container.shared` is the test's ``injector``,
/// singletons are fresh, expectations are checked when the method ends, and nothing leaks into
/// the next test, even when tests run in parallel.
open class DITestCase: XCTestCase {
    /// The container each test's injector starts from; `nil` (the default) means
    /// `Container.shared` when the test starts.
    open var base: Container? { nil }

    /// Assemblies to add to each test's injector, on top of ``base``. None by default.
    open var assemblies: [any Assembly] { [] }

    /// Whether each test's injector is strict: resolutions served by the base and overrides
    /// never resolved are reported. `false` by default.
    open var isStrict: Bool { false }

    private var currentInjector: SpyContainer?

    /// The running test's injector, also `Container.shared` during the test.
    public var injector: SpyContainer { currentInjector ?? SpyContainer.current }

    /// Runs the test method inside its own injector.
    override open func invokeTest() {
        XCTestTracker.track(self) {
            // XCTest's, unless the task has a reporter of its own (Nimble's, in a Quick spec).
            FailureReporting.withReporter(FailureReporting.bound ?? XCTestReporter()) {
                withTestInjector(base: base, assemblies: assemblies, strict: isStrict) { injector in
                    currentInjector = injector
                    defer { currentInjector = nil }
                    super.invokeTest()
                }
            }
        }
    }
}
