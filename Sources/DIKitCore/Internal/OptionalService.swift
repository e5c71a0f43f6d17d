/// Lets `resolve` answer `Optional<Wrapped>` from a registration of `Wrapped`, and lets a `.weak`
/// registration of an optional type hold the object inside (and `DITesting`'s `mockCast` tell
/// `nil` from an answer of another type).
package protocol OptionalService {
    static var wrappedType: Any.Type { get }
    static var empty: Self { get }
    static func wrapping(_ value: Any) -> Self
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalService {
    package static var wrappedType: Any.Type { Wrapped.self }
    package static var empty: Self { nil }
    package static func wrapping(_ value: Any) -> Self { value as? Wrapped }
    package var wrappedValue: Any? { map { $0 as Any } }
}

/// What a `.weak` registration can hold of a value.
enum WeakTarget {
    case object(AnyObject)
    /// An optional that is `nil`: nothing to hold.
    case none
    /// A value type: it cannot be held weakly.
    case valueType

    init(_ value: Any) {
        var current = value
        while let optional = current as? any OptionalService {
            guard let wrapped = optional.wrappedValue else {
                self = .none
                return
            }
            current = wrapped
        }
        self = type(of: current) is AnyObject.Type ? .object(current as AnyObject) : .valueType
    }
}
