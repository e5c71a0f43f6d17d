import DIKitCore
import Foundation
import Testing

// Each test here reproduces a bug of the third audit (issue 18) and fails without its fix.

class AuditBase {}
final class AuditDerived: AuditBase {}

/// An argument whose `hash(into:)` and `==` resolve from a container: user code that must never
/// run under one of DIKit's locks.
/// It holds the container weakly: the container keeps it, as the arguments of a cached instance.
struct ResolvingKey: Hashable, @unchecked Sendable {
    let container: Weak<Container>
    let id: Int

    init(container: Container, id: Int) {
        self.container = Weak(container)
        self.id = id
    }

    func hash(into hasher: inout Hasher) {
        _ = try? container.value?.resolve(Clock.self)
        hasher.combine(id)
    }

    static func == (lhs: ResolvingKey, rhs: ResolvingKey) -> Bool {
        _ = try? lhs.container.value?.resolve(Clock.self)
        return lhs.id == rhs.id
    }
}

/// A `Hashable` class argument whose `deinit` resolves from a container.
final class ResolvingOnDeinit: Hashable, @unchecked Sendable {
    let container: Container
    let released: Counter
    init(_ container: Container, released: Counter) {
        self.container = container
        self.released = released
    }
    deinit {
        _ = try? container.resolve(Clock.self)
        released.increment()
    }
    static func == (lhs: ResolvingOnDeinit, rhs: ResolvingOnDeinit) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A class that is not `Hashable`.
final class Component: Sendable {}
final class Composite: Sendable {
    let component: Component
    init(component: Component) { self.component = component }
}

final class ModelWithInjected {
    @Injected var clock: Clock
    @InjectedProvider var fresh: Clock
}

final class AuditWired {
    var clock: Clock?
}

@Suite struct AuditRegressionTests {
    // N1
    @Test func aRegistrationIsKeyedByItsStaticTypeNotTheMetatypeValue() throws {
        let container = Container()
        let type: AuditBase.Type = AuditDerived.self
        container.register(type) { _ in AuditBase() }
        container.register(type, name: "shared", scope: .singleton) { _ in AuditBase() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(AuditDerived.self) }
        #expect(error.kind == .notRegistered)
        #expect(throws: ResolutionError.self) { try container.resolve(AuditDerived.self, name: "shared") }
        let base = try container.resolve(AuditBase.self)
        #expect(!(base is AuditDerived))
        let shared = try container.resolve(AuditBase.self, name: "shared")
        #expect(shared === (try container.resolve(AuditBase.self, name: "shared")))
        #expect(container.isRegistered(AuditBase.self))
        #expect(!container.isRegistered(AuditDerived.self))
    }

    // N2, N4
    @Test(arguments: [Scope.singleton, .weak, .graph, .custom("session"), .transient])
    func argumentsWhoseHashAndEqualityResolveRunOutsideEveryLock(scope: Scope) throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let builds = Counter()
        container.register(AuditWired.self, scope: scope) { (_: any Resolver, key: ResolvingKey) in
            builds.increment()
            return AuditWired()
        }
        let done = finishesOnThread {
            let first = try? container.resolve(AuditWired.self, arguments: ResolvingKey(container: container, id: 1))
            let again = try? container.resolve(AuditWired.self, arguments: ResolvingKey(container: container, id: 1))
            let other = try? container.resolve(AuditWired.self, arguments: ResolvingKey(container: container, id: 2))
            #expect(first != nil && again != nil && other != nil)
            if scope == .singleton || scope == .custom("session") {
                #expect(first === again)
                #expect(first !== other)
            }
        }
        #expect(done)
        #expect(builds.value >= 2)
    }

    // N4: the graph scope looks its instances up by arguments while a graph is being built.
    @Test func graphArgumentsWhoseHashResolvesAreLookedUpSafely() throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        container.register(AuditWired.self, scope: .graph) { (_: any Resolver, key: ResolvingKey) in AuditWired() }
        let key = ResolvingKey(container: container, id: 7)  // holds the container weakly
        container.register(Composite.self) { r in
            let first = try r.resolve(AuditWired.self, arguments: key)
            let second = try r.resolve(AuditWired.self, arguments: key)
            #expect(first === second)
            return Composite(component: Component())
        }
        let resolved = LockedBox(false)
        let done = finishesOnThread { resolved.value = (try? container.resolve(Composite.self)) != nil }
        #expect(done)
        #expect(resolved.value)
    }

    // N3
    @Test func reRegisteringReleasesArgumentValuesAfterUnlocking() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        let released = Counter()
        container.register(AuditWired.self, scope: .singleton) { (_: any Resolver, _: ResolvingOnDeinit) in AuditWired()
        }
        _ = try container.resolve(AuditWired.self, arguments: ResolvingOnDeinit(container, released: released))
        #expect(released.value == 0)
        let done = finishesOnThread {
            container.register(AuditWired.self, scope: .singleton) { (_: any Resolver, _: ResolvingOnDeinit) in
                AuditWired()
            }
        }
        #expect(done)
        #expect(released.value == 1)

        _ = try container.resolve(AuditWired.self, arguments: ResolvingOnDeinit(container, released: released))
        #expect(finishesOnThread { container.reset(scope: .singleton) })
        #expect(released.value == 2)
    }

    // N7
    @Test func anInstanceWithInjectedPropertiesDoesNotKeepItsContainerAlive() {
        weak var released: Container?
        do {
            let container = Container()
            container.register(Clock.self) { _ in Clock() }
            let model = Container.withShared(container) { ModelWithInjected() }
            container.register(ModelWithInjected.self, instance: model)
            released = container
        }
        #expect(released == nil)
    }

    @Test func anInstanceWithInjectedPropertiesStillResolvesWhileItsContainerLives() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        let model = Container.withShared(container) { ModelWithInjected() }
        container.register(ModelWithInjected.self, instance: model)
        _ = try container.resolve(ModelWithInjected.self).clock
        _ = model.fresh
    }

    // N8: the names an error lists are capped, with the rest counted.
    @Test func aMissOfANameAmongManyListsTenAndCountsTheRest() {
        let container = Container()
        for index in 0..<1_000 { container.register(Clock.self, name: "n\(index)") { _ in Clock() } }
        #expect(container.isRegistered(Clock.self, name: "n999"))
        #expect(!container.isRegistered(Clock.self, name: "missing"))
        #expect(!container.isRegistered(Clock.self))
        let error = try? #require(throws: ResolutionError.self) { try container.resolve(Clock.self, name: "missing") }
        #expect(error?.description.contains("\"n9\", … and 990 more") == true)
    }

    @Test func isRegisteredFindsANameTakingArguments() {
        let container = Container()
        for index in 0..<20 { container.register(Clock.self, name: "n\(index)") { _ in Clock() } }
        container.register(Clock.self, name: "withArgument") { (_: any Resolver, _: Int) in Clock() }
        #expect(container.isRegistered(Clock.self, name: "withArgument"))
    }

    // N9
    @Test func aLazyReadAgainWhileResolvingIsASameThreadCycle() throws {
        let container = Container()
        let lazyBox = LockedBox<Lazy<AuditWired>?>(nil)
        container.register(AuditWired.self) { _ in
            let wired = AuditWired()
            if let lazy = lazyBox.value { _ = try lazy() }
            return wired
        }
        lazyBox.value = try container.resolve(Lazy<AuditWired>.self)
        let error = try #require(throws: ResolutionError.self) { try lazyBox.value?() }
        #expect(error.kind == .circularDependency)
        #expect(!error.description.contains("another thread"))
        #expect(error.description.contains("Lazy<AuditWired>"))
        #expect(error.description.contains("same thread"))
    }

    // N12
    @Test func aSingletonWhoseFactoryRegistersAnotherKeyIsKept() throws {
        let container = Container()
        let builds = Counter()
        let weakContainer = Weak(container)  // the factory must not keep its own container
        container.register(AuditWired.self, scope: .singleton) { _ in
            builds.increment()
            weakContainer.value?.register(Clock.self, name: "registered-while-building") { _ in Clock() }
            return AuditWired()
        }
        let first = try container.resolve(AuditWired.self)
        let second = try container.resolve(AuditWired.self)
        #expect(first === second)
        #expect(builds.value == 1)
    }

    @Test func addingAHandlerToAnotherKeyWhileBuildingKeepsTheSingleton() throws {
        let container = Container()
        // A registration holds its container: the box is emptied at the end, so the factory does
        // not keep the container alive.
        let clock = LockedBox<Registration<Clock>?>(container.register(Clock.self) { _ in Clock() })
        defer { clock.value = nil }
        container.register(AuditWired.self, scope: .singleton) { _ in
            clock.value?.onResolved { _, _ in }
            return AuditWired()
        }
        let first = try container.resolve(AuditWired.self)
        #expect(first === (try container.resolve(AuditWired.self)))
    }

    // N13
    @Test func aFailedResolveDropsTheSharedInstancesWhoseHandlersDidNotRun() throws {
        let container = Container()
        let handled = Counter()
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in handled.increment() }
        container.register(ServiceA.self) { r in
            _ = try r.resolve(UserStore.self)
            return ServiceA(b: try r.resolve())
        }
        #expect(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(handled.value == 0)
        _ = try container.resolve(UserStore.self)
        #expect(handled.value == 1)
    }

    @Test func whenAHandlerThrowsTheLaterInstancesAreDroppedToo() throws {
        let container = Container()
        let failures = Counter()
        let secondHandled = Counter()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
            .onResolved { _, _ in if failures.increment() == 1 { throw Boom() } }
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in secondHandled.increment() }
        container.register(AuditWired.self) { r in
            _ = try r.resolve(Clock.self)
            _ = try r.resolve(UserStore.self)
            return AuditWired()
        }
        #expect(throws: ResolutionError.self) { try container.resolve(AuditWired.self) }
        #expect(secondHandled.value == 0)
        _ = try container.resolve(UserStore.self)
        #expect(secondHandled.value == 1)
    }

    @Test func aFailedResolveDropsAParentsSingletonWhoseHandlerDidNotRun() throws {
        let parent = Container()
        let handled = Counter()
        parent.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in handled.increment() }
        let child = parent.makeChild()
        child.register(ServiceA.self) { r in
            _ = try r.resolve(UserStore.self)
            return ServiceA(b: try r.resolve())
        }
        #expect(throws: ResolutionError.self) { try child.resolve(ServiceA.self) }
        _ = try parent.resolve(UserStore.self)
        #expect(handled.value == 1)
    }

    // An onResolved handler's error names its service.
    @Test func aHandlersResolutionErrorNamesTheServiceWhoseHandlerFailed() throws {
        let container = Container()
        container.register(UserStore.self) { _ in UserStore() }
            .onResolved { r, store in store.clock = try r.resolve(Clock.self) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(UserStore.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.description.contains("while running the onResolved handler of UserStore"))
        #expect(error.path == ["UserStore", "Clock"])
    }

    // Non-Hashable class arguments of cached scopes.
    @Test(arguments: [Scope.singleton, .weak, .custom("session")])
    func nonHashableClassArgumentsAreKeyedByIdentity(scope: Scope) throws {
        let container = Container()
        container.register(Composite.self, scope: scope) { (_: any Resolver, a: Component) in Composite(component: a) }
        let one = Component()
        let two = Component()
        let first = try container.resolve(Composite.self, arguments: one)
        #expect(first === (try container.resolve(Composite.self, arguments: one)))
        #expect(first !== (try container.resolve(Composite.self, arguments: two)))
    }

    @Test func nonHashableValueArgumentsOfCachedScopesStillThrow() {
        let container = Container()
        container.register(AuditWired.self, scope: .singleton) { (_: any Resolver, _: Opaque) in AuditWired() }
        let error = try? #require(throws: ResolutionError.self) {
            try container.resolve(AuditWired.self, arguments: Opaque(value: 1))
        }
        #expect(error?.kind == .argumentsNotHashable)
    }

    // B15: a cycle across three threads names each wait.
    @Test func aCycleAcrossThreeThreadsNamesEachWait() throws {
        let container = Container()
        let started = DispatchGroup()
        for _ in 0..<3 { started.enter() }
        let gate = DispatchSemaphore(value: 0)
        final class A {}
        final class B {}
        final class C {}
        // After the cycle is reported, a failed build may be tried again: only the first three
        // builds meet at the gate.
        let builds = Counter()
        let meet: @Sendable () -> Void = {
            guard builds.increment() <= 3 else { return }
            started.leave()
            gate.wait()
        }
        container.register(A.self, scope: .singleton) { r in
            meet()
            _ = try r.resolve(B.self)
            return A()
        }
        container.register(B.self, scope: .singleton) { r in
            meet()
            _ = try r.resolve(C.self)
            return B()
        }
        container.register(C.self, scope: .singleton) { r in
            meet()
            _ = try r.resolve(A.self)
            return C()
        }
        let errors = LockedBox<[ResolutionError]>([])
        let finished = DispatchGroup()
        let resolvers: [@Sendable () throws -> Void] = [
            { _ = try container.resolve(A.self) }, { _ = try container.resolve(B.self) },
            { _ = try container.resolve(C.self) },
        ]
        for resolve in resolvers {
            finished.enter()
            Thread {
                do { try resolve() } catch let error as ResolutionError { errors.mutate { $0.append(error) } } catch {}
                finished.leave()
            }.start()
        }
        #expect(started.wait(timeout: .now() + 30) == .success)
        for _ in 0..<3 { gate.signal() }
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let cycles = errors.value.filter { $0.kind == .circularDependency }
        try #require(!cycles.isEmpty)
        // The thread that finds the cycle waits on one of the others; whichever it is, each line
        // names the service that thread waits for, which is the next one on the ring.
        let next = ["A": "B", "B": "C", "C": "A"]
        let description = cycles[0].description
        for (built, waited) in next where description.contains("\(built) is being built on another thread") {
            #expect(description.contains("\(built) is being built on another thread, which is waiting for \(waited)"))
        }
    }
}
