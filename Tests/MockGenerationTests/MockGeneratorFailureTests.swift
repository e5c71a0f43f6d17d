import MockGeneration
import Testing

/// What the generator refuses, and how it says so.
@Suite struct MockGeneratorFailureTests {
    @Test func aProtocolAskedForByNameThatCannotBeMockedFails() {
        let error = #expect(throws: MockGenerator.Failure.self) { try generate(["SealedLike"]) }
        #expect(
            error?.description.contains(
                "cannot generate a mock of 'SealedLike': it requires a superclass (Sealed) that is final")
                == true)
    }

    @Test func aModuleWithNoProtocolFailsSayingSo() {
        let options = MockGenerator.Options(moduleName: "App", command: "generate-mocks")
        let error = #expect(throws: MockGenerator.Failure.self) {
            try MockGenerator(graphs: [SymbolGraph(symbols: [], relationships: [])], options: options).generate()
        }
        #expect(
            error?.description == """
                error: App declares no protocol at internal access or above: nothing to mock, and nothing was \
                written. Name the target that declares the protocols (--target …).
                """)
    }

    @Test func aNameTheTargetDoesNotHaveFails() {
        let error = #expect(throws: MockGenerator.Failure.self) { try generate(["Missing"]) }
        #expect(error?.description.contains("Corpus has no protocol named 'Missing'") == true)
        #expect(
            error?.description.contains("Its protocols: Alerting, AppFailure, Attributes, AuditSink, Binding") == true)
    }

    /// The symbol graph of an internal protocol leaves out a requirement named with a leading
    /// underscore: a mock made from it would not compile, unless an extension implements it.
    @Test func anInternalProtocolWithAnUnderscoredRequirementIsSkippedUnlessImplemented() throws {
        let error = #expect(throws: MockGenerator.Failure.self) { try generate(["StorageBacked"]) }
        #expect(
            error?.description.contains(
                "cannot generate a mock of 'StorageBacked': StorageBacked declares _storage, and the symbol graph of an "
                    + "internal protocol leaves out")
                == true)
        let visible = try generate(["Visible"]).source
        #expect(visible.contains("final class MockVisible: Corpus.Visible, AutoInjectMock {"))
        #expect(visible.contains("func show(animated: Bool) {"))
        #expect(!visible.contains("_visibility"))
    }

    /// A stand-in cannot keep a nonescapable value of the standard library's.
    @Test func aRequirementTakingASpanIsSkipped() throws {
        let output = try generate(
            source: """
                @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
                protocol Checksumming {
                    func checksum(_ bytes: RawSpan) -> UInt32
                }

                protocol Named {
                    var name: String { get }
                }
                """)
        #expect(output.mocked == ["Named"])
        #expect(
            output.skipped.map(\.reason) == [
                "its requirement checksum(_:) takes or returns RawSpan, which is noncopyable or nonescapable: a "
                    + "stand-in cannot keep it"
            ])
    }

    /// `ExecutorJob` (an `EventLoop`'s `enqueue(_:)`) and `Mutex` are noncopyable: a stand-in
    /// cannot keep them either, unless an extension implements the requirement.
    @Test func theConcurrencyAndSynchronizationModulesNoncopyableTypesAreNotKept() throws {
        let output = try generate(
            source: """
                import Synchronization

                protocol Executing {
                    func enqueue(_ job: consuming ExecutorJob)
                }

                protocol Guarding {
                    func withLock(_ mutex: borrowing Mutex<Int>)
                }

                protocol Scheduling {
                    func schedule(_ name: String)
                    func enqueue(_ job: consuming ExecutorJob)
                }

                extension Scheduling {
                    func enqueue(_ job: consuming ExecutorJob) {}
                }
                """)
        #expect(output.mocked == ["Scheduling"])
        #expect(output.source.contains("scheduleMock") && !output.source.contains("enqueueMock"))
        #expect(
            output.skipped.map(\.reason) == [
                "its requirement enqueue(_:) takes or returns ExecutorJob, which is noncopyable or nonescapable: a "
                    + "stand-in cannot keep it",
                "its requirement withLock(_:) takes or returns Mutex, which is noncopyable or nonescapable: a "
                    + "stand-in cannot keep it",
            ])
    }
}
