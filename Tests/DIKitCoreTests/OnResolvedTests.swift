import DIKitCore
import Testing

/// `onResolved` handlers run after the outermost resolve has built its graph, in build order,
/// inside that graph (Swinject's `initCompleted`).
@Suite(.timeLimit(.minutes(1))) struct OnResolvedTests {
    @Test func aTransientWhoseHandlerResolvesItsOwnTypeIsACycleNotAHang() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.onResolved { resolver, _ in _ = try resolver.resolve(Clock.self)
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Clock.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["Clock", "Clock"])
        #expect(error.description.contains("Circular dependency through onResolved handlers: Clock -> Clock."))
        #expect(
            error.description.contains("a singleton's handler that resolves its own service gets the same instance"))
    }

    @Test func handlersResolvingEachOthersTransientsAreACycle() throws {
        let container = Container()
        container.register(ServiceC.self) { _ in ServiceC() }.onResolved { r, _ in _ = try r.resolve(Clock.self) }
        container.register(Clock.self) { _ in Clock() }.onResolved { r, _ in _ = try r.resolve(ServiceC.self) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceC.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["ServiceC", "Clock", "ServiceC"])
        // The outermost resolve failed: nothing was cached half-wired, and the next resolve fails the same way.
        #expect(throws: ResolutionError.self) { try container.resolve(ServiceC.self) }
    }

    @Test func aSharedServiceWhoseHandlerResolvesItselfGetsItsOwnInstance() throws {
        let container = Container()
        let seen = LockedBox<Clock?>(nil)
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
            .onResolved { r, _ in seen.value = try r.resolve(Clock.self) }
        let clock = try container.resolve(Clock.self)
        #expect(seen.value === clock)
    }

    @Test func aHandlerChainThatChangesItsArgumentsRunsToItsEnd() throws {
        let container = Container()
        let log = Log()
        container.register(Greeter.self) { (_: any Resolver, depth: Int) in Greeter(name: "\(depth)") }
            .onResolved { r, greeter in
                log.append(greeter.name)
                if let depth = Int(greeter.name), depth > 0 { _ = try r.resolve(Greeter.self, arguments: depth - 1) }
            }
        _ = try container.resolve(Greeter.self, arguments: 3)
        #expect(log.entries == ["3", "2", "1", "0"])
    }

    @Test func anUnboundedHandlerChainStopsAtTheDepthLimit() throws {
        let container = Container()
        container.register(Greeter.self) { (_: any Resolver, depth: Int) in Greeter(name: "\(depth)") }
            .onResolved { r, greeter in _ = try r.resolve(Greeter.self, arguments: Int(greeter.name)! + 1) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self, arguments: 0) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.description.contains("more than 200 in a chain: probably unbounded recursion"))
    }

    @Test func chainedHandlersAllRunInOrder() throws {
        let container = Container()
        let log = Log()
        container.register(Clock.self) { _ in Clock() }
            .onResolved { _, _ in log.append("first") }
            .onResolved { _, _ in log.append("second") }
        _ = try container.resolve(Clock.self)
        #expect(log.entries == ["first", "second"])
    }

    @Test func handlersAddedThroughTheSameHandleAllRun() throws {
        let container = Container()
        let log = Log()
        let registration = container.register(Clock.self) { _ in Clock() }
        registration.onResolved { _, _ in log.append("first") }
        registration.onResolved { _, _ in log.append("second") }
        _ = try container.resolve(Clock.self)
        #expect(log.entries == ["first", "second"])
    }

    @Test func handlersRunAfterTheOutermostGraphIsBuiltInBuildOrder() throws {
        let container = Container()
        let log = Log()
        container.register(ServiceC.self) { _ in ServiceC() }.onResolved { _, _ in log.append("C handler") }
        container.register(ServiceB.self) { r in
            let b = ServiceB(c: try r.resolve())
            log.append("B built")
            return b
        }.onResolved { _, _ in log.append("B handler") }
        container.register(ServiceA.self) { r in
            let a = ServiceA(b: try r.resolve())
            log.append("A built")
            return a
        }.onResolved { _, _ in log.append("A handler") }
        _ = try container.resolve(ServiceA.self)
        #expect(log.entries == ["B built", "A built", "C handler", "B handler", "A handler"])
    }

    @Test(arguments: [Scope.singleton, .graph], [true, false])
    func constructorOnOneSideAndHandlerOnTheOtherResolveEitherSideFirst(scope: Scope, hostFirst: Bool) throws {
        let container = Container()
        container.register(Host.self, scope: scope) { r in Host(guest: try r.resolve()) }
        container.register(Guest.self, scope: scope) { _ in Guest() }
            .onResolved { r, guest in guest.host = try r.resolve(Host.self) }
        if hostFirst {
            let host = try container.resolve(Host.self)
            #expect(host.guest.host === host)
            host.guest.host = nil  // break the cycle the test made
        } else {
            let guest = try container.resolve(Guest.self)
            #expect(guest.host?.guest === guest)
            guest.host = nil
        }
    }

    @Test func handlerSharesTheGraphsInstances() throws {
        let container = Container()
        container.register(Clock.self, scope: .graph) { _ in Clock() }
        container.register(UserStore.self) { _ in UserStore() }
            .onResolved { r, store in store.clock = try r.resolve(Clock.self) }
        container.register(StoreAndClock.self) { r in StoreAndClock(store: try r.resolve(), clock: try r.resolve()) }
        let pair = try container.resolve(StoreAndClock.self)
        #expect(pair.store.clock === pair.clock)
    }

    @Test func handlerThatThrowsFailsTheOutermostResolveWithItsPath() throws {
        let container = Container()
        container.register(ServiceC.self) { _ in ServiceC() }.onResolved { _, _ in throw Boom() }
        container.register(ServiceB.self) { r in ServiceB(c: try r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceB.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.path == ["ServiceB", "ServiceC"])
        #expect(error.underlyingError is Boom)
    }

    @Test func handlersDoNotRunForARegisteredInstance() throws {
        let container = Container()
        let runs = Counter()
        container.register(Clock.self, instance: Clock()).onResolved { _, _ in runs.increment() }
        _ = try container.resolve(Clock.self)
        #expect(runs.value == 0)
    }

    @Test func handlerIsNotAddedToARegistrationThatWasReplaced() throws {
        let container = Container()
        let runs = Counter()
        let old = container.register(Clock.self) { _ in Clock() }
        container.register(Clock.self) { _ in Clock() }
        old.onResolved { _, _ in runs.increment() }
        _ = try container.resolve(Clock.self)
        #expect(runs.value == 0)
    }
}

final class Host: Sendable {
    let guest: Guest
    init(guest: Guest) { self.guest = guest }
}

final class Guest: @unchecked Sendable {
    var host: Host?
}

final class StoreAndClock {
    let store: UserStore
    let clock: Clock
    init(store: UserStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }
}
