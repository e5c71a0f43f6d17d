public import DIKitCore

/// A test double that registers itself, as every type it stands in for.
///
/// ```swift
/// final class MockAPI: API, AutoInjectMock {
///     static var registeredTypes: [Any.Type] { [API.self] }
/// }
///
/// let mock = MockAPI().injected()                   // into Container.shared: the test injector
/// let other = MockAPI().injected(using: container)  // into a given container
/// ```
public protocol AutoInjectMock {
    /// The types this mock is registered as, usually the protocols it implements.
    static var registeredTypes: [Any.Type] { get }
}

extension AutoInjectMock {
    /// Registers this instance for each of ``registeredTypes`` in `container`, replacing earlier
    /// registrations, and returns it.
    ///
    /// A listed type the mock does not conform to is reported as a test failure naming both
    /// types, and skipped.
    ///
    /// - Parameters:
    ///   - container: Where to register; by default `Container.shared`, which is the test's
    ///     injector inside `withTestInjector`, the `.testInjector` trait or `DITestCase`.
    ///   - fileID: The caller's file, where a failure is reported (Swift Testing).
    ///   - filePath: The caller's file path, where a failure is reported (XCTest).
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `self`, to keep for assertions.
    @discardableResult
    public func injected(
        using container: Container = .shared,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        for type in Self.registeredTypes {
            register(as: type, in: container, at: location)
        }
        return self
    }

    private func register<Service>(as type: Service.Type, in container: Container, at location: FailureLocation) {
        guard let instance = self as? Service else {
            reportFailure(
                """
                \(Self.self) does not conform to \(Service.self), which it lists in registeredTypes.
                  \(Self.self) was not registered as \(Service.self).
                  To fix: make \(Self.self) conform to \(Service.self), or remove \(Service.self).self from \
                \(Self.self).registeredTypes.
                """, at: location, fallback: (container as? SpyContainer)?.framework ?? .xcTest)
            return
        }
        container.register(type, instance: instance, fileID: location.fileID, line: location.line)
    }
}
