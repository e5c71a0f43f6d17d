// A stand-in keeps what a mock's requirement is given and hands out what it is told to return:
// it cannot keep a noncopyable or nonescapable value (`RawSpan`, `ExecutorJob`, a `~Copyable`
// struct, a generic parameter that may be either). A requirement taking one is mocked without
// recording it, as a non-escaping closure is not recorded; a protocol with a requirement that
// returns one, or takes one `inout`, is skipped, saying why. Either is left to an extension that
// implements it, when there is one.

extension MockGenerator {
    /// The noncopyable and nonescapable types of the standard library and the modules that ship
    /// with it, by the start of their USRs (the module's mangled name).
    static let unkeepableStandardTypes: [String: Set<String>] = [
        "s:s": ["Span", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span"],
        "s:12_Concurrency": ["ExecutorJob"],
        "s:15Synchronization": ["Mutex", "Atomic"],
    ]

    /// The names of the types whose values a stand-in cannot keep that `requirement` takes or
    /// returns: its generic parameters that may be noncopyable or nonescapable (`T: ~Copyable`),
    /// and the noncopyable or nonescapable types it names (`RawSpan`, a `~Copyable` struct).
    func unkeepableTypes(of requirement: Symbol) -> Set<String> {
        let declaration = requirement.declaration
        // Generic parameters declared `<T: ~Copyable>`, `<T: Codable & ~Escapable>` or constrained
        // `where T : ~Copyable`; and `~Copyable` itself, for `some ~Copyable`.
        let constrained = declaration.matches(of: /(\w+)\s*:\s*[^,<>(){}]*~(Copyable|Escapable)/)
        let generics = Set((requirement.swiftGenerics?.parameters ?? []).map(\.name))
        var names = Set(constrained.map { String($0.output.1) }.filter(generics.contains))
        names.formUnion(constrained.map { String($0.output.2) })
        for (spelling, usr) in requirement.namedTypes {
            let isStandard = Self.unkeepableStandardTypes.contains {
                usr.hasPrefix($0.key) && $0.value.contains(spelling)
            }
            if isStandard || symbols[usr].map(isDeclaredNoncopyableOrNonescapable) == true { names.insert(spelling) }
        }
        return names
    }

    /// Whether `type`, a struct or an enum of the package, is declared `~Copyable` or
    /// `~Escapable`, which its symbol graph does not say: read from the line that declares it.
    private func isDeclaredNoncopyableOrNonescapable(_ type: Symbol) -> Bool {
        guard ["swift.struct", "swift.enum"].contains(type.kind.identifier),
            let declaration = type.declaringSource?.fromDeclaration
        else { return false }
        let line = declaration.prefix { $0 != "\n" }
        return line.contains("~Copyable") || line.contains("~Escapable")
    }
}

extension Requirement {
    /// Leaves out of what the stand-in records the parameters of types in `unkeepable` (the values
    /// a stand-in cannot keep), and runs no closure it is given, which might take one of them; a
    /// result of such a type is answered by the closure the method runs (``isAnsweredByItsClosure``).
    ///
    /// - Throws: ``Unmockable`` when the requirement returns such a value and runs no closure that
    ///   answers it, takes one `inout`, or is a property or subscript of such a type: its stand-in
    ///   could not answer.
    mutating func leaveOut(_ unkeepable: Set<String>) throws {
        func reason(_ what: String, _ type: String, _ outcome: String) -> Unmockable {
            let name = unkeepable.sorted().first { mentions(type, anyOf: [$0]) } ?? type
            return Unmockable(
                reason: "its requirement \(title) \(what) \(name), which is or may be noncopyable or nonescapable: a "
                    + "stand-in cannot \(outcome)")
        }
        guard !unkeepable.isEmpty else { return }
        // Values a stand-in keeps for the closure.
        if let passed = closureToRunWithValues, mentions(passed.type, anyOf: unkeepable) {
            closureToRunWithValues = nil
        }
        // A closure is a value a stand-in keeps, whatever it takes or returns (one not escaping is
        // not recorded in any case).
        let values = parameters.indices.filter {
            parameters[$0].closure == nil && parameters[$0].recordedType.map(isFunctionType) != true
        }
        for index in values where mentions(parameters[index].writtenType, anyOf: unkeepable) {
            if parameters[index].writtenType.hasPrefix("inout ") {
                throw reason("takes inout", parameters[index].writtenType, "hand back its new value")
            }
            parameters[index].recordedType = nil
            parameters[index].recordedValue = parameters[index].name
            closureToRun = nil
        }
        guard mentions(result, anyOf: unkeepable) else { return }
        // `perform<R: ~Copyable>(_ body: () throws -> R) rethrows -> R`: the closure answers; so does
        // one run with values the test gives, in a method that can throw when none were given.
        let answersWithValues = closureToRunWithValues != nil && throwsError && thrownType == nil
        guard kind == .method, closureToRun != nil || answersWithValues else {
            throw reason(kind == .property || kind == .subscript ? "is of type" : "returns", result, "hand it out")
        }
        isAnsweredByItsClosure = true
    }
}
