import DITesting
import Testing

/// A type of an app whose code is main-actor by default, given a default for mocks.
struct Outlook: Equatable {
    var summary: String
}

extension Outlook: MockDefaultValue {
    static var mockDefaultValue: Outlook { Outlook(summary: "") }
}

/// `MockDefaultValue` in a target that is main-actor by default: the default is found on the main
/// actor and off it, where a mock may be called.
@Suite struct MockDefaultValueMainActorTests {
    @Test func aMainActorTargetsTypeHasItsDefaultOnAndOffTheMainActor() async {
        #expect(mockDefault(Outlook.self) == Outlook(summary: ""))
        let offMain = await Task.detached { mockDefault(Outlook.self).summary }.value
        #expect(offMain == "")
    }
}
