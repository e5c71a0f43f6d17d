import MockGeneration
import Testing

/// How a mock says its protocol's availability.
@Suite struct MockGeneratorAvailabilityTests {
    /// A mock of a deprecated protocol is deprecated as the protocol is: inside it, naming the
    /// protocol warns of nothing.
    @Test func aDeprecatedProtocolsMockIsDeprecatedToo() throws {
        let source = try generate(["LegacyProfile", "LegacyStore", "LegacyReader"]).source
        #expect(
            source.contains(
                """
                @available(*, deprecated, message: "Use \\"Profile\\" instead")
                nonisolated final class MockLegacyProfile: Corpus.LegacyProfile, AutoInjectMock, Sendable {
                """))
        #expect(
            source.contains(
                """
                @available(macOS, deprecated: 13.0)
                nonisolated final class MockLegacyStore: Corpus.LegacyStore, AutoInjectMock, Sendable {
                """))
        // The language version's domain is spelled `swift`.
        #expect(
            source.contains(
                """
                @available(swift, deprecated: 5.6, message: "Use Profile")
                nonisolated final class MockLegacyReader: Corpus.LegacyReader, AutoInjectMock, Sendable {
                """))
    }

    @Test func aDeprecatedRequirementNamingADeprecatedTypeHasADeprecatedWitnessAndStandIn() throws {
        let source = try generate(["Renewing", "Recent"]).source
        #expect(
            source.contains(
                """
                    @available(*, deprecated, message: "Use renew()")
                    let renewLegacyMock = MockFunction<Corpus.LegacyToken, Corpus.LegacyToken>("renew(legacy:)", of: MockRenewing.self)
                    @available(*, deprecated, message: "Use renew()")
                    func renew(legacy: Corpus.LegacyToken) -> Corpus.LegacyToken {
                """))
        #expect(
            source.contains(
                """
                    @available(*, deprecated)
                    let legacyTokenMock = MockProperty<Corpus.LegacyToken?>("legacyToken", of: MockRenewing.self)
                    @available(*, deprecated)
                    var legacyToken: Corpus.LegacyToken? {
                """))
        #expect(source.contains("\n    let renewMock = MockFunction<Void, String>(\"renew()\""))
        // A deprecated requirement naming no deprecated type: its witness is not what is deprecated.
        #expect(source.contains("\n    func legacy() {"))
        #expect(!source.contains("deprecated, message: \"use fetch()\""))
    }

    @Test func theMockAndItsWitnessesSayTheProtocolsAvailability() throws {
        let source = try generate(["Recent"]).source
        #expect(
            source.contains(
                "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\nnonisolated final class MockRecent: Corpus.Recent, "
                    + "AutoInjectMock, Sendable {"
            ))
        #expect(
            source.contains("    @available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)\n    func newer() -> String {"))
        // What the protocol says already is not repeated, and deprecation is not the mock's.
        #expect(
            source.contains(
                "    let fetchMock = MockFunction<Void, Int>(\"fetch()\", of: MockRecent.self)\n    func fetch() -> Int {"
            ))
        #expect(!source.contains("deprecated"))
    }
}
