import Foundation
import MockGeneration
import Testing

/// A requirement a protocol inherits, which an extension the mock gets implements, is left to
/// that implementation.
@Suite struct MockGeneratorDefaultsTests {
    @Test func anInheritedRequirementAnExtensionImplementsIsLeftToIt() throws {
        let source = try generate(["SimpleHandler", "StreamingHandler", "FeatureModule"]).source
        let simple = try #require(mockSource("MockSimpleHandler", in: source))
        #expect(simple.contains("func handle(_ value: String) async throws -> String {"))
        #expect(!simple.contains("values"))
        #expect(!simple.contains("routes"))
        // The mocked protocol's own requirements are mocked, defaults or not.
        let streaming = try #require(mockSource("MockStreamingHandler", in: source))
        #expect(streaming.contains("func handle(_ values: [String]) async throws -> [String] {"))
        #expect(streaming.contains("let routesMock = MockFunction<Void, [String]>(\"routes()\""))
        // Another package's default: DIKit's `Assembly.dependencies`.
        let feature = try #require(mockSource("MockFeatureModule", in: source))
        #expect(feature.contains("let assembleMock"))
        #expect(!feature.contains("dependencies"))
    }

    @Test func aDefaultInAConstrainedExtensionIsNot() throws {
        let source = try generate(["LabelledItem"]).source
        #expect(source.contains("let labelMock = MockFunction<Void, String>(\"label()\""))
    }

    /// A refinement fixing associated types, one over its default (`Output == Int` over `=
    /// Never`, as SwiftNIO handlers fix `OutboundOut`): typealiases to those types, no `where`
    /// clause on a class that is not generic, and the defaults for them, one in an extension
    /// constrained to them (`where Events == [String]`, as Combine's `objectWillChange` is).
    @Test func associatedTypesARefinementFixesGetTheirDefaults() throws {
        let source = try generate(["LineReader"]).source
        let reader = try #require(mockSource("MockLineReader", in: source))
        #expect(reader.contains("final class MockLineReader: Corpus.LineReader, AutoInjectMock, Sendable {"))
        #expect(reader.contains("typealias Output = Int"))
        #expect(reader.contains("typealias Input = String"))
        #expect(reader.contains("typealias Events = [String]"))
        #expect(!reader.contains("where"))
        #expect(!reader.contains("events"))
        #expect(!reader.contains("handle"))
    }

    /// A deprecated default of a requirement that is not deprecated says to implement it (swift-log's
    /// `log(event:)`); a deprecated requirement's deprecated default serves.
    @Test func aDeprecatedDefaultOfARequirementThatIsNotIsNot() throws {
        let sink = try #require(mockSource("MockAuditSink", in: try generate(["AuditSink"]).source))
        #expect(sink.contains("    func write(event: String) {"))
        #expect(!sink.contains("level"))
    }

    /// In a main-actor-by-default module: a main-actor default of a main-actor requirement is
    /// taken; of a nonisolated one, not (the conformance would cross into main-actor code).
    @Test func aDefaultIsolatedOtherwiseThanItsRequirementIsNot() throws {
        let source = try generateApproachable().source
        let cached = try #require(mockSource("MockCachedOrders", in: source))
        #expect(cached.contains("func cachedCount() -> Int {"))
        #expect(!cached.contains("count: Int"))
        let job = try #require(mockSource("MockNightlyJob", in: source))
        #expect(job.contains("    func name() -> String {"))
    }

    /// The graphs relate a default to every requirement of its name: only the one it meets counts.
    @Test func aDefaultOfTheSameNameButAnotherSignatureIsNot() throws {
        let source = try generate(
            source: """
                public protocol Base { func value(_ key: Int) -> Int }
                public protocol Refined: Base {}
                extension Refined { public func value(_ key: String) -> Int { 0 } }
                """
        ).source
        let refined = try #require(mockSource("MockRefined", in: source))
        #expect(refined.contains("func value(_ key: Int) -> Int {"))
    }

    /// An extension of a protocol refining the mocked one, or one the mock cannot see, gives the
    /// mock nothing.
    @Test func aDefaultTheMockDoesNotGetIsNot() throws {
        let source = try generate(
            source: """
                public protocol Base { func value() -> Int }
                public protocol Middle: Base {}
                public protocol Leaf: Middle {}
                extension Leaf { public func value() -> Int { 1 } }
                public protocol Hidden: Base {}
                extension Hidden { func value() -> Int { 2 } }
                """
        ).source
        let middle = try #require(mockSource("MockMiddle", in: source))
        #expect(middle.contains("func value() -> Int {"))
        let leaf = try #require(mockSource("MockLeaf", in: source))
        #expect(!leaf.contains("func value()"))
        // Internal, for a public protocol, whose mock's file imports the module without `@testable`.
        let hidden = try #require(mockSource("MockHidden", in: source))
        #expect(hidden.contains("func value() -> Int {"))
    }
}

/// The text of the mock named `name` in `source`, from its declaration to its closing brace.
private func mockSource(_ name: String, in source: String) -> Substring? {
    guard let start = source.range(of: "final class \(name)") else { return nil }
    let rest = source[start.lowerBound...]
    guard let end = rest.range(of: "\n}\n") else { return nil }
    return rest[..<end.upperBound]
}
