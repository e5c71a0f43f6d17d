import MockGeneration
import Testing

/// A protocol's associated types, as its mock declares them: generic parameters, or typealiases.
@Suite struct MockGeneratorAssociatedTypeTests {
    @Test func associatedTypesMakeAGenericMock() throws {
        let source = try generate(["Cache", "IntCache", "Feed"]).source
        // Without a default, a generic parameter with its constraints; with one, a typealias.
        #expect(source.contains("final class MockCache<Key: Hashable>: Corpus.Cache, AutoInjectMock, Sendable {"))
        #expect(source.contains("    typealias Value = String"))
        // Registered as code resolves it, with the primary associated type.
        #expect(source.contains("static var registeredTypes: [Any.Type] { [(any Corpus.Cache<Key>).self] }"))
        // `Self.Key` in a requirement is the mock's parameter.
        #expect(source.contains("let valueMock = MockFunction<Key, Value?>(\"value(for:)\""))
        #expect(source.contains("func store(_ value: Value, for key: Key) {"))
        // A static stand-in of a generic mock cannot be stored: it is the test's, computed.
        #expect(source.contains("static var makeKeyMock: MockFunction<Void, Key> { perTest { .init(\"makeKey()\") } }"))
        // A refinement's `where Key == Int` fixes the parameter: a typealias.
        #expect(source.contains("final class MockIntCache: Corpus.IntCache, AutoInjectMock, Sendable {"))
        #expect(source.contains("    typealias Key = Int"))
        // Constraints between associated types are kept.
        #expect(
            source.contains(
                "final class MockFeed<Item: Equatable & Sendable, Items: Collection>: Corpus.Feed, AutoInjectMock, Sendable "
                    + "where Item == Items.Element {"))
        // A member of one: `Items.Index`, not `MockFeed.Items.Index`, which names no member type.
        #expect(source.contains("let itemMock = MockFunction<Items.Index, Item?>(\"item(at:)\""))
        #expect(source.contains("func item(at index: Items.Index) -> Item? {"))
    }

    /// A `where` clause fixing an associated type to a function type: its arrow closes nothing,
    /// so the next requirement of the clause is read as one too.
    @Test func aWhereClauseWithAFunctionTypeFixesEachType() throws {
        let source = try generate(
            source: """
                public protocol Pipeline {
                    associatedtype Key
                    associatedtype Transform
                    associatedtype Value
                    func key() -> Key
                }
                public protocol IntPipeline: Pipeline where Key == String, Transform == (Int) -> Int, Value == Int {}
                """
        ).source
        #expect(source.contains("final class MockIntPipeline: Scratch.IntPipeline, AutoInjectMock, Sendable {"))
        #expect(source.contains("    typealias Transform = (Int) -> Int"))
        #expect(source.contains("    typealias Key = String"))
        #expect(source.contains("    typealias Value = Int"))
    }

    /// `throws(Failure)` with `Failure` defaulting to `Never`, which the mock fixes: the witness
    /// throws nothing, and a `try` would warn ("no calls to throwing functions occur within 'try'"),
    /// an error in a test target built with warnings as errors. A generic `Failure` still throws.
    @Test func throwingAnAssociatedTypeFixedToNeverIsNotTried() throws {
        let source = try generate(
            source: """
                public protocol Source {
                    associatedtype Failure: Error = Never
                    var value: Int { get throws(Failure) }
                    func next() async throws(Failure) -> Int
                }
                public protocol Sink {
                    associatedtype Failure: Error
                    func receive() throws(Failure)
                }
                """
        ).source
        #expect(source.contains("    typealias Failure = Never"))
        #expect(source.contains("var value: Int { valueMock.get(default: mockDefault()) }"))
        #expect(source.contains("return await nextMock.call((), default: mockDefault())"))
        #expect(source.contains("try receiveMock.call((), throwing: Failure.self, default: ())"))
    }

    /// A getter throwing the mock's generic parameter names it as it is: `throws(MockSource.Failure)`
    /// would reach it through the conformance the getter is part of, a circular reference.
    @Test func aGetterThrowingAGenericParameterNamesItUnqualified() throws {
        let source = try generate(
            source: """
                public protocol Source<Failure> {
                    associatedtype Failure: Error
                    var value: Int { get throws(Failure) }
                    func next() throws(Failure) -> Int
                }
                """
        ).source
        #expect(source.contains("final class MockSource<Failure: Error>: Scratch.Source, AutoInjectMock, Sendable {"))
        #expect(
            source.contains(
                "get throws(Failure) { try valueMock.get(throwing: Failure.self, default: mockDefault()) }"))
        #expect(source.contains("return try nextMock.call((), throwing: Failure.self, default: mockDefault())"))
        #expect(!source.contains("MockSource.Failure"))
    }

    /// An associated type defaulting to `Never` that a closure the protocol takes throws stays
    /// generic: Swift 6.3 crashes ("signal 11", in SILGen) building that witness with it fixed to
    /// `Never`. Thrown by the requirement itself, or by a closure it returns, it is fixed.
    @Test func aDefaultNeverThrownByATakenClosureStaysGeneric() throws {
        let source = try generate(
            source: """
                public protocol Store {
                    associatedtype Failure: Error = Never
                    func transaction(_ body: () throws(Failure) -> Int) throws(Failure) -> Int
                }
                public protocol Observed {
                    associatedtype Failure: Error = Never
                    var handler: ((Int) throws(Failure) -> Void)? { get set }
                }
                public protocol Indexed {
                    associatedtype Failure: Error = Never
                    subscript(_ body: () throws(Failure) -> Int) -> Int { get }
                }
                public protocol Made {
                    associatedtype Failure: Error = Never
                    func make() throws(Failure) -> () throws(Failure) -> Int
                    func each<T>(_ items: [T], limit: Int) throws(Failure)
                }
                """
        ).source
        #expect(source.contains("final class MockStore<Failure: Error>: Scratch.Store, AutoInjectMock, Sendable {"))
        #expect(
            source.contains("final class MockObserved<Failure: Error>: Scratch.Observed, AutoInjectMock, Sendable {"))
        #expect(source.contains("final class MockIndexed<Failure: Error>: Scratch.Indexed, AutoInjectMock, Sendable {"))
        #expect(source.contains("final class MockMade: Scratch.Made, AutoInjectMock, Sendable {"))
        #expect(source.ranges(of: "typealias Failure = Never").count == 1)
    }
}
