// The seam between DIKitCore and DITesting: the hooks through which DITesting observes and
// layers containers, in one file. DITesting sees registrations as `RegistrationHandle`s — their
// information, and a registered instance as `Any` — never the storage classes.
// (`Container.init(snapshotOf:layering:observer:)` is declared in `Container` itself: a designated
// initializer cannot live in an extension.)
//
// Elsewhere, `package` marks what the two modules share rather than hooks: the locks; failure
// messages and type descriptions; `ServiceKey` and `RegistrationInfo`; the protocols that let a
// value be seen as an optional or as an `@Injected`-style property (`OptionalService`,
// `InjectedProperty`); and the `ResolutionError` builders `verifyAssemblies` reports with.

extension Container {
    /// The container `assemble(_:)` is assembling on this task, while an assembly's
    /// `assemble(into:)` runs: where a test assembly's `MockAPI().injected()` registers.
    @TaskLocal package static var assembling: Container?
}

/// Observation hooks for `DITesting`'s spy containers.
///
/// A container holds at most one observer, fixed at creation; a container without one pays a
/// single `nil` check per call. Hooks are called outside the container's lock, on the thread
/// that registered or resolved.
@usableFromInline
package protocol ContainerObserver: AnyObject, Sendable {
    /// Whether to call `willResolve` and `didResolve`. A container whose observer says `false`
    /// keeps its fast path for cached singletons.
    var wantsResolutions: Bool { get }
    /// A registration was stored in the observed container (or a child of it).
    func didRegister(_ registration: RegistrationHandle)
    /// An outermost or nested `resolve` on the observed container (or a child of it) is starting;
    /// `registration` is the one found for it, if any, and `target`, for an `implements` alias,
    /// the registration the alias resolves (which builds the instance), if any.
    func willResolve(
        _ serviceType: Any.Type, name: String?, registration: RegistrationHandle?, target: RegistrationHandle?)
    /// A `resolve` finished, successfully or not. The event is handed over, to be kept without a
    /// copy.
    func didResolve(_ resolution: consuming ResolutionEvent)
    /// Whether to call `keep(_:)`: read once, when the container is made.
    var keepsInstances: Bool { get }
    /// A `resolve` produced `instance`, which the observer keeps alive as long as it needs
    /// (`verifyAssemblies`' sandbox, until the check ends: an `unowned` reference from one instance
    /// to another stays valid while the check reflects them). Called before `didResolve`.
    func keep(_ instance: Any)
    /// `container.makeShared()` was called while the observed container is bound to the task;
    /// `true` to refuse it (the observer reports why), `false` to let it happen.
    func refusesToReplaceDefault(with container: Container) -> Bool
}

extension ContainerObserver {
    package func willResolve(
        _ serviceType: Any.Type, name: String?, registration: RegistrationHandle?, target: RegistrationHandle?
    ) {}
    package func didResolve(_ resolution: consuming ResolutionEvent) {}
    @usableFromInline package var keepsInstances: Bool { false }
    @usableFromInline package func keep(_ instance: Any) {}
    package func refusesToReplaceDefault(with container: Container) -> Bool { false }
}

/// One finished resolution, as `ContainerObserver.didResolve(_:)` sees it.
///
/// The path is described only when read: observing a resolution copies no strings.
@usableFromInline
package struct ResolutionEvent: Sendable {
    package let serviceType: Any.Type
    package let name: String?
    /// The registrations being built around this resolution, outermost first.
    let trail: [StoredRegistration]
    /// A failure's path, already rendered; `nil` on success.
    let failedPath: [String]?
    /// The registration that answered, or `nil` when none was found: held, not copied, so that
    /// observing a resolution copies no registration facts.
    package let answeredBy: RegistrationHandle?
    /// For an `implements` alias, the registration of its target found then, which built the
    /// instance; `nil` otherwise.
    package let target: RegistrationHandle?
    /// `true` when the registration that built the instance (an alias's target's, for an alias)
    /// came from a test injector's base rather than the injector.
    package let isInherited: Bool
    /// The concrete type of the instance produced, or `nil` on failure.
    package let instanceType: Any.Type?

    /// Whether the resolution produced an instance. (A failure keeps only its path: the event is
    /// copied into test injectors' logs, and the error would double its size.)
    package var succeeded: Bool { failedPath == nil }

    /// The services being resolved, outermost first, ending with this one.
    package var path: [String] {
        if let failedPath { return failedPath }
        let last = answeredBy?.info.serviceDescription ?? describeService(serviceType, name: name, argumentTypes: [])
        return trail.map(\.info.serviceDescription) + [last]
    }
}

/// A registration as `DITesting` sees it: what was registered, and the instance of a ready-instance
/// registration.
@usableFromInline
package struct RegistrationHandle: Sendable {
    @usableFromInline let registration: StoredRegistration

    @usableFromInline init(_ registration: StoredRegistration) { self.registration = registration }

    /// The type, name, scope, argument types and source location.
    package var info: RegistrationInfo { registration.info }

    /// The key it is stored under (read without copying the rest of ``info``).
    package var key: ServiceKey { registration.info.key }

    /// For an `implements` alias, the key of the registration it resolves; else `nil`.
    package var aliasTarget: ServiceKey? { (registration as? AliasRegistration)?.target }

    /// The instance a `register(_:name:instance:)` registration holds; `nil` for any other.
    package func registeredInstance(_ resolver: Container) -> Any? { registration.registeredInstance(resolver) }

    /// The registration's identity: the same for every handle of it.
    package var id: ObjectIdentifier { ObjectIdentifier(registration) }
}

extension Container {
    /// Creates an empty container reporting to `observer`.
    package convenience init(observer: any ContainerObserver) {
        self.init(parent: nil, observer: observer)
    }

    /// Every registration visible here, in registration order.
    package var visibleRegistrations: [RegistrationHandle] { visibleRegistrationList().map(RegistrationHandle.init) }

    /// Resolves the registration of `key`, of `serviceType`, with `arguments`, as `Any`, for
    /// `verifyAssemblies`.
    package func resolveErased<each Argument>(
        _ key: ServiceKey, serviceType: Any.Type, arguments: repeat each Argument
    ) throws -> Any {
        func resolve<Service>(_ type: Service.Type) throws -> Any {
            try self.resolve(
                key, as: type, arguments: Arguments(repeat each arguments),
                argumentTypes: { typeList(repeat (each Argument).self) })
        }
        return try resolve(serviceType)
    }
}
