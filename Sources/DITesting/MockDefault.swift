/// The value a mock returns when nothing answers a call and the method cannot throw: `nil`, `()`,
/// zero, `false`, an empty string or collection (or what `[:]`, `[]` or `""` makes: header
/// fields, an ordered dictionary, a log message), a stream that ends at once, a `Result`'s
/// `.success` of its value's empty value, the type's ``MockDefaultValue/mockDefaultValue``, or a
/// fixed `URL` (`about:blank`), `Locale`, `TimeZone` or `Calendar`. Generated mocks pass it as
/// `default:`.
///
/// ```swift
/// func count() -> Int { countMock.call((), default: mockDefault()) }
/// ```
///
/// An enum (`CaseIterable`) with no such value returns its first case, the unanswered call being a
/// reported failure, so that the test carries on to fail rather than stop. Any other type with no
/// such value (your own struct, say) has nothing to return: the test process stops with a message
/// naming the type. Stub the call (`returns(_:)`), or give the type a default in your test target
/// (``MockDefaultValue``), and the call is a reported failure that returns it.
public func mockDefault<Value>(_ type: Value.Type = Value.self, fileID: StaticString = #fileID, line: UInt = #line)
    -> Value
{
    if let value = emptyValue(of: type) { return value }
    let first = firstCase(of: type)
    if let call = UnansweredDefault.call {
        let message = relaxedCallHasNoDefault(call.description, Value.self, returning: first)
        guard let first else { fatalError(message, file: fileID, line: line) }
        call.report(message)
        return first
    }
    // The failure was reported with the call.
    if let first { return first }
    if Value.self == Never.self {
        fatalError(
            "A mock's method that returns Never was called with nothing to answer it: the failure above names it.",
            file: fileID, line: line)
    }
    fatalError(
        FailureMessage(
            """
            A mock was called with nothing to answer it, and \(spelling(of: Value.self)) has no default value to \
            return: the failure above names the call (none is reported when the mock answers with \
            returnsDefault(), which only answers with \(defaultValues)).
            """,
            fix: "stub it before the code under test calls it (.returns(value) or .answers { … }); "
                + giveADefault(to: Value.self)
        ).description, file: fileID, line: line)
}

/// The call a relaxed mock's stand-in is finding its `default:` for, when its result has no empty
/// value: no failure was reported for it, so ``mockDefault(_:fileID:line:)`` reports one naming
/// it, or, stopping the process for want of a value, names it.
enum UnansweredDefault {
    struct Call: Sendable {
        /// `"MockClient.byteBufferAllocator was read"`.
        let description: String
        /// Reports a failure of the call, as its stand-in reports its own.
        let report: @Sendable (String) -> Void
    }

    @TaskLocal static var call: Call?
}

/// The first case of `type`, if it is an enum that lists its cases (`CaseIterable`) and has one:
/// what an unanswered call returns, once reported, when the type has no empty value.
private func firstCase<Value>(of type: Value.Type) -> Value? {
    guard let enumeration = type as? any CaseIterable.Type else { return nil }
    func first<Enumeration: CaseIterable>(of _: Enumeration.Type) -> Any? { Enumeration.allCases.first }
    return first(of: enumeration) as? Value
}

/// `value` as `Value`: what a generic method's mock answers, recorded as `Any`, as the type the
/// call asks for. Generated mocks pass the stand-in as `function`, for messages.
///
/// ```swift
/// func load<T: Decodable>(_ type: T.Type) throws -> T { mockCast(try loadMock.call(type), from: loadMock) }
/// ```
///
/// An answer of another type (`returns(42)` for a call that asks for a `String`) is a reported
/// test failure naming both types, and the call returns the empty value of `Value`
/// (``mockDefault(_:fileID:line:)``); `nil`, the answer of a relaxed mock, is that value without a
/// failure.
public func mockCast<Value>(
    _ value: Any, from function: (any MockCallRecording)? = nil, fileID: StaticString = #fileID, line: UInt = #line
) -> Value {
    if let value = value as? Value { return value }
    if let optional = value as? any OptionalService, optional.wrappedValue == nil {
        return mockDefault(Value.self, fileID: fileID, line: line)
    }
    let name = function?.mockDescription ?? "A generic method of a mock"
    reportFailure(
        FailureMessage(
            "\(name) was answered with \(value) (\(type(of: value))), but this call returns \(Value.self).",
            context: ["A generic method's answers are kept as Any, and each call asks for its own type."],
            fix: """
                answer each call with a value of the type it asks for: .returns(value, where: { … }) on the \
                arguments, or .answers { arguments in … }.
                """
        ).description,
        at: FailureLocation.test(
            orElse: FailureLocation(fileID: "\(fileID)", filePath: fileID, line: line, column: 1)),
        through: Container.shared as? SpyContainer)
    return mockDefault(Value.self, fileID: fileID, line: line)
}

/// The empty value of `type`, if it has one: its own default first (``MockDefaultValue``).
func emptyValue<Value>(of type: Value.Type) -> Value? {
    if let defaulted = type as? any MockDefaultValue.Type { return defaulted.mockDefaultValue as? Value }
    if let optional = type as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? Value }
    if Value.self == Void.self { return () as? Value }
    if Value.self == Bool.self { return false as? Value }
    if let number = type as? any AdditiveArithmetic.Type { return number.zero as? Value }
    if let collection = type as? any RangeReplaceableCollection.Type { return collection.init() as? Value }
    if let set = type as? any SetAlgebra.Type { return set.init() as? Value }
    // `[:]`: a dictionary, header fields, an ordered dictionary.
    if let dictionary = type as? any ExpressibleByDictionaryLiteral.Type {
        return emptyLiteral(of: dictionary) as? Value
    }
    // `[]` and `""`: a collection that is not range-replaceable, a log message, a path.
    if let array = type as? any ExpressibleByArrayLiteral.Type { return emptyLiteral(of: array) as? Value }
    if let string = type as? any ExpressibleByStringLiteral.Type { return emptyLiteral(of: string) as? Value }
    if let empty = type as? any EmptyValue.Type { return empty.empty as? Value }
    return nil
}

/// What the empty dictionary literal makes as `type`.
private func emptyLiteral<Literal: ExpressibleByDictionaryLiteral>(of type: Literal.Type) -> Literal { [:] }

/// What the empty array literal makes as `type`.
private func emptyLiteral<Literal: ExpressibleByArrayLiteral>(of type: Literal.Type) -> Literal { [] }

/// What the empty string literal makes as `type`.
private func emptyLiteral<Literal: ExpressibleByStringLiteral>(of type: Literal.Type) -> Literal { "" }

/// Types with an empty value no standard protocol makes: a stream that ends, a `Result` that
/// succeeds with its value's empty value, Foundation's value types (in MockDefaultValue.swift).
/// `nil` where there is none after all (a `Result` of a value with none).
protocol EmptyValue {
    static var empty: Self? { get }
}

/// A stream that ends at once: what a mock's `func updates() -> AsyncStream<Event>` returns
/// when nothing answers it.
extension AsyncStream: EmptyValue {
    static var empty: Self? { AsyncStream { $0.finish() } }
}

extension AsyncThrowingStream: EmptyValue where Failure == any Error {
    static var empty: Self? { AsyncThrowingStream { $0.finish() } }
}

/// `.success` of the value's empty value (`Result<[Item], any Error>` is `.success([])`,
/// `Result<Void, ValidationError>` is `.success(())`), as the array or `Void` alone would be.
extension Result: EmptyValue {
    static var empty: Self? { emptyValue(of: Success.self).map { .success($0) } }
}
