import DIKitCore
import Testing

@Suite struct SharedContainerTests {
    @Test func withSharedBindsTheContainerAndReturnsTheBodysValue() {
        let container = Container()
        let seen = Container.withShared(container) { Container.shared }
        #expect(seen === container)
        #expect(Container.shared !== container)
    }

    @Test func asyncWithSharedReachesChildTasks() async throws {
        let container = Container()
        container.register(Theme.self) { _ in DarkTheme() }
        let names = try await Container.withShared(container) {
            async let first = Container.shared.resolve(Theme.self).name
            let second = try await Task { try Container.shared.resolve(Theme.self).name }.value
            return try await [first, second]
        }
        #expect(names == ["dark", "dark"])
    }

    @Test func detachedTasksDoNotInheritTheBinding() async {
        let container = Container()
        let detachedSeesIt = await Container.withShared(container) {
            await Task.detached { Container.shared === container }.value
        }
        #expect(!detachedSeesIt)
    }

    @Test func bindingIsRestoredWhenTheBodyThrows() {
        let container = Container()
        #expect(throws: Boom.self) { try Container.withShared(container) { throw Boom() } }
        #expect(Container.shared !== container)
    }

    @Test func nestedBindingsInnermostWins() {
        let outer = Container()
        let inner = Container()
        Container.withShared(outer) {
            Container.withShared(inner) { #expect(Container.shared === inner) }
            #expect(Container.shared === outer)
        }
    }

    // An exit test runs in a child process: swapping the process-wide default there cannot
    // disturb the tests running in parallel here.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test(.timeLimit(.minutes(1)))
        func makeSharedReplacesTheProcessWideDefault() async {
            await #expect(processExitsWith: .success) {
                let replacement = Container()
                replacement.makeShared()
                precondition(Container.shared === replacement)
                let bound = Container()
                Container.withShared(bound) { precondition(Container.shared === bound) }
                precondition(Container.shared === replacement)
            }
        }
    #endif
}
