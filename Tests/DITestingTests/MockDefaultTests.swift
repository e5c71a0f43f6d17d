import DITesting
import Foundation
import Testing

/// A type of the app's own that the test target gives a default: what mocks return for it when
/// nothing answers.
struct DailyForecast: Equatable, MockDefaultValue {
    var city: String
    var highs: [Int]
    static var mockDefaultValue: DailyForecast { DailyForecast(city: "", highs: []) }
}

/// `mockDefault()`: the value a mock returns when nothing answers a call and the method cannot
/// throw, and the stop, naming the type, when there is none.
/// Header fields, made from a dictionary literal as NIO's `HTTPHeaders` are.
struct Headers: ExpressibleByDictionaryLiteral, Equatable {
    var fields: [(name: String, value: String)]

    init(fields: [(name: String, value: String)]) { self.fields = fields }

    init(dictionaryLiteral elements: (String, String)...) { fields = elements.map { ($0, $1) } }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.fields.elementsEqual(rhs.fields) { $0 == $1 } }
}

/// A log message, made from a string literal as swift-log's `Logger.Message` is.
struct LogMessage: ExpressibleByStringLiteral, Equatable {
    var text: String
    init(stringLiteral value: String) { text = value }
}

/// A path, made from an array literal, and not a collection.
struct RoutePath: ExpressibleByArrayLiteral, Equatable {
    var components: [String]
    init(arrayLiteral elements: String...) { components = elements }
}

/// An enum, as swift-log's `Logger.Level`: no empty value, but cases.
enum LogLevel: CaseIterable {
    case trace, debug, info
}

@Suite struct MockDefaultTests {
    @Test func theEmptyValueOfEachKindOfType() {
        #expect(mockDefault(Int.self) == 0)
        #expect(mockDefault(Double.self) == 0)
        #expect(mockDefault(Bool.self) == false)
        #expect(mockDefault(String.self) == "")
        #expect(mockDefault([Int].self) == [])
        #expect(mockDefault(Set<String>.self) == [])
        #expect(mockDefault([String: Int].self) == [:])
        #expect(mockDefault(Int?.self) == nil)
        mockDefault(Void.self)
    }

    @Test func whatADictionaryLiteralMakesIsEmptyToo() {
        // Header fields, ordered dictionaries: collections, but not range-replaceable ones.
        #expect(mockDefault(KeyValuePairs<String, Int>.self).isEmpty)
        #expect(mockDefault(Headers.self) == Headers(fields: []))
        let headers = MockFunction<String, Headers>("headers(for:)")
        withKnownIssue {
            // What a generated mock of `func headers(for path: String) -> Headers` does.
            #expect(headers.call("/", default: mockDefault()) == Headers(fields: []))
        } matching: { issue in
            let message = "headers(for:) was called with (\"/\") but nothing answers it."
            return issue.comments.contains { $0.rawValue.hasPrefix(message) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aStreamEndsAtOnce() async throws {  // a stream that never ends hangs
        var events = 0
        for await _ in mockDefault(AsyncStream<Int>.self) { events += 1 }
        for try await _ in mockDefault(AsyncThrowingStream<String, any Error>.self) { events += 1 }
        #expect(events == 0)
        // What a relaxed mock of `func updates() throws -> AsyncStream<Int>` answers.
        let updates = MockFunction<Void, AsyncStream<Int>>("updates()")
        updates.returnsDefault()
        for await _ in try updates.call(()) { events += 1 }
        #expect(events == 0)
    }

    // Exit tests need Swift 6.2 and a platform that can spawn processes.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func aTypeWithNoEmptyValueStopsTheTestNamingIt() async throws {
            struct Forecast { let high: Int }
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = mockDefault(Forecast.self)
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("and Forecast has no default value to return"))
            #expect(output.contains("returnsDefault(), which only answers with nil, zero, false"))
            #expect(output.contains("To fix: stub it before the code under test calls it"))
            #expect(
                output.contains(
                    "`extension Forecast: MockDefaultValue { static var mockDefaultValue: Forecast { … } }`"))
        }

        @Test func anEnumWithNoCaseStopsTheTestNamingIt() async throws {
            enum Never2: CaseIterable {}
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = mockDefault(Never2.self)
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("and Never2 has no default value to return"))
        }

        @Test func aProtocolWithNoEmptyValueStopsTheTestSayingToAnswerWithAMock() async throws {
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = mockDefault((any Clock & Sendable).self)
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("and any Clock has no default value to return"))
            #expect(
                output.contains(
                    "To fix: stub it before the code under test calls it (.returns(value) or .answers { … }); any "
                        + "Clock is a protocol's existential, which cannot be given a default"))
            #expect(!output.contains("extension"))
        }

        /// A relaxed mock reports no failure: what stops the test names the call (Vapor reads its
        /// client's `byteBufferAllocator`, which a relaxed `MockClient` has no value for).
        @Test func aRelaxedCallWithNoDefaultStopsTheTestNamingTheCall() async throws {
            struct Forecast { let high: Int }
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    let forecast = MockProperty<Forecast>("forecast", of: MockWeatherAPI.self)
                    forecast.returnsDefault()
                    _ = forecast.get(default: mockDefault())
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "MockWeatherAPI.forecast was read and answers with defaults (returnsDefault()), but Forecast has "
                        + "no default value to return."))
            #expect(output.contains("`extension Forecast: MockDefaultValue"))
        }

        /// A generic method's stand-in answers `Any`: the type named is the one the call asks for.
        @Test func aRelaxedGenericCallWithNoDefaultNamesTheTypeTheCallAsksFor() async throws {
            struct Forecast { let high: Int }
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    let load = MockFunction<String, Any>("load(_:)")
                    load.returnsDefault()
                    let _: Forecast = mockCast(load.call("today", default: mockDefault() as Forecast), from: load)
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                output.contains(
                    "load(_:) was called with (\"today\") and answers with defaults (returnsDefault()), but Forecast "
                        + "has no default value to return."))
        }

        @Test func aMethodThatReturnsNeverNamesTheWayToTestIt() async throws {
            // What a generated mock of `func terminate(code: Int32) -> Never` does.
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    FailureReporting.withReporter(StandardErrorReporter()) {
                        let terminate = MockFunction<Int32, Never>("terminate(code:)")
                        terminate.call(1, default: mockDefault())
                    }
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("terminate(code:) was called with (1) but nothing answers it."))
            #expect(output.contains("To fix: it returns Never, so it cannot return, and the test process stops here"))
            #expect(output.contains("`await #expect(processExitsWith: .failure) { … }`"))
            #expect(output.contains("A mock's method that returns Never was called with nothing to answer it"))
            #expect(!output.contains("MockDefaultValue"))
        }
    #endif

    @Test func aTypeOfYourOwnWithADefaultIsReturnedAndTheUnansweredCallReported() {
        #expect(mockDefault(DailyForecast.self) == DailyForecast(city: "", highs: []))
        #expect(mockDefault(DailyForecast?.self) == nil)
        let forecast = MockFunction<String, DailyForecast>("forecast(city:)")
        withKnownIssue {
            // What a generated mock of `func forecast(city: String) -> DailyForecast` does.
            #expect(forecast.call("Oslo", default: mockDefault()) == .mockDefaultValue)
        } matching: {
            $0.mentions("forecast(city:) was called with (\"Oslo\") but nothing answers it.")
        }
        #expect(forecast.callCount == 1)
    }

    @Test func whatAnArrayOrStringLiteralMakesIsEmptyToo() throws {
        #expect(mockDefault(LogMessage.self) == "")
        #expect(mockDefault(RoutePath.self) == [])
        #expect(mockDefault(StaticString.self).utf8CodeUnitCount == 0)
        // Empty values: a relaxed mock answers with them, reporting nothing.
        let message = MockFunction<Int, LogMessage>("message(for:)")
        message.returnsDefault()
        #expect(message.call(1, default: mockDefault()) == "")
        #expect(try message.call(2) == "")
    }

    /// An enum has no empty value, but a first case: an unanswered call returns it, once reported,
    /// and the test carries on to fail (swift-log reads its handler's `logLevel` at every call).
    @Test func anUnansweredCallOfAnEnumReturnsItsFirstCaseOnceReported() {
        let level = MockProperty<LogLevel>("logLevel", of: MockWeatherAPI.self)
        withKnownIssue {
            #expect(level.get(default: mockDefault()) == .trace)
        } matching: {
            $0.mentions("MockWeatherAPI.logLevel was read but nothing answers it.")
        }
        #expect(level.getCount == 1)
    }

    /// A relaxed mock reports no failure for the empty values it answers with; an enum's first
    /// case is not one, so the call is a failure that says what it returned.
    @Test func aRelaxedCallOfAnEnumIsAFailureThatReturnsItsFirstCase() {
        let level = MockProperty<LogLevel>("logLevel", of: MockWeatherAPI.self)
        level.returnsDefault()
        let load = MockFunction<String, Any>("load(_:)")
        load.returnsDefault()
        withKnownIssue {
            #expect(level.get(default: mockDefault()) == .trace)
            // A generic method's: the type the call asks for.
            let loaded: LogLevel = mockCast(load.call("level", default: mockDefault() as LogLevel), from: load)
            #expect(loaded == .trace)
        } matching: {
            $0.mentions("and answers with defaults (returnsDefault()), but LogLevel has no default value to return.")
                && $0.mentions("It returned LogLevel.trace, its first case, so that the test carries on.")
                && ($0.mentions("MockWeatherAPI.logLevel was read")
                    || $0.mentions("load(_:) was called with (\"level\")"))
        }
        #expect(level.getCount == 1)
        #expect(load.callCount == 1)
    }

    @Test func aRelaxedMockAnswersWithATypesDefaultWithoutAFailure() async throws {
        let forecast = MockFunction<String, DailyForecast>("forecast(city:)")
        forecast.returnsDefault()
        let load = AsyncMockFunction<String, DailyForecast>("load(city:)")
        load.returnsDefault()
        // A failure would be an issue of this test.
        #expect(forecast.call("Oslo", default: mockDefault()) == .mockDefaultValue)
        #expect(try forecast.call("Oslo") == .mockDefaultValue)  // a throwing method's relaxed answer
        #expect(try await load.call("Rome") == .mockDefaultValue)
    }

    @Test func aGenericMethodsUnansweredCallReturnsTheAskedTypesDefault() {
        // What a relaxed generic method's mock answers (`nil`), as the type the call asks for.
        let answer: DailyForecast = mockCast(Optional<Any>.none as Any)
        #expect(answer == .mockDefaultValue)
    }

    @Test func datesAndUUIDsHaveDefaults() {
        #expect(mockDefault(Date.self) == Date(timeIntervalSinceReferenceDate: 0))
        #expect(mockDefault(UUID.self).uuidString == "00000000-0000-0000-0000-000000000000")
        let now = MockFunction<Void, Date>("now()")
        now.returnsDefault()
        #expect(now.call((), default: mockDefault()) == Date(timeIntervalSinceReferenceDate: 0))
    }

    /// A `Result` succeeds with its value's empty value, as the value alone would be returned.
    @Test func aResultSucceedsWithItsValuesEmptyValue() throws {
        struct Invalid: Error {}
        #expect(try mockDefault(Result<[Int], any Error>.self).get() == [])
        #expect((try? mockDefault(Result<Void, Invalid>.self).get()) != nil)
        #expect(try mockDefault(Result<DailyForecast, any Error>.self).get() == .mockDefaultValue)
        let load = MockFunction<String, Result<[String], any Error>>("load(_:)")
        var unanswered: Result<[String], any Error>?
        withKnownIssue {
            unanswered = load.call("a", default: mockDefault())
        } matching: {
            $0.description.contains("load(_:) was called with (\"a\") but nothing answers it")
        }
        #expect(try unanswered?.get() == [])
        load.returnsDefault()
        #expect(try load.call("b", default: mockDefault()).get() == [])
    }

    /// `var baseURL: URL` nothing answers is a reported failure that returns `about:blank`, where
    /// it stopped the test process; a relaxed mock answers with it. A conformance of the test
    /// target's comes first (`Locale`'s, below).
    @Test func foundationValuesAppsReturnHaveFixedDefaults() {
        #expect(mockDefault(URL.self).absoluteString == "about:blank")
        #expect(mockDefault(TimeZone.self).secondsFromGMT() == 0)
        let calendar = mockDefault(Calendar.self)
        #expect(calendar.identifier == .gregorian && calendar.timeZone.secondsFromGMT() == 0)
        #expect(mockDefault(Locale.self).identifier == "fr_FR")
        let baseURL = MockProperty<URL>("baseURL")
        withKnownIssue {
            #expect(baseURL.get(default: mockDefault()).absoluteString == "about:blank")
        } matching: {
            $0.description.contains("baseURL was read but nothing answers it")
        }
        baseURL.returnsDefault()
        #expect(baseURL.get(default: mockDefault()).absoluteString == "about:blank")
    }
}

/// Writes each failure to standard error, where an exit test's parent reads it.
struct StandardErrorReporter: FailureReporter {
    func report(_ failure: TestFailure) {
        FileHandle.standardError.write(Data((failure.message + "\n").utf8))
    }
}
