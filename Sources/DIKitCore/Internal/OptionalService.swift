/// Lets `resolve` answer `Optional<Wrapped>` from a registration of `Wrapped`.
protocol OptionalService {
    static var wrappedType: Any.Type { get }
    static var empty: Self { get }
    static func wrapping(_ value: Any) -> Self
}

extension Optional: OptionalService {
    static var wrappedType: Any.Type { Wrapped.self }
    static var empty: Self { nil }
    static func wrapping(_ value: Any) -> Self { value as? Wrapped }
}
