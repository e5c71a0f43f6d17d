// What every mock member shares: the protocols `AutoInjectMock` and `assertCalled(before:)` see
// them through, the process-wide order of calls, and how arguments are printed.

/// A ``MockFunction`` of any signature, as `AutoInjectMock.injected()` finds it by reflection.
protocol AttachableMockFunction: Sendable {
    func attach(to owner: Any.Type, injector: SpyContainer?)
    /// How many times it was called, and its name, for `assertNotCalled()` on a mock.
    var callCount: Int { get }
    var mockDescription: String { get }
    func releaseAnswers()
    /// Answers what nothing else answers without a failure, for `returnsDefault()` on a mock.
    func returnsDefault()
}

extension MockFunction: AttachableMockFunction {}

/// A mock member whose calls are recorded in the process-wide order of mock calls: a
/// ``MockFunction``, an ``AsyncMockFunction`` or a ``MockProperty``, for
/// `assertCalled(before:)`.
public protocol MockCallRecording: AnyObject, Sendable {
    /// Each call's place in the process-wide order of mock calls, in call order.
    var callOrder: [UInt64] { get }
    /// The member as messages name it: `MockForecastAPI.forecast(city:)`.
    var mockDescription: String { get }
}

extension MockFunction: MockCallRecording {
    /// The function as messages name it: `MockForecastAPI.forecast(city:)`.
    public var mockDescription: String { function }
}

/// The process-wide order of mock calls.
enum MockCallOrder {
    private static let counter = LockedValue<UInt64>(0)

    static func next() -> UInt64 {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}

/// Arguments as a user wrote them: nothing for `()`, `city: "Rome", day: 2` for a labelled tuple,
/// `"Rome"` for a string.
func describeArguments(_ arguments: Any) -> String {
    let mirror = Mirror(reflecting: arguments)
    if mirror.displayStyle == .tuple {
        return mirror.children.map { child in
            let value = String(reflecting: child.value)
            guard let label = child.label, !label.hasPrefix(".") else { return value }
            return "\(label): \(value)"
        }.joined(separator: ", ")
    }
    return String(reflecting: arguments)
}
