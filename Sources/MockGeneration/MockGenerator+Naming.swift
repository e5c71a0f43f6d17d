import Foundation

// How a generated mock, its members and what they call are named.

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

/// How a witness names the DITesting functions it calls: by their module where a member of the
/// mock (a protocol's `func mockDefault() -> Int`), or a parameter of the witness, has the same
/// name and would hide them — the mock's witnesses would call that member for their defaults, and
/// its own witness itself.
struct DITestingFunctions {
    let mockDefault: String
    let mockCast: String

    init(hiddenBy names: Set<String>) {
        func named(_ name: String) -> String { names.contains(name) ? "DITesting.\(name)" : name }
        mockDefault = named("mockDefault")
        mockCast = named("mockCast")
    }
}

extension MockGenerator {
    /// A distinct, stable stored-property name for each requirement's stand-in: `nameMock`, then
    /// for overloads with the labels (`forecastCityMock`), then with the parameter types that
    /// tell them apart (`formatIntMock`, `formatDoubleMock`; the labels only if they differ), then
    /// with the result type (`parseIntMock`, `parseDoubleMock`), then with the types their `where`
    /// clauses name (`weighDoubleCatMock`, `weighDoubleDogMock`), then numbered — also when a
    /// requirement of the protocol has the name already. A type is named without its module
    /// and generic arguments (`ServerRequest`), unless that names another overload's type too.
    func storageNames(_ requirements: [Requirement]) -> [String] {
        func parameterTypes(_ requirement: Requirement) -> [String] {
            requirement.parameters.map { $0.recordedType ?? "Closure" }
        }
        func candidate(_ requirement: Requirement, detail: Int, among group: [Requirement]) -> String {
            var name = requirement.kind == .subscript ? "subscript" : requirement.baseName
            if requirement.kind == .initializer { name = "init" }
            if !name.first!.isLetter && name.first != "_" { name = "op" + operatorName(name) }
            let labels = requirement.labels.map { $0 == "_" ? "" : capitalized($0) }.joined()
            if detail == 1 || (detail >= 2 && group.contains { $0.labels != requirement.labels }) { name += labels }
            if detail >= 2 {
                let types = parameterTypes(requirement)
                for (position, type) in types.enumerated() {
                    let others = group.map { parameterTypes($0).dropFirst(position).first ?? "" }
                    if others.contains(where: { $0 != type }) { name += typeName(type, among: others) }
                }
            }
            if detail >= 3 { name += typeName(requirement.result, among: group.map(\.result)) }
            if detail >= 4 { name += constraintTypes(requirement).joined() }
            return (requirement.isStatic ? "static " : "") + name + "Mock"
        }
        var names = requirements.map { candidate($0, detail: 0, among: []) }
        for detail in 1...4 {
            var next = names
            for group in Dictionary(grouping: names.indices, by: { names[$0] }).values where group.count > 1 {
                let members = group.map { requirements[$0] }
                for index in group { next[index] = candidate(requirements[index], detail: detail, among: members) }
            }
            // The result type only where it tells overloads apart (not `save() throws` from
            // `save() async`, both `Void`: those are numbered).
            let nextCounts = Dictionary(next.map { ($0, 1) }, uniquingKeysWith: +)
            for index in names.indices where detail < 3 || nextCounts[next[index], default: 0] == 1 {
                names[index] = next[index]
            }
        }
        // The protocol's own member names are taken: a stand-in named like one would redeclare it.
        var used: [String: Int] = [:]
        for name in requirements.map(\.baseName) where name.hasSuffix("Mock") { used[name] = 1 }
        for index in names.indices {
            let count = used[names[index], default: 0]
            used[names[index]] = count + 1
            if count > 0 { names[index] = String(names[index].dropLast(4)) + "\(count + 1)Mock" }
        }
        return names.map { $0.replacingOccurrences(of: "static ", with: "") }
    }

    /// The types a generic requirement's `where` clause names, without their modules or generic
    /// arguments: `["Cat"]` for `where T : Corpus.Cat`, `["Int"]` for `where T == Int`.
    private func constraintTypes(_ requirement: Requirement) -> [String] {
        guard let clause = requirement.whereClause else { return [] }
        return clause.split(separator: ",").compactMap { constraint in
            let type = constraint.split(separator: ":").last.flatMap { $0.split(separator: "=").last } ?? constraint
            let name = type.prefix { $0 != "<" }.trimmingCharacters(in: .whitespaces)
            return name.split(separator: ".").last.map { capitalized(String($0)) }
        }
    }

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
    /// SwiftUI and Combine those of ``appleFrameworkTypeNames``. Of the types of `symbols`, those of
    /// `module`, the mocked one, and those the mock's file can see: another module's `internal` type
    /// (SwiftProtobuf's `JSONDecoder`, in a graph made at the internal level) clashes with nothing.
    static func topLevelTypeNames(in symbols: [String: Symbol], module mocked: String)
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
            guard let module = moduleOfUSR(symbol.identifier.precise), kinds.contains(symbol.kind.identifier),
                module == mocked || ["public", "open", "package"].contains(symbol.accessLevel)
            else {
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

private func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

/// `type` as part of a name: `ServerRequest` for `ServerRequest<App.Input>`, or, if that names
/// one of `types` that is another type (`Config` for `A.Config` and `B.Config`), all its words.
private func typeName(_ type: String, among types: [String]) -> String {
    func short(_ text: String) -> String {
        var depth = 0
        let unparameterized = text.filter { character in
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
            return depth == 0 && character != ">"
        }
        return unparameterized.replacing(/\b[A-Za-z_][A-Za-z0-9_]*\./.wordBoundaryKind(.simple), with: "")
    }
    let name = short(type)
    return identifierCharacters(types.contains { $0 != type && short($0) == name } ? type : name)
}

private func identifierCharacters(_ text: String) -> String {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { capitalized(String($0)) }.joined()
}

private func operatorName(_ symbol: String) -> String {
    let names: [Character: String] = [
        "=": "Equal", "<": "Less", ">": "Greater", "+": "Plus", "-": "Minus", "*": "Star", "/": "Slash",
        "!": "Bang", "&": "And", "|": "Or", "^": "Caret", "%": "Percent", "~": "Tilde", "?": "Question",
    ]
    return symbol.map { names[$0] ?? "" }.joined()
}
