import DIKitCore

/// `verifyAssemblies`' check of `@Injected`, `@SafelyInjected` and `@InjectedProvider`
/// properties: it reflects each instance the sandbox resolves, and what that instance holds, and
/// resolves each property's service in the sandbox.
///
/// What an instance holds — an object its factory made without the container, a struct, an
/// optional, an enum's payload, a dependency it was given — declares properties that are the
/// instance's dependencies too, when it is of a type of the app's: of a module that declares one
/// of the assemblies or the type of an instance the sandbox resolved, but for the toolchain's and
/// the system's (`Foundation` for a registered `URLSession`). Other modules' types (the standard
/// library's, Foundation's, Combine's, DIKit's, an SDK's) are not looked into: they declare none
/// of the app's properties, and what they hold may be guarded by locks reflection does not take
/// (a container a service holds keeps every other service's instances, which are not the
/// holder's). Each object is looked into once per verification: what was found
/// in it is kept, and given again, within a longer path, to every other instance that holds it,
/// so that a graph of services holding each other costs what its objects do, not what its paths
/// do. (A `.singleton` holding it then is not checked for capturing what it keeps: the holder that
/// reached it first was.)
final class PropertyVerifier {
    private let sandbox: Container
    private let observer: VerificationObserver
    /// The modules whose types are looked into.
    private var appModules: Set<String>
    /// Each object looked into, kept until the check ends (one released would leave its address,
    /// and its entry, to the next object made there), with what was found in it: paths that start
    /// at its properties, empty while it is being looked into, so an object holding it back adds
    /// nothing.
    private var lookedInto: [ObjectIdentifier: (object: AnyObject, failures: [ResolutionError])] = [:]
    /// The services whose instances the current registration's check has followed its properties
    /// into, each once.
    private var followed: Set<String> = []

    /// The module of each type asked about.
    private var moduleOfType: [ObjectIdentifier: String?] = [:]

    /// A check in `sandbox`, which `observer` observes, of the types of the modules of `assemblies`
    /// and of the instances it resolves.
    init(sandbox: Container, observer: VerificationObserver, assemblies: [any Assembly]) {
        self.sandbox = sandbox
        self.observer = observer
        appModules = Set(assemblies.compactMap { moduleName(of: type(of: $0)) }).subtracting(systemModules)
    }

    /// The failures of the properties of `instance`, which the sandbox resolved for
    /// `registration`, each within the path "Service -> Owner.property -> Service -> …".
    func failures(of instance: Any, as registration: RegistrationRecord) -> [ResolutionError] {
        let service = registration.info.serviceDescription
        followed = [service]
        if let module = module(of: type(of: instance)), !systemModules.contains(module) {
            appModules.insert(module)
        }
        let failures = lookingInto(classObject(instance)) {
            properties(of: instance, owner: service, ownerInfo: registration.info)
        }
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
        let object = classObject(held)
        if let object, let known = lookedInto[ObjectIdentifier(object)] { return known.failures }
        return lookingInto(object) {
            properties(of: held, owner: owner, ownerInfo: ownerInfo, holder: "\(type(of: held))", depth: depth)
        }
    }

    /// What `lookInto` finds in `object` (or in a value, when `object` is `nil`), kept with the
    /// object: marked as being looked into, with nothing found, while `lookInto` runs.
    private func lookingInto(_ object: AnyObject?, _ lookInto: () -> [ResolutionError]) -> [ResolutionError] {
        guard let object else { return lookInto() }
        let id = ObjectIdentifier(object)
        lookedInto[id] = (object, [])
        let failures = lookInto()
        lookedInto[id]?.failures = failures
        return failures
    }

    /// What `value`, held in a stored property, is when it may declare `@Injected`-style
    /// properties: an object or a value of the app's types, unwrapped from an optional; `nil` for
    /// other types, tuples, collections, functions and metatypes.
    private func heldValue(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { heldValue($0.value) }
        case .class, .struct, .enum:
            return module(of: type(of: value)).map(appModules.contains) == true ? value : nil
        default:
            return nil
        }
    }

    /// ``moduleName(of:)``, found once for each type.
    private func module(of type: Any.Type) -> String? {
        let key = ObjectIdentifier(type)
        if let known = moduleOfType[key] { return known }
        let module = moduleName(of: type)
        moduleOfType[key] = module
        return module
    }

    /// How many objects or values deep the check looks into what an instance holds: deep enough
    /// for what services hold, shallow enough for a thread's stack.
    static let maximumDepth = 16
}

/// The module `type` is declared in, as its reflected name begins: `App` for `App.Model` and
/// `App.Box<Swift.Int>`; `nil` for a tuple's, a function's or an Objective-C class's.
private func moduleName(of type: Any.Type) -> String? {
    let name = String(reflecting: type)
    guard let dot = name.firstIndex(of: "."), !name[..<dot].contains(where: { "(<[ ".contains($0) }) else {
        return nil
    }
    return String(name[..<dot])
}

/// Modules of the toolchain and the system whose types an app registers (`URLSession`,
/// `UserDefaults`, a Combine subject), which are not the app's.
private let systemModules: Set<String> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "CoreFoundation", "Dispatch", "Synchronization", "Combine", "Observation", "SwiftUI", "os",
    "Testing", "XCTest", "DIKitCore", "DITesting",
]
