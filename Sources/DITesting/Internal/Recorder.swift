import DIKitCore

/// What a `SpyContainer` observes: its registrations, resolutions and pending expectations.
final class Recorder: ContainerObserver {
    struct State {
        var registrations: [RegistrationRecord] = []
        var resolutions: [ResolutionRecord] = []
        var expectations: [PendingExpectation] = []
    }

    let framework: TestFramework
    private let state = LockedValue(State())

    init(framework: TestFramework) { self.framework = framework }

    var observesResolutions: Bool { true }

    var registrations: [RegistrationRecord] { state.withLock { $0.registrations } }
    var resolutions: [ResolutionRecord] { state.withLock { $0.resolutions } }

    func resolutions(of type: Any.Type, name: String?) -> [ResolutionRecord] {
        let id = ObjectIdentifier(type)
        return resolutions.filter { ObjectIdentifier($0.serviceType) == id && $0.name == name }
    }

    func add(_ expectation: PendingExpectation) { state.withLock { $0.expectations.append(expectation) } }

    func takeExpectations() -> [PendingExpectation] {
        state.withLock { state in
            defer { state.expectations.removeAll() }
            return state.expectations
        }
    }

    func didRegister(_ registration: RegistrationInfo) {
        let record = RegistrationRecord(registration)
        state.withLock { $0.registrations.append(record) }
    }

    func willResolve(_ serviceType: Any.Type, name: String?) {}

    func didResolve(_ resolution: ResolutionEvent) {
        guard resolution.error == nil, let registration = resolution.registration else { return }
        let record = ResolutionRecord(
            serviceType: resolution.serviceType, name: resolution.name, path: resolution.path,
            isOverride: !resolution.isInherited, registration: RegistrationRecord(registration))
        state.withLock { $0.resolutions.append(record) }
    }
}

/// An `expect(_:name:resolved:)` call, checked when the injector's scope ends.
struct PendingExpectation: Sendable {
    let serviceType: Any.Type
    let name: String?
    let expected: ResolutionExpectation
    let location: FailureLocation
}
