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
                nonisolated final class MockLegacyProfile: Corpus.LegacyProfile, AutoInjectMock {
                """))
        #expect(
            source.contains(
                """
                @available(macOS, deprecated: 13.0)
                nonisolated final class MockLegacyStore: Corpus.LegacyStore, AutoInjectMock {
                """))
        // The language version's domain is spelled `swift`.
        #expect(
            source.contains(
                """
                @available(swift, deprecated: 5.6, message: "Use Profile")
                nonisolated final class MockLegacyReader: Corpus.LegacyReader, AutoInjectMock {
                """))
    }
}
