import DIKitCore

extension AutoInjectMock {
    /// The stand-in of a static requirement for the test running on this task: made by `make`
    /// the first time the test asks for it, then the same one until the test's injector scope
    /// ends. In a scope nested in another (a test's trait inside its suite's), the enclosing
    /// scope's stand-in, if it made one: what the suite's `configure` stubbed answers the test.
    ///
    /// A `static let` stand-in would be one for the whole process: parallel tests would answer
    /// each other's calls with their own stubs, and count each other's calls. Declare a static
    /// stand-in as a computed property that asks for this test's:
    ///
    /// ```swift
    /// final class MockSession: Session, AutoInjectMock {
    ///     static var registeredTypes: [Any.Type] { [Session.self] }
    ///     static var makeMock: MockFunction<Void, MockSession> { perTest { MockFunction("make()") } }
    ///     static func make() -> MockSession { makeMock.call((), default: MockSession()) }
    /// }
    /// ```
    ///
    /// Its failures name the mock, its expectations are checked when the scope ends, and its
    /// answers are let go then, like those of the mock's instance members. Where no test injector
    /// is bound (`Task.detached`, a Dispatch queue, a test without the trait), there is one
    /// stand-in for the whole process.
    ///
    /// - Parameters:
    ///   - member: The stand-in's name, unique in this mock type: the property's, by default.
    ///   - make: Makes the stand-in, once per test.
    /// - Returns: This test's stand-in.
    public static func perTest<Member: MockCallRecording>(_ member: String = #function, _ make: () -> Member)
        -> Member
    {
        let key = StaticMemberKey(mock: ObjectIdentifier(Self.self), member: member)
        let injector = Container.shared as? SpyContainer
        if let existing = StaticMembers.find(key, in: injector) as? Member { return existing }
        // Made outside any lock; if another thread made one first, that one is kept.
        let made = make()
        let kept = StaticMembers.keep(made, for: key, in: injector)
        if kept === made, let attachable = made as? any AttachableMockFunction {
            attachable.attach(to: Self.self, injector: injector)
            injector?.withRecording { $0.mockMembers.append(attachable) }
        }
        return kept as? Member ?? made
    }
}

/// A static stand-in's place: the mock type and the member.
struct StaticMemberKey: Hashable, Sendable {
    let mock: ObjectIdentifier
    let member: String
}

/// The static stand-ins of each test injector (in its recording), and of the process where no
/// injector is bound.
enum StaticMembers {
    private static let processWide = LockedValue<[StaticMemberKey: any MockCallRecording]>([:])

    /// The stand-in of `key` in `injector`, else in the injectors of the scopes it starts from
    /// (a suite's trait around a test's own: one test's), nearest first.
    static func find(_ key: StaticMemberKey, in injector: SpyContainer?) -> (any MockCallRecording)? {
        guard let injector else { return processWide.withLock { $0[key] } }
        for scope in injector.layers {
            if let member = scope.withRecording({ $0.staticMembers[key] }) { return member }
        }
        return nil
    }

    /// Keeps `member` for `key` unless one is kept already, and returns the one kept.
    static func keep(_ member: any MockCallRecording, for key: StaticMemberKey, in injector: SpyContainer?)
        -> any MockCallRecording
    {
        withMembers(of: injector) { members in
            if let existing = members[key] { return existing }
            members[key] = member
            return member
        }
    }

    /// Runs `body` on the stand-ins of `injector`, or of the process, under their lock.
    private static func withMembers<Result>(
        of injector: SpyContainer?, _ body: (inout [StaticMemberKey: any MockCallRecording]) -> Result
    ) -> Result {
        if let injector { return injector.withRecording { body(&$0.staticMembers) } }
        return processWide.withLock(body)
    }
}
