#if canImport(Foundation)
    import Foundation
#endif

/// A type with a value mocks return when nothing answers a call: the value that lets a test carry
/// on, with the unanswered call reported, where a method returns one of your own types.
///
/// A mock's non-throwing method must return something when nothing answers it. For `nil`, zero,
/// `false`, an empty string or collection, or a stream, it returns that empty value; for an enum
/// that lists its cases (`CaseIterable`), its first case; for any other type of your own it has
/// none, and ``mockDefault(_:fileID:line:)`` stops the whole test process. Give the
/// type a default, in your test target, and such a call is a reported failure that returns it (and
/// `returnsDefault()` answers with it, without a failure):
///
/// ```swift
/// extension Forecast: MockDefaultValue {
///     static var mockDefaultValue: Forecast { Forecast(city: "", days: []) }
/// }
/// ```
///
/// Foundation's value types that apps' protocols return have defaults already — `Date` (the
/// reference date, 2001-01-01 00:00:00 UTC), `UUID` (the nil UUID, all zeros), `URL`
/// (`about:blank`), `Locale` (`en_US_POSIX`), `TimeZone` (UTC) and `Calendar` (Gregorian, in UTC)
/// — which a conformance in your test target replaces.
public protocol MockDefaultValue {
    /// The value mocks return when nothing answers a call that returns this type.
    static var mockDefaultValue: Self { get }
}

#if canImport(Foundation)
    /// The default of a Foundation value type apps' protocols return (`var baseURL: URL`), when it
    /// has no ``MockDefaultValue`` of the test target's: fixed, so that a test does not depend on
    /// the clock or the machine's settings.
    func foundationDefault<Value>(of type: Value.Type) -> Value? {
        switch type {
        case is Date.Type: Date(timeIntervalSinceReferenceDate: 0) as? Value
        case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? Value
        case is URL.Type: URL(string: "about:blank") as? Value
        case is Locale.Type: Locale(identifier: "en_US_POSIX") as? Value
        case is TimeZone.Type: TimeZone(secondsFromGMT: 0) as? Value
        case is Calendar.Type: utcGregorianCalendar() as? Value
        default: nil
        }
    }

    private func utcGregorianCalendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }
#else
    func foundationDefault<Value>(of type: Value.Type) -> Value? { nil }
#endif
