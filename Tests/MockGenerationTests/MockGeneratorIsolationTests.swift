import MockGeneration
import Testing

/// The mocks of isolated protocols — main-actor, another global actor's, actors — whose stand-ins
/// tests read from anywhere.
@Suite struct MockGeneratorIsolationTests {
    @Test func mainActorProtocols() throws {
        let source = try generate(["Screen"]).source
        #expect(source.contains("\n@MainActor final class MockScreen: Corpus.Screen, AutoInjectMock {"))
        #expect(source.contains("nonisolated static var registeredTypes"))
        #expect(source.contains("nonisolated init() {}"))
        #expect(source.contains("nonisolated let showMock = MockFunction<Void, Void>(\"show()\""))
    }

    @Test func aMainActorRefinementOfANonisolatedProtocolGetsANonisolatedMock() throws {
        // An isolated mock's witness of `Named.name` would cross into main-actor code.
        let source = try generate(["NamedScreen"]).source
        #expect(
            source.contains("\nnonisolated final class MockNamedScreen: Corpus.NamedScreen, AutoInjectMock, Sendable {")
        )
        #expect(source.contains("    var name: String { nameMock.get(default: mockDefault()) }"))
        #expect(source.contains("    @MainActor func show() {"))
        #expect(source.contains("    init() {}"))
    }

    @Test func aMainActorByDefaultModulesRefinementsAndClassesAreReadAsTheyAre() throws {
        let output = try generateApproachable()
        // Its symbol graph marks a refinement `@MainActor`, not what it refines.
        #expect(output.source.contains("\nnonisolated final class MockOrderHistory: Approachable.OrderHistory,"))
        // Its classes are main-actor without saying so; their `init()` says it. A protocol requiring
        // one is main-actor too: its mock subclasses the class, on the main actor.
        #expect(
            output.source.contains(
                "\n@MainActor final class MockOrderCellLike: Approachable.OrderCell, Approachable.OrderCellLike, "
                    + "AutoInjectMock {\n    nonisolated static var registeredTypes"))
        #expect(output.source.contains("\n    override init() { super.init() }\n\n    nonisolated let configureMock"))
    }

    /// The mock's `init()` calls the class's, isolated to its actor: it is isolated to that actor
    /// too, not `nonisolated` as an isolated protocol's mock's is.
    @Test func aProtocolRequiringAnIsolatedClassGetsASubclassIsolatedAsTheClass() throws {
        let source = try generate(["MainViewLike", "StoreViewLike", "LooseViewLike"]).source
        #expect(source.contains("\n@MainActor final class MockMainViewLike: Corpus.MainView, Corpus.MainViewLike,"))
        #expect(source.contains("\n@StoreActor final class MockStoreViewLike: Corpus.StoreView, Corpus.StoreViewLike,"))
        #expect(source.contains("\n    override init() { super.init() }\n"))
        #expect(!source.contains("nonisolated override init()"))
        #expect(source.contains("    @MainActor func show() {"))
        // A requirement the protocol declares `nonisolated` keeps its witness so.
        #expect(source.contains("    nonisolated func title() -> String {"))
    }

    @Test func protocolsOfAnotherGlobalActorGetAMockIsolatedToIt() throws {
        let source = try generate(["Ledger"]).source
        #expect(source.contains("@StoreActor final class MockLedger: Corpus.Ledger, AutoInjectMock {"))
        #expect(source.contains("nonisolated static var registeredTypes: [Any.Type] { [(any Corpus.Ledger).self] }"))
        #expect(source.contains("nonisolated init() {}"))
        #expect(source.contains("    nonisolated init(name: String) {\n        Self.initMock.call(name, default: ())"))
        #expect(source.contains("nonisolated let recordMock = MockFunction<Int, Void>(\"record(_:)\""))
        #expect(source.contains("    @StoreActor func record(_ amount: Int) {"))
        #expect(source.contains("    nonisolated func label() -> String {"))
    }

    @Test func anActorProtocolGetsAnActorWhoseStandInsAreNotIsolated() throws {
        let source = try generate(["Counter"]).source
        #expect(source.contains("\nactor MockCounter: Corpus.Counter, AutoInjectMock {"))
        #expect(source.contains("nonisolated static var registeredTypes: [Any.Type] { [(any Corpus.Counter).self] }"))
        // An actor's initializer is not isolated, and cannot be marked so.
        #expect(source.contains("\n    init() {}"))
        #expect(source.contains("nonisolated let incrementMock = AsyncMockFunction<Void, Int>(\"increment()\""))
        #expect(source.contains("    func reset() {\n        resetMock.call((), default: ())"))
        #expect(source.contains("nonisolated func name() -> String {"))
    }

    @Test func aSendingResultsWitnessIsNonisolated() throws {
        let source = try generate(["Drafting", "MainDrafting"]).source
        #expect(source.contains("    nonisolated func draft() -> sending Corpus.Draft {"))
        #expect(source.contains("    nonisolated func draftLater() async throws -> sending Corpus.Draft {"))
        // A main-actor mock's too: a nonisolated witness meets a main-actor requirement.
        #expect(source.contains("    nonisolated func draftLater() async -> sending Corpus.Draft {"))
        #expect(!source.contains("@MainActor func draft"))
        // `@concurrent` is nonisolated already: written as it is.
        #expect(source.contains("    @concurrent func render() async -> sending Corpus.Draft {"))
    }

    /// A parameter `isolated` to an actor says where the call runs: its witness is not also
    /// `nonisolated(nonsending)`, which Swift refuses ("because it has an isolated parameter").
    @Test func aWitnessTakingAnIsolatedParameterRunsOnThatActor() throws {
        let source = try generate(["Polling"]).source
        #expect(source.contains("\n    func next(isolation actor: isolated (any Actor)?) async throws -> Int? {"))
        #expect(source.contains("\n    func drain(on actor: isolated any Actor) async -> [Int] {"))
        #expect(source.contains("AsyncMockFunction<(any Actor)?, Int?>(\"next(isolation:)\""))
        #expect(!source.contains("nonisolated(nonsending)"))
    }

    @Test func identifiableWithItsIDMadeATypeGetsAnIDStandIn() throws {
        let source = try generate(["Listing", "RowModel"]).source
        #expect(source.contains("let idMock = MockProperty<String>(\"id\""))
        #expect(source.contains("var id: String { idMock.get(default: mockDefault()) }"))
        // Identifiable's `id` is nonisolated: so is a main-actor mock's.
        #expect(source.contains("nonisolated var id: UUID { idMock.get(default: mockDefault()) }"))
    }

    /// An async witness of a nonisolated mock runs in its caller's isolation, as a requirement of
    /// a module built with `NonisolatedNonsendingByDefault` does (its symbol graph does not say
    /// so), unless the requirement says how it runs; an isolated mock's witnesses are its actor's.
    @Test func aModifierAWitnessAddsFollowsItsAttributes() throws {
        let source = try generate(["Flushing"]).source
        #expect(source.contains("    @discardableResult nonisolated(nonsending) func flush() async -> Int {"))
        #expect(source.contains("@Sendable nonisolated(nonsending) func handle(_ value: Int) async throws -> Int {"))
        #expect(source.contains("    @Sendable nonisolated func snapshot() -> sending [Int] {"))
    }

    @Test func asyncWitnessesRunInTheirCallersIsolation() throws {
        let source = try generateNonsending().source
        let open = "    nonisolated(nonsending) func `open`(_ name: String) async throws -> Nonsending.Document {"
        #expect(source.contains(open))
        #expect(source.contains("    nonisolated(nonsending) var current: Nonsending.Document? {\n        get async {"))
        #expect(source.contains("    @concurrent func compact() async {"))
        #expect(!source.contains("nonisolated(nonsending) @concurrent"))
        #expect(source.contains("    nonisolated(nonsending) init(document: Nonsending.Document) async {"))
        let isolated = try generate(["Screen", "Counter"]).source
        #expect(!isolated.contains("nonisolated(nonsending)"))
    }
}
