import Foundation

// How a requirement's parameters are recorded by its stand-in, read from their types as written.

extension Requirement {
    /// A non-escaping closure parameter's type, as far as running it needs.
    struct ClosureType {
        /// Whether it is isolated to no global actor: a mock can run it.
        var isRunnable: Bool
        /// The types of its parameters, `["Input", "Context"]`, `inout ` ones so written; `nil` when
        /// its parameter clause cannot be read.
        var parameters: [String]?
        /// Whether one of its parameters is `inout`.
        var takesInout: Bool { parameters?.contains { $0.hasPrefix("inout ") } == true }
        var isAsync: Bool
        var throwsError: Bool
        /// `E` of `throws(E)`; `nil` for `throws` and for none.
        var thrownType: String?
        /// Its result, `Void` when there is none.
        var result: String
    }

    /// The values of `parameters` a method passes `closure`, when it takes them in order, as a
    /// middleware's `next` takes the request it was given (`next(input, context)`): then a mock
    /// that nothing answers runs it with them, passing the call on. `[]` for a closure that takes
    /// nothing; `nil` when it takes anything else.
    static func arguments(for closure: ClosureType, from parameters: [Parameter]) -> [String]? {
        guard !closure.takesInout, var wanted = closure.parameters?[...] else { return nil }
        var arguments: [String] = []
        for parameter in parameters where parameter.closure == nil {
            guard let type = wanted.first else { break }
            if sameType(type, parameter.writtenType) {
                arguments.append(parameter.name)
                wanted.removeFirst()
            }
        }
        return wanted.isEmpty ? arguments : nil
    }

    /// The types of the values a test gives a closure to run with (`runsClosure(with:)`), as a
    /// closure literal declares them: without ownership (a copy is passed), nor `inout` (said by
    /// `isInout`). `nil` when it takes nothing, or what no value stands for: a pack, an isolated
    /// actor, a function it may not keep.
    static func passedTypes(_ types: [String]) -> (types: [String], isInout: [Bool])? {
        guard !types.isEmpty,
            !types.contains(where: { $0.hasPrefix("repeat ") || $0.hasPrefix("isolated ") || isFunctionType($0) })
        else { return nil }
        return (
            types.map { $0.replacing(#/^(inout|borrowing|consuming|sending|__owned|__shared) /#, with: "") },
            types.map { $0.hasPrefix("inout ") }
        )
    }

    /// The `inout` parameters whose new values answer a call: those of a method that returns
    /// nothing, runs no closure it is given and has no typed throws — a generic one (recorded as
    /// `Any`, its answer cast to the call's type) only alone. Empty for any other requirement, whose
    /// `inout` parameters are only recorded.
    var writtenBack: [Parameter] {
        let returnsNothing = result == "Void" || result == "()"
        guard kind == .method, returnsNothing, !resultIsGeneric, closureToRun == nil, closureToRunWithValues == nil,
            thrownType == nil
        else {
            return []
        }
        let written = parameters.filter { $0.writtenType.hasPrefix("inout ") }
        return written.count == 1 || written.allSatisfy { $0.recordedType != "Any" } ? written : []
    }

    /// How a parameter of `type` is recorded.
    static func recorded(name: String, type written: String, generics: Set<String>) -> Parameter {
        var type = written
        var value = name
        for attribute in ["inout ", "__owned ", "__shared ", "borrowing ", "consuming ", "sending "] {
            if type.hasPrefix(attribute) { type.removeFirst(attribute.count) }
        }
        // A module with `NonisolatedNonsendingByDefault` spells its async function types so
        // (`nonisolated(nonsending) () async -> Void`), which Swift does not parse in a generic
        // argument's tuple: recorded without it, as such a module means it anyway.
        type = type.replacingOccurrences(of: "nonisolated(nonsending) ", with: "")
        if type.hasPrefix("@autoclosure ") {
            type.removeFirst("@autoclosure ".count)
            type = type.replacingOccurrences(of: "@escaping ", with: "")
            // `() -> T`: recorded as the value it produces (`() throws -> T` with `try`, which only a
            // throwing or rethrowing method can write: see `init`).
            var effects = ""
            if let arrow = type.range(of: "->") {
                let signature = type[..<arrow.lowerBound]
                effects =
                    (signature.contains(/\bthrows\b/) ? "try " : "")
                    + (signature.contains(/\basync\b/) ? "await " : "")
                type = String(type[arrow.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            value = effects.isEmpty ? name + "()" : "(\(effects)\(name)())"
        } else if type.contains("@escaping") {
            type = type.replacingOccurrences(of: "@escaping ", with: "")
        } else if isFunctionType(type) {
            return Parameter(
                name: name, recordedType: nil, recordedValue: name, closure: closureType(type), writtenType: written)
        }
        // A borrowed value is not the witness's to give away: the stand-in records a copy.
        if written.hasPrefix("borrowing ") { value = "(copy \(name))" }
        if type.hasSuffix("...") { type = "[" + type.dropLast(3) + "]" }
        // `Int!` is not a type a tuple or a generic argument may hold: recorded as the optional it is.
        if type.hasSuffix("!") { type = type.dropLast() + "?" }
        // A parameter pack: recorded as the tuple of its values.
        if type.hasPrefix("repeat ") { value = "(repeat each \(name))" }
        if type.hasPrefix("some ") { type = "any " + type.dropFirst(5) }
        if type.hasPrefix("isolated ") { type.removeFirst("isolated ".count) }
        if mentions(type, anyOf: generics) || type.contains("some ") {
            // An optional made `Any` explicitly: implicitly, the compiler warns.
            if isOptional(type) { value += " as Any" }
            type = "Any"
        }
        return Parameter(name: name, recordedType: type, recordedValue: value, writtenType: written)
    }

    /// What running a closure of function type `type` needs: whether it can run, what it takes,
    /// its effects and result.
    static func closureType(_ type: String) -> ClosureType {
        let (attributes, rest) = leadingAttributes(of: type)
        let isIsolated = attributes.contains { !["@Sendable", "@concurrent"].contains($0) }
        // What follows the parameter clause (which may hold function types, and arrows, of its own).
        let afterParameters = rest[(matchingClose(of: rest).map { rest.index(after: $0) } ?? rest.startIndex)...]
        let arrow = afterParameters.range(of: "->")
        let effects = Effects(arrow.map { afterParameters[..<$0.lowerBound] } ?? afterParameters)
        let result = arrow.map { afterParameters[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? "Void"
        return ClosureType(
            isRunnable: !isIsolated, parameters: parameterTypes(rest), isAsync: effects.isAsync,
            throwsError: effects.throwsError, thrownType: effects.thrownType, result: result)
    }

    /// A closure of function type `type` that does nothing — `{ _ in }`, `{ _, _ in nil }` for an
    /// optional result, `{ mockDefault() }` for another, whose default is found only if it is
    /// called: what a call that nothing answers returns, for a result of function type. `nil` for
    /// any other type. `mockDefault` is how the mock names DITesting's (see `DITestingFunctions`).
    static func emptyClosure(of type: String, mockDefault: String) -> String? {
        guard isFunctionType(type) else { return nil }
        let closure = closureType(type)
        guard !closure.takesInout, let parameters = closure.parameters else { return nil }
        let body =
            sameType(closure.result, "Void") ? "" : isOptional(closure.result) ? "nil" : "\(mockDefault)()"
        let names = parameters.isEmpty ? "" : parameters.map { _ in "_" }.joined(separator: ", ") + " in"
        let parts = [names, body].filter { !$0.isEmpty }
        return parts.isEmpty ? "{}" : "{ \(parts.joined(separator: " ")) }"
    }

    /// The parameter types of the function type `text` (`(Input, Context) async -> Output`), without
    /// argument labels; `nil` when the clause cannot be read.
    private static func parameterTypes(_ text: Substring) -> [String]? {
        guard text.hasPrefix("("), let close = matchingClose(of: text) else { return nil }
        // `_ request: Request`: the type alone.
        return topLevelItems(text[text.index(after: text.startIndex)..<close]).map {
            $0.replacing(#/^_ \w+: /#, with: "")
        }
    }
}

extension Requirement {
    /// What the generic `where` clause its declaration ends with requires (`T : Corpus.Cat`), if
    /// it has one.
    var whereClause: Substring? {
        declaration.range(of: " where ", options: .backwards).map { declaration[$0.upperBound...] }
    }
}

extension [Requirement] {
    /// These requirements, a static one beside an instance one of its name titled `static name`,
    /// overloads by their parameter types (`get(_: Int)` and `get(_: String)`, then with their
    /// results, then with their `where` clauses), so that messages tell them apart.
    func titledApart() -> [Requirement] {
        func retitled(_ requirements: [Requirement], _ title: (Requirement) -> String) -> [Requirement] {
            let counts = Dictionary(requirements.map { ($0.title, 1) }, uniquingKeysWith: +)
            return requirements.map { requirement in
                guard counts[requirement.title, default: 0] > 1 else { return requirement }
                var retitled = requirement
                retitled.title = title(requirement)
                return retitled
            }
        }
        // A static requirement and an instance one of one name (`static var name` beside `var name`).
        let instanceTitles = Set(filter { !$0.isStatic }.map(\.title))
        let placed = map { requirement in
            guard requirement.isStatic, requirement.kind != .initializer, instanceTitles.contains(requirement.title)
            else { return requirement }
            var retitled = requirement
            retitled.title = "static " + requirement.title
            return retitled
        }
        let typed = retitled(placed) { requirement in
            guard requirement.kind == .method || requirement.kind == .subscript || requirement.kind == .initializer
            else { return requirement.title }
            // The labels as the title writes them (a subscript's are `_` unless it names one).
            let name = requirement.title.prefix { $0 != "(" }
            let labels = requirement.title.dropFirst(name.count + 1).split(separator: ":").map(String.init)
            let parameters = zip(labels, requirement.parameters).map { label, parameter in
                "\(label): \(parameter.writtenType.replacingOccurrences(of: "@escaping ", with: ""))"
            }
            return "\(name)(\(parameters.joined(separator: ", ")))"
        }
        let resulted = retitled(typed) { sameType($0.result, "Void") ? $0.title : "\($0.title) -> \($0.result)" }
        // Generic overloads told apart only by their constraints (`where T: A`, `where T: B`).
        return retitled(resulted) { requirement in
            requirement.whereClause.map { "\(requirement.title) where \($0)" } ?? requirement.title
        }
    }
}

/// The name a mock gives a parameter its declaration leaves unnamed (`send(to _: User)`,
/// `send(_: User)`): its label, when it has one that no other parameter is named, so that its
/// recorded argument reads as the call does (`calls.last?.to`); else `arg` and its position.
func unnamedParameterName(label: String, index: Int, taken: Set<String>) -> String {
    if label != "_" && !label.isEmpty && label != "self" && label != "Self" && !taken.contains(label) {
        return label
    }
    var name = "arg\(index)"
    while taken.contains(name) { name += "_" }
    return name
}
