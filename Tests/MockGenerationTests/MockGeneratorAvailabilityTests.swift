import MockGeneration
import Testing

/// How a mock says its protocol's availability.
@Suite struct MockGeneratorAvailabilityTests {
    /// A mock of a deprecated protocol is deprecated as the protocol is: inside it, naming the
    /// protocol warns of nothing.
    @Test func aDeprecatedProtocolsMockIsDeprecatedToo() throws {
        let source = try generate(["LegacyProfile", "LegacyStore"]).source
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
    }
}
