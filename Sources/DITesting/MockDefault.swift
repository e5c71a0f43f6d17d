/// The value a mock returns when nothing answers a call and the method cannot throw: `nil`, `()`,
/// zero, `false`, an empty string or collection. Generated mocks pass it as `default:`.
///
/// ```swift
/// func count() -> Int { countMock.call((), default: mockDefault()) }
/// ```
///
/// A type with no such value (your own struct, say) has nothing to return: the test stops with a
/// message naming the type — stub the call (`returns(_:)`), or answer it with `returnsDefault()`
/// only where the result has a default.
public func mockDefault<Value>(_ type: Value.Type = Value.self, fileID: StaticString = #fileID, line: UInt = #line)
    -> Value
{
    if let value = emptyValue(of: type) { return value }
    fatalError(
        FailureMessage(
            """
            A mock was called with nothing to answer it, and \(Value.self) has no default value to return: \
            the failure above names the call.
            """,
            fix: "stub it before the code under test calls it (.returns(value) or .answers { … })."
        ).description, file: fileID, line: line)
}

/// `value` as `Value`, as a generic method's mock returns what it recorded as `Any`; `mockDefault()`
/// when it is not one.
public func mockCast<Value>(_ value: Any, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
    if let value = value as? Value { return value }
    return mockDefault(Value.self, fileID: fileID, line: line)
}

/// The empty value of `type`, if it has one.
func emptyValue<Value>(of type: Value.Type) -> Value? {
    if let optional = type as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? Value }
    if Value.self == Void.self { return () as? Value }
    if Value.self == Bool.self { return false as? Value }
    if let number = type as? any AdditiveArithmetic.Type { return number.zero as? Value }
    if let collection = type as? any RangeReplaceableCollection.Type { return collection.init() as? Value }
    if let set = type as? any SetAlgebra.Type { return set.init() as? Value }
    if let empty = type as? any EmptyDictionary.Type { return empty.empty as? Value }
    return nil
}

/// Dictionaries, whose empty value no standard protocol makes.
protocol EmptyDictionary {
    static var empty: Self { get }
}

extension Dictionary: EmptyDictionary {
    static var empty: Self { [:] }
}
