import Foundation

// How a generated mock's members are written.

extension MockGenerator {
    /// The stand-in and the implementation of `requirement` of the mock `mock` (`MockCache<Key>`);
    /// `isolation` prefixes stand-ins (and `initializerIsolation` initializers) of a main-actor or
    /// actor mock, which tests read from anywhere.
    func render(
        _ requirement: Requirement, storage: String, of mock: String, isolation: String, initializerIsolation: String,
        declaredNames: Set<String>
    ) -> [String] {
        // A parameter named as the stand-in (`func save(_ saveMock: String)`), or as a DITesting
        // function the witness calls, would hide it: the witness reaches the stand-in through `self`
        // (`Self`, for a static requirement), and the function by its module.
        let parameterNames = Set(requirement.parameters.map(\.name))
        let functions = DITestingFunctions(hiddenBy: declaredNames.union(parameterNames))
        func reached(_ standIn: String) -> String {
            parameterNames.contains(standIn) ? (requirement.isStatic ? "Self." : "self.") + standIn : standIn
        }
        // The stand-in named `storage`, of `type`, titled `title` in messages: a stored property for
        // an instance requirement, which names its mock for messages (a mock passed by hand is never
        // `injected()`); for a static one, this test's (`perTest`, which names the mock), since a
        // stored static stand-in would be shared by every test of the process.
        func standIn(_ storage: String, _ type: String, _ title: String) -> String {
            let declaration =
                requirement.isStatic
                ? "    \(isolation)static var \(storage): \(type) { perTest { .init(\"\(title)\") } }"
                : "    \(isolation)let \(storage) = \(type)(\"\(title)\", of: \(mock).self)"
            return (requirement.deprecation.map { "    \($0)" } + [declaration]).joined(separator: "\n")
        }
        // What the witness says before its declaration: how it is deprecated, where it is available.
        let witnessAttributes = (requirement.deprecation + [requirement.availability].compactMap { $0 }).map {
            "    \($0)"
        }
        let recorded = requirement.parameters.filter { $0.recordedType != nil }
        let argumentsType: String
        let argumentsValue: String
        switch recorded.count {
        case 0:
            argumentsType = "Void"
            argumentsValue = "()"
        case 1:
            argumentsType = recorded[0].recordedType!
            argumentsValue = recorded[0].recordedValue
        default:
            argumentsType = "(" + labelledTypes(recorded).joined(separator: ", ") + ")"
            argumentsValue = "(" + labelledValues(recorded).joined(separator: ", ") + ")"
        }
        // A method returning nothing whose `inout` parameters a stub may change answers with their
        // new values: one's, or a tuple of several's (`(headers: [String: String], body: Data)`).
        let writtenBack = requirement.writtenBack
        let newValues: (type: String, value: String)? =
            switch writtenBack.count {
            case 0: nil
            case 1: (writtenBack[0].recordedType!, writtenBack[0].recordedValue)
            default:
                (
                    "(" + labelledTypes(writtenBack).joined(separator: ", ") + ")",
                    "(" + labelledValues(writtenBack).joined(separator: ", ") + ")"
                )
            }
        // A failable initializer's stand-in answers whether it succeeds: `()`, or `nil` to fail.
        let resultType =
            requirement.isFailable
            ? "Void?" : requirement.resultIsGeneric ? "Any" : newValues?.type ?? requirement.result
        let isVoid = resultType == "Void" || resultType == "()" || requirement.kind == .initializer
        // The mock's own protocol is answered by the mock itself (`func logging(to:) -> any
        // Client`): a chain of such calls keeps its stubs; not where the result is `sending`, which
        // the mock, held by the test, is not. An associated type is not the protocol it shadows.
        let mocksAnswer = !requirement.resultIsAssociatedType
        let answersItself =
            mocksAnswer && answeringMock(of: resultType) == "\(mock)()" && !requirement.isStatic
            && !requirement.declaration.contains(/->\s*sending\s/)
        let publisher = requirement.publisherModule.map { "\($0).Empty().eraseToAnyPublisher()" }
        let defaultValue =
            if isVoid {
                "()"
            } else if answersItself {
                "self"
            } else if isOptional(resultType) {
                "nil"
            } else {
                publisher ?? defaultExpression(of: resultType, mocksAnswer: mocksAnswer, functions: functions)
            }
        let title = requirement.title.replacingOccurrences(of: "\"", with: "\\\"")
        var lines: [String] = []
        // A generic result's default is the one of the type the call asks for, not of `Any` (an
        // optional one made `Any` explicitly: implicitly, the compiler warns).
        let callDefault =
            requirement.resultIsGeneric
            ? "\(defaultExpression(of: requirement.result, mocksAnswer: false, functions: functions)) as \(requirement.result)"
                + (isOptional(requirement.result) ? " as Any" : "")
            : defaultValue
        func call(_ mock: String, _ value: String, async: Bool, throwing: Bool) -> String {
            let awaitKeyword = async ? "await " : ""
            // A closure the method runs answers a call that nothing answers: `orRun:` evaluates it
            // then. So do the values of `inout` parameters a stub may change: they stay as they are.
            let run =
                newValues?.value ?? requirement.closureToRun.map { $0 + (requirement.resultIsGeneric ? " as Any" : "") }
            // A closure given values the method does not have runs with those the test gives. With
            // typed throws, the closure literal says the method's type, which it would not infer (it
            // infers `throws`, or `Never` for a closure that throws nothing).
            let runWithValues = requirement.closureToRunWithValues.map {
                $0.literal(
                    giving: mock, thrown: requirement.thrownType, suffix: requirement.resultIsGeneric ? " as Any" : "")
            }
            let tries = requirement.closureToRunWithValues?.throwsError == true ? "try " : ""
            let expression =
                if let runWithValues, let thrownType = requirement.thrownType {
                    "try \(awaitKeyword)\(mock).call(\(value), throwing: \(thrownType).self, default: \(callDefault), "
                        + "orRunClosure: \(runWithValues))"
                } else if let runWithValues, !throwing {
                    "\(tries)\(awaitKeyword)\(mock).call(\(value), default: \(callDefault), orRunClosure: \(runWithValues))"
                } else if let runWithValues {
                    "try \(awaitKeyword)\(mock).call(\(value), throwingOrRunClosure: \(runWithValues))"
                } else if let run, !throwing {
                    "\(run.hasPrefix("try ") ? "try " : "")\(awaitKeyword)\(mock).call(\(value), orRun: \(run))"
                } else if let run, let thrownType = requirement.thrownType {
                    "try \(awaitKeyword)\(mock).call(\(value), throwing: \(thrownType).self, orRun: \(run))"
                } else if let run {
                    "try \(awaitKeyword)\(mock).call(\(value), throwingOrRun: \(run))"
                } else if !throwing {
                    "\(awaitKeyword)\(mock).call(\(value), default: \(callDefault))"
                } else if let thrownType = requirement.thrownType {
                    "try \(awaitKeyword)\(mock).call(\(value), throwing: \(thrownType).self, default: \(callDefault))"
                } else {
                    "try \(awaitKeyword)\(mock).call(\(value))"
                }
            // A generic answer, kept as `Any`, is cast to the type the call asks for.
            let isGeneric = requirement.resultIsGeneric || newValues?.type == "Any"
            return isGeneric ? "\(functions.mockCast)(\(expression), from: \(mock))" : expression
        }
        // A method's or an initializer's stand-in.
        let function = requirement.isAsync ? "AsyncMockFunction" : "MockFunction"
        switch requirement.kind {
        case .method where requirement.isAnsweredByItsClosure:
            // The stand-in records the call (and throws a stubbed error); the closure answers.
            lines.append(standIn(storage, "\(function)<\(argumentsType), Void>", title))
            let awaitKeyword = requirement.isAsync ? "await " : ""
            lines += witnessAttributes
            lines.append("    \(witnessDeclaration(requirement, inIsolatedMock: !isolation.isEmpty)) {")
            lines.append(
                requirement.throwsError
                    ? "        try \(awaitKeyword)\(reached(storage)).call(\(argumentsValue))"
                    : "        \(awaitKeyword)\(reached(storage)).call(\(argumentsValue), default: ())")
            if let values = requirement.closureToRunWithValues {
                // Run with the values the test gives, or a reported failure: nothing else gives a result.
                lines += values.statements(giving: reached(storage), for: argumentsValue).map { "        " + $0 }
            } else {
                lines.append("        return \(requirement.closureToRun ?? "")")
            }
            lines.append("    }")
        case .method:
            lines.append(standIn(storage, "\(function)<\(argumentsType), \(resultType)>", title))
            let body = call(
                reached(storage), argumentsValue, async: requirement.isAsync, throwing: requirement.throwsError)
            // `value = …`, `(headers, body) = …`: the answer is the `inout` parameters' new values.
            let assigned =
                writtenBack.count > 1
                ? "(" + writtenBack.map(\.name).joined(separator: ", ") + ")" : writtenBack.first?.name
            lines += witnessAttributes
            // No call can pass a `Never`: the body is empty (any statement would warn that it never runs).
            let statements =
                requirement.uninhabitedParameter == nil
                ? ["        \(assigned.map { "\($0) = " } ?? (isVoid ? "" : "return "))\(body)"] : []
            lines.append("    \(witnessDeclaration(requirement, inIsolatedMock: !isolation.isEmpty)) {")
            lines += statements + ["    }"]
        case .initializer:
            // Called on the type, like a static requirement: its stand-in is the test's, and records
            // the mocks the code under test makes.
            lines.append(standIn(storage, "\(function)<\(argumentsType), \(resultType)>", title))
            let body = call(
                "Self.\(storage)", argumentsValue, async: requirement.isAsync, throwing: requirement.throwsError)
            lines += witnessAttributes
            // A global actor's mock's initializers are `nonisolated`, so tests make it from anywhere.
            let declaration =
                initializerIsolation.isEmpty
                ? witnessDeclaration(requirement, inIsolatedMock: !isolation.isEmpty)
                : requirement.declarationWithoutGlobalActor
            lines.append("    \(initializerIsolation)\(declaration) {")
            lines.append(
                requirement.isFailable ? "        guard \(body) != nil else { return nil }" : "        \(body)")
            lines.append("    }")
        case .property:
            lines.append(standIn(storage, "MockProperty<\(requirement.result)>", title))
            let read =
                if !requirement.throwsError {
                    "\(storage).get(default: \(defaultValue))"
                } else if let thrownType = requirement.thrownType {
                    "try \(storage).get(throwing: \(thrownType).self, default: \(defaultValue))"
                } else {
                    "try \(storage).get()"
                }
            lines += witnessAttributes
            lines += accessors(
                witnessDeclaration(requirement, inIsolatedMock: !isolation.isEmpty), of: requirement, read: read,
                set: requirement.hasSetter ? "\(storage).set(newValue)" : nil)
        case .subscript:
            lines.append(standIn(storage, "MockFunction<\(argumentsType), \(resultType)>", title))
            let read = call(reached(storage), argumentsValue, async: false, throwing: requirement.throwsError)
            var set: String?
            if requirement.hasSetter {
                let setter = String(storage.dropLast(4)) + "SetMock"
                // A generic subscript's new value is recorded as `Any`, as its generic arguments are.
                let (newValueType, newValue) =
                    requirement.resultIsGeneric ? ("Any", "newValue as Any") : (requirement.result, "newValue")
                let setArguments =
                    "(" + (labelledTypes(recorded) + ["newValue: \(newValueType)"]).joined(separator: ", ") + ")"
                let setValue =
                    "(" + (labelledValues(recorded) + ["newValue: \(newValue)"]).joined(separator: ", ") + ")"
                lines.append(
                    standIn(setter, "MockFunction<\(setArguments), Void>", title + " = "))
                set = "\(reached(setter)).call(\(setValue), default: ())"
            }
            lines += witnessAttributes
            lines += accessors(requirement.declaration, of: requirement, read: read, set: set)
        }
        return lines
    }

    /// `MockP()`, when `type` is a protocol `P` this file mocks and makes alone (`any P`, `P`,
    /// `any Module.P`), or `MockP<User>()` for `any P<User>`, when the mock's generic parameters are
    /// the protocol's primary associated types; else `nil`.
    /// What answers a call of a result of `type` that nothing else answers, so that the test
    /// carries on: `nil`; a new mock of a protocol the file mocks (where `mocksAnswer`); a closure
    /// that does nothing; a tuple of its elements' (`(mockDefault(), nil)`: a tuple has no empty
    /// value of its own, though each element may); else `mockDefault()`, as `functions` names it.
    func defaultExpression(of type: String, mocksAnswer: Bool = true, functions: DITestingFunctions)
        -> String
    {
        if isOptional(type) { return "nil" }
        if mocksAnswer, let mock = answeringMock(of: type) { return mock }
        if let closure = Requirement.emptyClosure(of: type, mockDefault: functions.mockDefault) { return closure }
        guard type.hasPrefix("("), let close = matchingClose(of: Substring(type)),
            type.index(after: close) == type.endIndex
        else { return "\(functions.mockDefault)()" }
        let elements = topLevelItems(type.dropFirst().dropLast())
        guard elements.count > 1 else { return "\(functions.mockDefault)()" }
        // `count: Int`: the element's type, without its label.
        return "("
            + elements.map {
                defaultExpression(of: $0.replacing(#/^\w+\s*:\s*/#, with: ""), functions: functions)
            }.joined(separator: ", ")
            + ")"
    }

    func answeringMock(of type: String) -> String? {
        var name = (type.hasPrefix("any ") ? String(type.dropFirst(4)) : type).replacingOccurrences(of: "`", with: "")
        let prefix = options.moduleName + "."
        if name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if let open = name.firstIndex(of: "<"), name.hasSuffix(">"),
            let mock = answeringGenericMocks[String(name[..<open])]
        {
            return mock + name[open...] + "()"
        }
        return answeringMocks[name]
    }

    /// The declaration of a method's, an initializer's or an async property's witness:
    ///
    /// - `nonisolated` when its result is `sending`: a value a stand-in hands out is not known to
    ///   be disconnected from an actor's state, so an isolated witness — a global actor's mock's,
    ///   or any in a target that defaults to the main actor — could not send it ("task or
    ///   actor-isolated value cannot be sent"). A nonisolated witness meets an isolated requirement
    ///   too.
    /// - `nonisolated(nonsending)` for an async one of a nonisolated mock that does not say how it
    ///   runs (`@concurrent`, a global actor): it runs in its caller's isolation, as a requirement
    ///   of a module built with `NonisolatedNonsendingByDefault` does — which its symbol graph does
    ///   not say — and it meets a `@concurrent` requirement too, so the mock compiles whatever the
    ///   test target's defaults (a plain witness there would be `@concurrent`, and could not take
    ///   or return the requirement's non-`Sendable` values).
    func witnessDeclaration(_ requirement: Requirement, inIsolatedMock isIsolatedMock: Bool) -> String {
        let declaration = requirement.declaration
        let (attributes, rest) = leadingAttributes(of: declaration)
        // `@concurrent` is nonisolated already, and so is `nonisolated(nonsending)`; a parameter
        // `isolated` to an actor (`next(isolation: isolated (any Actor)?)`) says where it runs too.
        let saysHowItRuns =
            rest.hasPrefix("nonisolated") || attributes.contains("@concurrent")
            || requirement.parameters.contains { $0.writtenType.hasPrefix("isolated ") }
        if requirement.kind == .method && declaration.contains(/->\s*sending\s/) {
            return saysHowItRuns
                ? requirement.declarationWithoutGlobalActor
                : inserting("nonisolated", into: requirement.declarationWithoutGlobalActor)
        }
        guard requirement.isAsync, !isIsolatedMock, requirement.globalActor == nil, !saysHowItRuns else {
            return declaration
        }
        return inserting("nonisolated(nonsending)", into: declaration)
    }

    /// `declaration` with `modifier` after its attributes (`@discardableResult`, `@Sendable`), where
    /// Swift takes modifiers: `@discardableResult nonisolated(nonsending) func flush() async -> Int`.
    private func inserting(_ modifier: String, into declaration: String) -> String {
        let rest = leadingAttributes(of: declaration).rest
        return declaration[..<rest.startIndex] + modifier + " " + rest
    }

    /// A property's or subscript's body, `declaration` the witness's of `requirement`: `{ read }`,
    /// `{ get effects { read } }`, or a getter and a setter (a settable one has no effects); the
    /// getter says `return` where the requirement is built with a result builder.
    func accessors(_ declaration: String, of requirement: Requirement, read: String, set: String?) -> [String] {
        let read = requirement.returnsExplicitly ? "return " + read : read
        let effects = requirement.accessorEffects
        if let set {
            return ["    \(declaration) {", "        get { \(read) }", "        set { \(set) }", "    }"]
        }
        if effects.isEmpty { return ["    \(declaration) { \(read) }"] }
        return ["    \(declaration) {", "        get \(effects) { \(read) }", "    }"]
    }

    func render(
        mocks: [(name: String, source: String, isInternal: Bool)], skipped: [(name: String, reason: String)],
        imports: [String]
    ) -> String {
        var lines = [
            "// swift-format-ignore-file",
            "// Generated by DIKit's generate-mocks from the symbol graph of \(options.moduleName). Do not edit:",
            "// regenerate with",
            "//   \(options.command)",
            "",
            "import DITesting",
        ]
        lines += imports
        let needsTestable = mocks.contains(where: \.isInternal)
        lines.append((needsTestable ? "@testable " : "") + "import \(options.moduleName)")
        for (name, reason) in skipped {
            lines.append("")
            lines.append("// \(name) has no generated mock: \(reason). Write its mock by hand (see WritingMocks.md).")
        }
        for mock in mocks {
            lines.append("")
            lines.append(mock.source)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The recorded parameters as a tuple type's labelled elements: `id: Int`.
private func labelledTypes(_ recorded: [Requirement.Parameter]) -> [String] {
    recorded.map { "\(escapedLabel($0.name)): \($0.recordedType!)" }
}

/// The recorded parameters as a tuple expression's labelled elements: `id: id`.
private func labelledValues(_ recorded: [Requirement.Parameter]) -> [String] {
    recorded.map { "\(escapedLabel($0.name, inExpression: true)): \($0.recordedValue)" }
}
