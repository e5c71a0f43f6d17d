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

extension MockGenerator {
    /// How a mock of a protocol conforming to `protocols` reads a symbol: with their typealiases
    /// written out; the module's own types, another's named as DIKit's, and a type an associated
    /// type shadows (`shadowed`: `associatedtype Span: Span`) named by their module; a method's
    /// generic parameter named as an associated type renamed.
    func rewriting(for protocols: [Symbol], shadowed: Set<String>) -> (Symbol) -> Symbol {
        let aliases = typealiasDefinitions(of: protocols)
        return { symbol in
            symbol.inliningTypealiases(aliases)
                .qualifyingTypes(where: { self.needsModule($0, $1, shadowed: shadowed) }, self.qualified)
                .renamingGenericParameters(shadowing: shadowed)
        }
    }

    /// Whether a mock names the type `name` of `module` with its module: the mocked module's own
    /// types, another module's named as one of DIKit's or Foundation's or as another module's of
    /// the graphs, the standard library's named as a type of the graphs (any imported module's
    /// type hides the standard library's of its name), and the types its associated types
    /// (`shadowed`) shadow. See ``Symbol/qualifyingTypes(where:_:)``.
    func needsModule(_ name: String, _ module: String, shadowed: Set<String>) -> Bool {
        module == options.moduleName || shadowed.contains(name) || ambiguousTypeNames.contains(name)
            || (dikitTypeNames.contains(name) && !["DIKitCore", "DITesting"].contains(module))
            || (foundationTypeNames.contains(name) && !isFoundation(module))
            || (["Swift", "_Concurrency", "_StringProcessing"].contains(module) && declaredTypeNames.contains(name))
    }

    /// Whether `module` is Foundation or one of the modules it is made of.
    private func isFoundation(_ module: String) -> Bool {
        importedModule(module) == "Foundation" || isSplitFoundationModule(module)
    }

    /// The modules of `symbols` that declare a top-level type of their own name (`protocol
    /// Analytics` in `Analytics`), the names of top-level types more than one module declares
    /// (Foundation counted as declaring ``foundationTypeNames``), and the names of all of them.
    static func topLevelTypeNames(in symbols: [String: Symbol])
        -> (hiding: Set<String>, ambiguous: Set<String>, declared: Set<String>)
    {
        let kinds: Set = [
            "swift.struct", "swift.class", "swift.actor", "swift.enum", "swift.protocol", "swift.typealias",
        ]
        var hiding = Set<String>()
        var modules: [String: Set<String>] = [:]
        for symbol in symbols.values where symbol.pathComponents.count == 1 {
            let name = symbol.pathComponents[0]
            guard let module = moduleOfUSR(symbol.identifier.precise) else { continue }
            if module == name { hiding.insert(name) }
            if kinds.contains(symbol.kind.identifier) { modules[name, default: []].insert(module) }
        }
        let declared = Set(modules.keys)
        for name in declared where foundationTypeNames.contains(name) { modules[name]?.insert("Foundation") }
        return (hiding, Set(modules.filter { $0.value.count > 1 }.keys), declared)
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
