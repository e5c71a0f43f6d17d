import MockGeneration
import Testing

/// Protocols refining the standard library's, whose requirements a module's symbol graph does
/// not list.
@Suite struct MockGeneratorStandardLibraryTests {
    @Test func inheritedAndStandardLibraryRequirements() throws {
        let source = try generate(["Repository", "Token"]).source
        #expect(source.contains("let nameMock = MockProperty<String>(\"name\""))
        #expect(source.contains("var description: String { \"MockRepository\" }"))
        #expect(source.contains("var debugDescription: String { \"MockRepository\" }"))
        #expect(source.contains("static func == (lhs: MockToken, rhs: MockToken) -> Bool { lhs === rhs }"))
        #expect(source.contains("func hash(into hasher: inout Hasher)"))
    }

    /// Two protocols it refines are each `Hashable` and `CustomStringConvertible`: the mock has
    /// one `==`, one `hash(into:)` and one `description`.
    @Test func whatTwoRefinedProtocolsEachNeedIsWrittenOnce() throws {
        let source = try generate(["Bookmark"]).source
        for member in ["static func ==", "func hash(into", "var description: String { \"MockBookmark\" }"] {
            #expect(source.ranges(of: member).count == 1, "\(member)")
        }
        #expect(source.contains("let titleMock = MockProperty<String>(\"title\""))
    }

    /// No call can pass a `Never`: a witness taking one has an empty body, since any statement in
    /// it would never run ("will never be executed", an error with warnings as errors).
    @Test func aRequirementTakingNeverHasAnEmptyWitness() throws {
        let source = try generate(["Failing"]).source
        #expect(source.contains("typealias Failure = Never"))
        #expect(source.contains("    func fail(with failure: Failure) {\n    }"))
        #expect(source.contains("    func recover(_ failure: Failure) -> Int {\n    }"))
        #expect(source.contains("return attemptsMock.call((), default: mockDefault())"))
    }

    @Test func comparableAndLocalizedErrorProtocolsAreMocked() throws {
        let source = try generate(["Ranked", "AppFailure"]).source
        #expect(source.contains("static func == (lhs: MockRanked, rhs: MockRanked) -> Bool { lhs === rhs }"))
        #expect(
            source.contains(
                "static func < (lhs: MockRanked, rhs: MockRanked) -> Bool { ObjectIdentifier(lhs) < ObjectIdentifier(rhs) }"
            ))
        #expect(source.contains("let codeMock = MockProperty<Int>(\"code\""))
        #expect(!source.contains("errorDescription"))
    }

    @Test func aCodableProtocolAnswersEncodeAndDecodeThroughStandIns() throws {
        let source = try generate(["Persistable"]).source
        #expect(source.contains("final class MockPersistable: Corpus.Persistable, AutoInjectMock, Sendable {"))
        #expect(source.contains("let storageKeyMock = MockProperty<String>(\"storageKey\""))
        #expect(
            source.contains(
                """
                    let encodeMock = MockFunction<any Encoder, Void>("encode(to:)", of: MockPersistable.self)
                    func encode(to encoder: any Encoder) throws {
                        try encodeMock.call(encoder)
                    }
                """))
        #expect(
            source.contains(
                """
                    static var initMock: MockFunction<any Decoder, Void> { perTest { .init("init(from:)") } }
                    init(from decoder: any Decoder) throws {
                        try Self.initMock.call(decoder)
                    }
                """))
    }

    /// A result of Combine's (or OpenCombine's) `AnyPublisher` that nothing answers: a publisher
    /// that finishes at once, as an `AsyncStream` result gets a stream that ends. (A stand-in for
    /// OpenCombine, which is not a dependency: the module's name and types are what count.)
    @Test func anUnansweredPublisherFinishes() throws {
        let combine = """
            public struct AnyPublisher<Output, Failure: Error> {}
            public struct Empty<Output, Failure: Error> {
                public init() {}
                public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher() }
            }
            """
        let source = try generate(
            source: """
                import OpenCombine
                public struct AnyPublisherLike {}
                public protocol Profiles {
                    func profile(id: Int) -> AnyPublisher<String, any Error>
                    var updates: AnyPublisher<Int, Never> { get }
                    func other() -> AnyPublisherLike
                }
                """, after: [("OpenCombine", combine)]
        ).source
        #expect(source.contains("return profileMock.call(id, default: OpenCombine.Empty().eraseToAnyPublisher())"))
        #expect(source.contains("updatesMock.get(default: OpenCombine.Empty().eraseToAnyPublisher())"))
        #expect(source.contains("return otherMock.call((), default: mockDefault())"))
    }

    @Test func aRefinementOfAnotherPackagesProtocolHasItsRequirements() throws {
        // The plugin gives the tool the graph of DIKitCore, whose `Assembly` it refines.
        let source = try generate(["FeatureModule"]).source
        #expect(source.contains("    func assemble(into container: DIKitCore.Container) {"))
        // `dependencies` has `Assembly`'s default (see MockGeneratorDefaultsTests).
        #expect(!source.contains("dependencies"))
    }
}
