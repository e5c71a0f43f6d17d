import DIKitCore
import DITesting
import Testing

/// `verifyAssemblies` checks the `@Injected`-style properties of what a service holds too: an
/// object its factory made without the container, a value, an optional, a dependency it was given.
@Suite struct VerifyHeldObjectsTests {
    @Test func anObjectAFactoryMadeWithoutTheContainerIsChecked() throws {
        let report = verify([HeldAssembly(holding: .madeByTheFactory)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .notRegistered)
        #expect(failure.error.path == ["Coordinator", "Coordinator.model", "HeldModel.api", "API"])
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Coordinator"])
        #expect(report.dependencyGraph.edges.contains { $0.dependent == "HeldModel" && $0.dependency == "API" })
    }

    @Test func aResolvedDependencyBreaksWhatHoldsItToo() throws {
        let report = verify([HeldAssembly(holding: .resolved)], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        // The longest path the failure was found on, and every registration it breaks.
        #expect(failure.error.path == ["Coordinator", "Coordinator.model", "HeldModel.api", "API"])
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Coordinator", "HeldModel"])
        #expect(report.verified.isEmpty)
    }

    @Test func optionalsValuesAndEnumPayloadsAreLookedInto() throws {
        for holding in [HeldAssembly.Holding.optional, .value, .enumPayload] {
            let report = verify([HeldAssembly(holding: holding)], expectingFailures: 1)
            let failure = try #require(report.failures.first)
            #expect(failure.error.path.first == "Coordinator", "\(holding)")
            #expect(failure.error.path.last == "API", "\(holding)")
            #expect(failure.error.path.contains("HeldModel.api"), "\(holding)")
        }
    }

    @Test func heldPropertiesWhoseServicesResolvePass() {
        for holding in [HeldAssembly.Holding.madeByTheFactory, .resolved, .optional, .value, .enumPayload] {
            let report = verify([HeldAssembly(holding: holding, registersAPI: true)], expectingFailures: 0)
            #expect(report.isValid, "\(holding)")
        }
    }

    @Test func aSingletonCapturesWhatAnObjectItHoldsKeeps() throws {
        let report = verify([HeldCaptiveAssembly()], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.kind == .captiveDependency)
        let summary = "the singleton 'KeepingCoordinator' captures 'Session', which is .graph."
        #expect(failure.error.description.contains(summary))
        #expect(failure.error.path == ["KeepingCoordinator", "SessionKeeper.session", "Session"])
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["KeepingCoordinator"])
    }

    @Test func objectsThatReachEachOtherAreEachLookedIntoOnce() throws {
        let report = verify([HeldCycleAssembly()], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.error.path == ["Ring", "Ring.next", "Ring.api", "API"])
    }

    @Test func anObjectSeveralServicesHoldBreaksEachOfThem() throws {
        let report = verify([SharedHolderAssembly()], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        #expect(failure.registrations.map { "\($0.serviceType)" } == ["Broken", "FirstHolder", "SecondHolder"])
        #expect(failure.error.path == ["FirstHolder", "FirstHolder.broken", "Broken.api", "API"])
    }

    @Test func anObjectReleasedDuringTheCheckLendsNothingToOneMadeLater() throws {
        // Each holder and what it holds go when its turn ends, and the next turn's objects are
        // often made where they were: each `SecondBox` is broken all the same.
        let report = verify([ReusedAddressAssembly()], expectingFailures: 1)
        let failure = try #require(report.failures.first)
        let broken = failure.registrations.map { "\($0.serviceType) \($0.name ?? "")" }
        #expect(broken == ReusedAddressAssembly.names.map { "SecondBox \($0)" })
    }

    @Test func objectsOfOtherModulesAreNotLookedInto() {
        // A mock function's answer, behind its lock, is not the service's dependency.
        let report = verify([MockHolderAssembly()], expectingFailures: 0)
        #expect(report.verified.map { "\($0.serviceType)" } == ["MockHolder"])
    }

    @Test func aHeldContainerIsNotLookedIntoForOtherServicesInstances() {
        // `Broken`, a singleton cached in the sandbox before `LocatorService` is verified, has a
        // property with no service: its failure is its own, not the service holding the container.
        let report = verify([LocatorAssembly()], expectingFailures: 1)
        #expect(report.failures.first?.registrations.map { "\($0.serviceType)" } == ["Broken"])
        #expect(report.verified.map { "\($0.serviceType)" } == ["LocatorService"])
    }
}

final class HeldModel {
    @Injected var api: any API
}

struct HeldSection {
    let model = HeldModel()
}

enum HeldState {
    case empty
    case loaded(HeldModel)
}

/// Holds a `HeldModel` one way or another.
final class Coordinator {
    var model: HeldModel?
    var section: HeldSection?
    var state = HeldState.empty
}

struct HeldAssembly: Assembly {
    enum Holding {
        case madeByTheFactory, resolved, optional, value, enumPayload
    }

    let holding: Holding
    var registersAPI = false

    func assemble(into container: Container) {
        let holding = holding
        container.register(Coordinator.self) { r in
            let coordinator = Coordinator()
            switch holding {
            case .madeByTheFactory, .optional: coordinator.model = HeldModel()
            case .resolved: coordinator.model = try r.resolve(HeldModel.self)
            case .value: coordinator.section = HeldSection()
            case .enumPayload: coordinator.state = .loaded(HeldModel())
            }
            return coordinator
        }
        if holding == .resolved { container.register(HeldModel.self) { _ in HeldModel() } }
        if registersAPI { container.register((any API).self) { _ in LiveAPI() } }
    }
}

final class SessionKeeper {
    @Injected var session: Session
}

final class KeepingCoordinator {
    let keeper = SessionKeeper()
}

/// A singleton holding an object, made with it, that keeps a `.graph` service.
struct HeldCaptiveAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(KeepingCoordinator.self, scope: .singleton) { _ in KeepingCoordinator() }
        container.register(Session.self, scope: .graph) { _ in Session() }
    }
}

/// Two objects that reach each other, the second back through a weak reference, each with a
/// property whose service is missing.
final class Ring {
    @Injected var api: any API
    var next: Ring?
    weak var previous: Ring?
}

struct HeldCycleAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Ring.self) { _ in
            let first = Ring()
            let second = Ring()
            first.next = second
            second.previous = first
            return first
        }
    }
}

final class Broken {
    @Injected var api: any API
}

final class LocatorService {
    let resolver: any Resolver
    init(resolver: any Resolver) { self.resolver = resolver }
}

struct LocatorAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Broken.self, scope: .singleton) { _ in Broken() }
        container.register(LocatorService.self) { r in LocatorService(resolver: r) }
    }
}

final class FirstHolder {
    let broken: Broken
    init(broken: Broken) { self.broken = broken }
}

final class SecondHolder {
    let broken: Broken
    init(broken: Broken) { self.broken = broken }
}

/// Two services holding one singleton whose property has no service.
struct SharedHolderAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Broken.self, scope: .singleton) { _ in Broken() }
        container.register(FirstHolder.self, initializer: FirstHolder.init)
        container.register(SecondHolder.self, initializer: SecondHolder.init)
    }
}

/// What `verifyAssemblies` builds stays alive until it has reflected it, and no longer.
@Suite struct VerifyKeptInstancesTests {
    /// Reflecting an `unowned` reference to a released object stops the process: the `.weak`
    /// router, which nothing else holds in the sandbox, must outlive the check of the model.
    @Test func anUnownedReferenceToAWeakServiceNothingElseHoldsIsReflectedSafely() {
        let report = verify([UnownedRouterAssembly()], expectingFailures: 0)
        #expect(report.verified.map { "\($0.serviceType)" } == ["RoutedModel", "Router"])
    }

    @Test func theInstancesAreReleasedWhenTheCheckEndsEvenWhenTheyHoldTheSandbox() {
        let tracker = ReleaseTracker()
        let report = verify([ResolverHoldingAssembly(tracker: tracker)], expectingFailures: 0)
        #expect(report.isValid)
        #expect(tracker.made.withLock { $0 } == 1)
        #expect(tracker.released.withLock { $0 } == 1)
    }
}

final class Router {}

final class RoutedModel {
    unowned let router: Router

    init(router: Router) { self.router = router }
}

/// The model is registered, and so verified, first: the router it is given is built for it.
struct UnownedRouterAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(RoutedModel.self) { r in RoutedModel(router: try r.resolve()) }
        container.register(Router.self, scope: .weak) { _ in Router() }
    }
}

final class ReleaseTracker: Sendable {
    let made = LockedValue(0)
    let released = LockedValue(0)
}

/// A service locator: holds the container that resolved it.
final class Locator {
    let resolver: any Resolver
    let tracker: ReleaseTracker

    init(resolver: any Resolver, tracker: ReleaseTracker) {
        self.resolver = resolver
        self.tracker = tracker
        tracker.made.withLock { $0 += 1 }
    }

    deinit { tracker.released.withLock { $0 += 1 } }
}

struct ResolverHoldingAssembly: Assembly {
    let tracker: ReleaseTracker

    func assemble(into container: Container) {
        container.register(Locator.self) { [tracker] r in Locator(resolver: r, tracker: tracker) }
    }
}

/// Holds a DITesting object that holds a `HeldModel`, whose `API` is missing.
final class MockHolder {
    let load = MockFunction<Void, HeldModel>("load()")
    init() { load.returns(HeldModel()) }
}

struct MockHolderAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(MockHolder.self) { _ in MockHolder() }
    }
}

/// Holds nothing with a property to check, in as many bytes as a `HeldModel`.
final class Plain {
    var slots: (AnyObject?, AnyObject?, AnyObject?, AnyObject?, AnyObject?) = (nil, nil, nil, nil, nil)
}

final class FirstBox {
    let content = Plain()
}

final class SecondBox {
    let content = HeldModel()
}

/// Transients of the same size, each holding an object of the same size, in turn: half of them with
/// a missing service.
struct ReusedAddressAssembly: Assembly {
    static let names = (1...50).map { "\($0)" }

    func assemble(into container: Container) {
        for name in Self.names {
            container.register(FirstBox.self, name: name) { _ in FirstBox() }
            container.register(SecondBox.self, name: name) { _ in SecondBox() }
        }
    }
}
