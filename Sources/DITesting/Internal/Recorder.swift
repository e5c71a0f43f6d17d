import DIKitCore

/// What a `SpyContainer` observes: its registrations, resolutions, expectations, the mocks
/// registered in it, and failures waiting to reach the test.
///
/// Safety: `state` is read and written only under `lock`, through `withState`.
final class Recorder: ContainerObserver, @unchecked Sendable {
    /// Whether registrations are the injector's setup (its assemblies) or the test's own
    /// (overrides and mocks).
    enum Phase: Sendable {
        case setup
        case test
    }

    /// One thing the injector saw, in order: one log for all of them, so a test that registers
    /// and resolves allocates one array, not three.
    enum Event {
        case registered(StoredRegistration, instance: Any?)
        case resolved(ResolutionEvent)
    }

    /// Safety: `events` holds registered mocks, handed out as they are, as every container
    /// hands out its instances; the rest is `Sendable`.
    struct State: @unchecked Sendable {
        var events: [Event] = []
        var expectations: [PendingExpectation] = []
        /// Registrations the test made (not the assemblies), for strict injectors.
        var overrides: [RegistrationRecord] = []
        var resolvedKeys: Set<ServiceKey> = []
        var phase = Phase.setup
        /// Whether the injector's scope (`withTestInjector`, the trait, `DITestCase`) is running.
        var isInScope = false
        /// Failures raised off the test's task while the scope runs, reported when it ends.
        var queuedFailures: [(message: String, location: FailureLocation)] = []
        /// Checks to run when the scope ends (mock functions' call expectations).
        var endChecks: [@Sendable () -> Void] = []

        /// Begins the injector's scope: registrations from here on are the test's own.
        mutating func beginScope() {
            phase = .test
            isInScope = true
        }

        /// Appends `event` to the log; the first allocates room for a few, so that a test that
        /// registers a mock and resolves it allocates the log once.
        mutating func record(_ event: consuming Event) {
            if events.capacity == 0 { events.reserveCapacity(4) }
            events.append(event)
        }
    }

    let framework: TestFramework
    let strict: Bool
    /// Where the injector was created: failures with no caller of their own are reported here.
    let location: FailureLocation
    /// The recorder's own lock, stored in it: a test injector's recorder is one allocation.
    private let lock = PlatformLock()
    /// Read and written only through ``withState(_:)``, under `lock`.
    @exclusivity(unchecked) private var state: State

    init(framework: TestFramework, strict: Bool, location: FailureLocation, inScope: Bool) {
        self.framework = framework
        self.strict = strict
        self.location = location
        state = State(phase: inScope ? .test : .setup, isInScope: inScope)
    }

    var observesResolutions: Bool { true }

    private var events: [Event] { withState { $0.events } }

    var registrations: [RegistrationRecord] {
        events.compactMap {
            if case .registered(let registration, _) = $0 { RegistrationRecord(registration) } else { nil }
        }
    }

    var resolutions: [ResolutionRecord] {
        events.compactMap { if case .resolved(let event) = $0 { ResolutionRecord(event: event) } else { nil } }
    }

    /// Instances registered in this injector, oldest first, for `mock(_:)`.
    var instances: [Any] {
        events.compactMap { if case .registered(_, let instance?) = $0 { instance } else { nil } }
    }

    /// Runs `body` on the state while holding the lock. `body` must not run user code, nor release
    /// the last reference to a user object.
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    // MARK: ContainerObserver

    func didRegister(_ registration: StoredRegistration, instance: consuming Any?) {
        let strict = strict
        var instance = instance
        withState { state in
            state.record(.registered(registration, instance: instance.take()))
            if state.phase == .test && strict { state.overrides.append(RegistrationRecord(registration)) }
        }
    }

    func didResolve(_ resolution: consuming ResolutionEvent) {
        guard resolution.error == nil, let key = resolution.answeredBy?.info.key else { return }
        let strict = strict
        let inherited = strict && resolution.isInherited ? ResolutionRecord(event: copy resolution) : nil
        var event = Optional(resolution)  // moved into the log below, not copied
        withState {
            $0.record(.resolved(event.take()!))
            if strict { $0.resolvedKeys.insert(key) }
        }
        if let inherited { reportInherited(inherited) }
    }

    func refusesToReplaceDefault(with container: Container) -> Bool {
        report(
            """
            makeShared() was called inside a test injector's scope, and was not performed.
              It would change Container.shared for every later test, while this test would still see \
            its injector.
              To fix: register what the test needs into the injector (MockAPI().injected(), or \
            injector.register(…)); call makeShared() in app code only.
            """, at: FailureLocation.test(orElse: location))
        return true
    }

    // MARK: Reporting

    /// Reports a failure for this injector's test: now, if the test runs on this task (or under
    /// XCTest, which takes failures from any thread while it runs); else queued until the scope
    /// ends; after the scope, as an issue outside the test. Never dropped.
    func report(_ message: String, at location: FailureLocation) {
        if TestFramework.current == nil && framework == .swiftTesting {
            let queued = withState { state in
                guard state.isInScope else { return false }
                state.queuedFailures.append((message, location))
                return true
            }
            if queued { return }
        }
        reportFailure(message, at: location, fallback: framework)
    }

    private func reportInherited(_ record: ResolutionRecord) {
        let registration = record.registration
        let service = record.path.last ?? "\(record.serviceType)"
        report(
            """
            \(service) was resolved from the base's registration, in a strict test injector.
              Resolution path: \(record.path.joined(separator: " -> "))
              The base registered it at \(registration.fileID):\(registration.line).
              To fix: override it in the test (a mock's injected(), or injector.register(…)), or add the \
            assembly that registers it to the injector's assemblies.
            """, at: location)
    }
}

/// An `expect(_:name:resolved:)` call, checked when the injector's scope ends.
struct PendingExpectation: Sendable {
    let serviceType: Any.Type
    let name: String?
    let expected: ResolutionExpectation
    let location: FailureLocation
}
