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
/// Each test gets what ``withTestInjector(base:assemblies:operation:)-(_,_,(SpyContainer)->Result)``
/// gives: a fresh ``SpyContainer`` over the base, bound as `Container.shared` for the test and its
/// child tasks, with expectations checked when the test returns. ``SpyContainer/current`` gives it
/// to the test body.
public struct TestInjectorTrait: TestTrait, SuiteTrait, TestScoping {
    let base: Container?
    let assemblies: [any Assembly]

    /// Applies to every test in a suite, however deeply nested.
    public var isRecursive: Bool { true }

    /// An injector per test function (per case, for parameterized tests), none for a suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase == nil ? nil : self
    }

    /// Runs `function` inside a new test injector.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTestInjector(base: base, assemblies: assemblies) { _ in try await function() }
    }
}

extension Trait where Self == TestInjectorTrait {
    /// Runs each test in its own injector over `Container.shared`.
    public static var testInjector: Self { testInjector() }

    /// Runs each test in its own injector over `base` (by default, `Container.shared` when the
    /// test starts), with `assemblies` added.
    public static func testInjector(base: Container? = nil, assemblies: [any Assembly] = []) -> Self {
        TestInjectorTrait(base: base, assemblies: assemblies)
    }
}
