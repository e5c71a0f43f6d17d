import DIKitCore

/// Records every registration made in a container, and nothing else, so resolving from that
/// container stays on its fast path.
final class RegistrationLog: ContainerObserver {
    private let records = LockedValue<[RegistrationRecord]>([])

    var registrations: [RegistrationRecord] { records.withLock { $0 } }
    var wantsResolutions: Bool { false }

    func didRegister(_ registration: RegistrationHandle) {
        let record = RegistrationRecord(registration)
        records.withLock { $0.append(record) }
    }

}
