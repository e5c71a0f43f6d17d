/// The class a protocol requires (`protocol ViewLike: BaseView`), which its mock subclasses: one
/// of the package's, whose graph the tool reads, with an `init()` the mock can call.
struct Superclass {
    /// The class, qualified by its module where that names it: `Corpus.BaseView`.
    var name: String
    /// How the mock declares its own `init()`: `override init()`, or `required init()`; `nil` when
    /// the mock declares none and inherits the class's initializers (a convenience `init()`, or a
    /// designated one beside other `required` initializers, which the mock then has too).
    var initializer: String?
    /// The class's own members (`render()`): the requirements it meets already, which the mock
    /// leaves to it.
    var members: Set<String>
    /// Whether the mock subclasses it through `@testable import` (it is not `open`).
    var needsTestable: Bool
    /// The global actor it is isolated to (`@MainActor`), if any: its mock is isolated to it too,
    /// and so is the mock's `init()`, which calls the class's.
    var globalActor: String? = nil
    /// Its name as declared, for messages: `BaseView`.
    var title = ""
}

extension Superclass {
    /// `NSObject`, for a protocol that requires it or refines `NSObjectProtocol` (an
    /// Objective-C-era delegate): its `init()` is designated and public, and it meets
    /// `NSObjectProtocol` itself, which a module's graph does not list. The members it already
    /// has, which a protocol may restate (or `Hashable` and `CustomStringConvertible` ask for), are
    /// left to it.
    static let nsObject = Superclass(
        name: "NSObject", initializer: "override init()",
        members: ["description", "debugDescription", "hash", "hash(into:)", "isEqual(_:)", "==(_:_:)"],
        needsTestable: false)
}

extension MockGenerator {
    /// The class a protocol requires (the target of its `inheritsFrom` relationship), read from the
    /// graphs; throws why a mock cannot subclass it.
    func superclass(_ relationship: Relationship) throws -> Superclass {
        let fallback = relationship.targetFallback ?? relationship.target
        if ["NSObject", "ObjectiveC.NSObject", "Foundation.NSObject"].contains(fallback) { return .nsObject }
        guard let symbol = symbols[relationship.target], symbol.kind.identifier == "swift.class" else {
            throw Unmockable(reason: "it requires a superclass (\(fallback)) of another package or the SDK")
        }
        let name = symbol.names.title
        let module = moduleName(ofUSR: relationship.target) ?? options.moduleName
        let declaration = symbol.declaration
        if declaration.contains(/\bfinal\b/) {
            throw Unmockable(reason: "it requires a superclass (\(name)) that is final")
        }
        if !(symbol.swiftGenerics?.parameters ?? []).isEmpty {
            throw Unmockable(reason: "it requires a generic superclass (\(name))")
        }
        if module != options.moduleName && symbol.accessLevel != "open" {
            throw Unmockable(reason: "it requires a superclass (\(name)) of another module that is not open")
        }
        let members = related(to: relationship.target, as: ["memberOf"])
        let initializers = members.filter { $0.kind.identifier == "swift.init" }
        // An `init()`, public if the class is another module's (the mock is made without
        // `@testable import`).
        let initializer = initializers.first {
            $0.names.title == "init()" && (module == options.moduleName || $0.accessLevel == "public")
        }
        guard let initializer else {
            throw Unmockable(reason: "it requires a superclass (\(name)) with no init() for its mock to be made with")
        }
        // The mock's own `init()` calls a designated one. A mock that declares none inherits every
        // initializer, `required` ones included: so it does when the class's `init()` is a
        // convenience one, or when the mock would have to implement another `required` one.
        let inheritsInitializers =
            initializer.declaration.contains("convenience")
            || initializers.contains { $0.names.title != "init()" && $0.declaration.contains(/\brequired\b/) }
        let ownInitializer = initializer.declaration.contains(/\brequired\b/) ? "required init()" : "override init()"
        return Superclass(
            name: qualified(name, in: module),
            initializer: inheritsInitializers ? nil : ownInitializer,
            members: Set(members.map(\.names.title)),
            needsTestable: symbol.accessLevel != "open" || initializer.accessLevel != "public",
            // A class of a module that is main-actor by default is main-actor without saying so:
            // its `init()` says it.
            globalActor: symbol.globalActor ?? initializer.globalActor, title: name)
    }
}

extension Superclass {
    /// Why a mock of a protocol isolated to `protocolActor` (`nil`: to nothing), with
    /// `requirements`, cannot subclass this class, if it cannot:
    /// - the class is isolated to another actor: the protocol's witnesses and the class's members
    ///   would be isolated apart;
    /// - the mock must inherit the class's initializers, and the protocol requires one: a mock
    ///   that declares an initializer inherits none.
    func whyUnmockable(isolatedTo protocolActor: String?, meeting requirements: [Requirement]) -> Unmockable? {
        if initializer == nil && requirements.contains(where: { $0.kind == .initializer }) {
            return Unmockable(
                reason: "it requires a superclass (\(title)) whose initializers its mock must inherit, declaring "
                    + "none, and the protocol requires an initializer")
        }
        guard let globalActor, globalActor != protocolActor else { return nil }
        let isolated = globalActor == "@MainActor" ? "main-actor" : "\(globalActor.dropFirst())-isolated"
        let protocolIsolation = protocolActor.map { "isolated to \($0.dropFirst())" } ?? "isolated to no actor"
        return Unmockable(
            reason: "it requires a \(isolated) superclass (\(title)), and the "
                + "protocol is \(protocolIsolation): declare the protocol \(globalActor), as its class is")
    }
}
