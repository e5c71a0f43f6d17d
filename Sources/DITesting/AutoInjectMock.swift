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
    /// Registers this instance for each of ``registeredTypes``, replacing earlier registrations,
    /// and returns it.
    ///
    /// ```swift
    /// let api = MockAPI().injected()                       // into this test's injector
    /// let backup = MockAPI().injected(name: "backup")      // under a name, for every listed type
    /// let other = MockAPI().injected(using: container)     // into a given container
    /// ```
    ///
    /// Without `using:`, it registers into the test injector bound to this task — the one of
    /// `withTestInjector`, the `.testInjector` trait or `DITestCase`; inside an assembly, into
    /// the container being assembled (a test injector's, `verifyAssemblies`' sandbox,
    /// `recordRegistrations`', or one of `Container(assemblies:)`). Where none is bound (a test
    /// without the trait, `Task.detached`, a Dispatch queue), it reports a test failure at the
    /// caller and registers nothing: the mock would otherwise land in the process-wide container
    /// and leak into later tests. Pass `using: injector` to register from such places.
    ///
    /// A listed type the mock does not conform to is reported as a test failure naming both
    /// types, and skipped.
    ///
    /// - Parameters:
    ///   - container: Where to register; `nil` (the default) means the test injector bound to
    ///     this task.
    ///   - name: The name to register every listed type under; `nil` by default.
    ///   - fileID: The caller's file, where a failure is reported (Swift Testing).
    ///   - filePath: The caller's file path, where a failure is reported (XCTest).
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `self`, to keep for assertions.
    @discardableResult
    public func injected(
        using container: Container? = nil, name: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let target = container ?? Container.assembling ?? (Container.shared as? SpyContainer) else {
            reportFailure(
                FailureMessage(
                    """
                    \(Self.self)().injected() ran where no test injector is bound, and registered nothing.
                    """,
                    context: [
                        """
                        Container.shared here is the process-wide container: a mock registered there would leak \
                        into every later test. Task.detached, Dispatch queues and tests without the trait have no \
                        injector.
                        """
                    ],
                    fix: """
                        run the test with @Test(.testInjector), inside withTestInjector { }, or in a \
                        DITestCase; off the test's task, pass the injector: injected(using: injector); in \
                        an assembly, pass the container it assembles into: injected(using: container).
                        """
                ).description, at: location)
            return self
        }
        for type in Self.registeredTypes {
            register(as: type, name: name, in: target, at: location)
        }
        let injector = target as? SpyContainer
        injector?.noteTestLocation(location)
        let members = mockMembers
        for member in members { member.attach(to: Self.self, injector: injector) }
        injector?.withRecording { $0.mockMembers += members }
        return self
    }

    /// Reports a test failure at the caller, naming each one called, if any `MockFunction`,
    /// `AsyncMockFunction` or `MockProperty` of this mock was called, other than those in
    /// `allowed`: the calls you expect, and nothing else.
    ///
    /// ```swift
    /// analytics.assertNotCalled()
    /// api.assertNotCalled(except: api.forecastMock)   // forecast(city:) only
    /// ```
    public func assertNotCalled(
        except allowed: any MockCallRecording...,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let called = mockMembers.filter { member in
            member.callCount > 0 && !allowed.contains { $0 === (member as AnyObject) }
        }
        guard !called.isEmpty else { return }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let names = called.map { "\($0.mockDescription) (\(times($0.callCount)))" }
        let others = allowed.isEmpty ? "" : " other than \(allowed.map(\.mockDescription).joined(separator: ", "))"
        let message = FailureMessage(
            """
            Expected no calls to \(Self.self)\(others), but \(names.joined(separator: ", ")) \
            \(called.count == 1 ? "was" : "were") called.
            """,
            fix: "check why the code under test reaches this mock, or assert on the calls you expect."
        ).description
        reportFailure(message, at: location, through: Container.shared as? SpyContainer)
    }

    /// Makes every ``MockFunction``, ``AsyncMockFunction`` and ``MockProperty`` of this mock answer
    /// the calls nothing else answers without a failure, as each one's `returnsDefault()` does: a
    /// "relaxed" mock, for a collaborator the test is not about. Stubs still answer first.
    ///
    /// ```swift
    /// let analytics = MockAnalytics().injected().returnsDefault()
    /// ```
    ///
    /// Its static stand-ins are each test's own, made when first used: relax them one by one.
    ///
    /// - Returns: `self`.
    @discardableResult
    public func returnsDefault() -> Self {
        for member in mockMembers { member.returnsDefault() }
        return self
    }

    /// Every mock member this mock holds: its own stored properties, those it inherits, and those
    /// of structs it holds.
    var mockMembers: [any AttachableMockFunction] {
        var members: [any AttachableMockFunction] = []
        func collect(_ mirror: Mirror, depth: Int) {
            for child in mirror.children {
                if let member = child.value as? any AttachableMockFunction {
                    members.append(member)
                } else if depth < 2, Mirror(reflecting: child.value).displayStyle == .struct {
                    collect(Mirror(reflecting: child.value), depth: depth + 1)
                }
            }
            if let superclass = mirror.superclassMirror { collect(superclass, depth: depth) }
        }
        collect(Mirror(reflecting: self), depth: 0)
        return members
    }

    private func register<Service>(
        as type: Service.Type, name: String?, in container: Container, at location: FailureLocation
    ) {
        guard let instance = self as? Service else {
            let message = FailureMessage(
                """
                \(Self.self) does not conform to \(Service.self), which it lists in registeredTypes.
                """,
                context: [
                    "\(Self.self) was not registered as \(Service.self)."
                ],
                fix: """
                    make \(Self.self) conform to \(Service.self), or remove \(Service.self).self from \
                    \(Self.self).registeredTypes.
                    """
            ).description
            reportFailure(message, at: location, through: container as? SpyContainer)
            return
        }
        container.register(type, name: name, instance: instance, fileID: location.fileID, line: location.line)
    }
}
