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
    // The defaults of Foundation's value types that apps' protocols return (`var baseURL: URL`),
    // when the test target gives them no ``MockDefaultValue``: fixed, so that a test does not depend
    // on the clock or the machine's settings.

    extension Date: EmptyValue {
        static var empty: Date? { Date(timeIntervalSinceReferenceDate: 0) }
    }

    extension UUID: EmptyValue {
        static var empty: UUID? { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    }

    extension URL: EmptyValue {
        static var empty: URL? { URL(string: "about:blank") }
    }

    extension Locale: EmptyValue {
        static var empty: Locale? { Locale(identifier: "en_US_POSIX") }
    }

    extension TimeZone: EmptyValue {
        static var empty: TimeZone? { TimeZone(secondsFromGMT: 0) }
    }

    extension Calendar: EmptyValue {
        static var empty: Calendar? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            return calendar
        }
    }
#endif
