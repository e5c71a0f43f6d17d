import DIKitCore
import DITesting
import Testing

@Suite struct SpyContainerTests {
    let base = Container(assemblies: [AppAssembly()])

    @Test func countsResolutionsByTypeAndName() throws {
        let injector = SpyContainer(base: base)
        injector.register(API.self, name: "mock") { _ in MockAPI() }
        _ = try injector.resolve(API.self)
        _ = try injector.resolve(API.self)
        _ = try injector.resolve(API.self, name: "mock")
        #expect(injector.resolutionCount(of: API.self) == 2)
        #expect(injector.resolutionCount(of: API.self, name: "mock") == 1)
        #expect(injector.resolutionCount(of: Clock.self) == 0)
    }

    @Test func failedResolutionsAreNotCounted() {
        let injector = SpyContainer(base: Container())
        #expect(throws: ResolutionError.self) { try injector.resolve(API.self) }
        #expect(injector.resolutionCount(of: API.self) == 0)
    }

    @Test func recordsResolutionPathsAndWhetherTheyWereOverrides() throws {
        let injector = SpyContainer(base: base)
        injector.register(Screen.self) { r in Screen(api: try r.resolve(), clock: try r.resolve()) }
        _ = try injector.resolve(Screen.self)
        let records = injector.resolutions
        #expect(records.map(\.path) == [["Screen", "API"], ["Screen", "Clock"], ["Screen"]])
        #expect(records.map(\.isOverride) == [false, false, true])
        #expect(records[0].registration.fileID == "DITestingTests/Fixtures.swift")
        #expect(records.map(\.description) == ["Screen -> API (base)", "Screen -> Clock (base)", "Screen (override)"])
    }

    @Test func keepsRegistrationsAndResolutionsInOrderPastTheFirstFew() throws {
        let injector = SpyContainer(base: Container())
        let first = MockAPI(id: 1)
        injector.register(API.self, instance: first)
        _ = try injector.resolve(API.self)
        injector.register(Clock.self) { _ in SystemClock() }
        _ = try injector.resolve(Clock.self)
        let second = MockAPI(id: 2)
        injector.register(API.self, instance: second)
        _ = try injector.resolve(API.self)
        #expect(injector.registrations.map { "\($0.serviceType)" } == ["API", "Clock", "API"])
        #expect(injector.resolutions.map { "\($0.concreteType)" } == ["MockAPI", "SystemClock", "MockAPI"])
        #expect(injector.mock(MockAPI.self) === second)
    }

    @Test func recordsTheConcreteTypeOfEachInstance() throws {
        let injector = SpyContainer(base: base)
        injector.register(MockAPI.self) { _ in MockAPI() }
        injector.register(AnyObject.self) { _ in SystemClock() }
        injector.register(Int.self) { _ in 7 }
        injector.register(Any.self) { _ in "text" }
        injector.register(Widget.self) { _ in RoundWidget() }
        _ = try injector.resolve(API.self)
        _ = try injector.resolve(MockAPI.self)
        _ = try injector.resolve(AnyObject.self)
        _ = try injector.resolve(Int.self)
        _ = try injector.resolve(Any.self)
        _ = try injector.resolve(Widget.self)
        let types = injector.resolutions.map { "\($0.concreteType)" }
        #expect(types == ["LiveAPI", "MockAPI", "SystemClock", "Int", "String", "RoundWidget"])
    }

    @Test func recordsRegistrationsMadeInTheInjector() {
        let injector = SpyContainer(base: base)
        let line: UInt = #line + 1
        injector.register(API.self, name: "x", scope: .singleton) { (_, id: Int) in MockAPI(id: id) }
            .implements(AnyObject.self)
        let records = injector.registrations
        #expect(records.count == 2)
        #expect(ObjectIdentifier(records[0].serviceType) == ObjectIdentifier(API.self))
        #expect(records[0].name == "x")
        #expect(records[0].scope == .singleton)
        #expect(records[0].argumentTypes.map(ObjectIdentifier.init) == [ObjectIdentifier(Int.self)])
        #expect(records[0].fileID == "DITestingTests/SpyContainerTests.swift")
        #expect(records[0].line == line)
        #expect(records[0].aliasOf == nil)
        #expect(records[1].aliasOf.map(ObjectIdentifier.init) == ObjectIdentifier(API.self))
        #expect(
            records[0].description
                == "API (name: \"x\", arguments: Int) (singleton) at DITestingTests/SpyContainerTests.swift:\(line)")
    }

    @Test func childContainersReportToTheInjector() throws {
        let injector = SpyContainer(base: base)
        let child = injector.makeChild()
        child.register(Clock.self) { _ in SystemClock() }
        _ = try child.resolve(Clock.self)
        #expect(injector.resolutionCount(of: Clock.self) == 1)
        #expect(injector.registrations.count == 1)
    }

    /// An injector is its own observer and holds no reference to itself; a child made in its scope
    /// keeps it, and keeps reporting to it, after the scope has let it go.
    @Test func aChildOutlivingTheScopeKeepsItsInjectorAndReportsToIt() throws {
        weak var scoped: SpyContainer?
        let child = withTestInjector(base: base) { injector in
            scoped = injector
            return injector.makeChild()
        }
        child.register(Clock.self) { _ in SystemClock() }
        _ = try child.resolve(Clock.self)
        let injector = try #require(scoped)
        #expect(injector.resolutionCount(of: Clock.self) == 1)
    }

    @Test func anInjectorIsReleasedWithItsScope() {
        weak var scoped: SpyContainer?
        withTestInjector(base: base) { injector in
            scoped = injector
            injector.register(Clock.self, instance: SystemClock())
        }
        #expect(scoped == nil)
    }

    @Test func assertResolvedPassesSilentlyWhenMet() throws {
        let injector = SpyContainer(base: base)
        _ = try injector.resolve(API.self)
        injector.assertResolved(API.self)
        injector.assertResolved(API.self, times: 1)
        injector.assertNotResolved(Clock.self)
        #expect(injector.resolutionCount(of: API.self) == 1)
    }

    @Test func assertResolvedReportsTheWrongCount() throws {
        let injector = SpyContainer(base: base)
        _ = try injector.resolve(API.self)
        _ = try injector.resolve(API.self)
        withKnownIssue {
            injector.assertResolved(API.self, times: 1)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Expected API to be resolved exactly 1 time, but it was resolved 2 times.
                  Resolutions of API: API (base); API (base).
                  To fix: check why the code under test resolves API 2 times, or change the expectation.
                """
            ] && issue.sourceLocation?.fileID == "DITestingTests/SpyContainerTests.swift"
        }
    }

    @Test func assertResolvedReportsAServiceNeverResolved() throws {
        let injector = SpyContainer(base: base)
        _ = try injector.resolve(Clock.self)
        withKnownIssue {
            injector.assertResolved(API.self, name: "mock")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Expected API (name: "mock") to be resolved at least 1 time, but it never was.
                  Resolved from this injector: Clock.
                  To fix: make the code under test resolve API (name: "mock") from this injector: objects \
                created outside the test's scope, or resolving in Task.detached or on a Dispatch queue, use \
                another container.
                """
            ]
        }
    }

    @Test func aCheckOfOneNameSaysTheTypeWasResolvedUnderAnother() throws {
        let injector = SpyContainer(base: base)
        injector.register(API.self, name: "mock", instance: MockAPI(id: 1))
        _ = try injector.resolve(API.self, name: "mock")
        withKnownIssue {
            injector.assertResolved(API.self, times: 1)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Expected API to be resolved exactly 1 time, but it never was.
                  Resolved from this injector: API (name: "mock").
                  API was resolved under another name: "mock".
                  To fix: pass `name: "mock"` if those are the resolutions you mean; else make the code under test \
                resolve API from this injector: objects created outside the test's scope, or resolving in \
                Task.detached or on a Dispatch queue, use another container.
                """
            ]
        }
        _ = try injector.resolve(API.self)
        withKnownIssue {
            injector.expect(API.self, name: "mock", resolved: .exactly(2))
            injector.checkExpectations()
        } matching: { issue in
            issue.comments.first?.rawValue.contains("API was resolved under another name: no name.") == true
                && issue.comments.first?.rawValue.contains("To fix: leave out `name:` if those are") == true
        }
        // Not for `.never`: other names are not what it is about.
        injector.expect(API.self, name: "other", resolved: .never)
        injector.checkExpectations()
    }

    @Test func assertNotResolvedReportsAResolution() throws {
        let injector = SpyContainer(base: base)
        _ = try injector.resolve(Analytics.self)
        withKnownIssue {
            injector.assertNotResolved(Analytics.self)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("Expected Analytics not to be resolved, but it was resolved 1 time.")
            }
        }
    }

    @Test(arguments: [
        (ResolutionExpectation.never, 0, true), (.never, 1, false),
        (.exactly(2), 2, true), (.exactly(2), 1, false), (.exactly(2), 3, false),
        (.atLeast(2), 2, true), (.atLeast(2), 5, true), (.atLeast(2), 1, false),
        (.atMost(2), 0, true), (.atMost(2), 2, true), (.atMost(2), 3, false),
    ])
    func expectationsAreMetByTheRightCounts(expectation: ResolutionExpectation, count: Int, isMet: Bool) {
        #expect(expectation.isMet(by: count) == isMet)
    }

    @Test func eachUnmetExpectationIsReportedAtItsExpectCall() throws {
        let injector = SpyContainer(base: base)
        let line = #line + 1
        injector.expect(API.self, resolved: .atLeast(2))
        injector.expect(Clock.self, resolved: .atMost(0))
        injector.expect(Analytics.self, resolved: .exactly(1))
        _ = try injector.resolve(API.self)
        _ = try injector.resolve(Clock.self)
        _ = try injector.resolve(Analytics.self)
        let reported = Counter()
        withKnownIssue {
            injector.checkExpectations()
        } matching: { issue in
            reported.increment()
            let text = issue.comments.first?.rawValue ?? ""
            return
                (text.hasPrefix(
                    "Expected API to be resolved at least 2 times by the end of the test, but it was resolved 1 time.")
                && issue.sourceLocation?.line == line)
                || (text.hasPrefix(
                    "Expected Clock to be resolved at most 0 times by the end of the test, but it was resolved 1 time.")
                    && issue.sourceLocation?.line == line + 1)
        }
        #expect(reported.value == 2)
        injector.checkExpectations()
    }

    @Test func anInjectorMadeOnItsOwnChecksItsExpectationsWhenReleased() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            var injector: SpyContainer? = SpyContainer(base: base)
            injector?.expect(API.self, resolved: .exactly(1))
            let fetch = MockFunction<String, Void>("fetch(_:)")
            Container.withShared(injector!) { fetch.expect(called: .once) }
            #expect(collector.failures.isEmpty)
            injector = nil
        }
        let messages = collector.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.hasPrefix("Expected API to be resolved exactly 1 time") })
        #expect(messages.contains { $0.hasPrefix("Expected fetch(_:) to be called exactly 1 time") })
    }

    @Test func anExpectationSetAfterTheScopeEndedIsReportedNotDropped() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            let (injector, fetch) = withTestInjector(base: base) { injector in
                (injector, MockFunction<Void, Void>("fetch()"))
            }
            injector.expect(API.self, resolved: .once)
            fetch.expect(called: .once)
        }
        let messages = collector.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(
            messages.contains {
                $0.hasPrefix("expect(API, resolved:) was called after the test injector's scope ended")
                    && $0.contains("check now with assertResolved(_:times:)")
            })
        #expect(
            messages.contains {
                $0.hasPrefix("fetch().expect(called:) was called after the test injector's scope ended")
            })
    }

    @Test func expectationsCheckedBeforeTheRelease() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            var injector: SpyContainer? = SpyContainer(base: base)
            injector?.expect(API.self, resolved: .never)
            injector?.checkExpectations()
            injector = nil
        }
        #expect(collector.failures.isEmpty)
    }

    @Test func expectationDescriptionsReadAsPhrases() {
        let texts = [ResolutionExpectation.never, .exactly(1), .atLeast(2), .atMost(3)].map(\.description)
        #expect(texts == ["never", "exactly 1 time", "at least 2 times", "at most 3 times"])
    }
}

final class Screen {
    init(api: any API, clock: any Clock) {}
}

private class Widget: @unchecked Sendable {}
private final class RoundWidget: Widget, @unchecked Sendable {}
