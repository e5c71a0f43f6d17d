/// The public types DIKitCore and DITesting declare, which every mock's file imports: a type of
/// another module with one of these names (an app's `Scope`, `Provider`, `Container`) would be
/// ambiguous there, so the mock names it by its module. A test keeps the list whole.
let dikitTypeNames: Set<String> = [
    "ArgumentSample", "Assembly", "AsyncMockFunction", "AutoInjectMock", "Container", "ContainerBuilder",
    "DITestCase", "DependencyGraph", "FailureCollector", "FailureReporter", "FailureReporting", "Injected",
    "InjectedProvider", "Lazy", "MockCallRecording", "MockDefaultValue", "MockFunction", "MockProperty", "Provider",
    "Register", "Registration", "RegistrationRecord", "ResolutionError", "ResolutionExpectation", "ResolutionRecord",
    "Resolver", "SafelyInjected", "Scope", "SpyContainer", "TestFailure", "TestInjectorTrait", "UnansweredCall",
    "VerificationFailure", "VerificationReport",
]

/// How a mock names the DITesting functions its witnesses call: by their module where a member of
/// the mock has the same name (a protocol's `func mockDefault() -> Int`), which would hide them —
/// the mock's other witnesses would call it for their defaults, and its own witness itself.
struct DITestingFunctions {
    let mockDefault: String
    let mockCast: String

    init(hiddenBy memberNames: Set<String>) {
        func named(_ name: String) -> String { memberNames.contains(name) ? "DITesting.\(name)" : name }
        mockDefault = named("mockDefault")
        mockCast = named("mockCast")
    }
}

extension MockGenerator {
    /// The name of the mock of the protocol named `protocolName`: `MockAPI` for `API`, and for a
    /// nested protocol its path without the dots, `MockNetworkingClient` for `Networking.Client`;
    /// `PropertyMock` for `Property`, whose `MockProperty` would hide DITesting's from the mocks.
    public static func mockName(of protocolName: String) -> String {
        let name = protocolName.replacing(".", with: "")
        return dikitTypeNames.contains("Mock" + name) ? name + "Mock" : "Mock" + name
    }

    /// `name`, a type of `module`, qualified by it (`Corpus.BaseView`), so that a type of the same
    /// name in another imported module does not make it ambiguous; unqualified when `module`, or
    /// another module of the graphs, declares a type of its name, which hides the module (see
    /// `hiddenModules`). After the dot, `Type` and `Protocol` are escaped (GraphQL's `protocol
    /// Type`): `GraphQL.Type` would be the metatype of a type `GraphQL`.
    func qualified(_ name: String, in module: String) -> String {
        if isSplitFoundationModule(module) { return name }
        let module = importedModule(module) ?? module
        if hiddenModules.contains(module) { return name }
        return ["Type", "Protocol"].contains(name) ? "\(module).`\(name)`" : "\(module).\(name)"
    }

    /// How a mock of a protocol conforming to `protocols` reads a symbol: with their typealiases
    /// written out; the module's own types, another's that would be ambiguous or hidden in the
    /// mock's file, and a type an associated type shadows (`shadowed`: `associatedtype Span: Span`)
    /// named by their module; a method's generic parameter named as an associated type renamed.
    func rewriting(for protocols: [Symbol], shadowed: Set<String>) -> (Symbol) -> Symbol {
        let aliases = typealiasDefinitions(of: protocols)
        return { symbol in
            symbol.inliningTypealiases(aliases)
                .qualifyingTypes(where: { self.needsModule($0, $1, shadowed: shadowed) }, self.qualified)
                .renamingGenericParameters(shadowing: shadowed)
        }
    }

    /// Whether a mock names the type `name` of `module` with its module: the types of the modules
    /// whose graphs it reads (``readModules``: the mocked one, its package's libraries), which a
    /// type of their name in a module the file imports, or in the test target, would make
    /// ambiguous or hide; another module's whose name a module the file may import declares
    /// (``modulesDeclaring``) — DIKit's `Scope` beside an app's, an app's `Logger` beside
    /// swift-log's, a shared module's `Notification` beside Foundation's — or hides: a module's type
    /// hides the standard library's of its name (a to-do app's `Task`), so that one is
    /// `Swift.Task`; and the types its associated types (`shadowed`) shadow. See
    /// ``Symbol/qualifyingTypes(where:_:)``.
    func needsModule(_ name: String, _ module: String, shadowed: Set<String>) -> Bool {
        let declaring = Self.declaringName(of: module)
        return readModules.contains(module) || shadowed.contains(name)
            || modulesDeclaring[name, default: []].contains { $0 != declaring }
    }

    /// `module` as ``modulesDeclaring`` names it: Foundation for the modules it is made of, DIKit for
    /// DIKitCore and DITesting, which every mock's file imports together, and Combine for
    /// OpenCombine, which a file imports instead of it.
    static func declaringName(of module: String) -> String {
        if isPartOfFoundation(module) { return "Foundation" }
        if module == "DIKitCore" || module == "DITesting" { return "DIKit" }
        if module == "OpenCombine" { return "Combine" }
        return module
    }

    /// The names a top-level type of `symbols` has, which hide a module of that name in a mock's
    /// file (`protocol Analytics` in a module `Analytics`; an app's `struct Shared` beside a module
    /// `Shared`: `Shared.Item` would look for a member of the type), and the modules that declare a
    /// top-level type of each name:
    /// those of `symbols`, Foundation those of ``foundationTypeNames``, DIKit ``dikitTypeNames``,
    /// SwiftUI and Combine those of ``appleFrameworkTypeNames``.
    static func topLevelTypeNames(in symbols: [String: Symbol])
        -> (hiding: Set<String>, declaring: [String: Set<String>], read: Set<String>)
    {
        let kinds: Set = [
            "swift.struct", "swift.class", "swift.actor", "swift.enum", "swift.protocol", "swift.typealias",
        ]
        var hiding = Set<String>()
        var read = Set<String>()
        var declaring: [String: Set<String>] = [:]
        for name in foundationTypeNames { declaring[name, default: []].insert("Foundation") }
        for name in dikitTypeNames { declaring[name, default: []].insert("DIKit") }
        for (framework, names) in appleFrameworkTypeNames {
            for name in names { declaring[name, default: []].insert(framework) }
        }
        for symbol in symbols.values where symbol.pathComponents.count == 1 {
            let name = symbol.pathComponents[0]
            guard let module = moduleOfUSR(symbol.identifier.precise), kinds.contains(symbol.kind.identifier) else {
                continue
            }
            hiding.insert(name)
            declaring[name, default: []].insert(declaringName(of: module))
            read.insert(module)
        }
        return (hiding, declaring, read)
    }

    /// Whether `symbol`'s declaration names a type the graphs say is deprecated (`OldToken` in a
    /// deprecated `func refresh(old: OldToken)`).
    func namesDeprecatedType(_ symbol: Symbol) -> Bool {
        symbol.namedTypes.contains { symbols[$0.usr].map { !$0.deprecatedAttributes.isEmpty } == true }
    }
}

extension Symbol {
    /// The types its declaration names, with their identities: `(OldToken, s:3App8OldTokenV)`.
    var namedTypes: [(spelling: String, usr: String)] {
        (declarationFragments ?? []).compactMap { fragment in
            guard fragment.kind == "typeIdentifier", let usr = fragment.preciseIdentifier else { return nil }
            return (fragment.spelling, usr)
        }
    }
}
