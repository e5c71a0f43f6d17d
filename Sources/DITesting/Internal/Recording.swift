import DIKitCore
import Testing

/// What a `SpyContainer` records: its registrations, resolutions, expectations, the mocks
/// registered in it, and failures waiting to reach the test. The injector holds it, beside the
/// lock that guards it, and is its own observer: one object per test.
struct Recording: Sendable {
    /// Whether registrations are the injector's setup (its assemblies) or the test's own
    /// (overrides and mocks).
    enum Phase: Sendable {
        case setup
        case test
    }

    /// One thing the injector saw, in order: one log for all of them.
    enum Event {
        /// The registration keeps a registered instance: `registeredInstances` asks it for it.
        case registered(RegistrationHandle)
        case resolved(ResolutionEvent)
    }

    var events = EventLog()
    var expectations: [PendingExpectation] = []
    /// Registrations the test made (not the assemblies), for strict injectors.
    var overrides: [RegistrationRecord] = []
    /// The registrations that answered a resolution here or in a nested scope, and for an alias,
    /// built its instance (the alias's target), for strict injectors: an override is used when it
    /// is among them.
    var usedRegistrations: Set<ObjectIdentifier> = []
    /// The keys of the base's registrations a strict injector has reported a resolution of.
    var reportedInheritedKeys: Set<ServiceKey> = []
    var phase = Phase.setup
    /// Whether the injector's scope (`withTestInjector`, the trait, `DITestCase`) is running,
    /// setup included.
    var isInScope = false
    /// Whether the scope has begun to end: it takes no more checks (failures it still queues).
    var isEnding = false
    /// Failures raised off the test's task while the scope runs, reported when it ends.
    var queuedFailures: [(message: String, location: FailureLocation)] = []
    /// The first place in the test that used this injector through DITesting (`injected()`,
    /// `expect`): where failures with no caller of their own are reported, so that a
    /// `DITestCase`'s point at the test method rather than at DITestCase.swift.
    var testLocation: FailureLocation?
    /// Checks to run when the scope ends (mock functions' call expectations).
    var endChecks: [@Sendable () -> Void] = []
    /// The mock members registered in this injector, whose answers are let go when its scope
    /// ends (an answer may capture its own mock).
    var mockMembers: [any AttachableMockFunction] = []
    /// The stand-ins of mocks' static requirements made for this injector's test (`perTest`).
    var staticMembers = [StaticMemberKey: any MockCallRecording]()

    /// Ends the scope: failures raised from now on are not queued. Returns the queued ones.
    mutating func closeScope() -> [(message: String, location: FailureLocation)] {
        isInScope = false
        defer { queuedFailures.removeAll() }
        return queuedFailures
    }
}

extension SpyContainer {
    private var events: [Recording.Event] { withRecording { $0.events.all } }

    var recordedRegistrations: [RegistrationRecord] {
        events.compactMap {
            if case .registered(let registration) = $0 { RegistrationRecord(registration) } else { nil }
        }
    }

    var recordedResolutions: [ResolutionRecord] {
        events.compactMap { if case .resolved(let event) = $0 { ResolutionRecord(event: event) } else { nil } }
    }

    /// Instances registered in this injector, oldest first, for `mock(_:)`.
    var registeredInstances: [Any] {
        events.compactMap {
            if case .registered(let registration) = $0 { registration.registeredInstance(self) } else { nil }
        }
    }

    // MARK: Reporting

    /// Where a failure with no caller of its own is reported: the test's first use of DITesting,
    /// else where the injector was made.
    var testLocation: FailureLocation { withRecording { $0.testLocation } ?? location }

    /// Notes `location`, in the test, as where failures with no caller go, unless one is noted.
    /// What the injector's assemblies or `configure` closure do is not the test's.
    func noteTestLocation(_ location: FailureLocation) {
        withRecording { if $0.testLocation == nil && $0.phase == .test { $0.testLocation = location } }
    }

    /// Reports a failure for this injector's test: to the reporter bound on this task, if one is
    /// (`FailureReporting.withReporter` inside the scope); now, if a Swift Testing test runs on
    /// this task, or if the failure goes to XCTest (which takes failures from any thread while a
    /// case runs); else queued until the scope ends, on the test's task; after the scope, as an
    /// issue outside any test. Never dropped.
    func report(_ message: String, at location: FailureLocation) {
        if let bound = FailureReporting.bound { return reportFailure(message, at: location, to: bound) }
        if reporter is SwiftTestingReporter && Test.current == nil {
            let queued = withRecording { recording in
                guard recording.isInScope else { return false }
                recording.queuedFailures.append((message, location))
                return true
            }
            if queued { return }
        }
        reportFailure(message, at: location, to: reporter)
    }

    private func reportInherited(_ record: ResolutionRecord) {
        let registration = record.registration
        let service = record.path.last ?? "\(record.serviceType)"
        report(
            FailureMessage(
                "\(service) was resolved from the base's registration, in a strict test injector.",
                context: [
                    """
                    Resolution path: \(record.path.joined(separator: " -> "))
                    """,
                    "The base registered it at \(registration.fileID):\(registration.line).",
                ],
                fix: """
                    override it in the test (a mock's injected(), or injector.register(…)), or add the \
                    assembly that registers it to the injector's assemblies.
                    """
            ).description, at: testLocation)
    }
}

extension SpyContainer: ContainerObserver {
    @usableFromInline package var wantsResolutions: Bool { true }

    @usableFromInline package func didRegister(_ registration: RegistrationHandle) {
        let strict = strict
        withRecording { recording in
            recording.events.append(.registered(registration))
            if recording.phase == .test && strict { recording.overrides.append(RegistrationRecord(registration)) }
        }
    }

    @usableFromInline package func willResolve(
        _ serviceType: Any.Type, name: String?, registration: RegistrationHandle?, target: RegistrationHandle?
    ) {}

    @usableFromInline package func didResolve(_ resolution: consuming ResolutionEvent) {
        guard resolution.succeeded, let key = resolution.answeredBy?.key else { return }
        let strict = strict
        enclosing?.didResolveInNestedScope(copy resolution, reported: strict)
        let inherited = strict && resolution.isInherited ? ResolutionRecord(event: copy resolution) : nil
        let used = strict ? resolution.registrationsUsed : nil
        var event = Optional(resolution)  // moved into the log below, not copied
        // A strict injector reports each of the base's registrations at its first resolution only.
        let isFirstOfItsKey = withRecording {
            $0.events.append(.resolved(event.take()!))
            guard strict else { return false }
            $0.noteUse(of: used)
            return inherited != nil && $0.reportedInheritedKeys.insert(key).inserted
        }
        if isFirstOfItsKey, let inherited { reportInherited(inherited) }
    }

    /// A resolution by the injector of a scope nested in this one's, which layers over it:
    /// recorded as this injector's too, so that its counts and expectations see it. To a strict
    /// injector, it uses the override that answered it, and one the base answered is reported here
    /// unless a strict injector nested in between (`reported`) has reported it.
    func didResolveInNestedScope(_ resolution: ResolutionEvent, reported: Bool) {
        guard let answeredBy = resolution.answeredBy else { return }
        let strict = strict
        let inherited = strict && !reported && resolution.isInherited ? ResolutionRecord(event: resolution) : nil
        let used = strict ? resolution.registrationsUsed : nil
        let isFirstOfItsKey = withRecording { state in
            state.events.append(.resolved(resolution))
            guard strict else { return false }
            state.noteUse(of: used)
            return inherited != nil && state.reportedInheritedKeys.insert(answeredBy.key).inserted
        }
        if isFirstOfItsKey, let inherited { reportInherited(inherited) }
        enclosing?.didResolveInNestedScope(resolution, reported: reported || strict)
    }

    @usableFromInline package func refusesToReplaceDefault(with container: Container) -> Bool {
        report(
            FailureMessage(
                "makeShared() was called inside a test injector's scope, and was not performed.",
                context: [
                    """
                    It would change Container.shared for every later test, while this test would still see \
                    its injector.
                    """
                ],
                fix: """
                    register what the test needs into the injector (MockAPI().injected(), or \
                    injector.register(…)); call makeShared() in app code only.
                    """
            ).description, at: FailureLocation.test(orElse: location))
        return true
    }
}

/// An `expect(_:name:resolved:)` call, checked when the injector's scope ends.
struct PendingExpectation: Sendable {
    let serviceType: Any.Type
    let name: String?
    let expected: ResolutionExpectation
    let location: FailureLocation
}

extension ResolutionEvent {
    /// The registrations a successful resolution used, for a strict injector's check of its
    /// overrides: the one that answered, and for an alias, its target's, which built the
    /// instance. `nil` when the base served it.
    fileprivate var registrationsUsed: (answeredBy: ObjectIdentifier?, target: ObjectIdentifier?)? {
        guard succeeded, !isInherited else { return nil }
        return (answeredBy?.id, target?.id)
    }
}

extension Recording {
    /// Marks the registrations a resolution used.
    fileprivate mutating func noteUse(of used: (answeredBy: ObjectIdentifier?, target: ObjectIdentifier?)?) {
        if let answeredBy = used?.answeredBy { usedRegistrations.insert(answeredBy) }
        if let target = used?.target { usedRegistrations.insert(target) }
    }
}
