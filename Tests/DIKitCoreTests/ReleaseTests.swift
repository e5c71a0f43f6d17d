import DIKitCore
import Testing

/// Releasing an instance runs its `deinit`, which is user code: DIKit must never do it while
/// holding a lock or while its own state is being changed.
@Suite(.timeLimit(.minutes(1))) struct ReleaseTests {
    @Test func graphInstanceWhoseDeinitResolvesIsReleasedAfterTheGraph() throws {
        let container = Container()
        let resolvedInDeinit = Counter()
        container.register(Int.self) { _ in 1 }
        container.register(OnDeinit.self, scope: .graph) { [weakly = Weak(container)] _ in
            OnDeinit { if (try? weakly.value?.resolve(Int.self)) == 1 { resolvedInDeinit.increment() } }
        }
        container.register(String.self) { r in
            _ = try r.resolve(OnDeinit.self)
            return "built"
        }
        #expect(try container.resolve(String.self) == "built")
        #expect(resolvedInDeinit.value == 1)
    }

    /// The resolution stack does not retain the registrations on it (the resolve that pushed one
    /// holds it): one a factory replaces while it runs stays valid for the path of an error below.
    @Test func aFactoryReplacingItsOwnRegistrationKeepsItOnThePath() throws {
        let container = Container()
        container.register(ServiceB.self) { r in
            container.register(ServiceB.self) { _ in ServiceB(c: nil) }
            container.register(ServiceA.self) { _ in ServiceA(b: ServiceB(c: nil)) }
            return ServiceB(c: try r.resolve(ServiceC.self))
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceB.self) }
        #expect(error.path == ["ServiceB", "ServiceC"])
        #expect(try container.resolve(ServiceB.self).c == nil)
    }

    @Test func registeringAgainReleasesTheOldSingletonOutsideTheLock() {
        let container = Container()
        let resolvedInDeinit = Counter()
        container.register(Int.self) { _ in 1 }
        container.register(OnDeinit.self, scope: .singleton) { [weakly = Weak(container)] _ in
            OnDeinit { if (try? weakly.value?.resolve(Int.self)) == 1 { resolvedInDeinit.increment() } }
        }
        let finished = finishesOnThread {
            _ = try? container.resolve(OnDeinit.self)
            container.register(OnDeinit.self, scope: .singleton) { _ in OnDeinit {} }
        }
        #expect(finished, "registering again hung")
        #expect(resolvedInDeinit.value == 1)
    }

    @Test func onResolvedReleasesTheInstanceItReplacesOutsideTheLock() {
        let container = Container()
        let registeredInDeinit = Counter()
        let registration = container.register(OnDeinit.self, scope: .singleton) { [weakly = Weak(container)] _ in
            OnDeinit { if weakly.value?.isRegistered(OnDeinit.self) == true { registeredInDeinit.increment() } }
        }
        let finished = finishesOnThread {
            _ = try? container.resolve(OnDeinit.self)
            registration.onResolved { _, _ in }
        }
        #expect(finished, "onResolved hung")
        #expect(registeredInDeinit.value == 1)
    }

    @Test(arguments: [true, false])
    func resetAndRemoveAllReleaseOutsideTheLock(removingRegistrations: Bool) {
        let container = Container()
        let ranDeinit = Counter()
        container.register(Int.self) { _ in 1 }
        container.register(OnDeinit.self, scope: .singleton) { [weakly = Weak(container)] _ in
            OnDeinit {
                weakly.value?.register(String.self) { _ in "registered in deinit" }
                _ = try? weakly.value?.resolve(Int.self)
                ranDeinit.increment()
            }
        }
        let finished = finishesOnThread {
            _ = try? container.resolve(OnDeinit.self)
            if removingRegistrations { container.removeAll() } else { container.reset() }
        }
        #expect(finished, "reset or removeAll hung")
        #expect(ranDeinit.value == 1)
        #expect(container.isRegistered(String.self))
    }

    @Test func releasingAContainerReleasesItsSingletonsWhoseDeinitsResolveElsewhere() {
        let other = Container()
        other.register(Int.self) { _ in 7 }
        let resolvedInDeinit = Counter()
        let finished = finishesOnThread {
            let container = Container()
            container.register(OnDeinit.self, scope: .singleton) { _ in
                OnDeinit { if (try? other.resolve(Int.self)) == 7 { resolvedInDeinit.increment() } }
            }
            _ = try? container.resolve(OnDeinit.self)
        }
        #expect(finished)
        #expect(resolvedInDeinit.value == 1)
    }

    // Exit tests run in a child process, so swapping the process-wide default there cannot
    // disturb tests running in parallel here.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func makeSharedReleasesThePreviousDefaultOutsideTheLock() async {
            await #expect(processExitsWith: .success) {
                let first = Container()
                first.register(Clock.self) { _ in Clock() }
                first.register(OnDeinit.self, scope: .singleton) { _ in
                    OnDeinit { _ = Container.shared.isRegistered(Clock.self) }
                }
                first.makeShared()
                _ = try? Container.shared.resolve(OnDeinit.self)
                Container().makeShared()  // releases `first`, whose singleton reads Container.shared
            }
        }
    #endif
}
