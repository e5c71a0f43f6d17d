import Foundation

/// A protocol's associated types, as its mock declares them: one with a default is a `typealias`
/// to it; the others are the mock's generic parameters, with their constraints, so a test picks
/// them (`MockCache<String>()`).
struct AssociatedTypes {
    /// `Key: Hashable`, `Value`: the mock's generic parameters, in declaration order.
    var parameters: [String] = []
    /// `Key`, `Value`: their names.
    var parameterNames: [String] { parameters.map { String($0.prefix { $0 != ":" }) } }
    /// `Value` and `String`, for those with a default or fixed by a `where` clause, in order.
    var aliases: [(name: String, type: String)] = []
    /// `Item == Items.Element`: the requirements of their `where` clauses.
    var requirements: [String] = []
    /// Their names: the requirements write them `Self.Key`, which the mock writes `Key`.
    var names: Set<String> = []
    /// `String`, for `protocol Row: Identifiable where ID == String`: the type of the `id` the
    /// mock declares, which fixes `Identifiable`'s `ID`.
    var identifier: String?

    /// Reads `symbols`, the protocol's `associatedtype` requirements (those of the protocols it
    /// refines too), and `protocols`, the protocol and those it refines, whose `where` clauses may
    /// constrain them (`protocol IntCache: Cache where Key == Int`); `Self` elsewhere becomes
    /// `mockName`.
    ///
    /// - Throws: ``Unmockable`` when a `where` clause constrains an associated type of a protocol
    ///   of another module, which the mock cannot see to declare — but for `Identifiable`'s `ID`
    ///   made a type (`protocol Row: Identifiable where ID == String`): the mock's `id` is of it.
    ///   (The only protocol of another module a mock may refine with an associated type `ID` is
    ///   `Identifiable`: the others are refused before.)
    ///
    /// `members`, the protocol's other requirements, keep an associated type generic where it
    /// would be fixed to `Never`, its default, and a closure they take throws it
    /// (`func transaction(_ body: () throws(Failure) -> Int)`): the Swift 6.3 compiler crashes
    /// building such a witness of a type fixed to `Never`.
    init(_ symbols: [Symbol], protocols: [Symbol], members: [Symbol], mockName: String) throws {
        names = Set(symbols.map(\.names.title))
        let thrownByTakenClosures = Set(
            members.flatMap {
                typesThrownByClosuresTaken(by: $0, text: rewritingSelf($0.declaration, mockName: mockName))
            })
        var whereRequirements: [String] = []
        for proto in protocols {
            let text = rewritingSelf(proto.declaration, mockName: mockName)
            if let clause = text.range(of: " where ") { whereRequirements += topLevelItems(text[clause.upperBound...]) }
        }
        // What each associated type's declarations say of it (the text after its name), in the
        // order first seen: a protocol and one it refines may both declare it.
        var order: [String] = []
        var declarations: [String: [String]] = [:]
        for symbol in symbols {
            let name = symbol.names.title
            var text = rewritingSelf(symbol.declaration, mockName: mockName)
            text = String(text.dropFirst("associatedtype \(name)".count)).trimmingCharacters(in: .whitespaces)
            if let clause = text.range(of: "where ") {
                whereRequirements += topLevelItems(text[clause.upperBound...])
                text = String(text[..<clause.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
            if declarations[name] == nil { order.append(name) }
            if declarations[name]?.contains(text) != true { declarations[name, default: []].append(text) }
        }
        // `T: Collection` in a `where` clause: a constraint its default may not meet.
        let constrainedByWhere = Set(
            whereRequirements.compactMap { requirement -> String? in
                let sides = requirement.split(separator: ":", maxSplits: 1)
                guard sides.count == 2, !requirement.contains("==") else { return nil }
                return sides[0].trimmingCharacters(in: .whitespaces)
            })
        var parameterNames: [String] = []
        for name in order {
            let texts = declarations[name] ?? []
            var conformances: [String] = []
            var defaults: [String] = []
            // Whether a declaration with no default constrains the type.
            var isConstrainedElsewhere = false
            for text in texts {
                var constraint = Substring(text)
                if let equals = text.range(of: "=") {
                    defaults.append(text[equals.upperBound...].trimmingCharacters(in: .whitespaces))
                    constraint = text[..<equals.lowerBound]
                }
                constraint = constraint.drop { $0 == " " }
                guard constraint.hasPrefix(":") else { continue }
                isConstrainedElsewhere = isConstrainedElsewhere || !text.contains("=")
                for item in topLevelItems(constraint.dropFirst()) {
                    let parts = item.contains("<") ? [item] : item.components(separatedBy: " & ")
                    for part in parts where !conformances.contains(part) { conformances.append(part) }
                }
            }
            // A default stands unless something else holds the type to what it may not meet —
            // another declaration's constraint (a protocol it refines says `T: StringProtocol`),
            // a `where` clause, another default — which only the compiler can tell: then the mock is
            // generic in it.
            if let value = defaults.first, Set(defaults).count == 1, !isConstrainedElsewhere,
                !constrainedByWhere.contains(name), !(isNever(value) && thrownByTakenClosures.contains(name))
            {
                aliases.append((name, value))
                continue
            }
            parameters.append(conformances.isEmpty ? name : "\(name): \(conformances.joined(separator: " & "))")
            parameterNames.append(name)
        }
        // `Key == Int` fixes a parameter to a type: it is a typealias, not a parameter (Swift
        // rejects a generic parameter made non-generic by a requirement). `Item == Items.Element`
        // stays a requirement, which keeps `Item`'s constraints.
        for requirement in whereRequirements {
            let sides = requirement.components(separatedBy: " == ")
            // `Self == Generator.PublicKey` (swift-crypto's HPKE keys): a generic mock cannot name
            // itself in its own requirements, and a type the test picks cannot name the mock.
            if sides.count == 2 && mentions(requirement, anyOf: [mockName]) {
                let said = requirement.replacingOccurrences(of: mockName, with: "Self")
                throw Unmockable(
                    reason: """
                        its where clause requires \(said): a mock cannot be the type another type names as its \
                        associated type (write a mock by hand, of concrete types)
                        """)
            }
            // `Self: AnyObject` and the like: what the protocol refines, which the mock meets.
            let subject = String(requirement.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if subject == mockName { continue }
            if subject == "ID" && !names.contains(subject) && sides.count == 2 && sides[0] == "ID" {
                identifier = sides[1]
                continue
            }
            guard names.contains(subject) else {
                throw Unmockable(
                    reason: "its where clause constrains \(subject), an associated type of a protocol of another module"
                )
            }
            if sides.count == 2, let index = parameterNames.firstIndex(of: sides[0]),
                !mentions(sides[1], anyOf: Set(parameterNames))
            {
                parameterNames.remove(at: index)
                parameters.remove(at: index)
                aliases.append((sides[0], sides[1]))
            } else if sides.count == 2, let index = aliases.firstIndex(where: { $0.name == sides[0] }) {
                // `OutboundOut == ByteBuffer` over NIO's `associatedtype OutboundOut = Never`.
                aliases[index].type = sides[1]
            } else {
                requirements.append(requirement)
            }
        }
        // What a requirement says of the types the mock fixes (`ObjectWillChangePublisher.Failure
        // == Never`) those types meet; a `where` clause of a class that is not generic is an error.
        requirements.removeAll { !mentions($0, anyOf: Set(parameterNames)) }
    }

    /// Whether `type` (`Failure`, `Self.Failure`, `MockSink.Failure`) is an associated type the
    /// mock fixes to `Never`: `throws(Failure)` then throws nothing.
    func fixesToNever(_ type: String, mockName: String) -> Bool {
        var name = Substring(type)
        for prefix in ["Self.", "\(mockName)."] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        guard let alias = aliases.first(where: { $0.name == name }) else { return false }
        return isNever(alias.type)
    }

    /// `typealias Value = String`, for each of ``aliases``.
    var typealiases: [String] { aliases.map { "typealias \($0.name) = \($0.type)" } }

    /// `<Key: Hashable, Value>`, or nothing.
    var genericClause: String { parameters.isEmpty ? "" : "<\(parameters.joined(separator: ", "))>" }

    /// `<Key, Value>`, the mock's generic parameters as its type's arguments, or nothing.
    var genericArguments: String { parameters.isEmpty ? "" : "<\(parameterNames.joined(separator: ", "))>" }

    /// ` where Item == Items.Element`, or nothing.
    var whereClause: String { requirements.isEmpty ? "" : " where \(requirements.joined(separator: ", "))" }

    /// `text` with `MockP.Key` (a requirement's `Self.Key`, once `Self` became the mock) written
    /// `Key`: in a generic mock, an associated type is a generic parameter, not a member.
    func unqualified(_ text: String, mockName: String) -> String {
        guard !names.isEmpty else { return text }
        var text = text
        // Identifiers hold no pattern syntax; a name that did would be left qualified. Simple word
        // boundaries: Unicode's hold `Item.ID` as one word, with no boundary after `Item`.
        for name in names {
            guard let qualified = try? Regex("\\b\(mockName)\\.(?=\(name)\\b)") else { continue }
            text = text.replacing(qualified.wordBoundaryKind(.simple), with: "")
        }
        return text
    }
}

private func isNever(_ type: String) -> Bool { type == "Never" || type == "Swift.Never" }

/// The types `throws(…)` names in what `member` takes — a function's parameters, a property's
/// type — read from `text`, its declaration: `Failure` for `func run(_ body: () throws(Failure)
/// -> Int) -> Int`, but not for its own `throws(Failure)` nor a closure it returns.
private func typesThrownByClosuresTaken(by member: Symbol, text: String) -> [String] {
    let kind = member.kind.identifier
    let taken: Substring
    if kind.hasSuffix("property") {
        guard let colon = text.firstIndex(of: ":") else { return [] }
        taken = text[colon...].prefix { $0 != "{" }
    } else {
        let name =
            kind == "swift.init"
            ? "init" : kind.hasSuffix("subscript") ? "subscript" : "func \(member.names.title.prefix { $0 != "(" })"
        guard let parameters = parameterClause(ofFunction: text, named: name) else { return [] }
        taken = text[parameters]
    }
    return taken.matches(of: /throws\((\w+)\)/).map { String($0.output.1) }
}

/// `text` with `Self.` before a name dropped (in an associated type's own declaration, what
/// follows `Self.` is another associated type) and any other `Self` written `mockName`.
private func rewritingSelf(_ text: String, mockName: String) -> String {
    text.replacingOccurrences(of: "Self.", with: "").replacing(/\bSelf\b/.wordBoundaryKind(.simple), with: mockName)
}

extension Requirement {
    /// Writes the associated types the requirement names as the mock's own (`Key`, not `MockP.Key`).
    mutating func unqualify(_ associated: AssociatedTypes, mockName: String) {
        declaration = associated.unqualified(declaration, mockName: mockName)
        result = associated.unqualified(result, mockName: mockName)
        // A getter's `throws(MockCache.Failure)` would refer to the mock's generic parameter
        // through its conformance, which that getter is part of: a circular reference.
        thrownType = thrownType.map { associated.unqualified($0, mockName: mockName) }
        resultIsAssociatedType = associated.names.contains(result.hasSuffix("?") ? String(result.dropLast()) : result)
        for index in parameters.indices {
            parameters[index].recordedType = parameters[index].recordedType.map {
                associated.unqualified($0, mockName: mockName)
            }
        }
        let fixed = Dictionary(associated.aliases, uniquingKeysWith: { $1 })
        uninhabitedParameter =
            parameters.first { parameter in
                parameter.recordedType.map { isNever($0) || fixed[$0].map(isNever) == true } == true
            }?.name
    }
}

extension MockGenerator {
    /// `Key` for `protocol Cache<Key>`: the names between the angle brackets of its declaration.
    func primaryAssociatedTypes(of proto: Symbol) -> [String] {
        let fragments = proto.declarationFragments ?? []
        guard let open = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.hasPrefix("<") }) else {
            return []
        }
        return fragments[open...].prefix { !($0.kind == "text" && $0.spelling.contains(">")) }
            .filter { $0.kind == "typeIdentifier" }.map(\.spelling)
    }
}
