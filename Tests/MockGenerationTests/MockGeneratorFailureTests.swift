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
            error?.description.contains("Its protocols: Alerting, AppFailure, Attributes, AuditSink, Batching, Binding")
                == true)
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
        #expect(visible.contains("final class MockVisible: Corpus.Visible, AutoInjectMock, Sendable {"))
        #expect(visible.contains("func show(animated: Bool) {"))
        #expect(!visible.contains("_visibility"))
    }

    /// A stand-in cannot keep a nonescapable value of the standard library's: the call is recorded
    /// without it, and answered.
    @Test func aSpanItTakesIsNotRecorded() throws {
        let output = try generate(
            source: """
                @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
                protocol Checksumming {
                    func checksum(_ bytes: RawSpan, seed: UInt32) -> UInt32
                }
                """)
        #expect(output.mocked == ["Checksumming"])
        #expect(output.skipped.isEmpty)
        #expect(
            output.source.contains(
                #"let checksumMock = MockFunction<UInt32, UInt32>("checksum(_:seed:)", of: MockChecksumming.self)"#))
        #expect(output.source.contains("func checksum(_ bytes: RawSpan, seed: UInt32) -> UInt32 {"))
        #expect(output.source.contains("return checksumMock.call(seed, default: mockDefault())"))
    }

    /// `ExecutorJob` (an `EventLoop`'s `enqueue(_:)`) and `Mutex` are noncopyable: a stand-in
    /// records the call without them — unless an extension implements the requirement, which the
    /// mock leaves it to.
    @Test func theConcurrencyAndSynchronizationModulesNoncopyableTypesAreNotKept() throws {
        let output = try generate(
            source: """
                import Synchronization

                protocol Executing {
                    func enqueue(_ job: consuming ExecutorJob)
                }

                protocol Guarding {
                    func withLock(_ mutex: borrowing Mutex<Int>) -> Bool
                }

                protocol Scheduling {
                    func schedule(_ name: String)
                    func enqueue(_ job: consuming ExecutorJob)
                }

                extension Scheduling {
                    func enqueue(_ job: consuming ExecutorJob) {}
                }
                """)
        #expect(output.mocked == ["Executing", "Guarding", "Scheduling"])
        #expect(output.skipped.isEmpty)
        #expect(
            output.source.contains(
                #"let enqueueMock = MockFunction<Void, Void>("enqueue(_:)", of: MockExecuting.self)"#))
        #expect(
            output.source.contains(
                "func enqueue(_ job: consuming ExecutorJob) {\n        enqueueMock.call((), default: ())"))
        #expect(output.source.contains("return withLockMock.call((), default: mockDefault())"))
        let scheduling = try #require(output.source.firstRange(of: "class MockScheduling"))
        #expect(output.source[scheduling.upperBound...].contains("scheduleMock"))
        #expect(!output.source[scheduling.upperBound...].contains("enqueueMock"))
    }

    /// A generic value that may be noncopyable is not recorded either; one the stand-in would have
    /// to hand out — unless the closure the method runs makes it, with what the method was given,
    /// or, where the method throws, with the values the test gives — or hand back `inout` cannot be
    /// mocked: the protocol is skipped, saying why.
    @Test func aValueThatMayBeNoncopyableIsNotRecordedAndCannotBeAnswered() throws {
        let output = try generate(
            source: """
                protocol Weighing {
                    func weigh<T: ~Copyable>(_ value: borrowing T, unit: String) -> Double
                    func discard(_ value: consuming some ~Copyable)
                }

                protocol Wrapping {
                    func wrap<T: ~Copyable>(_ value: consuming T) -> T
                }

                protocol Swapping {
                    func swap<T>(_ value: inout T) where T: ~Copyable
                }

                protocol Transacting {
                    func perform<R: ~Copyable>(_ body: () throws -> R) rethrows -> R
                    func run<R: ~Copyable>(_ name: String, _ body: () async throws -> R) async throws -> R
                }

                protocol Leasing {
                    func lease<R: ~Copyable>(_ body: (Int) throws -> R) rethrows -> R
                }

                protocol Watching {
                    func watch<R: ~Copyable>(_ body: (Int) throws -> R) throws -> R
                }
                """)
        #expect(output.mocked == ["Transacting", "Watching", "Weighing"])
        // Only its closure makes the result: run with the values the test gives, else a failure.
        #expect(
            output.source.contains(
                "try watchMock.call(())\n        let passed: Int = try watchMock.closureValues(for: ())\n"
                    + "        return try body(passed)"))
        #expect(
            output.source.contains(
                #"let weighMock = MockFunction<String, Double>("weigh(_:unit:)", of: MockWeighing.self)"#))
        #expect(
            output.source.contains(
                #"let discardMock = MockFunction<Void, Void>("discard(_:)", of: MockWeighing.self)"#))
        // A result that may be noncopyable is answered by the closure the method runs.
        #expect(output.source.contains(#"let performMock = MockFunction<Void, Void>("perform(_:)""#))
        #expect(output.source.contains("performMock.call((), default: ())\n        return try body()"))
        #expect(output.source.contains(#"let runMock = AsyncMockFunction<String, Void>("run(_:_:)""#))
        #expect(output.source.contains("try await runMock.call(name)\n        return try await body()"))
        #expect(
            output.skipped.map(\.reason) == [
                "its requirement lease(_:) returns R, which is or may be noncopyable or nonescapable: a stand-in "
                    + "cannot hand it out",
                "its requirement swap(_:) takes inout T, which is or may be noncopyable or nonescapable: a stand-in "
                    + "cannot hand back its new value",
                "its requirement wrap(_:) returns T, which is or may be noncopyable or nonescapable: a stand-in cannot "
                    + "hand it out",
            ])
    }

    /// A generic subscript whose result names the protocol in a generic argument cannot be declared
    /// in a generic mock ("has self-referential generic requirements", FluentKit's `ModelAlias`):
    /// it is left to an extension that implements it, or the protocol is skipped, saying why. In a
    /// mock that is not generic, or as a method, it is mocked.
    @Test func aSubscriptSwiftCannotDeclareInAGenericMockIsLeftToItsDefault() throws {
        let output = try generate(
            source: """
                protocol Field { associatedtype Model }
                struct Aliased<Alias: Aliasing, F: Field> where F.Model == Alias.Model {}

                protocol Aliasing {
                    associatedtype Model
                    subscript<F: Field>(field key: KeyPath<Model, F>) -> Aliased<Self, F> where F.Model == Model { get }
                    func name() -> String
                }

                extension Aliasing {
                    subscript<F: Field>(field key: KeyPath<Model, F>) -> Aliased<Self, F> where F.Model == Model {
                        Aliased()
                    }
                }

                struct Renamed<R: Renaming, F: Field> where F.Model == R.Model {}

                protocol Renaming {
                    associatedtype Model
                    subscript<F: Field>(field key: KeyPath<Model, F>) -> Renamed<Self, F> where F.Model == Model { get }
                }

                protocol IntAliasing: Aliasing where Model == Int {
                    func aliased<F: Field>(_ key: KeyPath<Model, F>) -> Aliased<Self, F> where F.Model == Model
                }

                protocol IntRenaming: Renaming where Model == Int {}
                """)
        #expect(output.mocked == ["Aliasing", "Field", "IntAliasing", "IntRenaming"])
        #expect(output.source.contains("final class MockAliasing<Model>:"))
        #expect(!output.source.contains(#"("subscript(field:)", of: MockAliasing"#))
        #expect(output.source.contains(#"("subscript(field:)", of: MockIntRenaming.self)"#))
        #expect(output.source.contains(#"("aliased(_:)", of: MockIntAliasing.self)"#))
        #expect(
            output.skipped.map(\.reason) == [
                "its requirement subscript(field:) is a generic subscript returning Renamed<Self, F>, which Swift "
                    + "cannot declare in its mock, generic over the protocol's associated types"
            ])
    }
}
