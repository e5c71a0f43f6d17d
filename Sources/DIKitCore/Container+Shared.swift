extension Container {
    /// The container `@Injected` and friends resolve from: the one bound to the current task by
    /// ``withShared(_:operation:)-(_,()->Result)`` (or by `DITesting`'s `withTestInjector`), else
    /// the process-wide default.
    ///
    /// The binding is a task local: it reaches the current task and the child tasks it creates
    /// (`async let`, task groups, `Task { }`), but not `Task.detached`, Dispatch queues, threads or
    /// callbacks from other systems, which see the process-wide default. Objects that capture the
    /// container when created, like `@Injected`, keep resolving from the right one wherever they
    /// are used later.
    public static var shared: Container {
        boundContainer ?? processDefault.withLock { $0 }
    }

    /// Makes this container the process-wide default returned by ``shared`` where no container
    /// is bound to the task.
    ///
    /// ```swift
    /// Container(assemblies: [AppAssembly()]).makeShared()
    /// ```
    ///
    /// The previous default is released after the switch, outside any lock, so its singletons'
    /// `deinit`s may read ``shared``.
    ///
    /// Inside a `DITesting` test injector's scope, it is reported as a test failure and not
    /// performed: it would change the default for every later test.
    public func makeShared() {
        if let bound = Container.boundContainer, let observer = bound.observer,
            observer.refusesToReplaceDefault(with: self)
        {
            return
        }
        let previous = Container.processDefault.exchange(self)
        withExtendedLifetime(previous) {}
    }

    /// Runs `operation` with `container` as ``shared`` for this task and its child tasks, and
    /// returns its result.
    ///
    /// ```swift
    /// let model = Container.withShared(previewContainer) { ForecastModel() }
    /// ```
    public static func withShared<Result>(
        _ container: Container, operation: () throws -> Result
    ) rethrows -> Result {
        try $boundContainer.withValue(container, operation: operation)
    }

    /// Runs the async `operation` with `container` as ``shared`` for this task and its child
    /// tasks, and returns its result.
    ///
    /// ```swift
    /// try await Container.withShared(container) { try await app.run() }
    /// ```
    public static func withShared<Result>(
        _ container: Container,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $boundContainer.withValue(container, operation: operation)
    }

    @TaskLocal private static var boundContainer: Container?
    /// The default before any `makeShared()`: empty.
    static let initialDefault = Container()
    private static let processDefault = LockedValue(initialDefault)

}
