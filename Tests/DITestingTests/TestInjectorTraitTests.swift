import DIKitCore
import DITesting
import Testing

/// Every test here runs in its own injector over `AppAssembly`; `init` runs inside it.
@Suite(.testInjector(base: Container(), assemblies: [AppAssembly()]))
struct TestInjectorTraitTests {
    let mock = MockAPI(id: 42).injected()

    @Test func suiteInitRegistersIntoThisTestsInjector() throws {
        #expect(ForecastModel().api === mock)
        #expect(SpyContainer.current.registrations.contains { $0.serviceType == API.self })
    }

    @Test func currentIsTheSharedContainer() {
        #expect(SpyContainer.current === Container.shared)
    }

    @Test(arguments: 1...120)
    func parallelCasesEachSeeOnlyTheirOwnMock(id: Int) async throws {
        let injector = SpyContainer.current
        let own = MockAPI(id: id).injected()
        await Task.yield()
        let model = ForecastModel()
        #expect(model.api === own)
        #expect(model.api.id == id)
        #expect(injector.resolutionCount(of: API.self) == 1)
        #expect(injector.registrations.filter { $0.serviceType == API.self }.count == 3)  // assembly, init, this case
    }

    @Test func singletonsAreFreshInEachTest() throws {
        let clock = try Container.shared.resolve(Clock.self)
        #expect(SpyContainer.current.resolutionCount(of: Clock.self) == 1)
        #expect(try Container.shared.resolve(Clock.self) === clock)
    }
}

@Suite struct TestInjectorOnATestTests {
    @Test(.testInjector) func aSingleTestGetsAnInjectorOverTheShared() {
        #expect(Container.shared is SpyContainer)
        MockAPI(id: 3).injected()
        #expect(ForecastModel().api.id == 3)
    }

    @Test func withoutTheTraitThereIsNoInjector() {
        #expect(!(Container.shared is SpyContainer))
        withKnownIssue {
            _ = SpyContainer.current
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("SpyContainer.current was read outside a test injector.") }
        }
    }
}

/// A test's own trait inside a suite's, and a nested suite's: each injector starts from the
/// suite's, as nested `withTestInjector` calls do.
@Suite(.testInjector(base: Container(), assemblies: [AppAssembly()]))
struct TestInjectorTraitLayeringTests {
    @Test(.testInjector { MockAPI(id: 7).injected(using: $0) })
    func aTestsTraitLayersItsInjectorOverTheSuites() throws {
        #expect(ForecastModel().api.id == 7)
        #expect(try Container.shared.resolve(Clock.self) is SystemClock)  // the suite's assembly
        // Its own registrations are the mock only: the assembly's are the suite injector's.
        let registrations = SpyContainer.current.registrations
        #expect(registrations.count == 1 && registrations.first?.serviceType == API.self)
    }

    @Test(.testInjector(strict: true) { MockAPI(id: 8).injected(using: $0) })
    func aStrictTestTakesTheSuitesAssembliesAsSetup() throws {
        #expect(ForecastModel().api.id == 8)
        #expect(try Container.shared.resolve(Clock.self) is SystemClock)  // not "resolved from the base's"
    }

    @Suite(.testInjector { $0.register(Clock.self) { _ in TestClock() } })
    struct Nested {
        @Test func aNestedSuitesTraitLayersToo() throws {
            #expect(try Container.shared.resolve(Clock.self) is TestClock)
            #expect(ForecastModel().api is LiveAPI)
        }
    }
}

final class TestClock: Clock {}

/// Strictness layers with the traits: a suite's `strict: true` reaches the tests that add a trait
/// of their own, and what the suite's trait registers is setup to a strict test's injector, not
/// the base's.
@Suite struct StrictTraitLayeringTests {
    /// The failures reported while `body` runs as a test with `suite`'s trait and `test`'s, nested
    /// as Swift Testing nests them.
    func failures(
        suite: TestInjectorTrait, test: TestInjectorTrait, _ body: @escaping @Sendable () throws -> Void
    ) async throws -> [String] {
        let collector = FailureCollector()
        let current = try #require(Test.current)
        try await FailureReporting.withReporter(collector) {
            try await suite.provideScope(for: current, testCase: nil) {
                try await test.provideScope(for: current, testCase: nil) { try body() }
            }
        }
        return collector.failures.map(\.message)
    }

    @Test func aStrictSuiteKeepsATestWithItsOwnTraitStrict() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(assemblies: [AppAssembly()]), strict: true),
            test: .testInjector { MockAPI(id: 9).injected(using: $0) }
        ) {
            _ = try Container.shared.resolve(Clock.self)  // the base's
            #expect(ForecastModel().api.id == 9)  // the test's own
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("Clock was resolved from the base's registration") == true)
    }

    @Test func aStrictSuiteReportsATestsOverrideNothingResolved() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(), strict: true), test: .testInjector
        ) {
            MockAPI().injected()
        }
        #expect(failures.count == 1)
        let registeredHere = "MockAPI was registered at DITestingTests/TestInjectorTraitTests.swift:"
        #expect(failures.first?.hasPrefix(registeredHere) == true)
    }

    @Test func whatASuitesTraitRegistersIsSetupToAStrictTest() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(), assemblies: [AppAssembly()]) {
                MockUserStore().injected(using: $0)
            },
            test: .testInjector(strict: true) { MockAPI(id: 4).injected(using: $0) }
        ) {
            _ = try Container.shared.resolve(Clock.self)  // the suite's assembly's
            _ = try Container.shared.resolve(UserReadingOverride.self)  // the suite's configure's
            #expect(ForecastModel().api.id == 4)
        }
        #expect(failures == [])
    }

    @Test func theSuitesBaseIsStillTheBaseToAStrictTest() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(assemblies: [AppAssembly()]), assemblies: [ClockAssembly()]),
            test: .testInjector(strict: true)
        ) {
            _ = try Container.shared.resolve(Clock.self)  // the suite's assembly's
            _ = try Container.shared.resolve(Analytics.self)  // the base's
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("Analytics was resolved from the base's registration") == true)
    }

    @Test func strictnessAndSetupLayerThroughANestedSuite() async throws {
        let collector = FailureCollector()
        let current = try #require(Test.current)
        let suite = TestInjectorTrait.testInjector(base: Container(assemblies: [AppAssembly()]), strict: true)
        let nested = TestInjectorTrait.testInjector { $0.register(Analytics.self) { _ in LiveAnalytics() } }
        let test = TestInjectorTrait.testInjector { MockAPI(id: 2).injected(using: $0) }
        try await FailureReporting.withReporter(collector) {
            try await suite.provideScope(for: current, testCase: nil) {
                try await nested.provideScope(for: current, testCase: nil) {
                    try await test.provideScope(for: current, testCase: nil) {
                        _ = try Container.shared.resolve(Analytics.self)  // the nested suite's
                        _ = try Container.shared.resolve(API.self)  // the test's
                        _ = try Container.shared.resolve(Clock.self)  // the base's
                    }
                }
            }
        }
        let failures = collector.failures.map(\.message)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("Clock was resolved from the base's registration") == true)
    }

    @Test func aTestsTraitWithABaseOfItsOwnIsStrictWhenItsSuiteIs() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(), strict: true),
            test: .testInjector(base: Container(assemblies: [AppAssembly()]))
        ) {
            _ = try Container.shared.resolve(Clock.self)  // its own base's
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("Clock was resolved from the base's registration") == true)
    }

    @Test func aSuitesExpectationsAndOverridesSeeWhatItsTestsResolve() async throws {
        let failures = try await failures(
            suite: .testInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { suite in
                suite.expect(Analytics.self, resolved: .never)
                suite.expect(API.self, resolved: .once)
            },
            test: .testInjector { MockUserStore().injected(using: $0) }
        ) {
            MockAPI(id: 6).injected()
            #expect(ForecastModel().api.id == 6)
            _ = try Container.shared.resolve(UserReadingOverride.self)
        }
        #expect(failures == [])
        let resolvedAnalytics = try await self.failures(
            suite: .testInjector(base: Container(assemblies: [AppAssembly()])) {
                $0.expect(Analytics.self, resolved: .never)
            },
            test: .testInjector
        ) {
            _ = try Container.shared.resolve(Analytics.self)
        }
        #expect(resolvedAnalytics.count == 1)
        #expect(resolvedAnalytics.first?.hasPrefix("Expected Analytics not to be resolved") == true)
    }
}
