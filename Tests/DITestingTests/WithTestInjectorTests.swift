import DIKitCore
import DITesting
import Testing

@Suite struct WithTestInjectorTests {
    @Test func injectorIsTheSharedContainerInsideAndRestoredAfter() {
        let base = Container(assemblies: [AppAssembly()])
        Container.withShared(base) {
            withTestInjector { injector in
                #expect(Container.shared === injector)
            }
            #expect(Container.shared === base)
        }
    }

    // An error's similar names come from the snapshot the injector started from, which shares
    // what errors found in it with the base's table until the base changes.
    @Test func anInjectorsErrorsNameTheSimilarTypesOfItsSnapshotNotOfTheBaseAsItIsNow() throws {
        let base = Container()
        for index in 0..<10 { base.register(Clock.self, name: "c\(index)") { _ in SystemClock() } }
        base.register(SessionStore.self) { _ in SessionStore() }
        try withTestInjector(base: base) { injector in
            let before = try #require(throws: ResolutionError.self) { try injector.resolve(Session.self) }
            #expect(before.description.contains("Registered with similar names: SessionStore."))
            base.register(SessionCache.self) { _ in SessionCache() }
            let inBase = try #require(throws: ResolutionError.self) { try base.resolve(Session.self) }
            #expect(inBase.description.contains("Registered with similar names: SessionStore, SessionCache."))
            let after = try #require(throws: ResolutionError.self) { try injector.resolve(Session.self) }
            #expect(after.description.contains("Registered with similar names: SessionStore."))
        }
    }

    @Test func injectorStartsFromTheBaseAndAddsAssemblies() throws {
        let base = Container()
        base.register(Clock.self) { _ in SystemClock() }
        try withTestInjector(base: base, assemblies: [AppAssembly()]) { injector throws in
            #expect(try injector.resolve(Clock.self) is SystemClock)
            #expect(try injector.resolve(API.self) is LiveAPI)
        }
    }

    @Test func aTestAssemblyInjectsMocksIntoTheInjectorItAssembles() throws {
        struct MockAssembly: Assembly {
            func assemble(into container: Container) { MockAPI(id: 7).injected() }
        }
        let resolved = try withTestInjector(base: Container(), assemblies: [MockAssembly()], strict: true) {
            try $0.resolve(API.self)
        }
        #expect((resolved as? MockAPI)?.id == 7)
    }

    @Test func failuresWithNoCallerPointAtTheTestNotAtItsAssembly() {
        struct MockAssembly: Assembly {
            func assemble(into container: Container) { MockAPI().injected() }
        }
        let line = #line + 3
        withKnownIssue {
            // A strict failure (Clock from the base) has no caller of its own: it goes to the test.
            withTestInjector(base: Container(assemblies: [AppAssembly()]), assemblies: [MockAssembly()], strict: true) {
                _ = try? $0.resolve(Clock.self)
            }
        } matching: { issue in
            issue.mentions("Clock was resolved from the base's registration") && issue.sourceLocation?.line == line
        }
    }

    @Test func mocksOverrideTheBaseAndNeverLeakIntoIt() throws {
        let base = Container(assemblies: [AppAssembly()])
        try withTestInjector(base: base) { _ throws in
            MockAPI(id: 7).injected()
            #expect(ForecastModel().api.id == 7)
        }
        #expect(try base.resolve(API.self) is LiveAPI)
        #expect(base.isRegistered(API.self))
    }

    @Test func anAliasOfTheBaseFollowsTheServiceTheTestOverrides() throws {
        let base = Container()
        base.register(LiveAPI.self, scope: .singleton) { _ in LiveAPI() }.implements(API.self)
        try withTestInjector(base: base) { injector throws in
            let override = LiveAPI()
            injector.register(LiveAPI.self, instance: override)
            #expect(try injector.resolve(API.self) === override)
        }
        // The base's alias still answers its own singleton.
        #expect(try base.resolve(API.self) === (try base.resolve(LiveAPI.self)))
    }

    @Test func singletonsAreFreshPerInjectorAndTheBasesStayUntouched() throws {
        let base = Container(assemblies: [AppAssembly()])
        let baseClock = try base.resolve(Clock.self)
        let first = try withTestInjector(base: base) { try $0.resolve(Clock.self) }
        let second = try withTestInjector(base: base) { try $0.resolve(Clock.self) }
        #expect(first !== second)
        #expect(first !== baseClock)
        #expect(try base.resolve(Clock.self) === baseClock)
    }

    /// An instance the injector built from its base's registration goes when the test overrides
    /// that registration, whatever the override's scope: the next resolve answers the override.
    @Test(arguments: [Scope.singleton, .weak, .custom("session")])
    func anOverrideAfterAResolveReplacesWhatTheBaseBuilt(scope: Scope) throws {
        let base = Container()
        base.register(API.self, scope: .singleton) { _ in LiveAPI() }
        try withTestInjector(base: base) { injector throws in
            let live = try injector.resolve(API.self)
            #expect(live is LiveAPI)
            injector.register(API.self, scope: scope) { _ in MockAPI(id: 7) }
            let mock = try injector.resolve(API.self)
            #expect(mock.id == 7)
            #expect(try injector.resolve(API.self) === mock)
        }
    }

    @Test func registeredInstancesOfTheBaseAreKept() throws {
        let base = Container()
        let clock = SystemClock()
        base.register(Clock.self, instance: clock)
        try withTestInjector(base: base) { injector throws in
            let resolved = try injector.resolve(Clock.self)
            #expect(resolved === clock)
        }
    }

    @Test func sharedIsRestoredWhenTheBodyThrows() {
        let base = Container()
        Container.withShared(base) {
            #expect(throws: Boom.self) {
                try withTestInjector { _ throws in
                    MockAPI().injected()
                    throw Boom()
                }
            }
            #expect(Container.shared === base)
            #expect(!base.isRegistered(API.self))
        }
    }

    @Test func nestedInjectorStartsFromTheOuterOne() throws {
        try withTestInjector(base: Container(assemblies: [AppAssembly()])) { outer throws in
            MockAPI(id: 1).injected()
            try withTestInjector { inner throws in
                #expect(try inner.resolve(API.self).id == 1)
                MockAPI(id: 2).injected()
                #expect(try inner.resolve(API.self).id == 2)
            }
            #expect(try outer.resolve(API.self).id == 1)
        }
    }

    @Test func toAStrictNestedInjectorWhatTheOuterRegisteredIsTheTestsOwn() throws {
        let collector = FailureCollector()
        try FailureReporting.withReporter(collector) {
            try withTestInjector(base: Container(assemblies: [AppAssembly()]), assemblies: [ClockAssembly()]) { _ in
                MockAPI(id: 1).injected()
                try withTestInjector(strict: true) { inner in
                    #expect(try inner.resolve(API.self).id == 1)  // the outer test's mock
                    _ = try inner.resolve(Clock.self)  // the outer's assembly's
                    _ = try inner.resolve(Analytics.self)  // the base's
                    #expect(inner.resolutions.map(\.isOverride) == [true, true, false])
                }
                // Over a base of its own, it does not layer.
                try withTestInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { inner in
                    _ = try inner.resolve(API.self)
                }
            }
        }
        let failures = collector.failures.map(\.message)
        #expect(failures.count == 2)
        #expect(failures.first?.hasPrefix("Analytics was resolved from the base's registration") == true)
        #expect(failures.last?.hasPrefix("API was resolved from the base's registration") == true)
    }

    @Test func asyncInjectorReachesChildTasks() async throws {
        try await withTestInjector(base: Container(assemblies: [AppAssembly()])) { injector async throws in
            MockAPI(id: 5).injected()
            async let fromChild = Container.shared.resolve(API.self).id
            let fromTask = try await Task { try Container.shared.resolve(API.self).id }.value
            #expect(try await fromChild == 5)
            #expect(fromTask == 5)
            #expect(injector.resolutionCount(of: API.self) == 2)
        }
    }

    @Test func hundredConcurrentInjectorsStayIsolated() async throws {
        let base = Container(assemblies: [AppAssembly()])
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for id in 1...100 {
                group.addTask {
                    try await withTestInjector(base: base) { injector async throws in
                        MockAPI(id: id).injected()
                        await Task.yield()
                        let seen = ForecastModel().api.id
                        #expect(injector.resolutionCount(of: API.self) == 1)
                        return (id, seen)
                    }
                }
            }
            for try await (id, seen) in group { #expect(seen == id) }
        }
        #expect(try base.resolve(API.self) is LiveAPI)
    }

    @Test func expectationsAreCheckedWhenTheScopeEnds() {
        withKnownIssue {
            withTestInjector(base: Container(assemblies: [AppAssembly()])) { injector in
                injector.expect(API.self, resolved: .exactly(1))
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "Expected API to be resolved exactly 1 time by the end of the test, but it never was.")
            }
        }
    }

    @Test func metExpectationsReportNothing() throws {
        try withTestInjector(base: Container(assemblies: [AppAssembly()])) { injector throws in
            injector.expect(API.self, resolved: .exactly(1))
            injector.expect(Analytics.self, resolved: .never)
            _ = try injector.resolve(API.self)
            #expect(injector.resolutionCount(of: API.self) == 1)
        }
    }
}

/// A test injector is a snapshot of its base at entry, and is released when its scope ends.
@Suite struct TestInjectorSnapshotTests {
    @Test func laterChangesToTheBaseDoNotReachAnInjector() throws {
        let base = Container(assemblies: [AppAssembly()])
        try withTestInjector(base: base) { injector throws in
            base.register(API.self) { _ in MockAPI(id: 42) }
            base.register(Analytics.self, name: "late") { _ in LiveAnalytics() }
            #expect(try injector.resolve(API.self).id == 0)
            #expect(!injector.isRegistered(Analytics.self, name: "late"))
        }
        #expect(try base.resolve(API.self).id == 42)
    }

    @Test func eachInjectorStartsFromTheBaseAsItIsWhenItBegins() throws {
        let root = Container(assemblies: [AppAssembly()])
        let base = root.makeChild()
        let handled = Counter()
        let sees = { (expected: Int) throws in
            try withTestInjector(base: base) { injector throws in
                #expect(try injector.resolve(API.self).id == expected)
            }
        }
        try sees(0)
        try sees(0)  // a second snapshot of an unchanged base
        base.register(API.self) { _ in MockAPI(id: 3) }
        try sees(3)
        let registration = base.register(API.self) { _ in MockAPI(id: 4) }
        try sees(4)
        _ = registration.onResolved { _, _ in handled.increment() }
        try sees(4)
        #expect(handled.value == 1)
        base.removeAll()
        root.register(API.self) { _ in MockAPI(id: 5) }
        try sees(5)
    }

    @Test func snapshotIncludesTheBasesParents() throws {
        let root = Container(assemblies: [AppAssembly()])
        let child = root.makeChild()
        child.register(Analytics.self, name: "child") { _ in LiveAnalytics() }
        try withTestInjector(base: child) { injector throws in
            root.register(API.self) { _ in MockAPI(id: 7) }
            #expect(try injector.resolve(API.self).id == 0)
            #expect(injector.isRegistered(Analytics.self, name: "child"))
            #expect(try injector.resolve(Clock.self) !== (try root.resolve(Clock.self)))
        }
    }

    @Test func injectorThatBuiltASingletonWithInjectedPropertiesIsReleased() throws {
        weak var released: SpyContainer?
        let base = Container(assemblies: [AppAssembly()])
        base.register(ForecastModel.self, scope: .singleton) { _ in ForecastModel() }
        for _ in 0..<100 {
            try withTestInjector(base: base) { injector throws in
                let model = try injector.resolve(ForecastModel.self)
                _ = model.api
                released = injector
            }
            #expect(released == nil)
        }
    }
}

final class SessionStore {}
final class SessionCache {}
