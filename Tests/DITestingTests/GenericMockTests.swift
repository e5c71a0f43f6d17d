import DIKitCore
import DITesting
import Testing

protocol Converting {
    func convert<T>(_ value: Int, to type: T.Type) -> T
}

/// Written as `generate-mocks` writes a generic method's mock.
final class MockConverting: Converting, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [(any Converting).self] }
    let convertMock = MockFunction<(value: Int, type: Any), Any>("convert(_:to:)")
    func convert<T>(_ value: Int, to type: T.Type) -> T {
        return mockCast(convertMock.call((value: value, type: type), default: mockDefault() as T), from: convertMock)
    }
}

/// A generic method's answers, kept as `Any`, meet the type each call asks for.
@Suite(.testInjector(base: Container()))
struct GenericMockTests {
    let converting = MockConverting().injected()

    @Test func anAnswerOfTheTypeAskedForIsReturned() {
        converting.convertMock.returns("seven", where: { $0.type is String.Type })
        converting.convertMock.returns(7, where: { $0.type is Int.Type })
        #expect(converting.convert(7, to: String.self) == "seven")
        #expect(converting.convert(7, to: Int.self) == 7)
    }

    @Test func anAnswerOfAnotherTypeIsAFailureNamingBoth() {
        converting.convertMock.returns(42)
        withKnownIssue {
            #expect(converting.convert(1, to: String.self) == "")
        } matching: {
            $0.mentions("MockConverting.convert(_:to:) was answered with 42 (Int), but this call returns String.")
        }
    }

    @Test func anUnansweredCallReturnsTheDefaultOfTheTypeAskedFor() {
        withKnownIssue {
            #expect(converting.convert(1, to: Int.self) == 0)
            #expect(converting.convert(1, to: [String].self) == [])
        } matching: {
            $0.mentions("MockConverting.convert(_:to:) was called with (value: 1, type: Swift.")
                && $0.mentions("but nothing answers it")
        }
    }

    @Test func aRelaxedMockAnswersTheDefaultOfTheTypeAskedForWithoutAFailure() {
        converting.convertMock.returnsDefault()
        #expect(converting.convert(1, to: Int.self) == 0)
        #expect(converting.convert(1, to: String?.self) == nil)
    }
}
