import DIKitCore
import Foundation
import Testing

/// `reset()`, `removeAll()`, and what a container lets go of.
@Suite struct ContainerLifecycleTests {
    @Test func resetDropsInstancesAndKeepsRegistrations() throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let first = try container.resolve(Clock.self)
        container.reset()
        let second = try container.resolve(Clock.self)
        #expect(first !== second)
        #expect(try container.resolve(Clock.self) === second)
    }

    @Test func resetKeepsTheParentsInstances() throws {
        let parent = Container()
        parent.register(Clock.self, scope: .singleton) { _ in Clock() }
        let child = parent.makeChild()
        let clock = try child.resolve(Clock.self)
        child.reset()
        #expect(try child.resolve(Clock.self) === clock)
    }

    @Test func removeAllDropsRegistrationsButNotTheParents() throws {
        let parent = Container()
        parent.register(Theme.self) { _ in LightTheme() }
        let child = parent.makeChild()
        child.register(Theme.self) { _ in DarkTheme() }
        child.register(Clock.self) { _ in Clock() }
        child.removeAll()
        #expect(!child.isRegistered(Clock.self))
        #expect(try child.resolve(Theme.self).name == "light")
    }

    @Test func removeAllLetsAssembliesBeAssembledAgain() throws {
        let container = Container(assemblies: [ClockAssembly()])
        container.removeAll()
        container.assemble([ClockAssembly()])
        #expect(container.isRegistered(Clock.self))
    }

    @Test func singletonWithInjectedPropertiesDoesNotKeepItsContainerAlive() throws {
        weak var released: Container?
        try withExtendedLifetime(()) {
            let container = Container()
            container.register(Clock.self) { _ in Clock() }
            container.register(ClockUser.self, scope: .singleton) { _ in ClockUser() }
            container.register(LazyClockUser.self, scope: .singleton, initializer: LazyClockUser.init)
            try Container.withShared(container) {
                let user = try container.resolve(ClockUser.self)
                _ = user.provided
                _ = try container.resolve(LazyClockUser.self)
                // Built but never read: its wrappers must not keep the container either.
                container.register(Holder.self, scope: .singleton) { _ in Holder() }
                _ = try container.resolve(Holder.self)
            }
            released = container
        }
        #expect(released == nil)
    }

    @Test func errorTextIsTheLocalizedDescription() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(Clock.self) }
        #expect(error.localizedDescription == error.description)
    }
}

struct ClockAssembly: Assembly {
    func assemble(into container: Container) { container.register(Clock.self) { _ in Clock() } }
}

final class ClockUser: @unchecked Sendable {
    @Injected var clock: Clock
    @SafelyInjected var maybe: Clock?
    @InjectedProvider var provided: Clock
}

final class LazyClockUser {
    let clock: Lazy<Clock>
    let clocks: Provider<Clock>
    init(clock: Lazy<Clock>, clocks: Provider<Clock>) {
        self.clock = clock
        self.clocks = clocks
    }
}
