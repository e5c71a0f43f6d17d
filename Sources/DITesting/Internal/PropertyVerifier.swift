import DIKitCore

/// `verifyAssemblies`' check of `@Injected`, `@SafelyInjected` and `@InjectedProvider`
/// properties: it reflects each instance the sandbox resolves, and what that instance holds, and
/// resolves each property's service in the sandbox.
///
/// What an instance holds — an object its factory made without the container, a struct, an
/// optional, an enum's payload, a dependency it was given — declares properties that are the
/// instance's dependencies too. Each object is looked into once per verification: what was found
/// in it is kept, and given again, within a longer path, to every other instance that holds it,
/// so that a graph of services holding each other costs what its objects do, not what its paths
/// do. (A `.singleton` holding it then is not checked for capturing what it keeps: the holder that
/// reached it first was.)
final class PropertyVerifier {
    private let sandbox: Container
    private let observer: VerificationObserver
    /// What was found in each object looked into, with paths that start at its properties; empty
    /// while it is being looked into, so an object holding it back adds nothing.
    private var found: [ObjectIdentifier: [ResolutionError]] = [:]
    /// The services whose instances the current registration's check has followed its properties
    /// into, each once.
    private var followed: Set<String> = []

    init(sandbox: Container, observer: VerificationObserver) {
        self.sandbox = sandbox
        self.observer = observer
    }

    /// The failures of the properties of `instance`, which the sandbox resolved for
    /// `registration`, each within the path "Service -> Owner.property -> Service -> …".
    func failures(of instance: Any, as registration: RegistrationRecord) -> [ResolutionError] {
        let service = registration.info.serviceDescription
        followed = [service]
        let object = classObject(instance).map(ObjectIdentifier.init)
        if let object { found[object] = [] }
        let failures = properties(of: instance, owner: service, ownerInfo: registration.info)
        if let object { found[object] = failures }
        return failures.map { $0.within([service]) }
    }

    /// The failures of the properties of `instance`, and of what it holds, with paths that start at
    /// its property ("Owner.property -> Service"). `owner` is the service being checked, which
    /// keeps what a property keeps (`ownerInfo`, its registration); `holder`, the type that
    /// declares the properties when it is something the owner holds.
    private func properties(
        of instance: Any, owner: String, ownerInfo: RegistrationInfo?, holder: String? = nil, depth: Int = 0
    ) -> [ResolutionError] {
        var failures: [ResolutionError] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            for child in current.children {
                let label = String((child.label ?? "?").drop { $0 == "_" })
                let step = "\(type(of: instance)).\(label)"
                guard let property = child.value as? any InjectedProperty else {
                    if depth < Self.maximumDepth, let held = heldValue(child.value) {
                        failures += heldFailures(held, owner: owner, ownerInfo: ownerInfo, depth: depth + 1)
                            .map { $0.within([step]) }
                    }
                    continue
                }
                let service = describeService(property.serviceType, name: property.serviceName, argumentTypes: [])
                observer.addEdge(from: holder ?? owner, to: service)
                do {
                    // Resolved as if inside the owner's resolve: what a property keeps, its owner
                    // captures.
                    let (resolved, answered) = try observer.resolving(
                        property: step, of: owner, ownerInfo: property.keepsInstance ? ownerInfo : nil
                    ) {
                        try sandbox.resolveErased(
                            ServiceKey(property.serviceType, name: property.serviceName),
                            serviceType: property.serviceType)
                    }
                    // Follow the chain: what the property resolves may have properties of its own.
                    if followed.insert(service).inserted {
                        failures += properties(of: resolved, owner: service, ownerInfo: answered)
                            .map { $0.within([step, service]) }
                    }
                } catch let error as ResolutionError {
                    if property.toleratesMissing && error.kind == .notRegistered && error.path.count == 1 { continue }
                    failures.append(error.within([step]))
                } catch {
                    preconditionFailure("Unexpected error from resolve: \(error)")
                }
            }
            mirror = current.superclassMirror
        }
        return failures
    }

    /// The failures of what an instance holds: an object's, once.
    private func heldFailures(_ held: Any, owner: String, ownerInfo: RegistrationInfo?, depth: Int)
        -> [ResolutionError]
    {
        let holder = "\(type(of: held))"
        guard let object = classObject(held).map(ObjectIdentifier.init) else {
            return properties(of: held, owner: owner, ownerInfo: ownerInfo, holder: holder, depth: depth)
        }
        if let known = found[object] { return known }
        found[object] = []
        let failures = properties(of: held, owner: owner, ownerInfo: ownerInfo, holder: holder, depth: depth)
        found[object] = failures
        return failures
    }

    /// How many objects or values deep the check looks into what an instance holds: deep enough
    /// for what services hold, shallow enough for a thread's stack.
    static let maximumDepth = 16
}

/// What `value`, held in a stored property, is when it may declare `@Injected`-style properties:
/// an object or a value of a type of the app's, unwrapped from an optional. `nil` for
/// collections, functions and metatypes, and for the types of the standard library, Foundation,
/// Dispatch, Swift Testing, XCTest and DIKit, which declare none of the app's properties: a
/// container a service holds keeps other services' instances, which are not the holder's, behind
/// a lock reflection would not take.
private func heldValue(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        return mirror.children.first.flatMap { heldValue($0.value) }
    case .class, .struct, .enum, .tuple:
        let module = String(reflecting: type(of: value)).prefix { $0 != "." }
        return modulesWithoutInjectedProperties.contains(String(module)) ? nil : value
    default:
        return nil
    }
}

private let modulesWithoutInjectedProperties: Set<String> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "CoreFoundation", "Dispatch", "Synchronization", "Testing", "XCTest", "DIKitCore", "DITesting",
]
