import DIKitCore
import DITesting
import Testing

/// The trait's `configure` closure: the test's overrides in one line of the attribute.
@Suite struct TraitConfigureTests {
    @Test(.testInjector(base: Container(assemblies: [AppAssembly()])) { MockAPI(id: 5).injected(using: $0) })
    func configureRegistersBeforeTheTest() {
        #expect(ForecastModel().api.id == 5)
    }

    @Test(
        .testInjector(base: Container(), assemblies: [AppAssembly()]) { injector in
            injector.register(Analytics.self) { _ in LiveAnalytics() }
            MockAPI(id: 6).injected(using: injector)
        })
    func configureRunsAfterTheAssemblies() throws {
        #expect(ForecastModel().api.id == 6)
        #expect(try SpyContainer.current.resolve(Clock.self) is SystemClock)
    }

    @Test func configureThatThrowsIsReportedAndTheTestStillRuns() async throws {
        let trait = TestInjectorTrait.testInjector(base: Container()) { injector in
            MockAPI(id: 8).injected(using: injector)
            throw Boom()
        }
        let ran = Counter()
        let test = try #require(Test.current)
        await withKnownIssue {
            try? await trait.provideScope(for: test, testCase: nil) {
                if ForecastModel().api.id == 8 { ran.increment() }
            }
        } matching: {
            $0.mentions("configure closure threw: boom")
        }
        #expect(ran.value == 1)
    }
}

/// Strict injectors report resolutions served by the base and overrides never resolved.
@Suite struct StrictInjectorTests {
    let base = Container(assemblies: [AppAssembly()])

    @Test func resolutionServedByTheBaseIsReported() throws {
        withKnownIssue {
            withTestInjector(base: base, strict: true) { injector in
                _ = try? injector.resolve(Clock.self)
            }
        } matching: { issue in
            issue.mentions("Clock was resolved from the base's registration, in a strict test injector.")
                && issue.mentions("The base registered it at DITestingTests/Fixtures.swift:")
        }
    }

    @Test func eachRegistrationOfTheBaseIsReportedOnceHoweverOftenItIsResolved() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: base, strict: true) { injector in
                for _ in 0..<3 { _ = try? injector.resolve(Clock.self) }
                _ = try? injector.resolve(API.self)
            }
        }
        let messages = collector.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.count { $0.contains("Clock was resolved from the base's registration") } == 1)
        #expect(messages.count { $0.contains("API was resolved from the base's registration") } == 1)
    }

    @Test func overridesAndAssembliesAreNotReported() throws {
        try withTestInjector(base: base, assemblies: [ClockAssembly()], strict: true) { injector in
            MockAPI().injected()
            _ = try injector.resolve(Clock.self)
            _ = ForecastModel().api
        }
    }

    @Test func overrideNeverResolvedIsReported() throws {
        let line = #line + 3
        withKnownIssue {
            withTestInjector(base: base, strict: true) { _ in
                _ = MockAPI().injected()
            }
        } matching: { issue in
            issue.mentions(
                "MockAPI was registered at DITestingTests/TestingMisuseTests.swift:\(line) but never resolved")
        }
    }

    @Test func nonStrictInjectorsReportNeither() throws {
        try withTestInjector(base: base) { injector in
            MockAPI().injected()
            _ = try injector.resolve(Clock.self)
        }
    }

    @Test func strictInjectorOverAnEmptyBaseIsValid() throws {
        let resolved = try withTestInjector(base: Container(), assemblies: [AppAssembly()], strict: true) { injector in
            MockAPI().injected()
            return try injector.resolve(API.self)
        }
        #expect(resolved is MockAPI)
    }

    @Test func strictInjectorOverAnEmptyBaseStillReportsUnusedOverrides() {
        withKnownIssue {
            withTestInjector(base: Container(), strict: true) { _ in _ = MockAPI().injected() }
        } matching: {
            $0.mentions("never resolved")
        }
    }

    @Test func anOverrideResolvedThroughItsAliasIsUsed() throws {
        try withTestInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { injector in
            injector.register(UserStoreOverride.self) { _ in UserStoreOverride() }.implements(UserReadingOverride.self)
            _ = try injector.resolve(UserReadingOverride.self)
        }
    }

    /// An `implements` alias is the same registration under a second type: resolving either uses it.
    @Test func anOverrideResolvedAsItsOwnTypeNeedsNoResolutionOfItsAlias() throws {
        try withTestInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { injector in
            injector.register(UserStoreOverride.self) { _ in UserStoreOverride() }.implements(UserReadingOverride.self)
            _ = try injector.resolve(UserStoreOverride.self)
        }
    }

    /// The base's alias forwards to the service, and the test overrode the service: the override
    /// answers, so nothing was served by the base.
    @Test func anAliasOfTheBaseAnsweredByTheTestsOverrideIsNotReported() throws {
        let base = Container()
        base.register(LiveAPI.self, scope: .singleton) { _ in LiveAPI() }.implements(API.self)
        let override = LiveAPI()
        let resolved = try withTestInjector(base: base, strict: true) { injector in
            injector.register(LiveAPI.self, instance: override)
            let resolved = try injector.resolve(API.self)
            #expect(injector.resolutions.first?.isOverride == true)
            return resolved
        }
        #expect(resolved === override)
    }

    /// A resolution the base served does not make a later override of the same service used.
    @Test func anOverrideOfWhatTheBaseServedEarlierIsReportedWhenNeverResolved() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: base, strict: true) { injector in
                _ = try? injector.resolve(API.self)
                injector.register(API.self) { _ in MockAPI() }
            }
        }
        let messages = collector.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("API was resolved from the base's registration") })
        #expect(messages.contains { $0.contains("API was registered at") && $0.contains("but never resolved") })
    }

    @Test func aMockRegisteredAsSeveralTypesIsUsedWhenOneIsResolved() throws {
        try withTestInjector(base: Container(), strict: true) { injector in
            MockUserStore().injected()
            MockUserStore().injected(name: "backup")
            _ = try injector.resolve(UserReadingOverride.self)
            _ = try injector.resolve(UserWritingOverride.self, name: "backup")
        }
    }

    @Test func aTestAssemblyOfMocksIsSetupThatNeedNotAllBeUsed() throws {
        try withTestInjector(base: Container(), assemblies: [MocksAssembly()], strict: true) { injector in
            _ = try injector.resolve(API.self)  // and not UserReadingOverride
        }
    }

    @Test func aMockRegisteredAsSeveralTypesAndNeverResolvedIsReportedOnce() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: Container(), strict: true) { _ in _ = MockUserStore().injected() }
        }
        #expect(collector.failures.count == 1)
        let message = collector.failures.first?.message ?? ""
        #expect(message.contains("MockUserStore was registered at DITestingTests/TestingMisuseTests.swift:"))
        #expect(message.contains("Registered as UserReadingOverride, UserWritingOverride; nothing resolved it"))
    }

    @Test(.testInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { MockAPI().injected(using: $0) })
    func strictTraitAcceptsItsOwnOverrides() {
        #expect(ForecastModel().api.id == 1)
    }
}

/// What a strict trait's `configure` registers serves every test of its suite, which need not use
/// it all: it is setup, as its assemblies are, not the test's overrides.
@Suite(
    .testInjector(base: Container(), strict: true) {
        MockAPI().injected(using: $0)
        MockUserStore().injected(using: $0)
    })
struct StrictSuiteConfigureTests {
    @Test func aTestUsesSomeOfWhatTheSuiteConfigures() {
        #expect(ForecastModel().api.id == 1)
    }

    @Test func theTestsOwnOverridesAreStillChecked() {
        withKnownIssue {
            // Run inside a nested scope, to see its end: the trait's ends after the test.
            withTestInjector(strict: true) { _ in _ = UniqueMock().injected() }
        } matching: {
            $0.mentions("UniqueMock was registered at DITestingTests/TestingMisuseTests.swift:")
        }
    }
}

/// Misuse is reported at the caller and changes nothing.
@Suite struct MisuseTests {
    @Test func injectedWithNoInjectorIsReportedAndRegistersNothing() {
        let line = #line + 2
        withKnownIssue {
            UniqueMock().injected()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.mentions("injected() ran where no test injector is bound, and registered nothing.")
        }
        #expect(!Container.shared.isRegistered(UniqueService.self))
    }

    @Test func makeSharedInsideAnInjectorIsReportedAndNotPerformed() {
        let before = Container.shared
        withKnownIssue {
            withTestInjector(base: Container()) { _ in
                Container().makeShared()
            }
        } matching: {
            $0.mentions("makeShared() was called inside a test injector's scope")
        }
        #expect(Container.shared === before)
    }

    @Test func failureRaisedOffTheTestsTaskReachesTheTest() async {
        await withKnownIssue {
            await withTestInjector(base: Container()) { injector in
                let detached = Task.detached { injector.assertResolved(API.self) }
                await detached.value
            }
        } matching: {
            $0.mentions("Expected API to be resolved at least 1 time, but it never was.")
        }
    }

    @Test func nonConformingMockRegisteredOffTheTestsTaskReachesTheTest() async {
        await withKnownIssue {
            await withTestInjector(base: Container()) { injector in
                let detached = Task.detached { _ = BadMock().injected(using: injector) }
                await detached.value
            }
        } matching: {
            $0.mentions("BadMock does not conform to Unrelated")
        }
    }

    @Test func currentOutsideAnInjectorIsReportedAtTheTest() {
        withKnownIssue {
            _ = SpyContainer.current
        } matching: { issue in
            issue.mentions("SpyContainer.current was read outside a test injector.")
                && issue.sourceLocation?.fileID == "DITestingTests/TestingMisuseTests.swift"
        }
    }

    /// Off the test's task, with no injector bound, the read goes to that task's reporter (a
    /// `Task.detached` inherits none of the test's: with none of its own, Swift Testing records
    /// it as an issue of the run, which fails it).
    @Test func currentReadInADetachedTaskIsReportedToThatTasksReporter() async {
        let collector = FailureCollector()
        await withTestInjector(base: Container()) { _ in
            await Task.detached {
                FailureReporting.withReporter(collector) { _ = SpyContainer.current }
            }.value
        }
        #expect(collector.failures.count == 1)
        let message = collector.failures.first?.message ?? ""
        #expect(message.hasPrefix("SpyContainer.current was read outside a test injector."))
        #expect(message.contains("Task.detached and Dispatch queues do not inherit the test's injector"))
    }

    @Test func expectationsAreCheckedWhenTheBodyThrows() {
        withKnownIssue {
            #expect(throws: Boom.self) {
                try withTestInjector(base: Container()) { injector in
                    injector.expect(API.self, resolved: .exactly(1))
                    throw Boom()
                }
            }
        } matching: { issue in
            issue.mentions("Expected API to be resolved exactly 1 time by the end of the test")
        }
    }
}

/// Finding mocks again, named mocks, and matching by concrete type.
@Suite struct MockLookupTests {
    @Test func mockReturnsTheInstanceRegisteredInThisInjector() {
        withTestInjector(base: Container()) { injector in
            let first = MockAPI(id: 1).injected()
            #expect(injector.mock(MockAPI.self) === first)
            let second = MockAPI(id: 2).injected()
            #expect(injector.mock(MockAPI.self) === second)
            injector.register(Clock.self, instance: SystemClock())
            #expect(injector.mock(SystemClock.self) != nil)
        }
    }

    @Test func mockOfATypeNeverRegisteredIsReported() {
        withKnownIssue {
            withTestInjector(base: Container()) { injector in
                #expect(injector.mock(MockAPI.self) == nil)
                injector.register(Clock.self) { _ in SystemClock() }
                #expect(injector.isRegistered(Clock.self))
            }
        } matching: {
            $0.mentions("No instance of MockAPI is registered in this test injector.")
        }
    }

    @Test func namedMockIsRegisteredUnderItsNameForEveryListedType() throws {
        try withTestInjector(base: Container()) { injector throws in
            let backup = MockAPI(id: 3).injected(name: "backup")
            #expect(try injector.resolve(API.self, name: "backup") === backup)
            #expect(!injector.isRegistered(API.self))
        }
    }

    @Test func expectationsMatchTheConcreteTypeProduced() {
        withKnownIssue {
            withTestInjector(base: Container(assemblies: [AppAssembly()])) { injector in
                injector.expect(LiveAPI.self, resolved: .never)
                _ = try? injector.resolve(API.self)
                #expect(injector.resolutionCount(of: LiveAPI.self) == 1)
            }
        } matching: {
            $0.mentions("Expected LiveAPI not to be resolved by the end of the test")
        }
    }
}

struct ClockAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Clock.self, scope: .singleton) { _ in SystemClock() }
    }
}

protocol UniqueService: AnyObject {}
final class UniqueMock: UniqueService, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [UniqueService.self] }
}

extension Issue {
    /// Whether one of the issue's comments contains `text`.
    func mentions(_ text: String) -> Bool { comments.contains { $0.rawValue.contains(text) } }
}

protocol UserReadingOverride: AnyObject {}
final class UserStoreOverride: UserReadingOverride {}
protocol UserWritingOverride: AnyObject {}
final class MockUserStore: UserReadingOverride, UserWritingOverride, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [UserReadingOverride.self, UserWritingOverride.self] }
}

/// A test assembly of mocks, which serves every test and need not all be used.
struct MocksAssembly: Assembly {
    func assemble(into container: Container) {
        MockAPI().injected()
        MockUserStore().injected()
    }
}
