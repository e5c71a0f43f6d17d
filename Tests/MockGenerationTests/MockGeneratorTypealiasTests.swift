import MockGeneration
import Testing

/// A protocol's typealiases, written out in its mock.
@Suite struct MockGeneratorTypealiasTests {
    @Test func aClosuresAliasIsWrittenOutInParenthesesWhereSomethingFollows() throws {
        let source = try generate(["Loading"]).source
        #expect(
            source.contains(
                "let loadMock = MockFunction<(url: URL, completion: (Result<Data, any Error>) -> Void), Void>"))
        #expect(source.contains("func load(_ url: URL, completion: @escaping (Result<Data, any Error>) -> Void) {"))
        #expect(source.contains("func cached() -> ((Result<Data, any Error>) -> Void)? {"))
        // Written out, the non-escaping closure is seen for one: run, not kept.
        #expect(source.contains("return runMock.call((), orRun: body())"))
        #expect(!source.contains("MockLoading.Completion"))
    }

    @Test func anAliasNamingAnAssociatedTypeNamesTheMocksType() throws {
        let source = try generate(["Shelf", "NumberShelf"]).source
        #expect(source.contains("let allMock = MockFunction<Void, [Item]>(\"all()\""))
        #expect(source.contains("func all() -> [Item] {"))
        #expect(source.contains("typealias Item = Int") && source.contains("func sum(of items: [Item]) -> Int {"))
        #expect(!source.contains(".Items"))
    }
}
