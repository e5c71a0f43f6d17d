import DIKitCore
import DITesting
import Testing

/// `verifyAssemblies` sees the whole graph: property wrappers, captive dependencies, every
/// registration accounted for, and the edges it observed.
@Suite struct VerifyGraphTests {
    @Test func missingServiceOfAnInjectedPropertyIsAFailureNamingOwnerAndProperty() throws {
        let report = verify([WrapperAssembly(registersAPI: false)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .notRegistered)
        #expect(failure.error.path == ["WrapperOwner", "WrapperOwner.api", "API"])
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["WrapperOwner"])
    }

    @Test func injectedPropertiesWhoseServicesResolvePass() {
        let report = verify([WrapperAssembly(registersAPI: true)], expectingFailures: 0)
        #expect(report.isValid)
        #expect(report.dependencyGraph.edges.contains { $0.dependent == "WrapperOwner" && $0.dependency == "API" })
    }

    @Test func sandboxIsTheSharedContainerWhileResolving() {
        let report = verify([EagerAssembly()], expectingFailures: 0)
        #expect(report.verified.count == 2)
    }

    @Test func singletonCapturingAWeakServiceThroughATransientIsCaptive() throws {
        let report = verify([CaptiveAssembly(capturedScope: .weak)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        #expect(failure.error.path == ["Cache", "Fine", "Session"])
        #expect(failure.error.description.contains("the singleton 'Cache' captures 'Session', which is .weak."))
    }

    @Test func singletonCapturingAGraphServiceIsCaptive() {
        let report = verify([CaptiveAssembly(capturedScope: .graph)], expectingFailures: 1)
        #expect(report.failures.first?.error.kind == .captiveDependency)
    }

    @Test func aSingletonCapturingACustomScopedServiceIsCaptive() throws {
        let report = verify([CaptiveAssembly(capturedScope: .custom("session"))], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        #expect(failure.error.description.contains("the singleton 'Cache' captures 'Session', which is .session."))
    }

    @Test func aCustomScopedServiceCapturingAnotherCustomScopesServiceIsCaptive() throws {
        let report = verify(
            [CaptiveAssembly(ownerScope: .custom("session"), capturedScope: .custom("screen"))], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.description.contains("'Cache', which is .session, captures 'Session', which is .screen."))
        _ = verify([CaptiveAssembly(ownerScope: .custom("session"), capturedScope: .graph)], expectingFailures: 1)
    }

    @Test func aServiceOfItsOwnCustomScopeOrASingletonIsNotCaptive() {
        _ = verify(
            [CaptiveAssembly(ownerScope: .custom("session"), capturedScope: .custom("session"))], expectingFailures: 0)
        _ = verify([CaptiveAssembly(ownerScope: .custom("session"), capturedScope: .singleton)], expectingFailures: 0)
        _ = verify([CaptiveAssembly(capturedScope: .singleton)], expectingFailures: 0)
    }

    /// The singleton is built, and its capture found, while a transient that needs it is verified:
    /// the failure breaks the singleton alone, whose own turn, served from the cached instance,
    /// does not count it as verified. The report is the same in either order of registration.
    @Test(arguments: [true, false])
    func aCaptorBuiltForAnotherRegistrationIsBrokenNotVerified(screenFirst: Bool) throws {
        let assemblies: [any Assembly] = [ScreenAssembly(), CaptiveAssembly(capturedScope: .weak)]
        let report = verify(screenFirst ? assemblies : assemblies.reversed(), expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Cache"])
        #expect(report.verified.map { "\($0.serviceType)" }.sorted() == ["Fine", "ScreenModel", "Session"])
    }

    /// An `implements` alias stands for the registration it resolves now: a singleton that needs a
    /// `.graph` service through its alias captures it, also when the alias was made on an earlier
    /// registration of the service, in another scope.
    @Test(arguments: [false, true])
    func aSingletonCapturingAGraphServiceThroughItsAliasIsCaptive(reregistered: Bool) throws {
        let report = verify([AliasCaptiveAssembly(reregistered: reregistered)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        #expect(failure.error.description.contains("the singleton 'Archive' captures 'Session', which is .graph."))
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Archive"])
    }

    /// Two singletons capturing one service are two problems, each fixed in its own registration.
    @Test func eachCaptorOfAServiceIsAFailureOfItsOwn() {
        let report = verify(
            [CaptiveAssembly(capturedScope: .graph), SecondCaptorAssembly()], expectingFailures: 2)
        let descriptions = report.failures.map(\.error.description)
        #expect(descriptions.contains { $0.contains("the singleton 'Cache' captures 'Session', which is .graph.") })
        #expect(descriptions.contains { $0.contains("the singleton 'Archive' captures 'Session', which is .graph.") })
        #expect(report.failures.map { $0.registrations.map { "\($0.serviceType)" } } == [["Cache"], ["Archive"]])
    }

    /// An `@Injected` or `@SafelyInjected` property keeps what it resolves: its owner captures it.
    @Test(arguments: [Scope.weak, .graph, .custom("session")])
    func aSingletonKeepingAShorterLivedServiceInAPropertyIsCaptive(scope: Scope) throws {
        let report = verify([PropertyCaptorAssembly(capturedScope: scope)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        #expect(failure.error.path == ["Keeper", "Keeper.session", "Session"])
        #expect(failure.error.description.contains("the singleton 'Keeper' captures 'Session', which is .\(scope)."))
        #expect(failure.error.description.contains("read Session through `@InjectedProvider`"))
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Keeper"])
    }

    /// An `@InjectedProvider` resolves on every access and keeps nothing; a transient owner keeps
    /// nothing for long.
    @Test func aProviderPropertyOrATransientOwnerCapturesNothing() {
        _ = verify([PropertyCaptorAssembly(capturedScope: .weak, throughProvider: true)], expectingFailures: 0)
        _ = verify([PropertyCaptorAssembly(ownerScope: .transient, capturedScope: .weak)], expectingFailures: 0)
    }

    @Test func transientInsideASingletonIsNotCaptive() {
        _ = verify([CaptiveAssembly(capturedScope: .transient)], expectingFailures: 0)
    }

    @Test func everyRegistrationIsVerifiedSkippedOrNamedByAFailure() {
        let report = verify([BrokenAssembly(), FeatureAssembly()], expectingFailures: 3)
        let broken = report.failures.flatMap(\.registrations)
        let accounted = report.verified.count + report.skipped.count + broken.count
        let registered = recordRegistrations(of: [BrokenAssembly(), FeatureAssembly()]).count
        #expect(accounted == registered - report.duplicates.map { $0.count - 1 }.reduce(0, +))
        let missing = report.failures.first { $0.error.kind == .notRegistered }
        #expect(missing?.registrations.map(\.serviceType).map { "\($0)" } == ["Level1", "Level2"])
    }

    @Test func dependencyGraphListsEachEdgeOnceInOrder() {
        let report = verify([ChainAssembly()], expectingFailures: 0)
        #expect(report.dependencyGraph.description == "Level1 -> Level2\nLevel2 -> Level3")
        #expect(
            report.dependencyGraph.mermaid == """
                flowchart LR
                    n0["Level1"] --> n1["Level2"]
                    n1 --> n2["Level3"]
                """)
    }

    /// Mermaid reads `<…>` in a label as an HTML tag, and `#…;` as an entity: they are escaped.
    @Test func mermaidLabelsEscapeWhatMermaidWouldRead() {
        let report = verify([GenericNamesAssembly()], expectingFailures: 0)
        #expect(
            report.dependencyGraph.mermaid == """
                flowchart LR
                    n0["Array#lt;Level3#gt;"] --> n1["Level3 (name: #quot;a#35;1; #amp; b#quot;)"]
                """)
    }
}

final class WrapperOwner {
    @Injected var api: any API
    @SafelyInjected var analytics: (any Analytics)?
}

/// Runs `verifyAssemblies`, expecting it to report exactly `count` failures, as known issues.
func verify(_ assemblies: [any Assembly], expectingFailures count: Int) -> VerificationReport {
    var reports: [VerificationReport] = []
    if count == 0 {
        reports.append(verifyAssemblies(assemblies))
    } else {
        withKnownIssue {
            reports.append(verifyAssemblies(assemblies))
        } matching: {
            $0.mentions("verifyAssemblies")
        }
    }
    let report = reports[0]
    #expect(report.failures.count == count, "\(report)")
    return report
}

struct WrapperAssembly: Assembly {
    let registersAPI: Bool
    func assemble(into container: Container) {
        container.register(WrapperOwner.self) { _ in WrapperOwner() }
        if registersAPI { container.register(API.self) { _ in LiveAPI() } }
    }
}

/// Reads an `@Injected` property in its initializer: verification must bind its sandbox.
final class EagerReader {
    @Injected var api: any API
    var id = 0
    init() { id = api.id }
}

struct EagerAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(API.self) { _ in LiveAPI() }
        container.register(EagerReader.self) { _ in EagerReader() }
    }
}

final class Cache {
    init(_: Fine) {}
}

struct CaptiveAssembly: Assembly {
    var ownerScope = Scope.singleton
    let capturedScope: Scope
    func assemble(into container: Container) {
        container.register(Cache.self, scope: ownerScope) { r in Cache(try r.resolve()) }
        container.register(Fine.self) { r in
            _ = try r.resolve(Session.self)
            return Fine()
        }
        container.register(Session.self, scope: capturedScope) { _ in Session() }
    }
}

final class Keeper {
    @Injected var session: Session
}

final class ProvidingKeeper {
    @InjectedProvider var session: Session
}

/// A singleton whose property resolves `Session`.
struct PropertyCaptorAssembly: Assembly {
    var ownerScope = Scope.singleton
    let capturedScope: Scope
    var throughProvider = false
    func assemble(into container: Container) {
        if throughProvider {
            container.register(ProvidingKeeper.self, scope: ownerScope) { _ in ProvidingKeeper() }
        } else {
            container.register(Keeper.self, scope: ownerScope) { _ in Keeper() }
        }
        container.register(Session.self, scope: capturedScope) { _ in Session() }
    }
}

final class ScreenModel {
    init(_: Cache) {}
}

/// A screen model that needs `CaptiveAssembly`'s `Cache`, registered before it.
/// A singleton `Archive` that needs `SessionReading`, which `Session` implements: `.graph`, or
/// transient when it was made `implements`, then registered again as `.graph`.
struct AliasCaptiveAssembly: Assembly {
    let reregistered: Bool
    func assemble(into container: Container) {
        container.register(Archive.self, scope: .singleton) { r in
            Archive(try r.resolve(SessionReading.self) as! Session)
        }
        container.register(Session.self, scope: reregistered ? .transient : .graph) { _ in Session() }
            .implements(SessionReading.self)
        if reregistered { container.register(Session.self, scope: .graph) { _ in Session() } }
    }
}

protocol SessionReading: AnyObject {}
extension Session: SessionReading {}

struct ScreenAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(ScreenModel.self) { r in ScreenModel(try r.resolve()) }
    }
}

final class Archive {
    init(_: Session) {}
}

/// A second singleton that captures `CaptiveAssembly`'s `Session`.
struct SecondCaptorAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Archive.self, scope: .singleton) { r in Archive(try r.resolve()) }
    }
}

struct ChainAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Level1.self) { r in Level1(try r.resolve()) }
        container.register(Level2.self) { r in Level2(try r.resolve()) }
        container.register(Level3.self) { _ in Level3() }
    }
}

/// A generic type, and a name with characters Mermaid reads.
struct GenericNamesAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Level3.self, name: "a#1; & b") { _ in Level3() }
        container.register([Level3].self) { r in [try r.resolve(Level3.self, name: "a#1; & b")] }
    }
}
