import DIKitCore
import Observation
import Testing

@Suite(.timeLimit(.minutes(1))) struct PropertyWrapperTests {
    @Test func injectedResolvesLazilyOnceFromTheContainerSharedAtCreation() throws {
        let container = Container()
        let builds = Counter()
        container.register(HTTPClient.self) { _ in
            builds.increment()
            return URLSessionClient()
        }
        let model = Container.withShared(container) { Model() }
        #expect(builds.value == 0)
        let first = model.client
        #expect(model.client === first)
        #expect(builds.value == 1)
    }

    @Test func injectedTakesAName() {
        let container = Container()
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        let model = Container.withShared(container) { Model() }
        #expect(model.theme.name == "dark")
    }

    @Test func safelyInjectedIsNilOnFailureAndRetriesLater() {
        let container = Container()
        let model = Container.withShared(container) { Model() }
        #expect(model.api == nil)
        container.register(API.self) { _ in OtherAPI() }
        #expect(model.api is OtherAPI)
    }

    @Test func injectedProviderResolvesOnEveryAccess() {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        let model = Container.withShared(container) { Model() }
        #expect(model.clock !== model.clock)
    }

    @Test func wrappersWorkOnLetHeldStructs() {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let holder = Container.withShared(container) { Holder() }
        #expect(holder.clock === holder.clock)
        #expect(holder.maybe === holder.clock)
        #expect(holder.fresh === holder.clock)
    }

    @Test func injectedResolvesFromTheCapturedContainerOnAnotherThread() async {
        let container = Container()
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        let model = Container.withShared(container) { Model() }
        let name = await Task.detached { model.theme.name }.value
        #expect(name == "dark")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func wrappersIgnoredByObservationWorkInAnObservableClass() {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let model = Container.withShared(container) { ObservedModel() }
        let changes = Counter()
        withObservationTracking {
            _ = model.clock
            _ = model.title
        } onChange: {
            changes.increment()
        }
        #expect(model.clock === model.clock)
        #expect(changes.value == 0)  // resolving is not a change
        model.title = "Forecast"
        #expect(changes.value == 1)  // the model's own state is still observed
    }

    @Test func lazyWrappersLetObjectsInjectEachOther() throws {
        let container = Container()
        container.register(Left.self, scope: .singleton) { _ in Left() }
        container.register(Right.self, scope: .singleton) { _ in Right() }
        try Container.withShared(container) {
            let left = try container.resolve(Left.self)
            #expect(left.right.left === left)
        }
    }

    // Exit tests need Swift 6.2 and a platform that can spawn processes.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func injectedStopsTheProgramWithTheResolutionError() async throws {
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    let model = Container.withShared(Container()) { Model() }
                    _ = model.client
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("No registration for 'HTTPClient'."))
            #expect(output.contains("To fix: register it"))
        }

        @Test func anEmptyProcessWideDefaultIsNamedAsTheLikelyCause() async throws {
            // The child process has made nothing shared: `Container.shared` is the empty default.
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = Model().client
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("No registration for 'HTTPClient'."))
            #expect(output.contains("the app probably never called `makeShared()` on the container it built"))
            #expect(output.contains("In a test, this ran where the test's injector is not bound"))
            // A container the app made shared, empty or not, is not the default: no such note.
            let bound = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = Container.withShared(Container()) { Model() }.client
                })
            #expect(!String(decoding: bound.standardErrorContent, as: UTF8.self).contains("makeShared()"))
        }

        @Test func resolvingFromTheEmptyProcessWideDefaultNamesTheLikelyCause() async throws {
            // What code on a Dispatch queue in a test, or an app that never made its container
            // shared, resolves from.
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    do {
                        _ = try Container.shared.resolve(HTTPClient.self)
                    } catch {
                        fatalError("\(error)")
                    }
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("No registration for 'HTTPClient'."))
            #expect(output.contains("This is the process-wide default container (`Container.shared` where no"))
            #expect(output.contains("To fix: call `Container(assemblies: [AppAssembly()]).makeShared()` at launch"))
            // Once something is registered in it, it is an ordinary container.
            let registered = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    Container.shared.register(Int.self) { _ in 1 }
                    do {
                        _ = try Container.shared.resolve(HTTPClient.self)
                    } catch {
                        fatalError("\(error)")
                    }
                })
            let ordinary = String(decoding: registered.standardErrorContent, as: UTF8.self)
            #expect(ordinary.contains("Nothing is registered for HTTPClient in this container or its parents."))
            #expect(!ordinary.contains("process-wide"))
        }

        @Test func injectedProviderStopsTheProgramWithTheResolutionError() async throws {
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    let model = Container.withShared(Container()) { Model() }
                    _ = model.clock
                })
            #expect(
                String(decoding: result.standardErrorContent, as: UTF8.self).contains("No registration for 'Clock'."))
        }
    #endif
}

final class Model: @unchecked Sendable {
    @Injected var client: any HTTPClient
    @Injected(name: "dark") var theme: any Theme
    @SafelyInjected var api: (any API)?
    @InjectedProvider var clock: Clock
}

/// An `@Observable` model: its wrapped properties are `@ObservationIgnored`, as the macro needs.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable final class ObservedModel {
    @ObservationIgnored @Injected var clock: Clock
    var title = ""
}

struct Holder {
    @Injected var clock: Clock
    @SafelyInjected var maybe: Clock?
    @InjectedProvider var fresh: Clock
}

final class Left {
    @Injected var right: Right
}
final class Right {
    @InjectedProvider var left: Left
}
