#if canImport(Foundation)
    public import Foundation
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
/// DITesting gives `Date` (the reference date, 2001-01-01 00:00:00 UTC) and `UUID` (the nil UUID,
/// all zeros) theirs.
public protocol MockDefaultValue {
    /// The value mocks return when nothing answers a call that returns this type.
    static var mockDefaultValue: Self { get }
}

#if canImport(Foundation)
    extension Date: MockDefaultValue {
        /// The reference date, 2001-01-01 00:00:00 UTC.
        public static var mockDefaultValue: Date { Date(timeIntervalSinceReferenceDate: 0) }
    }

    extension UUID: MockDefaultValue {
        /// The nil UUID, `00000000-0000-0000-0000-000000000000`.
        public static var mockDefaultValue: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    }
#endif
