import Foundation

/// Writes `final class MockP: P, AutoInjectMock` (an `actor` for a protocol that refines `Actor`) for
/// protocols of a module, from its symbol graph.
///
/// The logic of the `generate-mocks` command plugin, as a library its tests call directly.
public struct MockGenerator {
    /// What to generate.
    public struct Options: Sendable {
        /// The module whose protocols are mocked.
        public var moduleName: String
        /// The protocols to mock, by name; empty for every protocol at internal access or above.
        public var protocols: [String]
        /// The command that regenerates the file, for its header.
        public var command: String

        /// What to generate: `moduleName`'s protocols (or those named in `protocols`), with `command` in the header.
        public init(moduleName: String, protocols: [String] = [], command: String) {
            self.moduleName = moduleName
            self.protocols = protocols
            self.command = command
        }
    }

    /// What was generated.
    public struct Output: Sendable {
        /// The file's text.
        public var source: String
        /// The mocks written, by protocol name.
        public var mocked: [String]
        /// The protocols left out, each with why.
        public var skipped: [(name: String, reason: String)]
    }

    /// Why nothing was generated.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, and how to fix it.
        public let description: String
    }

    let options: Options
    let symbols: [String: Symbol]
    /// Every relationship of the graphs, by its source's and by its target's identifier, in the
    /// graphs' order.
    private let relationshipsBySource: [String: [Relationship]]
    private let relationshipsByTarget: [String: [Relationship]]
    /// The names of the top-level types of the graphs, which hide a module of that name
    /// (`protocol Analytics` in `Analytics`): `Analytics.Analytics` looks for a member of the type.
    let hiddenModules: Set<String>
    /// The modules that declare a top-level type of each name, as a mock's file sees them: those of
    /// the graphs, Foundation and DIKit (see ``topLevelTypeNames(in:module:)``). A type of another module
    /// with one of these names is ambiguous there, or hidden: see ``needsModule(_:_:shadowed:)``.
    let modulesDeclaring: [String: Set<String>]
    /// The modules whose graphs the tool reads (those that declare a top-level type in them, one
    /// the mock's file can see): whether one is hidden is known, so their types are named by their
    /// module.
    let readModules: Set<String>
    /// The requirements whose declarations carried a result builder, which ``symbols`` leave out:
    /// their witnesses say `return`, so that they do not take it (see
    /// ``Symbol/removingResultBuilders(where:)``).
    let builtWithResultBuilder: Set<String>
    /// The mocks of this file a call may return when nothing answers it, by the title of their
    /// protocol and by their own name (`Self`): those made by `MockP()` alone (not generic, not a
    /// subclass, not marked `@available`, with no `init()` requirement to record the making).
    var answeringMocks: [String: String] = [:]
    /// The generic mocks of this file whose generic parameters are their protocol's primary
    /// associated types, in order, by the title of their protocol: a call returning
    /// `any Repository<User>` that nothing answers returns `MockRepository<User>()`.
    var answeringGenericMocks: [String: String] = [:]

    /// Generates mocks from `graphs`, a module's symbol graphs (and those of the modules it depends
    /// on, whose protocols its own may refine), as `options` says.
    public init(graphs: [SymbolGraph], options: Options) {
        self.options = options
        let relationships = graphs.flatMap(\.relationships)
        relationshipsBySource = Dictionary(grouping: relationships, by: \.source)
        relationshipsByTarget = Dictionary(grouping: relationships, by: \.target)
        var symbols: [String: Symbol] = [:]
        for graph in graphs {
            for symbol in graph.symbols where symbols[symbol.identifier.precise] == nil {
                symbols[symbol.identifier.precise] = symbol
            }
        }
        (self.symbols, builtWithResultBuilder) = Self.removingResultBuilders(from: symbols)
        (hiddenModules, modulesDeclaring, readModules) = Self.topLevelTypeNames(
            in: self.symbols, module: options.moduleName)
    }

    /// Generates the file.
    ///
    /// - Throws: ``Failure`` when the module declares no protocol, or when a protocol asked for by
    ///   name does not exist or cannot be mocked.
    public func generate() throws -> Output {
        let all = protocols()
        guard !all.isEmpty else {
            throw Failure(
                description: "error: \(options.moduleName) declares no protocol at internal access or above: nothing "
                    + "to mock, and nothing was written. Name the target that declares the protocols (--target …)."
            )
        }
        var chosen: [Symbol]
        if options.protocols.isEmpty {
            chosen = all
        } else {
            chosen = []
            for name in options.protocols {
                guard let symbol = all.first(where: { $0.names.title == name }) else {
                    let available = all.map(\.names.title)
                    throw Failure(
                        description: "error: \(options.moduleName) has no protocol named '\(name)' at internal access "
                            + "or above. Its protocols: \(available.isEmpty ? "none" : available.joined(separator: ", "))."
                    )
                }
                chosen.append(symbol)
            }
        }
        // What can be mocked, and made by `MockP()`, is known once every mock is tried: a first pass.
        var generator = self
        var unused: [Symbol] = []
        for symbol in chosen {
            guard let mock = try? mock(of: symbol, using: &unused) else { continue }
            let mockName = Self.mockName(of: symbol.names.title)
            if mock.isMadeAlone {
                // `Self`, in the mock, is the mock.
                for type in [symbol.names.title, mockName] { generator.answeringMocks[type] = mockName + "()" }
            } else if mock.isMadeForPrimaryTypes {
                generator.answeringGenericMocks[symbol.names.title] = mockName
            }
        }
        var mocks: [(name: String, source: String, isInternal: Bool)] = []
        var skipped: [(name: String, reason: String)] = []
        var used: [Symbol] = []
        var mocked: [Symbol] = []
        for symbol in chosen {
            do {
                let (source, needsTestable, _, _) = try generator.mock(of: symbol, using: &used)
                mocks.append((symbol.names.title, source, needsTestable || symbol.accessLevel == "internal"))
                mocked.append(symbol)
            } catch let error as Unmockable {
                if options.protocols.contains(symbol.names.title) {
                    throw Failure(
                        description: "error: cannot generate a mock of '\(symbol.names.title)': \(error.reason). "
                            + "Write this mock by hand (see WritingMocks.md).")
                }
                skipped.append((symbol.names.title, error.reason))
            }
        }
        // A type named `Foundation.…` needs Foundation itself, which a file importing only
        // FoundationEssentials where it can (as server code does on Linux) does not bring in.
        let namesFoundation = mocks.contains { $0.source.contains(/(?:^|[^\w.])Foundation\.[A-Z]/) }
        let imports = importLines(of: mocked, requirements: used, importingFoundation: namesFoundation)
        return Output(
            source: render(mocks: mocks, skipped: skipped, imports: imports),
            mocked: mocks.map(\.name),
            skipped: skipped)
    }

    /// The module's protocols at internal access or above, in name order; a protocol nested in a
    /// type is named by its path (`Networking.Client`).
    private func protocols() -> [Symbol] {
        let moduleUSR = "s:\(options.moduleName.utf8.count)\(options.moduleName)"
        return symbols.values.filter { symbol in
            symbol.kind.identifier == "swift.protocol"
                && ["internal", "package", "public", "open"].contains(symbol.accessLevel)
                && symbol.identifier.precise.hasPrefix(moduleUSR)
        }.sorted { $0.names.title < $1.names.title }
    }

    // MARK: One mock

    /// The mock of `proto`, whether it needs `@testable import` for its superclass, whether
    /// `MockP()` alone makes it, and whether `MockP<…>()` does, given the types of its protocol's
    /// primary associated types, its only generic parameters.
    private func mock(of proto: Symbol, using used: inout [Symbol]) throws
        -> (String, needsTestable: Bool, isMadeAlone: Bool, isMadeForPrimaryTypes: Bool)
    {
        let name = proto.names.title
        let mockName = Self.mockName(of: name)
        var extras: [String] = []
        var isActor = false
        var requirements: [Requirement] = []
        var indices: [String: Int] = [:]
        var protocols: [Symbol] = []
        var superclass: Superclass?
        let requirementSymbols = try requirementSymbols(
            of: proto, mockName: mockName, extras: &extras, isActor: &isActor, protocols: &protocols,
            superclass: &superclass)
        if let hidden = protocols.lazy.compactMap({ proto in proto.hiddenRequirementName.map { (proto, $0) } }).first {
            throw Unmockable(
                reason: "\(hidden.0.names.title) declares \(hidden.1), and the symbol graph of an internal protocol "
                    + "leaves out a requirement whose name, label or parameter begins with an underscore (make the "
                    + "protocol package or public to mock it)")
        }
        used += requirementSymbols
        // `@MainActor`, or another global actor: the mock is isolated to it too — unless it refines
        // a protocol that is not (`@MainActor protocol Screen: Named`, and every refinement in a
        // module that is main-actor by default, whose symbol graph marks the refinement but not what
        // it refines): an isolated mock's witness of that protocol's requirement would cross into
        // the actor's code. Then the mock is nonisolated, each witness isolated as its requirement.
        let globalActor =
            protocols.allSatisfy { $0.globalActor == proto.globalActor } ? proto.globalActor : nil
        let isAssociatedType = { (symbol: Symbol) in symbol.kind.identifier == "swift.associatedtype" }
        let unshadowed = rewriting(
            for: protocols, shadowed: Set(requirementSymbols.filter(isAssociatedType).map(\.names.title)))
        let associated = try AssociatedTypes(
            requirementSymbols.filter(isAssociatedType).map(unshadowed), protocols: protocols.map(unshadowed),
            members: requirementSymbols.filter { !isAssociatedType($0) }.map(unshadowed), mockName: mockName)
        for symbol in requirementSymbols where !isAssociatedType(symbol) {
            let unkeepable = unkeepableTypes(of: symbol)
            let isLeft = try isLeftToDefault(
                symbol, of: proto, protocols: protocols, associated: associated, unkeepable: unkeepable)
            if isLeft { continue }
            var requirement = try Requirement(unshadowed(symbol), mockName: mockName)
            try requirement.leaveOut(unkeepable)
            requirement.returnsExplicitly = builtWithResultBuilder.contains(symbol.identifier.precise)
            requirement.unqualify(associated, mockName: mockName)
            // `throws(Failure)`, the mock fixing `Failure` to `Never`, throws nothing: a `try` would warn.
            if let thrown = requirement.thrownType, associated.fixesToNever(thrown, mockName: mockName) {
                requirement.throwsError = false
                requirement.thrownType = nil
            }
            // The mock says its protocol's availability; a witness, only what adds to it.
            if requirement.availability == proto.availableAttribute { requirement.availability = nil }
            if namesDeprecatedType(symbol) { requirement.deprecation = symbol.deprecatedAttributes }
            let key = requirement.restatementKey
            // A requirement the superclass meets is left to it.
            if superclass?.members.contains(requirement.title) == true { continue }
            // A refinement restating a requirement (`{ get set }` over `{ get }`, `async` over
            // `async throws`, its parameters named otherwise) is met by one witness: the one that
            // meets both, the refinement's where each does (it comes later). Overloads that
            // neither meets (`throws` beside `async`) each keep their own.
            if let index = indices[key] {
                if requirement.meets(requirements[index]) {
                    requirements[index] = requirement
                    continue
                }
                if requirements[index].meets(requirement) { continue }
            } else {
                indices[key] = requirements.count
            }
            requirements.append(requirement)
        }
        // The stand-ins of an isolated mock are read without `await`: tests stub and check them.
        let isolation = globalActor != nil || isActor ? "nonisolated " : ""
        // `Identifiable where ID == String`: the mock's `id`, unless the protocol restates it;
        // `nonisolated` in an isolated mock, as `Identifiable` requires it.
        if let identifier = associated.identifier,
            !requirements.contains(where: { $0.kind == .property && $0.baseName == "id" && !$0.isStatic })
        {
            requirements.append(.identifier(of: identifier, isolation: isolation))
        }
        if let reason = superclass?.whyUnmockable(isolatedTo: globalActor, meeting: requirements) { throw reason }
        requirements = requirements.titledApart()
        let names = storageNames(requirements)
        // An actor's initializers are not isolated already (and cannot be marked so); a subclass's
        // are isolated as its superclass's, which they call.
        let initializerIsolation = globalActor != nil && superclass?.globalActor == nil ? "nonisolated " : ""
        var lines: [String] = []
        lines.append("/// A mock of ``\(name)``, generated: every requirement answers through a stand-in you stub.")
        let qualified = qualified(name, in: options.moduleName)
        let kind = isActor ? "actor" : "final class"
        if let availability = proto.availableAttribute { lines.append(availability) }
        lines += proto.deprecatedAttributes
        // The mock of a protocol isolated to nothing is `nonisolated`, as its protocol is, also in a
        // target whose code is main-actor by default: there it would otherwise be main-actor, and a
        // mock subclassing a class of the package could not override the class's nonisolated `init()`.
        // `Sendable` too, as its stand-ins are: a test captures it in an `answers` closure or hands it
        // to another task (an actor's or a global actor's mock is already; a subclass cannot say it).
        let sendable = isActor || globalActor != nil || superclass != nil ? "" : ", Sendable"
        lines.append(
            (globalActor.map { "\($0) " } ?? (isActor ? "" : "nonisolated "))
                + "\(kind) \(mockName)\(associated.genericClause): \(superclass.map { "\($0.name), " } ?? "")"
                + "\(qualified), AutoInjectMock\(sendable)\(associated.whereClause) {"
        )
        // With primary associated types (`protocol Cache<Key>`), what code resolves is `any Cache<Key>`.
        let primary = primaryAssociatedTypes(of: proto)
        let registered = primary.isEmpty ? qualified : "\(qualified)<\(primary.joined(separator: ", "))>"
        lines.append("    \(isolation)static var registeredTypes: [Any.Type] { [(any \(registered)).self] }")
        lines.append("")
        for alias in associated.typealiases {
            lines.append("    \(alias)")
            lines.append("")
        }
        // The mock's own `init()`, unless the protocol requires one or the mock inherits its
        // superclass's initializers: a subclass's calls its superclass's.
        let requiresInit = requirements.contains { $0.kind == .initializer && $0.parameters.isEmpty }
        let initializer = superclass == nil ? "init() {}" : superclass?.initializer.map { "\($0) { super.init() }" }
        if !requiresInit, let initializer {
            lines.append("    \(initializerIsolation)\(initializer)")
            lines.append("")
        }
        // The names the mock declares, or inherits from the superclass.
        let inherited = (superclass?.members ?? []).map { String($0.prefix { $0 != "(" }) }
        let declared = Set(requirements.map(\.baseName) + inherited)
        for (requirement, storage) in zip(requirements, names) {
            lines += render(
                requirement, storage: storage, of: mockName + associated.genericArguments, isolation: isolation,
                initializerIsolation: initializerIsolation, declaredNames: declared)
            lines.append("")
        }
        // What the standard library's protocols need, once (two protocols it refines may each be
        // `Hashable`), unless a requirement of the protocol itself, or the superclass, declares it
        // (`NSObject` is `Hashable` and `CustomStringConvertible` already).
        let standard: Set = ["description", "debugDescription", "hash", "==", "<"]
        var written = Set<[String]>()
        lines += extras.split(separator: "", omittingEmptySubsequences: true).map(Array.init).filter { block in
            written.insert(block).inserted
                && !declared.contains { name in block.joined().contains(" \(name)") && standard.contains(name) }
        }.flatMap { $0 + [""] }
        if lines.last == "" { lines.removeLast() }
        lines.append("}")
        let isMadeByInit =
            !requiresInit && superclass == nil && proto.availableAttribute == nil && proto.deprecatedAttributes.isEmpty
        let isMadeForPrimaryTypes =
            isMadeByInit && !associated.parameterNames.isEmpty && associated.requirements.isEmpty
            && associated.parameterNames == primary
        return (
            lines.joined(separator: "\n"), superclass?.needsTestable ?? false,
            isMadeByInit && associated.genericClause.isEmpty, isMadeForPrimaryTypes
        )
    }

    /// The requirements of `proto` and of the protocols it refines whose graphs the tool has (this
    /// module's, and the package's other targets' it depends on), those first. Other protocols
    /// must be known to need nothing, or `extras` can implement them;
    /// `isActor` is set when one is `Actor`, whose requirements an `actor` meets by itself;
    /// `protocols` gets `proto` and the protocols it refines whose graphs the tool has;
    /// `superclass` gets the class `proto` or one of those requires, if any.
    private func requirementSymbols(
        of proto: Symbol, mockName: String, extras: inout [String], isActor: inout Bool, protocols: inout [Symbol],
        superclass: inout Superclass?
    ) throws -> [Symbol] {
        var visited = Set<String>()
        var result: [Symbol] = []
        func visit(_ proto: Symbol) throws {
            guard visited.insert(proto.identifier.precise).inserted else { return }
            protocols.append(proto)
            // `protocol P: SomeClass`: the mock subclasses it.
            if superclass == nil,
                let relationship = relationships(from: proto.identifier.precise, kind: "inheritsFrom").first
            {
                superclass = try self.superclass(relationship)
            }
            let refined = relationships(from: proto.identifier.precise, kind: "conformsTo")
            var standard: [Symbol] = []
            for relationship in refined.sorted(by: { $0.target < $1.target }) {
                if let base = symbols[relationship.target], base.kind.identifier == "swift.protocol" {
                    try visit(base)
                    continue
                }
                let external = relationship.targetFallback ?? relationship.target
                let simple = external.split(separator: ".").last.map(String.init) ?? external
                switch simple {
                // `LocalizedError`'s requirements all have default implementations.
                case "Sendable", "SendableMetatype", "Copyable", "Escapable", "AnyObject", "Identifiable", "Error",
                    "LocalizedError", "Observable", "ObservableObject":
                    break
                case "Actor":
                    isActor = true
                // `protocol Delegate: NSObjectProtocol`: `NSObject` meets it, and the mock subclasses it.
                case "NSObjectProtocol":
                    superclass = superclass ?? .nsObject
                // `Codable`'s parts: their requirements, as a protocol restating them would list them.
                case "Encodable":
                    standard.append(.encodableRequirement)
                case "Decodable":
                    standard.append(.decodableRequirement)
                default:
                    if let members = Self.standardMembers(of: simple, mockName: mockName) {
                        extras += members.flatMap { [$0, ""] }
                        continue
                    }
                    throw Unmockable(
                        reason: "it refines \(external), a protocol of another module whose requirements its symbol "
                            + "graph does not list")
                }
            }
            let own = related(to: proto.identifier.precise, as: ["requirementOf", "optionalRequirementOf"])
            // In declaration order, whatever the order of the graph.
            result += own.sorted { lhs, rhs in
                let left = (lhs.location?.position.line ?? 0, lhs.location?.position.character ?? 0, lhs.names.title)
                let right = (rhs.location?.position.line ?? 0, rhs.location?.position.character ?? 0, rhs.names.title)
                return left < right
            }
            result += standard
        }
        try visit(proto)
        return result
    }

    func relationships(from source: String, kind: String) -> [Relationship] {
        (relationshipsBySource[source] ?? []).filter { $0.kind == kind }
    }

    /// The symbols related to `target` as one of `kinds`: its requirements (`requirementOf`), its
    /// members (`memberOf`).
    func related(to target: String, as kinds: Set<String>) -> [Symbol] {
        (relationshipsByTarget[target] ?? []).filter { kinds.contains($0.kind) }.compactMap { symbols[$0.source] }
    }
}
