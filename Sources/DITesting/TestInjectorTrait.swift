public import DIKitCore
public import Testing

/// A Swift Testing trait that runs each test in its own test injector.
///
/// On a test, or on a suite (where it applies to every test, and to every case of a
/// parameterized test, separately):
///
/// ```swift
/// @Suite(.testInjector(assemblies: [AppAssembly()]))
/// struct ForecastTests {
///     init() { MockAPI().injected() }        // lands in this test's injector
///
///     @Test func showsTheForecast() throws {
///         let model = ForecastModel()
///         try model.refresh()
///         SpyContainer.current.assertResolved(API.self, times: 1)
///     }
/// }
/// ```
///
/// Each test gets what ``withTestInjector(base:assemblies:strict:fileID:filePath:line:column:operation:)-(_,_,_,_,_,_,_,(SpyContainer)->Result)``
/// gives: a fresh ``SpyContainer`` over the base, bound as `Container.shared` for the test and its
/// child tasks, with expectations checked when the test returns. ``SpyContainer/current`` gives it
/// to the test body.
///
/// Traits layer as nested `withTestInjector` calls do: a test's own trait (or a nested suite's)
/// inside a suite that has one runs the test in an injector over the suite's, so its `configure`
/// overrides what the suite's assemblies register. The suite's `init` runs in the innermost one.
/// A strict suite's tests are strict whatever their own traits say; and to a strict test's
/// injector, what the suite's trait registered (its assemblies, its `configure`) is setup, as the
/// test's own are: only what the suite's base registered counts as the base's. The suite's
/// injector sees its tests' resolutions as its own (an expectation its `configure` sets counts
/// them).
public struct TestInjectorTrait: TestTrait, SuiteTrait, TestScoping {
    let base: Container?
    let assemblies: [any Assembly]
    let strict: Bool
    let configure: (@Sendable (SpyContainer) throws -> Void)?
    let location: FailureLocation

    /// Applies to every test in a suite, however deeply nested.
    public var isRecursive: Bool { true }

    /// An injector per test function (per case, for parameterized tests), none for a suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase == nil ? nil : self
    }

    /// Runs `function` inside a new test injector, after `configure`.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Swift Testing's, unless the task has a reporter of its own.
        let reporter = FailureReporting.bound ?? SwiftTestingReporter()
        // Inside a suite's trait: strict if either is. (Over the suite's injector, what that one
        // registered is this one's own: `begin` layers it.)
        let enclosing = Container.shared as? SpyContainer
        let injector = SpyContainer.begin(
            base: base, assemblies: assemblies, strict: strict || enclosing?.strict == true, reporter: reporter,
            at: location)
        defer { injector.end() }
        try await Container.withShared(injector) {
            if let configure {
                do {
                    try injector.settingUp { try configure(injector) }
                } catch {
                    injector.report(
                        FailureMessage(
                            "The .testInjector trait's configure closure threw: \(error)",
                            context: [
                                "The test ran with what the closure registered before it threw."
                            ],
                            fix: """
                                make the closure succeed; register what can fail inside the test body instead.
                                """
                        ).description, at: location)
                }
            }
            try await function()
        }
    }
}

extension Trait where Self == TestInjectorTrait {
    /// Runs each test in its own injector over `Container.shared`.
    public static var testInjector: Self { testInjector() }

    /// Runs each test in its own injector over `base` (by default, `Container.shared` when the
    /// test starts), with `assemblies` added, then `configure` run on it before the test.
    ///
    /// ```swift
    /// @Test(.testInjector { MockAPI().injected(using: $0) })
    /// func refreshShowsTheForecast() throws { … }
    ///
    /// @Suite(.testInjector(assemblies: [AppAssembly()], strict: true) { MockClock().injected(using: $0) })
    /// struct ForecastTests { … }
    /// ```
    ///
    /// A project-wide default is three lines:
    ///
    /// ```swift
    /// extension Trait where Self == TestInjectorTrait {
    ///     static var app: Self { .testInjector(assemblies: [AppAssembly()]) }
    /// }
    /// @Suite(.app) struct CheckoutTests { … }
    /// ```
    ///
    /// If `configure` throws, that is reported as a test failure and the test still runs.
    ///
    /// - Parameters:
    ///   - base: The container to start from; `nil` means `Container.shared` when the test starts.
    ///   - assemblies: Assemblies to add to each injector, after the base's registrations.
    ///   - strict: Whether to report resolutions served by the base and overrides never resolved;
    ///     see ``withTestInjector(base:assemblies:strict:fileID:filePath:line:column:operation:)-(_,_,_,_,_,_,_,(SpyContainer)->Result)``.
    ///   - fileID: Where the trait is written, for failures of the whole scope (Swift Testing).
    ///   - filePath: Where the trait is written (XCTest).
    ///   - line: The trait's line.
    ///   - column: The trait's column.
    ///   - configure: Registers overrides and mocks into the injector, before each test. What it
    ///     registers is setup, as the assemblies' is: a strict injector does not report it unresolved.
    public static func testInjector(
        base: Container? = nil, assemblies: [any Assembly] = [], strict: Bool = false,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        configure: (@Sendable (SpyContainer) throws -> Void)? = nil
    ) -> Self {
        TestInjectorTrait(
            base: base, assemblies: assemblies, strict: strict, configure: configure,
            location: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
