import Corpus
import DITesting
import Foundation
import Testing

// Uses the mocks generate-mocks writes into Generated/Mocks.swift beside this file: requirements
// a protocol declares twice, restated by a refinement or overloaded by their effects, and those
// of Codable, which the module never declares.

@Suite struct CorpusRestatementTests {
    @Test func aRequirementRestatedWithASetterOrFewerEffectsIsMetByOneWitness() async throws {
        let profile = MockEditableProfile()
        profile.name = "Ada"
        #expect(profile.name == "Ada")
        profile.avatarMock.returns(Data([1]))
        #expect(profile.avatar == Data([1]))
        let asParent: any Profile = profile
        #expect(try await asParent.avatar == Data([1]))
        profile.subscriptMock.returns(2)
        profile["a"] = 3
        #expect(profile["a"] == 2)
        #expect(profile.subscriptSetMock.calls.map(\.newValue) == [3])
        profile.reloadMock.returns(4)
        #expect(await profile.reload() == 4)
        #expect(try await asParent.reload() == 4)
    }

    /// A restatement naming its parameters otherwise is the same requirement: one witness, whose
    /// calls are recorded under the refinement's names.
    @Test func aRequirementRestatedWithOtherParameterNamesIsMetByOneWitness() {
        let profile = MockRenamingProfile()
        profile.renameMock.returns(false)
        profile.renameMock.returns(true, where: { $0.newName == "Ada" })
        let asParent: any EditableProfile = profile
        #expect(asParent.rename(to: "Ada", "typo"))
        #expect(!profile.rename(to: "Bob", "typo"))
        #expect(profile.renameMock.calls.map(\.why) == ["typo", "typo"])
    }

    @Test func overloadsByEffectsShareAWitnessWhereOneMeetsBoth() async throws {
        let syncing = MockSyncing()
        syncing.loadMock.returns(3)
        let asProtocol: any Syncing = syncing
        #expect(await asProtocol.load() == 3)
        #expect(syncLoad(asProtocol) == 3)
        #expect(syncing.loadMock.callCount == 2)
        try syncSave(asProtocol)
        await asProtocol.save()
        #expect(syncing.saveMock.callCount == 1)
        #expect(syncing.save2Mock.callCount == 1)
    }

    private func syncLoad(_ syncing: any Syncing) -> Int { syncing.load() }
    private func syncSave(_ syncing: any Syncing) throws { try syncing.save() }

    @Test func aMainActorRefinementOfANonisolatedProtocolIsMocked() async {
        let screen = MockNamedScreen()
        screen.nameMock.returns("home")
        #expect(screen.name == "home")  // off the main actor: `name` is nonisolated
        await screen.show()
        screen.showMock.assertCalled(times: 1)
    }
}

@Suite struct CorpusCodableTests {
    @Test func aCodableMockEncodesAndDecodesAsStubbed() throws {
        let model = MockPersistable()
        model.encodeMock.answers { encoder in
            var container = encoder.singleValueContainer()
            try container.encode("stored")
        }
        #expect(String(decoding: try JSONEncoder().encode(model), as: UTF8.self) == "\"stored\"")
        model.encodeMock.assertCalled(times: 1)
        struct Unexpected: Error {}
        MockPersistable.initMock.answers { decoder in
            guard try decoder.singleValueContainer().decode(String.self) == "stored" else { throw Unexpected() }
        }
        _ = try JSONDecoder().decode(MockPersistable.self, from: Data("\"stored\"".utf8))
        #expect(throws: Unexpected.self) {
            try JSONDecoder().decode(MockPersistable.self, from: Data("\"other\"".utf8))
        }
        MockPersistable.initMock.assertCalled(times: 2)
    }
}

/// A protocol with deprecated requirements naming a deprecated type: its mock builds with warnings
/// as errors, and its other requirements are used as any.
@Suite struct CorpusDeprecationTests {
    @Test func theRequirementsThatAreNotDeprecatedAreStubbedAsUsual() {
        let renewing = MockRenewing()
        renewing.renewMock.returns("token")
        #expect(renewing.renew() == "token")
        renewing.renewMock.assertCalled(times: 1)
    }
}

/// A protocol refining another package's, and witnesses with attributes.
@Suite struct CorpusOtherPackageTests {
    /// `dependencies` is left to `Assembly`'s default: nothing to stub for an assembly to run.
    @Test func aRefinementOfDIKitsAssemblyIsMockedWithItsRequirements() throws {
        let feature = MockFeatureModule()
        feature.featureNameMock.returns("checkout")
        _ = Container(assemblies: [feature])
        feature.assembleMock.assertCalled(times: 1)
        #expect(feature.featureName == "checkout")
    }

    @Test func attributedWitnessesAnswer() async throws {
        let flushing = MockFlushing()
        flushing.flushMock.returns(3)
        flushing.handleMock.answers { $0 * 2 }
        flushing.snapshotMock.returns([1])
        #expect(await flushing.flush() == 3)
        #expect(try await flushing.handle(4) == 8)
        #expect(flushing.snapshot() == [1])
    }
}

/// Requirements a protocol inherits and an extension implements are left to it.
@Suite struct CorpusInheritedDefaultTests {
    /// As a gRPC server calls a service's streaming method, whose default calls the simple one.
    @Test func whatTheDefaultCallsReachesTheStandInOfTheMocksOwnRequirement() async throws {
        let handler = MockSimpleHandler()
        handler.handleMock.answers { $0.uppercased() }
        let served: any StreamingHandler = handler
        #expect(try await served.handle(["a", "b"]) == ["A", "B"])
        #expect(served.routes() == ["handle"])
        handler.handleMock.assertCalled(times: 2)
    }

    /// Associated types fixed by the refinement, and defaults for them, one constrained to them.
    @Test func fixedAssociatedTypesGetTheirDefaults() {
        let reader = MockLineReader()
        let handled: Int? = reader.handle("line")
        #expect(handled == nil)
        #expect(reader.events.isEmpty)
        reader.didRead(line: "line")
        reader.didReadMock.assertCalled(with: "line", times: 1)
    }

    /// A deprecated default says to implement the requirement: the mock does (and the file builds
    /// with warnings as errors, which using that default would fail).
    @Test func aRequirementWhoseDefaultIsDeprecatedIsMocked() {
        let sink = MockAuditSink()
        sink.write(event: "signed in")
        #expect(sink.writeMock.calls == ["signed in"])
    }

    /// The protocol's own requirements are mocked, defaults or not; and a default the mock does
    /// not get (an extension constrained to `Equatable`) does not stand for a witness.
    @Test func ownRequirementsAndConstrainedDefaultsAreMocked() {
        let streaming = MockStreamingHandler()
        streaming.routesMock.returns(["stream"])
        #expect(streaming.routes() == ["stream"])
        let item = MockLabelledItem()
        item.labelMock.returns("item")
        #expect(item.label() == "item")
    }
}
