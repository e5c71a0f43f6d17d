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

    @Suite(.testInjector { $0.register(Clock.self) { _ in TestClock() } })
    struct Nested {
        @Test func aNestedSuitesTraitLayersToo() throws {
            #expect(try Container.shared.resolve(Clock.self) is TestClock)
            #expect(ForecastModel().api is LiveAPI)
        }
    }
}

final class TestClock: Clock {}
