import Foundation
import MockGeneration
import Testing

/// How a mock names things: the types its protocol's requirements name, in a file that imports
/// DIKit, the mocked module and the modules of those types; its stand-ins; and itself.
@Suite struct MockGeneratorNamingTests {
    @Test func theMockedModulesTypesAreNamedByTheirModule() throws {
        let source = try generate(["SignIn", "WeatherService", "Networking.Client"]).source
        // `Provider` and `Scope` are DIKit's names too: bare, they would be ambiguous.
        #expect(source.contains("AsyncMockFunction<(provider: Corpus.Provider, scopes: [Corpus.Scope]), String>"))
        #expect(source.contains("func register(_ registration: Corpus.Registration) throws -> Corpus.Provider? {"))
        #expect(source.contains("func forecast(city: String) async throws -> Corpus.Forecast {"))
        // A member type is named through its parent, once.
        #expect(source.contains("Corpus.Networking.Session"))
        #expect(!source.contains("Networking.Corpus."))
    }

    /// A type of a module whose graph the tool reads is named by its module, as the mocked
    /// module's are: a type of that name in a module the file imports, or in the test target
    /// itself (a fixture), would otherwise hide it or make it ambiguous.
    @Test func aTypeOfAModuleTheToolReadsIsNamedByItsModule() throws {
        let source = try generate(["SignIn", "UserService", "Mailer"]).source
        #expect(source.contains("func retry(after delay: CorpusBase.Lazy) -> Bool {"))
        #expect(source.contains("func stop(reason: CorpusBase.StopReason) {"))
        // Two modules of the graphs declare an `Envelope`.
        #expect(source.contains("func send(_ envelope: CorpusBase.Envelope) -> Bool {"))
        #expect(source.contains("func deliver(_ envelope: CorpusMail.Envelope) -> Bool {"))
    }

    @Test func typesNamedAsFoundationsAreNamedByTheirModule() throws {
        let source = try generate(["Alerting", "Uploading"]).source
        // `CorpusBase`'s, in a file that does not import Foundation; the mock's file does.
        #expect(source.contains("let postMock = MockFunction<CorpusBase.Notification, Bool>(\"post(_:)\""))
        #expect(source.contains("func temperature(in unit: CorpusBase.Unit) -> Double {"))
        // Named as SwiftUI's, which a mock's file may import on Apple platforms.
        #expect(source.contains("func charge(_ transaction: CorpusBase.Transaction) -> Bool {"))
        // The mocked module declares a `Progress` too: Foundation's is named by its module.
        #expect(
            source.contains(
                "func upload(_ data: Data, reporting progress: Foundation.Progress) -> Corpus.Progress {"))
    }

    /// A module whose graph the tool does not read (another package's, whose protocols none of the
    /// target's refine) is seen only through the types the graphs name: one named as a type of
    /// the graphs is named by its module, which the mock's file imports beside the other.
    @Test func aTypeOfAModuleNotReadIsNamedByItsModuleBesideATypeOfItsName() throws {
        let source = try generate(
            source: """
                import Logs
                public struct Logger {}
                public protocol Sink {
                    func attach(_ logger: Logs.Logger) -> Logger
                    func level() -> Level
                }
                """,
            after: [("Logs", "public struct Logger {}\npublic enum Level {}")], unread: ["Logs"]
        ).source
        #expect(source.contains("func attach(_ logger: Logs.Logger) -> Scratch.Logger {"))
        #expect(source.contains("func level() -> Level {"))
    }

    /// A type of the graphs hides the standard library's of its name wherever its module is
    /// imported: the standard library's is named `Swift.…` beside it.
    @Test func theStandardLibrarysTypesAreNamedSwiftBesideATypeOfTheirName() throws {
        let source = try generate(
            source: """
                public struct Task: Sendable {}
                public enum Result {}
                public protocol Todos {
                    func add(_ task: Task) -> Swift.Result<Int, any Error>
                    func sync() -> _Concurrency.Task<Void, Never>
                    func result() -> Result
                    func count() -> Int
                }
                """
        ).source
        #expect(source.contains("func add(_ task: Scratch.Task) -> Swift.Result<Int, any Error> {"))
        #expect(source.contains("func sync() -> Swift.Task<Void, Never> {"))
        #expect(source.contains("func result() -> Scratch.Result {"))
        #expect(source.contains("func count() -> Int {"))
        // Another module's `Task`, in the corpus, hides the standard library's in the mock's file too.
        let corpus = try generate(["Todos"]).source
        #expect(corpus.contains("func add(_ task: CorpusBase.Task) -> Result<Int, any Error> {"))
        #expect(corpus.contains("func sync() -> Swift.Task<Void, Never> {"))
    }

    /// SwiftUI's and Combine's commonest names, which no graph here can list: a type of another
    /// module with one of them is named by its module.
    @Test func typesNamedAsSwiftUIsOrCombinesAreNamedByTheirModule() throws {
        let names = ["Color", "Image", "Section", "Toggle", "Transaction", "Just", "Published", "Subscription"]
        let source = try mockUsingTypes(named: names + ["Weather"])
        for (index, name) in names.enumerated() {
            #expect(source.contains("var p\(index): Names.\(name) {"), "\(name)")
        }
        #expect(source.contains("var p\(names.count): Weather {"))
    }

    #if os(Linux)
        /// Every top-level type the toolchain's Foundation declares, read from its symbol graphs:
        /// a type of that name in another module is named by its module.
        @Test func everyTypeNameOfFoundationIsKnownToTheGenerator() throws {
            let names = try toolchainFoundationTypeNames()
            #expect(names.count > 200 && names.contains("Notification") && names.contains("URLSession"))
            let source = try mockUsingTypes(named: names)
            for (index, name) in names.enumerated() {
                #expect(source.contains("var p\(index): Names.\(name) {"), "\(name)")
            }
        }
    #endif

    @Test func aModuleHiddenByATypeOfAnotherModuleIsNotUsedToQualify() throws {
        // The mocked module's `struct Shared` hides the module `Shared`: `Shared.Item` would be a
        // member of the type.
        let source = try generate(
            source: """
                import Shared
                public struct Shared {}
                public protocol Uses {
                    func item() -> Item
                    func shared() -> Scratch.Shared
                }
                """,
            after: [("Shared", "public struct Item {}")]
        ).source
        #expect(source.contains("func item() -> Item {"))
        #expect(source.contains("func shared() -> Scratch.Shared {"))
    }

    @Test func aModuleWithATypeOfItsOwnNameIsNotUsedToQualify() throws {
        // `Analytics.Analytics` and `Analytics.Tracker` would look for members of the protocol.
        let source = try generateAnalytics().source
        #expect(source.contains("final class MockAnalytics: Analytics, AutoInjectMock, Sendable {"))
        #expect(source.contains("static var registeredTypes: [Any.Type] { [(any Analytics).self] }"))
        #expect(source.contains("final class MockTrackerLike: Tracker, TrackerLike, AutoInjectMock {"))
        #expect(!source.contains("Analytics.Analytics") && !source.contains("Analytics.Tracker"))
    }

    /// A stand-in names its mock, for messages about a mock that is never `injected()`; a generic
    /// mock with its generic parameters. A static one is named by `perTest`.
    @Test func aStandInNamesItsMock() throws {
        let source = try generate(["Cache", "Session"]).source
        #expect(source.contains("let valueMock = MockFunction<Key, Value?>(\"value(for:)\", of: MockCache<Key>.self)"))
        #expect(
            source.contains("static var makeMock: MockFunction<Void, MockSession> { perTest { .init(\"make()\") } }"))
    }

    /// Their titles, in messages, name their parameter types, then their results.
    @Test func overloadsGetDistinctStableNames() throws {
        let source = try generate(["Formatter"]).source
        #expect(source.contains("let formatIntMock = MockFunction<Int, String>(\"format(_: Int)\""))
        #expect(source.contains("let formatDoubleMock = MockFunction<Double, String>(\"format(_: Double)\""))
        #expect(source.contains("let formatValueUnitMock = MockFunction<(value: Int, unit: String), String>"))
        // Overloads by result type: named by it (their parameters' types are the same).
        #expect(source.contains("let parseIntMock = MockFunction<String, Int>(\"parse(_: String) -> Int\""))
        #expect(source.contains("let parseDoubleMock = MockFunction<String, Double>(\"parse(_: String) -> Double\""))
    }

    /// Generic overloads that differ only in their constraints (SwiftyMocky's example protocols
    /// have them) are named by the types their `where` clauses name, and titled with the clauses.
    @Test func overloadsThatDifferOnlyInTheirConstraintsAreTitledWithThem() throws {
        let source = try generate(
            source: """
                public class A {}
                public class B {}
                public protocol Converting {
                    func convert<T>(_ value: T) -> Float where T: A
                    func convert<T>(_ value: T) -> Float where T: B
                }
                """
        ).source
        // Named by the types their constraints name, not numbered.
        #expect(
            source.contains(
                #"let convertFloatAMock = MockFunction<Any, Float>("convert(_: T) -> Float where T : Scratch.A""#))
        #expect(
            source.contains(
                #"let convertFloatBMock = MockFunction<Any, Float>("convert(_: T) -> Float where T : Scratch.B""#))
    }

    /// A static requirement beside an instance one of its name (SwiftyMocky's example protocols
    /// have them) is titled `static name`; each keeps its own title otherwise.
    @Test func aStaticRequirementBesideAnInstanceOneOfItsNameIsTitledStatic() throws {
        let source = try generate(
            source: """
                public protocol Profiled {
                    var name: String { get set }
                    static var name: String { get set }
                    static var defaultName: String { get }
                    func rename(_ name: String)
                    static func rename(_ name: String)
                }
                """
        ).source
        #expect(source.contains(#"let nameMock = MockProperty<String>("name", of: MockProfiled.self)"#))
        #expect(source.contains(#"static var nameMock: MockProperty<String> { perTest { .init("static name") } }"#))
        #expect(source.contains(#"{ perTest { .init("defaultName") } }"#))
        #expect(source.contains(#"("rename(_:)", of: MockProfiled.self)"#))
        #expect(source.contains(#"{ perTest { .init("static rename(_:)") } }"#))
    }

    /// Overloads are named by what tells them apart: the types that differ, by their own names
    /// where those differ (gRPC's `unaryCall(request:context:)` overloads), and not by the labels
    /// they share.
    @Test func overloadsAreNamedByWhatTellsThemApart() throws {
        let source = try generate(
            source: """
                public struct ServerRequest<Message> {}
                public struct StreamingServerRequest<Message> {}
                public struct Input {}
                public enum Primary { public struct Config {} }
                public enum Replica { public struct Config {} }
                public protocol Service {
                    func unaryCall(request: ServerRequest<Input>, context: Int) -> Int
                    func unaryCall(request: StreamingServerRequest<Input>, context: Int) -> Int
                    func apply(_ config: Primary.Config)
                    func apply(_ config: Replica.Config)
                    func send(_ value: Int, to: String)
                    func send(_ value: Double, to: String)
                    func send(_ value: Int, after: String)
                }
                """
        ).source
        #expect(source.contains("let unaryCallServerRequestMock = MockFunction<(request: Scratch.ServerRequest<"))
        #expect(source.contains("let unaryCallStreamingServerRequestMock = MockFunction<(request: Scratch.Streaming"))
        // `Config` names both: all its words.
        #expect(source.contains("let applyScratchPrimaryConfigMock = MockFunction<Scratch.Primary.Config, Void>"))
        #expect(source.contains("let applyScratchReplicaConfigMock = MockFunction<Scratch.Replica.Config, Void>"))
        // Labels, then the type where they are the same.
        #expect(source.contains("let sendAfterMock = MockFunction<(value: Int, after: String), Void>"))
        #expect(source.contains("let sendIntMock = MockFunction<(value: Int, to: String), Void>"))
        #expect(source.contains("let sendDoubleMock = MockFunction<(value: Double, to: String), Void>"))
    }

    @Test func aStandInNamedLikeARequirementOfTheProtocolIsNumbered() throws {
        let source = try generate(["Overlap"]).source
        #expect(source.contains("let getMockMock = MockProperty<Int>(\"getMock\""))
        #expect(source.contains("let get2Mock = MockFunction<Void, Int>(\"get()\""))
    }

    @Test func aProtocolNamedTypeIsEscapedAfterItsModule() throws {
        // `Corpus.Type` would be the metatype of a type `Corpus`.
        let source = try generate(["Type", "TypeResolving"]).source
        #expect(source.contains("final class MockType: Corpus.`Type`, AutoInjectMock, Sendable {"))
        #expect(source.contains("static var registeredTypes: [Any.Type] { [(any Corpus.`Type`).self] }"))
        #expect(source.contains("func resolve(_ name: String) -> any Corpus.`Type` {"))
        #expect(source.contains("return resolveMock.call(name, default: MockType())"))
    }

    @Test func aNestedProtocolIsNamedByItsPath() throws {
        let source = try generate(["Networking.Client"]).source
        #expect(
            source.contains("final class MockNetworkingClient: Corpus.Networking.Client, AutoInjectMock, Sendable {"))
        #expect(
            source.contains("static var registeredTypes: [Any.Type] { [(any Corpus.Networking.Client).self] }"))
        #expect(source.contains("let getMock = AsyncMockFunction<String, Data>(\"get(path:)\""))
    }

    /// `MockProperty`, `MockFunction`, `MockDefaultValue` and `MockCallRecording` are DITesting's:
    /// a mock so named would hide them from every mock of the test target.
    @Test func aMockThatWouldBeNamedAsDITestingsTypesIsNamedAfterItsProtocol() throws {
        let source = try generate(["Property"]).source
        #expect(source.contains("final class PropertyMock: Corpus.Property, AutoInjectMock, Sendable {"))
        #expect(source.contains("let addressMock = MockProperty<String>(\"address\""))
        #expect(MockGenerator.mockName(of: "Function") == "FunctionMock")
        #expect(MockGenerator.mockName(of: "DefaultValue") == "DefaultValueMock")
        #expect(MockGenerator.mockName(of: "CallRecording") == "CallRecordingMock")
        #expect(MockGenerator.mockName(of: "Properties") == "MockProperties")
    }

    /// A requirement named as a DITesting function the mock calls for its answers would hide it in
    /// the mock: the mock names that function by its module.
    @Test func aRequirementNamedAsADITestingFunctionDoesNotHideIt() throws {
        let source = try generate(["Defaulting", "Property"]).source
        #expect(source.contains("return mockDefaultMock.call((), default: DITesting.mockDefault())"))
        #expect(source.contains("return countMock.call((), default: DITesting.mockDefault())"))
        #expect(source.contains("DITesting.mockCast(decodeMock.call(type, default: DITesting.mockDefault() as Value)"))
        // Elsewhere the call is unqualified, as the docs show it.
        #expect(source.contains("return priceMock.call(currency, default: mockDefault())"))
    }

    /// A parameter named as its requirement's stand-in, or as a DITesting function the witness
    /// calls, would hide it in the witness: the witness reaches the stand-in through `self` (`Self`)
    /// and the function by its module.
    @Test func aParameterNamedAsAStandInOrADITestingFunctionDoesNotHideIt() throws {
        let source = try generate(["Shadowing"]).source
        #expect(source.contains("return self.loadMock.call(loadMock, default: mockDefault())"))
        #expect(source.contains("self.saveMock.call(saveMock, default: ())"))
        #expect(source.contains("return valueMock.call(mockDefault, default: DITesting.mockDefault())"))
        #expect(source.contains("return Self.makeMock.call(makeMock, default: mockDefault())"))
    }

    /// Every public type DIKitCore and DITesting declare, read from their sources: a type of that
    /// name in another module is named by its module.
    @Test func everyTypeNameOfDIKitIsKnownToTheGenerator() throws {
        let names = try dikitPublicTypeNames()
        #expect(names.count > 30 && names.contains("Scope") && names.contains("MockFunction"))
        let source = try mockUsingTypes(named: names + ["Weather"])
        for (index, name) in names.enumerated() {
            #expect(source.contains("var p\(index): Names.\(name) {"), "\(name)")
        }
        #expect(source.contains("var p\(names.count): Weather {"))
    }
}

/// The mock of a protocol `Uses` whose property `p0`, `p1`, … is of each type of `names`, declared
/// by a module `Names` whose graph the tool does not read (another package's): only the names
/// tell whether a type of it is ambiguous in the mock's file.
private func mockUsingTypes(named names: [String]) throws -> String {
    let library = names.map { "public struct \($0) {}" }.joined(separator: "\n")
    let properties = names.enumerated().map { "    var p\($0): \($1) { get }" }
    return try generate(
        source: (["import Names", "public protocol Uses {"] + properties + ["}"]).joined(separator: "\n"),
        after: [("Names", library)], unread: ["Names"]
    ).source
}

/// The names of the top-level types the toolchain's Foundation declares (on Linux, the modules
/// it is made of), but the `NS`, `CF` and underscored ones.
private func toolchainFoundationTypeNames() throws -> [String] {
    let modules = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    ]
    let kinds: Set = ["swift.struct", "swift.class", "swift.actor", "swift.enum", "swift.protocol", "swift.typealias"]
    var names = Set<String>()
    for graph in try toolchainSymbolGraphs(of: modules) {
        for symbol in graph.symbols where symbol.pathComponents.count == 1 && kinds.contains(symbol.kind.identifier) {
            let name = symbol.pathComponents[0]
            if !["_", "NS", "CF"].contains(where: name.hasPrefix) { names.insert(name) }
        }
    }
    return names.sorted()
}

/// The names of the public types declared at the top level of DIKitCore's and DITesting's sources.
private func dikitPublicTypeNames() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    let declaration = try Regex(
        #"^(?:@\w+ )*(?:public|open) (?:final )?(?:class|struct|enum|protocol|actor|typealias) (\w+)"#
    )
    .anchorsMatchLineEndings()
    var names = Set<String>()
    for module in ["DIKitCore", "DITesting"] {
        let folder = root.appendingPathComponent(module)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
    }
    return names.sorted()
}
