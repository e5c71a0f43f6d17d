public import DIKitCore

/// A test injector: a `Container` that starts from a base container's registrations
/// with none of its instances, and records every registration and resolution.
///
/// `withTestInjector`, the ``TestInjectorTrait`` and ``DITestCase`` each hand one to the test and
/// bind it as `Container.shared`, so `@Injected` properties of objects the test creates resolve
/// from it. Register mocks into it, then assert what the code under test resolved:
///
/// ```swift
/// try withTestInjector(assemblies: [AppAssembly()]) { injector in
///     MockAPI().injected()
///     injector.expect(Analytics.self, resolved: .never)
///     let model = ForecastModel()
///     try model.refresh()
///     injector.assertResolved(API.self, times: 1)
/// }
/// ```
///
/// The base is never changed: the injector starts from a snapshot of its registrations, with
/// none of its instances, so singletons are fresh in every injector. Taking the snapshot costs the
/// same whatever the size of the base.
///
/// Safety: `recording` is read and written only under its lock, through `withRecording`;
/// everything else is immutable or `Container`'s.
public final class SpyContainer: Container, @unchecked Sendable {
    /// Where the injector's failures go, chosen when it was made: the reporter bound to the task,
    /// else the framework running its test.
    let reporter: any FailureReporter
    let strict: Bool
    /// Where the injector was created: failures with no caller of their own are reported here.
    let location: FailureLocation
    /// The records and their lock, in an object of their own: kept in the injector itself they
    /// would need the runtime's exclusivity check turned off outside DIKitCore's unsafe folder.
    private let recording: LockedStorage<Recording>
    /// Whether a scope (`withTestInjector`, the trait, `DITestCase`) made it, and checks its
    /// expectations when it ends.
    private let isScoped: Bool
    /// The injector of the enclosing scope this one layers over: it sees this one's resolutions
    /// too. Weak, so that an injector kept past its scope does not keep the enclosing one's mocks.
    weak let enclosing: SpyContainer?

    /// This injector, then those of the enclosing scopes it starts from, nearest first.
    var layers: UnfoldFirstSequence<SpyContainer> { sequence(first: self) { $0.enclosing } }

    /// Creates an injector over `base` (by default, `Container.shared` now), recording what
    /// happens in it. With no scope to end, it checks the expectations set on it, and on mocks
    /// while it was bound, when it is released, unless ``checkExpectations()`` checked them first.
    public convenience init(base: Container? = nil) {
        self.init(
            base: base ?? .shared, reporter: FailureReporting.current, strict: false,
            location: FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }

    /// Creates an injector over `base`. A scope's injector (`isScoped`) is the test's from the
    /// start, and `end()` closes it: failures off the test's task wait for it. When `layering`,
    /// what `base` registered counts as the injector's own, not inherited: `base` is an enclosing
    /// scope's injector (a suite's trait around a test's, an outer `withTestInjector`).
    init(
        base: borrowing Container, reporter: any FailureReporter, strict: Bool, location: FailureLocation,
        isScoped: Bool = false, layering: Bool = false
    ) {
        self.reporter = reporter
        self.strict = strict
        self.location = location
        recording = LockedStorage(Recording(phase: isScoped ? .test : .setup, isInScope: isScoped))
        self.isScoped = isScoped
        enclosing = layering ? (copy base) as? SpyContainer : nil
        super.init(snapshotOf: base, layering: layering) { $0 as! SpyContainer }
    }

    /// Adds, through `add`, something to check when the scope ends, unless the scope has ended
    /// already (an injector made on its own checks when it is released): then returns `false`.
    func acceptsEndChecks(_ add: (inout Recording) -> Void) -> Bool {
        withRecording { state in
            guard (state.isInScope && !state.isEnding) || !isScoped else { return false }
            add(&state)
            return true
        }
    }

    /// The failure of `method` called after this injector's scope ended.
    func scopeEnded(method: String, instead: String) -> String {
        FailureMessage(
            "\(method) was called after the test injector's scope ended: nothing would check it.",
            fix: "set it inside the scope (the test's body), or check now with \(instead)."
        ).description
    }

    deinit {
        // An injector made on its own has no scope whose end checks what it was asked to expect.
        if !isScoped { checkExpectations() }
    }

    /// Runs `body` on the records while holding their lock. `body` must not run user code, nor
    /// release the last reference to a user object.
    func withRecording<Result>(_ body: (inout Recording) -> Result) -> Result {
        recording.withLock(body)
    }

    /// The injector of the running test: the `SpyContainer` bound as `Container.shared` by
    /// `withTestInjector`, the `.testInjector` trait or `DITestCase`.
    ///
    /// Outside those scopes there is none: reading it reports a test failure and returns an empty
    /// injector, so the test fails instead of asserting against the wrong container. The failure
    /// is the running test's on its own task, and under XCTest from any thread; read in a
    /// `Task.detached` during a Swift Testing test, it is an issue of the run (nothing there says
    /// which of the tests running in parallel made the read).
    public static var current: SpyContainer {
        if let injector = Container.shared as? SpyContainer { return injector }
        let message = FailureMessage(
            "SpyContainer.current was read outside a test injector.",
            context: [
                """
                Container.shared is not a SpyContainer on this task (Task.detached and Dispatch \
                queues do not inherit the test's injector).
                """
            ],
            fix: """
                run the test with @Test(.testInjector), inside withTestInjector { }, or in a \
                DITestCase; or pass the injector to the code that needs it.
                """
        ).description
        let location = FailureLocation.test(
            orElse: FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        // Off the test's task (`Task.detached`), `Test.current` is nil, and which of the tests
        // running in parallel made the read is unknown: the failure goes to the task's reporter,
        // else to Swift Testing as an issue of the run (failing it), or to XCTest while a case
        // runs. Never dropped.
        reportFailure(message, at: location)
        return SpyContainer(base: Container())
    }

    /// Every registration made in this injector (not its base's), in order, including replaced
    /// ones.
    public var registrations: [RegistrationRecord] { recordedRegistrations }

    /// Every successful resolution from this injector and its children, in order, outermost and
    /// nested; and from the injectors of scopes nested in this one's (an inner
    /// `withTestInjector`, a test's trait inside its suite's), which start from it.
    public var resolutions: [ResolutionRecord] { recordedResolutions }

    /// How many times `type` (with `name`) was resolved successfully, outermost or nested.
    ///
    /// `type` matches the type a service was resolved as, or the concrete type of the instance
    /// it produced: `resolutionCount(of: LiveAPI.self)` counts resolutions of `API` that built a
    /// `LiveAPI`. A resolved-as type matches only with the same name (`nil` for none); a concrete
    /// type with no `name` matches whatever name the service was resolved with.
    public func resolutionCount<Service>(of type: Service.Type, name: String? = nil) -> Int {
        resolutions(of: type, name: name).count
    }

    /// The instance of `type` registered in this injector — by a mock's `injected()` or by
    /// `register(_:name:instance:)` — the latest one if several were; else in the injector of an
    /// enclosing scope this one starts from (a suite's trait around a test's, an outer
    /// `withTestInjector`), the nearest first.
    ///
    /// For Quick specs and XCTest methods, where there is nowhere to keep what `injected()`
    /// returned:
    ///
    /// ```swift
    /// let api = try #require(injector.mock(MockAPI.self))
    /// ```
    ///
    /// Reports a test failure at the caller, and returns `nil`, when none was registered.
    public func mock<Mock>(
        _ type: Mock.Type,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Mock? {
        for injector in layers {
            if let mock = injector.registeredInstances.reversed().lazy.compactMap({ $0 as? Mock }).first { return mock }
        }
        report(
            FailureMessage(
                "No instance of \(Mock.self) is registered in this test injector.",
                context: [
                    "Registered here: \(describeRegistrations)."
                ],
                fix: """
                    register it first (\(Mock.self)().injected(), or injector.register(_:instance:)), in \
                    this injector rather than another container.
                    """
            ).description, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return nil
    }

    func resolutions(of type: Any.Type, name: String?) -> [ResolutionRecord] {
        recordedResolutions.filter { $0.matches(type, name: name) }
    }

    private var describeRegistrations: String {
        let names = registrations.map { "\($0.serviceType)" }
        return names.isEmpty ? "nothing" : listed(names)
    }
}
