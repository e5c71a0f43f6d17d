import DIKitCore
import Testing

/// A container that lives as long as the process, as `Container.shared` does, with weak
/// references into it and from it that outlive every test. `.ci/run` runs the suite under
/// AddressSanitizer, whose LeakSanitizer reports at exit what no pointer reaches: it reported the
/// side table of a container that a released `Lazy` had held weakly, and the reference to a `.weak`
/// instance still alive, whose pointer an enum had kept in its spare bits.
@Suite struct ProcessLifetimeContainerTests {
    @Test func aWrapperOfAServiceItBuildsHoldsAContainerAliveAtExitWeakly() throws {
        let holder = try ProcessLifetime.container.resolve(BeaconHolder.self)
        #expect(try holder.beacon() === ProcessLifetime.beacon)
    }
}

private final class Beacon: Sendable {}

private final class BeaconHolder: Sendable {
    let beacon: Lazy<Beacon>
    init(beacon: Lazy<Beacon>) { self.beacon = beacon }
}

private enum ProcessLifetime {
    static let container: Container = {
        let container = Container()
        container.register(Beacon.self, scope: .weak) { _ in Beacon() }
        container.register(BeaconHolder.self) { r in BeaconHolder(beacon: try r.resolve()) }
        return container
    }()
    /// Keeps the `.weak` instance alive until exit.
    static let beacon = try! container.resolve(Beacon.self)
}
