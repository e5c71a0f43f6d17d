import DIKitCore
import DITesting
import Testing

@Suite struct VerifyAssembliesTests {
    @Test func healthyGraphReportsNothing() {
        let report = verifyAssemblies(
            [AppAssembly(), FeatureAssembly()], arguments: [.sample(Greeting.self, name: "formal", "Ada")])
        #expect(report.isValid)
        #expect(report.failures.isEmpty)
        #expect(report.skipped.isEmpty)
        #expect(report.verified.count == 7)
        #expect(report.duplicates.isEmpty)
    }

    /// Registers one service into `Container.shared`, not the container it is given: a slip easy to
    /// make coming from a library with one global container.
    struct RegistersElsewhereAssembly: Assembly {
        func assemble(into container: Container) {
            container.register(API.self) { _ in LiveAPI() }
            Container.shared.register(Clock.self) { _ in SystemClock() }
        }
    }

    struct EmptyAssembly: Assembly {
        func assemble(into container: Container) {}
    }

    @Test func aRegistrationIntoTheSharedContainerIsReportedAndKeptOut() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: Container()) { injector in
                #expect(verifyAssemblies([RegistersElsewhereAssembly()]).verified.count == 1)
                #expect(!injector.isRegistered(Clock.self))
            }
        }
        let failures = collector.failures.map(\.message)
        #expect(failures.count == 1)
        #expect(
            failures.first?.hasPrefix(
                """
                verifyAssemblies: an assembly registered into Container.shared, not the container it was given.
                  Registered there: Clock at DITestingTests/VerifyAssembliesTests.swift:
                """) == true)
    }

    @Test func findingNothingToVerifyIsReported() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            #expect(verifyAssemblies([]).verified.isEmpty)
            #expect(verifyAssemblies([EmptyAssembly()]).verified.isEmpty)
        }
        let failures = collector.failures.map(\.message)
        #expect(failures.count == 2)
        #expect(
            failures.first?.hasPrefix("verifyAssemblies was given no assemblies: there was nothing to verify.") == true)
        #expect(
            failures.last?.hasPrefix(
                "verifyAssemblies found no registration to verify: EmptyAssembly registered nothing") == true)
        // A registration skipped for want of a sample is something to verify: nothing reported.
        let skippedOnly = FailureCollector()
        FailureReporting.withReporter(skippedOnly) {
            #expect(verifyAssemblies([ArgumentOnlyAssembly()]).skipped.count == 1)
        }
        #expect(skippedOnly.failures.isEmpty)
    }

    struct ArgumentOnlyAssembly: Assembly {
        func assemble(into container: Container) {
            container.register(Greeting.self) { (_, name: String) in Greeting(text: name) }
        }
    }

    @Test func brokenGraphReportsEachOfThreeProblemsOnceWithItsFullPath() throws {
        let reported = Counter()
        var reports: [VerificationReport] = []
        withKnownIssue {
            reports.append(verifyAssemblies([BrokenAssembly()]))
        } matching: { issue in
            reported.increment()
            return issue.comments.first?.rawValue.hasPrefix("verifyAssemblies: ") == true
        }
        #expect(reported.value == 3)
        let report = try #require(reports.first)
        #expect(!report.isValid)
        let failures = report.failures
        try #require(failures.count == 3)
        #expect(failures.map(\.error.kind) == [.notRegistered, .circularDependency, .factoryFailed])
        #expect(failures[0].error.path == ["Level1", "Level2", "Level3"])
        #expect(failures[1].error.path == ["CycleA", "CycleB", "CycleA"])
        #expect(failures[2].error.path == ["Session"])
        #expect(failures[2].error.underlyingError is Boom)
        #expect(ObjectIdentifier(failures[0].registration.serviceType) == ObjectIdentifier(Level1.self))
        #expect(report.verified.map { String(describing: $0.serviceType) } == ["Fine"])
    }

    @Test func failureTextNamesTheRegistrationBeingVerified() throws {
        var reports: [VerificationReport] = []
        withKnownIssue {
            reports.append(verifyAssemblies([BrokenAssembly()]))
        } matching: { _ in
            true
        }
        let report = try #require(reports.first)
        let failure = try #require(report.failures.first)
        #expect(
            failure.description.contains(
                "Breaks: Level1 (transient) at DITestingTests/VerifyAssembliesTests.swift:\(failure.registration.line)")
        )
    }

    @Test func aliasToANonConformingTypeIsATypeMismatch() throws {
        var reports: [VerificationReport] = []
        withKnownIssue {
            reports.append(verifyAssemblies([AliasAssembly()]))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("'LiveAPI', registered for 'API', does not conform to 'Clock'.")
            }
        }
        let report = try #require(reports.first)
        #expect(report.failures.map(\.error.kind) == [.typeMismatch])
        #expect(report.verified.count == 3)
    }

    @Test func registrationsWithArgumentsAreSkippedWithoutSamples() {
        let report = verifyAssemblies([FeatureAssembly()])
        #expect(report.isValid)
        #expect(report.skipped.map { String(describing: $0.serviceType) } == ["Greeting"])
        let withSample = verifyAssemblies(
            [FeatureAssembly()], arguments: [.sample(Greeting.self, name: "formal", "Ada")])
        #expect(withSample.skipped.isEmpty)
        #expect(withSample.verified.count == 7)
    }

    @Test func aSampleThatMatchesNoRegistrationIsListedWithWhyAndNotReported() {
        let collector = FailureCollector()
        let report = FailureReporting.withReporter(collector) {
            verifyAssemblies([FeatureAssembly()], arguments: [.sample(Greeting.self, name: "formal", 42)])
        }
        #expect(report.skipped.count == 1)
        #expect(report.isValid)
        // One list of samples may serve several calls, each over some of the assemblies.
        #expect(collector.failures.isEmpty)
        #expect(report.unmatchedSamples.map(\.description) == ["Greeting (name: \"formal\", arguments: Int)"])
        #expect(
            report.description.hasSuffix(
                """
                Sample for Greeting (name: "formal", arguments: Int) matched no registration: No registration for \
                'Greeting' (name: "formal") taking (Int).
                    Resolution path: Greeting (name: "formal", arguments: Int)
                    Greeting (name: "formal") is registered taking: (String).
                    To fix: resolve it with arguments of those types, in that order \
                (`resolve(Greeting.self, name: "formal", arguments: …)`), or register a factory taking (Int).
                """))
    }

    @Test func aSampleServesTheAliasesOfItsRegistration() throws {
        let collector = FailureCollector()
        let report = FailureReporting.withReporter(collector) {
            verifyAssemblies([ArgumentAliasAssembly()], arguments: [.sample(LiveAnalytics.self, "id")])
        }
        #expect(report.skipped.isEmpty)
        #expect(
            report.verified.map { "\($0.serviceType) \($0.aliasOf.map { "\($0)" } ?? "-")" } == [
                "LiveAnalytics -", "Analytics LiveAnalytics",
            ])
        // The alias the instance does not conform to is found through the sample too.
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .typeMismatch)
        #expect(failure.registrations.map(\.aliasOf).map { "\($0.map { "\($0)" } ?? "-")" } == ["LiveAnalytics"])
        #expect(collector.failures.count == 1)
    }

    @Test func anUnmatchedSampleOfAnotherStaticTypeIsToldWhichToPass() {
        let report = verifyAssemblies(
            [FeatureAssembly()], arguments: [.sample(Greeting.self, name: "formal", "Ada" as String?)])
        #expect(report.skipped.count == 1)
        #expect(
            report.unmatchedSamples.map(\.description) == ["Greeting (name: \"formal\", arguments: Optional<String>)"])
        // An optional is passed as a String only unwrapped, which `as` cannot do: the general advice.
        #expect(report.description.contains("resolve it with arguments of those types"))
        let unregistered = verifyAssemblies(
            [FeatureAssembly()],
            arguments: [.sample(Unregistered.self, 1), .sample(Greeting.self, name: "formal", "Ada")])
        #expect(unregistered.skipped.isEmpty)
        #expect(unregistered.unmatchedSamples.map(\.description) == ["Unregistered (arguments: Int)"])
        #expect(unregistered.description.contains("Nothing is registered for Unregistered"))
    }

    private struct Unregistered {}

    @Test func failingSampleIsReported() throws {
        var reports: [VerificationReport] = []
        withKnownIssue {
            reports.append(verifyAssemblies([ThrowingGreetingAssembly()], arguments: [.sample(Greeting.self, "Ada")]))
        } matching: { _ in
            true
        }
        let report = try #require(reports.first)
        #expect(report.failures.map(\.error.kind) == [.factoryFailed])
        #expect(report.failures.first?.error.path == ["Greeting (arguments: String)"])
    }

    @Test func duplicateKeysAcrossAssembliesAreListedWithBothLocations() {
        let report = verifyAssemblies([AppAssembly(), OverrideAssembly()])
        #expect(report.isValid)
        #expect(report.duplicates.count == 1)
        let locations = report.duplicates.first?.map(\.fileID) ?? []
        #expect(locations == ["DITestingTests/Fixtures.swift", "DITestingTests/VerifyAssembliesTests.swift"])
        #expect(
            report.description.contains("Registered more than once: API (transient) at DITestingTests/Fixtures.swift:"))
    }
}

final class Level1 {
    init(_ next: Level2) {}
}
final class Level2 {
    init(_ next: Level3) {}
}
final class Level3 {}
final class CycleA {
    init(_ b: CycleB) {}
}
final class CycleB {
    init(_ a: CycleA) {}
}
final class Session {}
final class Fine {}

struct BrokenAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Level1.self) { r in Level1(try r.resolve()) }
        container.register(Level2.self) { r in Level2(try r.resolve()) }
        container.register(CycleA.self, scope: .singleton) { r in CycleA(try r.resolve()) }
        container.register(CycleB.self) { r in CycleB(try r.resolve()) }
        container.register(Session.self) { _ in throw Boom() }
        container.register(Fine.self) { _ in Fine() }
    }
}

struct FeatureAssembly: Assembly {
    var dependencies: [any Assembly] { [AppAssembly()] }
    func assemble(into container: Container) {
        container.register(Greeting.self, name: "formal") { (_, name: String) in Greeting(text: "Dear \(name)") }
        container.register(Fine.self, name: "a") { _ in Fine() }
        container.register(Fine.self, name: "b", scope: .singleton) { _ in Fine() }.implements(AnyObject.self)
    }
}

struct AliasAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(API.self) { _ in LiveAPI() }.implements(Clock.self)
        container.register(Fine.self) { _ in Fine() }.implements(AnyObject.self)
    }
}

struct ThrowingGreetingAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Greeting.self) { (_, _: String) in throw Boom() }
    }
}

struct OverrideAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(API.self) { _ in MockAPI() }
    }
}

// Issue 19: @Injected chains, the report's text, a stable graph, main-actor graphs.

final class ChainTop {
    @Injected var middle: ChainMiddle
}

final class ChainMiddle {
    @Injected var bottom: ChainBottom
}

final class ChainBottom {}

struct InjectedChainAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(ChainTop.self) { _ in ChainTop() }
        container.register(ChainMiddle.self) { _ in ChainMiddle() }
    }
}

@MainActor final class MainActorScreen {}

struct MainActorAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(MainActorScreen.self) { @MainActor _ in MainActorScreen() }
    }
}

@Suite struct VerifyChainsTests {
    @Test func everyRegistrationThatReachesAMissingServiceThroughInjectedIsAFailure() {
        var report: VerificationReport?
        withKnownIssue {
            report = verifyAssemblies([InjectedChainAssembly()])
        } matching: {
            $0.mentions("No registration for 'ChainBottom'")
        }
        #expect(report?.verified.isEmpty == true)
        #expect(report?.failures.count == 1)
        let broken = report?.failures.first?.registrations.map(\.description) ?? []
        #expect(broken.contains { $0.hasPrefix("ChainTop") })
        #expect(broken.contains { $0.hasPrefix("ChainMiddle") })
        #expect(
            report?.failures.first?.error.path
                == ["ChainTop", "ChainTop.middle", "ChainMiddle", "ChainMiddle.bottom", "ChainBottom"])
    }

    @Test func theReportsDescriptionShowsWhatEachFailureBreaks() {
        var report: VerificationReport?
        withKnownIssue {
            report = verifyAssemblies([InjectedChainAssembly()])
        } matching: { _ in
            true
        }
        #expect(report?.description.contains("  Breaks: ChainTop") == true)
    }

    @Test func theDependencyGraphIsTheSameTextOnEveryRun() {
        let first = verifyAssemblies([AppAssembly()]).dependencyGraph.description
        for _ in 0..<5 {
            #expect(verifyAssemblies([AppAssembly()]).dependencyGraph.description == first)
        }
        let lines = first.split(separator: "\n").map(String.init)
        #expect(lines == lines.sorted())
    }

    @Test func aMainActorGraphVerifiesOnTheMainActor() async {
        let report = await MainActor.run { verifyAssemblies([MainActorAssembly()]) }
        #expect(report.isValid)
        #expect(report.verified.count == 1)
    }

    @Test func aTestAssemblysInjectedMocksRegisterIntoTheSandbox() {
        let collector = FailureCollector()
        withTestInjector(base: Container()) { injector in
            let report = FailureReporting.withReporter(collector) {
                verifyAssemblies([MockAssembly(), ModelAssembly()])
            }
            #expect(report.isValid)
            #expect(report.verified.map { "\($0.serviceType)" }.sorted() == ["API", "ModelUsingAPI"])
            // The sandbox got the mock, not the injector bound around the call.
            #expect(injector.registrations.isEmpty)
            #expect(!injector.isRegistered(API.self))
        }
        #expect(collector.failures.isEmpty)
    }

    @Test func offTheMainActorTheFailureSaysHowToVerifyIt() async {
        let report = await Task.detached {
            FailureReporting.withReporter(FailureCollector()) { verifyAssemblies([MainActorAssembly()]) }
        }.value
        #expect(report.failures.first?.error.kind == .mainActorRequired)
        #expect(
            report.failures.first?.description.contains(
                "verify a graph with main-actor registrations from a @MainActor test") == true)
    }
}

struct ArgumentAliasAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(LiveAnalytics.self) { (_, _: String) in LiveAnalytics() }
            .implements(Analytics.self).implements(Clock.self, name: "wrong")
    }
}

/// A test assembly of mocks, as `withTestInjector(assemblies:)` takes.
struct MockAssembly: Assembly {
    func assemble(into container: Container) {
        MockAPI(id: 7).injected()
    }
}

final class ModelUsingAPI {
    let api: any API
    init(api: any API) { self.api = api }
}

struct ModelAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(ModelUsingAPI.self) { r in ModelUsingAPI(api: try r.resolve()) }
    }
}
