import Foundation

/// One requirement of a protocol, read from its symbol: what a mock must implement, and what
/// its stand-in records.
struct Requirement {
    enum Kind {
        case method
        case property
        case `subscript`
        case initializer
    }

    /// A parameter as the mock records it.
    struct Parameter {
        /// The name the mock's implementation uses for it.
        var name: String
        /// The type the mock records it as; `nil` when it is not recorded (a non-escaping closure).
        var recordedType: String?
        /// How the implementation passes it to the recording: `name`, or `name()` for an autoclosure.
        var recordedValue: String
        /// For a non-escaping closure, its type; `nil` for anything else.
        var closure: ClosureType?
        /// Its type as the requirement writes it, for a closure parameter to be matched against.
        var writtenType = ""
    }

    var kind: Kind
    /// Whether it is called on the type: a static requirement, an operator or an initializer.
    var isStatic: Bool
    /// Whether it is a failable initializer (`init?`, `init!`).
    var isFailable: Bool
    /// `forecast(city:)`, `name`, `subscript(_:)`: how messages name it.
    var title: String
    /// `forecast`, `name`, `subscript`.
    var baseName: String
    /// The external labels, `_` where there is none.
    var labels: [String]
    /// The declaration as the mock writes it: `func forecast(city: String) async throws -> Int`.
    var declaration: String
    var parameters: [Parameter]
    /// The result type, `Void` when there is none.
    var result: String
    /// Whether the result mentions a generic parameter of the method (recorded as `Any`).
    var resultIsGeneric: Bool
    var isAsync: Bool
    var throwsError: Bool
    /// The error type of typed throws (`throws(LoadError)`); `nil` for `throws` and for none.
    var thrownType: String?
    /// For properties and subscripts: whether there is a setter.
    var hasSetter: Bool
    /// The global actor attribute it is declared with (`@MainActor`), if any.
    var globalActor: String?
    /// `@available(macOS 15, *)`, for a requirement introduced after its protocol; the witness
    /// says it too.
    var availability: String?
    /// How the requirement is deprecated (`@available(*, deprecated, message: "…")`) when its
    /// declaration names a deprecated type: its witness and stand-in name the type too, which
    /// warns outside a deprecated declaration, so they say it as well. Empty otherwise: a
    /// deprecated requirement's witness is not itself what is deprecated.
    var deprecation: [String] = []
    /// How a call that nothing answers runs the closure the method was given, whose result is the
    /// answer (`try body()`, `try await next(request, context)`): for a method whose one
    /// non-escaping closure takes nothing, or what the method was given, and returns what the method
    /// returns (`transaction<T>(_ body: () throws -> T) rethrows -> T`, `perform(_ work: () -> Void)`,
    /// a middleware's `next`). `nil` for any other.
    var closureToRun: String?
    /// For a method whose one non-escaping closure takes values the method does not have and
    /// returns what the method returns (`write<T>(_ updates: (Database) throws -> T) throws -> T`):
    /// that closure, which runs with the values a test gives `runsClosure(with:)`. `nil` for any
    /// other.
    var closureToRunWithValues: ClosureWithValues?
    /// Whether the closure it is given (``closureToRun``) answers every call, the result being of
    /// a type whose values a stand-in cannot keep (`perform<R: ~Copyable>(_ body: () throws -> R)
    /// rethrows -> R`): the stand-in records the call, and throws what it is stubbed to throw.
    var isAnsweredByItsClosure = false
    /// Whether its witness's getter says `return`: the requirement is built with a result builder,
    /// which a witness would take otherwise (``Symbol/removingResultBuilders(where:)``).
    var returnsExplicitly = false
    /// Whether the result is one of the mock's associated types (`-> Span`, the mock's generic
    /// parameter), which a mock of the protocol of the same name does not answer.
    var resultIsAssociatedType = false
    /// A parameter of type `Never` (`func fail(_ failure: Failure)` with `Failure = Never`), which
    /// no call can pass: the witness's body is empty, as any statement in it would never run.
    var uninhabitedParameter: String?
    /// `Combine` or `OpenCombine`, for a result of its `AnyPublisher`: a call nothing answers gets
    /// a publisher that finishes at once (`Empty`), as one returning an `AsyncStream` gets a
    /// stream that ends.
    var publisherModule: String?

    /// What two declarations of one requirement share, in a protocol and a refinement of it that
    /// restates it: the declaration without a method's effects (`func load() -> Int` for
    /// `func load() async throws -> Int`) or its parameters' own names (`func move(to: Int)` for
    /// `func move(to index: Int)`), or a property's accessors.
    var restatementKey: String {
        var text = declaration
        if kind == .method || kind == .initializer {
            if let clause = effectsClause(ofFunction: text, named: kind == .initializer ? "init" : "func \(baseName)") {
                text.replaceSubrange(clause, with: " ")
            }
            // `to index:` is the label `to:` (a subscript's `key k:` is not its `key:`, which has no label).
            text = text.replacing(/([(,] *)(\w+) \w+:/, with: { "\($0.output.1)\($0.output.2):" })
        }
        return "\(isStatic) \(kind) \(text)"
    }

    /// Whether this requirement's witness meets `other`, the same requirement declared again
    /// (``restatementKey``): it has a setter if `other` has, and no effect `other` lacks — a
    /// synchronous witness meets an `async` requirement, a non-throwing one a throwing one.
    func meets(_ other: Requirement) -> Bool {
        (hasSetter || !other.hasSetter) && (!isAsync || other.isAsync) && (!throwsError || other.throwsError)
    }
}

extension Requirement {
    /// `var id: String { get }`, the requirement of `Identifiable` a mock meets when its protocol
    /// makes `ID` a type (`where ID == String`), which `Identifiable`'s symbol graph would list;
    /// `isolation` is `nonisolated ` for an isolated mock.
    static func identifier(of type: String, isolation: String) -> Requirement {
        Requirement(
            kind: .property, isStatic: false, isFailable: false, title: "id", baseName: "id", labels: [],
            declaration: "\(isolation)var id: \(type)", parameters: [], result: type,
            resultIsGeneric: false, isAsync: false, throwsError: false, thrownType: nil, hasSetter: false,
            globalActor: nil, availability: nil, closureToRun: nil)
    }

    /// The declaration without the global actor attribute it starts with, if any: a `nonisolated`
    /// witness's.
    var declarationWithoutGlobalActor: String {
        guard let actor = globalActor, declaration.hasPrefix(actor + " ") else { return declaration }
        return String(declaration.dropFirst(actor.count + 1))
    }

    /// A getter's effects, as its accessor declares them: `async`, `throws`, both, or none.
    var accessorEffects: String {
        let throwing = thrownType.map { "throws(\($0))" } ?? "throws"
        return [isAsync ? "async" : nil, throwsError ? throwing : nil].compactMap { $0 }.joined(separator: " ")
    }
}

/// Why a requirement, or a protocol, cannot be mocked.
struct Unmockable: Error {
    let reason: String
}

extension Requirement {
    /// Reads `symbol`, a requirement of a protocol; `Self` becomes `mockName`.
    init(_ symbol: Symbol, mockName: String) throws {
        let kind = symbol.kind.identifier
        switch kind {
        case "swift.method", "swift.type.method", "swift.func.op": self.kind = .method
        case "swift.property", "swift.type.property": self.kind = .property
        case "swift.subscript", "swift.type.subscript": self.kind = .subscript
        case "swift.init": self.kind = .initializer
        default:
            throw Unmockable(reason: "it has a requirement of a kind DIKit cannot mock (\(kind) \(symbol.names.title))")
        }
        isStatic = kind.hasPrefix("swift.type.") || kind == "swift.func.op" || kind == "swift.init"
        availability = symbol.availableAttribute
        title = symbol.names.title
        baseName = String(title.prefix { $0 != "(" })
        let fragments = (symbol.declarationFragments ?? []).map { fragment -> Fragment in
            var fragment = fragment
            if fragment.spelling == "Self" && (fragment.kind == "keyword" || fragment.kind == "typeIdentifier") {
                fragment.spelling = mockName
            }
            return fragment
        }
        let text = fragments.map(\.spelling).joined()
        isFailable = kind == "swift.init" && text.contains(/\binit[?!]/)
        if fragments.contains(where: { $0.kind == "keyword" && $0.spelling == "some" }),
            let arrow = text.range(of: "->"), text[arrow.upperBound...].contains("some ")
        {
            throw Unmockable(reason: "\(title) returns an opaque type (some …)")
        }
        let generics = Set((symbol.swiftGenerics?.parameters ?? []).map(\.name))
        globalActor = symbol.globalActor
        labels = []
        parameters = []
        (declaration, parameters, labels) = Self.rewrite(
            fragments, symbol: symbol, generics: generics, mockName: mockName)
        if kind == "swift.func.op" && parameters.count == 1 {
            // The declaration leaves out `prefix` or `postfix`, which a unary operator needs.
            guard let fixity = unaryOperatorFixity(usr: symbol.identifier.precise) else {
                throw Unmockable(reason: "\(title) is a unary operator whose fixity its symbol does not say")
            }
            declaration = declaration.replacingOccurrences(of: "func ", with: "\(fixity) func ")
        }
        // A property's or subscript's accessor block, `{ get async throws(E) set }`.
        let accessorBlock = text.range(of: "{", options: .backwards).map { text[$0.upperBound...] } ?? ""
        hasSetter = accessorBlock.contains(/\bset\b/)
        let effects: Effects
        switch self.kind {
        case .property:
            let typeStart = text.range(of: ": ")?.upperBound ?? text.startIndex
            let typeEnd = text.range(of: " {")?.lowerBound ?? text.endIndex
            result = String(text[typeStart..<typeEnd])
            // `var delegate: Delegate!`: its stand-in holds the optional (the symbol graph writes a
            // function's `-> Int!` as `Int?` already).
            if result.hasSuffix("!") { result = result.dropLast() + "?" }
            effects = Effects(accessorBlock)
        case .subscript:
            result = Self.returnType(symbol, mockName: mockName)
            effects = Effects(accessorBlock)
        case .method, .initializer:
            result = kind == "swift.init" ? "Void" : Self.returnType(symbol, mockName: mockName)
            effects = Effects(ofFunction: text, named: kind == "swift.init" ? "init" : "func \(baseName)")
        }
        isAsync = effects.isAsync
        throwsError = effects.throwsError
        if result.replacing(/^(Open)?Combine\./, with: "").hasPrefix("AnyPublisher<") {
            publisherModule = fragments.lazy
                .filter { $0.kind == "typeIdentifier" && $0.spelling.hasSuffix("AnyPublisher") }
                .compactMap { $0.preciseIdentifier.flatMap(moduleOfUSR) }
                .first { ["Combine", "OpenCombine"].contains($0) }
        }
        // A throwing autoclosure is evaluated with `try`, which a method that neither throws nor
        // rethrows cannot write (nor an async one in a method that is not async): not recorded there.
        let isRethrowing = text.contains(/\brethrows\b/)
        for index in parameters.indices {
            let value = parameters[index].recordedValue
            if (value.hasPrefix("(try ") && !throwsError && !isRethrowing) || (value.contains("await ") && !isAsync) {
                parameters[index].recordedType = nil
                parameters[index].recordedValue = parameters[index].name
            }
        }
        thrownType = effects.thrownType
        resultIsGeneric = mentions(result, anyOf: generics)
        closureToRun = nil
        let closures = parameters.filter { $0.closure != nil }
        // With typed throws (`throws(E)`), the closure throws that type, or nothing.
        if self.kind == .method, closures.count == 1, let closure = closures[0].closure,
            closure.isRunnable, sameType(closure.result, result),
            thrownType == nil
                ? closure.thrownType == nil && (!closure.throwsError || throwsError || isRethrowing)
                : !closure.throwsError || closure.thrownType == thrownType,
            !closure.isAsync || isAsync
        {
            let effects = (closure.throwsError ? "try " : "") + (closure.isAsync ? "await " : "")
            if let arguments = Self.arguments(for: closure, from: parameters) {
                closureToRun = effects + closures[0].name + "(\(arguments.joined(separator: ", ")))"
            } else if let (types, isInout) = closure.parameters.flatMap(Self.passedTypes) {
                closureToRunWithValues = ClosureWithValues(
                    types: types, isInout: isInout, name: closures[0].name, effects: effects,
                    passed: parameters.contains { $0.name == "passed" } ? "passedValues" : "passed")
            }
        }
    }

    /// The declaration without `mutating`, with unusable parameter names replaced, and for
    /// properties and subscripts without the accessor block; the parameters; the labels.
    private static func rewrite(_ fragments: [Fragment], symbol: Symbol, generics: Set<String>, mockName: String)
        -> (String, [Parameter], [String])
    {
        var out = ""
        var parameterIndex = 0
        var labels: [String] = []
        var parameters: [Parameter] = []
        // The names the declaration gives: a parameter it leaves unnamed takes none of them.
        var takenNames = Set(
            fragments.indices.compactMap { index -> String? in
                let fragment = fragments[index]
                if fragment.kind == "internalParam" { return fragment.spelling }
                let named = index + 2 < fragments.count && fragments[index + 2].kind == "internalParam"
                return fragment.kind == "externalParam" && !named ? fragment.spelling : nil
            })
        let signature = symbol.functionSignature?.parameters ?? []
        var index = 0
        while index < fragments.count {
            let fragment = fragments[index]
            if fragment.kind == "keyword",
                ["mutating", "nonmutating", "optional", "dynamic", "override"].contains(fragment.spelling)
            {
                index += 1
                if index < fragments.count, fragments[index].spelling == " " { index += 1 }
                continue
            }
            if fragment.kind == "text", let brace = fragment.spelling.firstIndex(of: "{"),
                symbol.kind.identifier.contains("property") || symbol.kind.identifier.contains("subscript")
            {
                out += fragment.spelling[..<brace]
                break  // the accessor block: the mock writes its own
            }
            if fragment.kind == "externalParam" || fragment.kind == "internalParam" {
                // A parameter: `label name`, `label` (name = label) or `name` (subscripts).
                let hasInternal =
                    fragment.kind == "externalParam" && index + 2 < fragments.count
                    && fragments[index + 2].kind == "internalParam"
                let external = fragment.kind == "externalParam" ? fragment.spelling : "_"
                var name = hasInternal ? fragments[index + 2].spelling : fragment.spelling
                if name == "_" || name.isEmpty {
                    name = unnamedParameterName(label: external, index: parameterIndex, taken: takenNames)
                }
                takenNames.insert(name)
                let safeName = escaped(name)
                // A subscript's parameters have no labels: its stand-in is named by the parameters' names.
                labels.append(symbol.kind.identifier.contains("subscript") ? name : external)
                if fragment.kind == "externalParam" {
                    // `to _:` named by its label is written `to:`: `to to:` is a warning.
                    let label = escapedLabel(fragment.spelling)
                    out += (name == fragment.spelling ? label : label + " " + safeName)
                    index += hasInternal ? 3 : 1
                } else {
                    out += safeName
                    index += 1
                }
                let written = declaredType(in: fragments, from: index, mockName: mockName)
                let typeText =
                    written.isEmpty && signature.indices.contains(parameterIndex)
                    ? parameterType(signature[parameterIndex], mockName: mockName) : written
                parameters.append(recorded(name: safeName, type: typeText, generics: generics))
                parameterIndex += 1
                continue
            }
            // A name that is a keyword was written in backticks; the fragments drop them.
            out += fragment.kind == "identifier" ? escaped(fragment.spelling) : fragment.spelling
            index += 1
        }
        return (out.trimmingCharacters(in: .whitespaces), parameters, labels)
    }

    /// The type of the parameter whose name ends just before `index`, as the declaration writes it
    /// (with `@escaping` and `@autoclosure`, which the signature's own fragments leave out).
    private static func declaredType(in fragments: [Fragment], from index: Int, mockName: String) -> String {
        let rest = fragments[index...].map { fragment in
            fragment.spelling == "Self" && (fragment.kind == "keyword" || fragment.kind == "typeIdentifier")
                ? mockName : fragment.spelling
        }.joined()
        guard let colon = rest.firstIndex(of: ":") else { return "" }
        var depth = 0
        var type = ""
        var previous: Character = " "
        for character in rest[rest.index(after: colon)...] {
            if character == ">" && previous == "-" {
                // `->` is no bracket
            } else if "([<".contains(character) {
                depth += 1
            } else if ")]>".contains(character) {
                if depth == 0 { break }
                depth -= 1
            } else if character == "," && depth == 0 {
                break
            }
            type.append(character)
            previous = character
        }
        return type.trimmingCharacters(in: .whitespaces)
    }

    /// A parameter's type as written: what follows its name and colon.
    private static func parameterType(_ parameter: Symbol.FunctionSignature.Parameter, mockName: String) -> String {
        let fragments = parameter.declarationFragments ?? []
        var text = ""
        var seenColon = false
        for fragment in fragments {
            if !seenColon {
                if fragment.kind == "text", let colon = fragment.spelling.range(of: ":") {
                    seenColon = true
                    text += fragment.spelling[colon.upperBound...]
                }
                continue
            }
            let isSelf =
                fragment.spelling == "Self" && (fragment.kind == "keyword" || fragment.kind == "typeIdentifier")
            text += isSelf ? mockName : fragment.spelling
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private static func returnType(_ symbol: Symbol, mockName: String) -> String {
        let fragments = symbol.functionSignature?.returns ?? []
        let text = fragments.map { fragment in
            fragment.spelling == "Self" && (fragment.kind == "keyword" || fragment.kind == "typeIdentifier")
                ? mockName : fragment.spelling
        }.joined().trimmingCharacters(in: .whitespaces)
        return text.isEmpty || text == "()" ? "Void" : text
    }
}

/// `prefix` or `postfix`, for a unary operator requirement, read from its USR: Swift's mangling
/// writes an operator's name as `<length><letters>` followed by `op` (prefix), `oP` (postfix) or
/// `oi` (infix).
func unaryOperatorFixity(usr: String) -> String? {
    var fixity: String?
    var rest = Substring(usr)
    while let match = rest.firstMatch(of: /(\d+)/) {
        rest = rest[match.range.upperBound...]
        guard let length = Int(match.output.1), rest.count >= length + 2 else { continue }
        let name = rest.prefix(length)
        let suffix = rest.dropFirst(length).prefix(2)
        if name.allSatisfy({ $0.isLowercase }) {
            if suffix == "op" { fixity = "prefix" } else if suffix == "oP" { fixity = "postfix" }
        }
    }
    return fixity
}
