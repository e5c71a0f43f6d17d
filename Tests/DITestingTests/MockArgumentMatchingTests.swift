import DITesting
import Foundation
import Testing

final class Listener {}

/// Per-argument answers and checks for every kind of arguments: the tuple of a method of several
/// parameters, optionals, class instances and metatypes, and what cannot be compared.
@Suite(.testInjector(base: Container()))
struct MockArgumentMatchingTests {
    let api = MockWeatherAPI().injected()

    @Test func aMethodOfSeveralParametersIsAnsweredAndCheckedForAllOfThem() {
        api.temperature.returns(0)
        api.temperature.returns(21, for: (city: "Oslo", day: 1))
        #expect(api.temperature(city: "Oslo", day: 1) == 21)
        #expect(api.temperature(city: "Oslo", day: 2) == 0)
        #expect(api.temperature(city: "Rome", day: 1) == 0)
        #expect(api.temperature.callCount(for: (city: "Oslo", day: 1)) == 1)
        api.temperature.assertCalled(with: (city: "Oslo", day: 2), times: 1)
        api.temperature.expect(called: .once, with: (city: "Rome", day: 1))
        withKnownIssue {
            api.temperature.assertCalled(with: (city: "Oslo", day: 3))
        } matching: {
            $0.mentions("Expected MockWeatherAPI.temperature(city:day:) to be called with (city: \"Oslo\", day: 3)")
        }
    }

    @Test func asyncFunctionsOfSeveralParametersToo() async throws {
        let load = AsyncMockFunction<(path: String, retries: Int), Data>("load(path:retries:)")
        load.throwing(URLError(.notConnectedToInternet), for: (path: "/a", retries: 0))
        load.returns(Data([1]), for: (path: "/a", retries: 1))
        await #expect(throws: URLError.self) { try await load.call((path: "/a", retries: 0)) }
        #expect(try await load.call((path: "/a", retries: 1)) == Data([1]))
        load.assertCalled(with: (path: "/a", retries: 1), times: 1)
        #expect(load.callCount(for: (path: "/a", retries: 0)) == 1)
    }

    @Test func optionalsAreMatchedByValueAndNil() {
        let find = MockFunction<String?, Int>("find(_:)")
        find.returns(1, for: nil)
        find.returns(2, for: "a")
        #expect(find.call(nil, default: 0) == 1)
        #expect(find.call("a", default: 0) == 2)
        #expect(find.callCount(for: nil) == 1)
        #expect(find.callCount(for: "a") == 1)
    }

    @Test func classInstancesAreMatchedByIdentityAndMetatypesByType() {
        let first = Listener()
        let second = Listener()
        let add = MockFunction<Listener, Bool>("add(_:)")
        add.returns(true, for: first)
        add.returns(false)
        #expect(add.call(first, default: false))
        #expect(!add.call(second, default: true))
        add.assertCalled(with: second, times: 1)
        let decode = MockFunction<(type: Any.Type, key: String), Any>("decode(_:key:)")
        decode.returns(7, for: (type: Int.self, key: "n"))
        decode.returns("", for: (type: String.self, key: "n"))
        #expect(decode.call((type: Int.self, key: "n"), default: 0) as? Int == 7)
        #expect(decode.callCount(for: (type: String.self, key: "n")) == 0)
    }

    @Test func argumentsThatCannotBeComparedAreReportedAtTheCaller() {
        let observe = MockFunction<@Sendable (Int) -> Void, Void>("observe(_:)")
        withKnownIssue {
            observe.returns((), for: { _ in })
        } matching: { issue in
            issue.mentions("observe(_:).returns(_:for:) cannot compare the arguments")
                && issue.mentions("match the calls with a predicate, returns(_:where:) { arguments in … }")
                && issue.sourceLocation?.fileID == "DITestingTests/MockArgumentMatchingTests.swift"
        }
        withKnownIssue {
            #expect(observe.callCount(for: { _ in }) == 0)
        } matching: {
            $0.mentions("observe(_:).callCount(for:) cannot compare the arguments")
        }
        withKnownIssue {
            observe.throwing(CancellationError(), for: { _ in })
        } matching: {
            $0.mentions("observe(_:).throwing(_:for:) cannot compare the arguments")
                && $0.mentions("throwing(_:where:)")
        }
        // Neither stub was added: a call is unanswered, and a Void method needs no answer.
        observe.call({ _ in }, default: ())
        #expect(observe.callCount == 1)
    }
}
