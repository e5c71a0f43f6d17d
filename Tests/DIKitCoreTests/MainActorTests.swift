import DIKitCore
import Testing

/// Services isolated to the main actor, registered with `{ @MainActor _ in … }`.
@Suite struct MainActorTests {
    @Test @MainActor func mainActorFactoryResolvesOnTheMainActor() throws {
        let container = Container()
        container.register(ProfileModel.self) { @MainActor _ in ProfileModel(title: "Profile") }
        #expect(try container.resolve(ProfileModel.self).title == "Profile")
    }

    @Test @MainActor func mainActorFactoryIsADependencyOfAMainActorService() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        container.register(ProfileModel.self, scope: .singleton) { @MainActor r in
            _ = try r.resolve(Clock.self)
            return ProfileModel(title: "shared")
        }
        #expect(try container.resolve(ProfileModel.self) === (try container.resolve(ProfileModel.self)))
    }

    @Test func mainActorFactoryResolvedOffTheMainActorThrows() async throws {
        let container = Container()
        container.register(ProfileModel.self) { @MainActor _ in ProfileModel(title: "Profile") }
        let result = await Task.detached { Result { try container.resolve(ProfileModel.self) } }.value
        let error = try #require(throws: ResolutionError.self) { try result.get() }
        #expect(error.kind == .mainActorRequired)
        #expect(error.path == ["ProfileModel"])
        #expect(error.description.contains("has a @MainActor factory, but was resolved off the main actor"))
        #expect(error.description.contains("To fix: resolve it from main-actor code"))
    }

    @Test func mainActorFactoryResolvesThroughMainActorRun() async throws {
        let container = Container()
        container.register(ProfileModel.self) { @MainActor _ in ProfileModel(title: "run") }
        let title = try await MainActor.run { try container.resolve(ProfileModel.self).title }
        #expect(title == "run")
    }
}

@MainActor
final class ProfileModel {
    let title: String
    init(title: String) { self.title = title }
}
