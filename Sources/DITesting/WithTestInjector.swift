public import DIKitCore

/// Runs `operation` with its own test injector bound as `Container.shared`.
///
/// The injector starts from the registrations of `base` (by default the container that is
/// `Container.shared` on entry), plus `assemblies`, with no instances: every singleton is fresh.
/// Nothing done inside leaks out: the base is never changed, and `Container.shared` is restored
/// when `operation` returns or throws. The binding is a task local, so parallel tests each see
/// their own injector. Nest calls to layer overrides: the inner injector starts from the outer.
///
/// ```swift
/// try withTestInjector(assemblies: [AppAssembly()]) { injector in
///     MockAPI().injected()                   // registers into this test's injector
///     let model = ForecastModel()            // its @Injected properties resolve from it
///     try model.refresh()
///     injector.assertResolved(API.self, times: 1)
/// }
/// ```
///
/// Expectations set with `injector.expect(_:resolved:)` are checked when `operation` returns.
///
/// `Task.detached`, Dispatch queues and threads do not inherit the binding: create the objects
/// under test inside `operation` (their `@Injected` properties capture the injector), or pass
/// the injector to them.
///
/// - Parameters:
///   - base: The container to start from; `nil` means `Container.shared` on entry.
///   - assemblies: Assemblies to add to the injector, after the base's registrations.
///   - operation: The test body, given the injector.
/// - Returns: What `operation` returns.
@discardableResult
public func withTestInjector<Result>(
    base: Container? = nil,
    assemblies: [any Assembly] = [],
    operation: (SpyContainer) throws -> Result
) rethrows -> Result {
    let injector = makeInjector(base: base, assemblies: assemblies)
    let result = try Container.withShared(injector) { try operation(injector) }
    injector.checkExpectations()
    return result
}

/// Runs the async `operation` with its own test injector bound as `Container.shared`.
///
/// The async form of ``withTestInjector(base:assemblies:operation:)-(_,_,(SpyContainer)->Result)``:
/// the injector reaches child tasks (`async let`, task groups, `Task { }`) but not
/// `Task.detached`.
///
/// ```swift
/// try await withTestInjector(assemblies: [AppAssembly()]) { injector in
///     MockAPI().injected()
///     try await ForecastModel().load()
/// }
/// ```
///
/// - Parameters:
///   - base: The container to start from; `nil` means `Container.shared` on entry.
///   - assemblies: Assemblies to add to the injector, after the base's registrations.
///   - isolation: The actor to run `operation` on; the caller's by default.
///   - operation: The test body, given the injector.
/// - Returns: What `operation` returns.
@discardableResult
public func withTestInjector<Result>(
    base: Container? = nil,
    assemblies: [any Assembly] = [],
    isolation: isolated (any Actor)? = #isolation,
    operation: (SpyContainer) async throws -> Result
) async rethrows -> Result {
    let injector = makeInjector(base: base, assemblies: assemblies)
    let result = try await Container.withShared(injector) { try await operation(injector) }
    injector.checkExpectations()
    return result
}

private func makeInjector(base: Container?, assemblies: [any Assembly]) -> SpyContainer {
    let injector = SpyContainer(base: base)
    injector.assemble(assemblies)
    return injector
}
