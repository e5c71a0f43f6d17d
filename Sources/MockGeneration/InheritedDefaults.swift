// A requirement a protocol inherits may come with a default implementation that a refinement's
// users count on: gRPC's generated `ServiceProtocol` implements its `StreamingServiceProtocol`
// requirements (and `registerMethods(with:)`) by calling its own, Vapor's `AsyncMiddleware`
// implements `Middleware`'s `EventLoopFuture` method by calling its `async` one, DIKit's
// `Assembly` has `dependencies` return `[]`. A mock that answered those through stand-ins would
// cut the chain: the server or framework calls the inherited requirement, and the stand-in the
// test stubbed is never reached. So a mock leaves such a requirement to its default, as a
// conformance written by hand would. (The mocked protocol's own requirements are always mocked, but
// for those a stand-in could not serve or Swift cannot declare in the mock: `isLeftToDefault`.)
//
// The graphs' `defaultImplementationOf` relationships are matched by name only (an extension's
// `unaryCall(request:context:)` is listed for every requirement of that name), so a default is
// taken only where its declaration is the requirement's, and where the mock meets the extension:
// an extension of the mocked protocol or of one it refines, constrained to nothing the mock does
// not meet (conformances to those protocols, associated types it fixes), isolated as the
// requirement is, and visible where the mock is. Nor is a deprecated default of a requirement that is not deprecated:
// swift-log's `LogHandler` deprecates its default `log(event:)`, which calls the deprecated
// `log(level:…)` requirements, whose defaults call it: the mock implements `log(event:)`, and
// leaves the deprecated ones to their defaults, which pass their calls to it.

extension MockGenerator {
    /// Whether `requirement`, which `proto` inherits from one of `protocols` (`proto` and those
    /// it refines) — or declares itself, when `ownToo` — is implemented by an extension of one of
    /// them that a mock conforming to `proto`, with the associated types `aliases` fixes, gets.
    func isMetByDefault(
        _ requirement: Symbol, of proto: Symbol, protocols: [Symbol], aliases: [(name: String, type: String)],
        ownToo: Bool = false
    ) -> Bool {
        let id = requirement.identifier.precise
        let declaring = relationships(from: id, kind: "requirementOf").map(\.target)
        guard ownToo || !declaring.contains(proto.identifier.precise) else { return false }
        let conformed = Set(protocols.map(\.identifier.precise))
        let fixed = Dictionary(aliases, uniquingKeysWith: { $1 })
        let signature = substituting(fixed, in: requirement.defaultableSignature)
        return related(to: id, as: ["defaultImplementationOf"]).contains { candidate in
            // A deprecated default of a requirement that is not deprecated says to implement the
            // requirement (swift-log's `log(event:)`): it may call back what calls it.
            // One isolated otherwise (a main-actor-by-default module's, for a nonisolated
            // requirement) would make the conformance cross into that isolation.
            guard candidate.kind.identifier == requirement.kind.identifier,
                candidate.globalActor == requirement.globalActor,
                candidate.deprecatedAttributes.isEmpty || !requirement.deprecatedAttributes.isEmpty,
                substituting(fixed, in: candidate.defaultableSignature) == signature,
                accessRank(candidate.accessLevel) >= accessRank(proto.accessLevel),
                protocols.contains(where: candidate.isMember(ofExtensionOf:))
            else { return false }
            // `where Self: Base`, of a protocol the mock conforms to; `where
            // ObjectWillChangePublisher == ObservableObjectPublisher`, of a type the mock fixes so.
            return (candidate.swiftExtension?.constraints ?? []).allSatisfy { constraint in
                switch constraint.kind {
                case "conformance":
                    constraint.lhs == "Self" && constraint.rhsPrecise.map(conformed.contains) == true
                case "sameType":
                    constraint.rhs != nil && fixed[String(constraint.lhs.trimmingPrefix("Self."))] == constraint.rhs
                default:
                    false
                }
            }
        }
    }

    /// Whether a mock of `proto` leaves `requirement` to an extension that implements it: one it
    /// inherits; one of its own taking or returning values a stand-in cannot keep (of the types
    /// `unkeepable` names) — better than a stand-in that can record neither them nor, for a result,
    /// answer; or one whose witness Swift cannot declare in a mock generic over `associated`: a
    /// generic subscript whose result names the mock in a generic argument (FluentKit's
    /// `ModelAlias`: `subscript<Field>(dynamicMember: KeyPath<Model, Field>) -> AliasedField<Self,
    /// Field>`), which "has self-referential generic requirements" there, while a method of the
    /// same shape compiles.
    ///
    /// - Throws: ``Unmockable`` for a witness Swift cannot declare, when no extension implements it.
    func isLeftToDefault(
        _ requirement: Symbol, of proto: Symbol, protocols: [Symbol], associated: AssociatedTypes,
        unkeepable: Set<String>
    ) throws -> Bool {
        let aliases = associated.aliases
        if isMetByDefault(requirement, of: proto, protocols: protocols, aliases: aliases) { return true }
        let result = (requirement.functionSignature?.returns ?? []).map(\.spelling).joined()
        let isUndeclarable =
            !associated.genericClause.isEmpty && requirement.kind.identifier == "swift.subscript"
            && result.contains(/<[^>]*\bSelf\b/)
        guard isUndeclarable || !unkeepable.isEmpty else { return false }
        if isMetByDefault(requirement, of: proto, protocols: protocols, aliases: aliases, ownToo: true) { return true }
        guard !isUndeclarable else {
            throw Unmockable(
                reason: "its requirement \(requirement.names.title) is a generic subscript returning \(result), which "
                    + "Swift cannot declare in its mock, generic over the protocol's associated types")
        }
        return false
    }
}

extension Symbol {
    /// Whether it is declared in an extension of `proto`. (A default implementation is not
    /// `memberOf` its protocol in the graphs: its path and its extension's module say it.)
    fileprivate func isMember(ofExtensionOf proto: Symbol) -> Bool {
        guard let module = swiftExtension?.extendedModule else { return false }
        return Array(pathComponents.dropLast()) == proto.pathComponents
            && moduleOfUSR(proto.identifier.precise) == module
    }

    /// The declaration from its name on, without parameter names, spaces or `Self.`: what a
    /// requirement and the default implementation that meets it have in common
    /// (`unaryCall(request:ServerRequest<Input>,context:ServerContext)asyncthrows->ServerResponse<Output>`).
    fileprivate var defaultableSignature: String {
        let fragments = declarationFragments ?? []
        let start =
            fragments.firstIndex {
                $0.kind == "identifier" || ($0.kind == "keyword" && ["init", "subscript"].contains($0.spelling))
            } ?? fragments.endIndex
        return fragments[start...].filter { $0.kind != "internalParam" }.map(\.spelling).joined()
            .replacing("Self.", with: "").filter { !$0.isWhitespace }
    }
}

/// `signature` with the associated types `fixed` names written as the types it fixes them to:
/// `objectWillChange:ObservableObjectPublisher{get}` for `objectWillChange:ObjectWillChangePublisher{get}`.
private func substituting(_ fixed: [String: String], in signature: String) -> String {
    guard !fixed.isEmpty else { return signature }
    var result = ""
    var word = ""
    for character in signature + " " {
        if character.isLetter || character.isNumber || character == "_" {
            word.append(character)
        } else {
            result += fixed[word].map { $0.filter { !$0.isWhitespace } } ?? word
            result.append(character)
            word = ""
        }
    }
    return String(result.dropLast())
}

private func accessRank(_ level: String) -> Int {
    ["private", "fileprivate", "internal", "package", "public", "open"].firstIndex(of: level) ?? 0
}
