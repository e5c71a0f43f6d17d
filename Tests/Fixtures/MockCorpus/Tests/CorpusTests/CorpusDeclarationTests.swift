import Corpus
import CorpusBase
import DITesting
import Foundation
import Testing

// Uses the mocks generate-mocks writes into Mocks.swift beside this file, of declarations of
// particular kinds: names, operators, associated types, availability, initializers, other
// modules' protocols, superclasses, result builders.

@Suite struct CorpusNamingTests {
    @Test func aStandInNamedLikeARequirementIsNumbered() {
        let overlap = MockOverlap()
        overlap.getMockMock.returns(1)
        overlap.get2Mock.returns(2)
        #expect(overlap.getMock == 1)
        #expect(overlap.get() == 2)
    }
}

@Suite struct CorpusOverloadTests {
    @Test func overloadsByConstraintAreAnsweredApart() {
        let weighing = MockWeighing()
        weighing.weighDoubleCatMock.returns(4)
        weighing.weighDoubleDogMock.returns(30)
        #expect(weighing.weigh(Cat()) == 4)
        #expect(weighing.weigh(Dog()) == 30)
    }

    @Test func aStaticPropertyBesideAnInstanceOneIsItsOwn() {
        let named = MockNamed2()
        named.name = "Rex"
        MockNamed2.name = "Dog"
        #expect(named.name == "Rex")
        #expect(MockNamed2.name == "Dog")
        #expect(MockNamed2.nameMock.setCalls == ["Dog"])
    }
}

@Suite struct CorpusOperatorTests {
    @Test func unaryOperatorsKeepTheirFixity() {
        let vector = MockVector()
        MockVector.opMinusMock.returns(vector)
        MockVector.opPlusPlusMock.returns(vector)
        #expect(-vector === vector)
        #expect(vector++ === vector)
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusAssociatedTypeTests {
    @Test func aGenericMockIsRegisteredWithItsPrimaryAssociatedType() throws {
        let cache = MockCache<String>().injected()
        cache.valueMock.returns("sunny", for: "Berlin")
        let resolved = try Container.shared.resolve((any Cache<String>).self)
        #expect(resolved.value(for: "Berlin") as? String == "sunny")
        cache.store("rain", for: "Rome")
        cache.storeMock.assertCalled(where: { $0.key == "Rome" && $0.value == "rain" }, times: 1)
        MockCache<String>.makeKeyMock.returns("k")
        #expect(MockCache<String>.makeKey() == "k")
        #expect(MockCache<Int>.makeKeyMock.callCount == 0)
    }

    @Test func aFixedAssociatedTypeAndConstrainedOnesCompileAndAnswer() async throws {
        let cache = MockIntCache()
        cache.valueMock.returns("one", for: 1)
        #expect(cache.value(for: 1) == "one")
        let feed = MockFeed<String, [String]>()
        feed.itemsMock.returns(["a", "b"])
        #expect(try await feed.items() == ["a", "b"])
    }

    /// An associated type two refined protocols declare meets both their constraints; a default
    /// one of them does not meet leaves the mock generic in it.
    @Test func anAssociatedTypeDeclaredTwiceMeetsEveryDeclaration() {
        let index = MockCaptionedIndex<String>()
        index.labelMock.answers { "#\($0)" }
        #expect(index.label(for: "a") == "#a")
        let titled = MockTitled<Substring>()
        titled.titleMock.returns("T", for: "x")
        #expect(titled.title(for: "x") == "T")
        let caption = MockCaption<String>()
        caption.captionMock.answers { $0.uppercased() }
        #expect(caption.caption(for: "a") == "A")
        // The default stands where nothing else constrains it.
        #expect(MockNumbered.Key.self == Int.self)
    }

    /// Implicitly unwrapped optionals are recorded and answered as the optionals they are.
    @Test func anImplicitlyUnwrappedOptionalIsRecordedAsAnOptional() {
        let screen = MockLegacyScreen()
        screen.showMock.returns(true, where: { $0.message == nil })
        screen.showMock.returns(false)
        #expect(screen.show(nil, after: 2) == true)
        #expect(screen.show("hi", after: nil) == false)
        #expect(screen.showMock.calls.map(\.delay) == [2, nil])
        screen.titleMock.returns("Home")
        #expect(screen.title == "Home")
        let delegate = NSObject()
        screen.delegate = delegate
        #expect(screen.delegateMock.setCalls.map { $0 === delegate } == [true])
    }
}

@Suite struct CorpusAvailabilityTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aMockOfANewerProtocolSaysItsAvailability() {
        let recent = MockRecent()
        recent.fetchMock.returns(1)
        #expect(recent.fetch() == 1)
        recent.legacy()
        recent.legacyMock.assertCalled(times: 1)
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusInitializerTests {
    @Test func initializersRecordTheMocksTheCodeUnderTestMakes() throws {
        func connect(_ type: any Connection.Type) throws -> any Connection { try type.init(url: URL(filePath: "/a")) }
        _ = MockConnection(host: "a")
        _ = try connect(MockConnection.self)
        MockConnection.initHostMock.assertCalled(with: "a", times: 1)
        MockConnection.initUrlMock.assertCalled(times: 1)
        #expect(MockConnection.initUrlMock.calls == [URL(filePath: "/a")])
        #expect(MockPresenting(id: 4) !== MockPresenting())
        MockPresenting.initMock.assertCalled(with: 4, times: 1)
    }

    @Test func aStubbedErrorOrNilFailsTheInitializerAndNoStubIsNeededToSucceed() async throws {
        MockConnection.initUrlMock.throwing(LoadError(code: 1))
        #expect(throws: LoadError(code: 1)) { try MockConnection(url: URL(filePath: "/a")) }
        MockConnection.initPortMock.returns(nil, for: 0)
        #expect(MockConnection(port: 0) == nil)
        #expect(MockConnection(port: 80) != nil)
        MockConnection.initTokenMock.throwing(LoadError(code: 2), for: "expired")
        await #expect(throws: LoadError(code: 2)) { try await MockConnection(token: "expired") }
        _ = try await MockConnection(token: "valid")
        #expect(MockConnection.initTokenMock.calls == ["expired", "valid"])
    }

    @Test func eachTestHasItsOwnInitializerStandIns() {
        #expect(MockConnection.initHostMock.callCount == 0)
        #expect(MockConnection.initUrlMock.callCount == 0)
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusOtherModuleTests {
    @Test func aProtocolRefiningOneOfAnotherModuleOfThePackageIsMockedWhole() async throws {
        let mock = MockUserService().injected()
        mock.identifierMock.returns("users")
        mock.userMock.returns("Ada", for: 1)
        let service: any UserService = try Container.shared.resolve()
        try await service.start()
        service.stop(reason: .failed(code: 2))
        #expect(service.identifier == "users")
        #expect(service.user(id: 1) == "Ada")
        mock.startMock.assertCalled(times: 1)
        mock.stopMock.assertCalled(with: .failed(code: 2), times: 1)
    }

    @Test func anAssociatedTypeOfAnotherModulesProtocolFixedByAWhereClause() throws {
        let mock = MockNameStore().injected()
        mock.itemsMock.returns(["Ada"])
        let store: any NameStore = try Container.shared.resolve()
        store.add("Grace")
        #expect(store.items() == ["Ada"])
        mock.addMock.assertCalled(with: "Grace", times: 1)
        let titles = MockTitleStore()
        titles.itemsMock.returns(["Home"])
        #expect(titles.items() == ["Home"])
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusSuperclassTests {
    @Test func aProtocolRequiringAClassGetsASubclassThatLeavesTheClassItsOwnMembers() throws {
        let mock = MockViewLike().injected()
        mock.renderMock.returns("<view>")
        let view: any ViewLike = try Container.shared.resolve()
        #expect(view.render() == "<view>")
        #expect(view.layout() == 1)  // BaseView's own
        #expect(view.identifier == "base")
        #expect((view as BaseView) === mock)
    }

    /// `NSObjectProtocol` (an Objective-C-era delegate) and `NSObject`: the mock subclasses
    /// `NSObject`, which meets what it declares, and answers the rest.
    @Test func aProtocolRefiningNSObjectProtocolGetsAnNSObject() throws {
        let delegate = MockDownloadDelegate().injected()
        let resolved: any DownloadDelegate = try Container.shared.resolve()
        resolved.download(7, didFinishAt: URL(fileURLWithPath: "/tmp/7"))
        delegate.downloadMock.assertCalled(where: { $0.id == 7 }, times: 1)
        #expect(resolved.isEqual(delegate) && !resolved.isEqual(MockDownloadDelegate()))
        #expect(resolved.description.contains("MockDownloadDelegate"))
        #expect(Set([delegate, delegate, MockDownloadDelegate()]).count == 2)
        let object = MockObjectLike().returnsDefault()
        #expect(object.describe() == "")
    }

    /// A class whose `init()` is a convenience one, and one with another `required` initializer:
    /// the mocks inherit the classes' initializers, each made as its class is.
    @Test func aMockMadeWithTheInitializersItInherits() throws {
        let convenient = MockConvenientLike().injected()
        convenient.valueMock.returns(3)
        let resolved: any ConvenientLike = try Container.shared.resolve()
        #expect(resolved.value() == 3)
        #expect(resolved === convenient)
        let decoded = MockDecodedLike(data: [1, 2])
        decoded.sizeMock.returns(2)
        #expect(decoded.size() == 2)
        #expect(MockDecodedLike().sizeMock.callCount == 0)
    }
}

@Suite struct CorpusResultBuilderTests {
    @Test func requirementsBuiltWithAResultBuilderAnswerThroughTheirStandIns() {
        let recipe = MockRecipe<String, [String]>()
        recipe.stepsMock.returns(["chop", "stir"])
        recipe.notesMock.returns(["serve warm"], where: { $0 == 4 })
        #expect(recipe.steps == ["chop", "stir"])
        #expect(recipe.notes(for: 4) == ["serve warm"])
        recipe.notesMock.assertCalled(with: 4, times: 1)
    }
}
