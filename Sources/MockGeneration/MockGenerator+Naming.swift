extension MockGenerator {
    /// Whether a mock names the type `name` of `module` with its module: the mocked module's own
    /// types, another module's named as one of DIKit's, and the types its associated types
    /// (`shadowed`) shadow. See ``Symbol/qualifyingTypes(where:_:)``.
    func needsModule(_ name: String, _ module: String, shadowed: Set<String>) -> Bool {
        module == options.moduleName || shadowed.contains(name)
            || (dikitTypeNames.contains(name) && !["DIKitCore", "DITesting"].contains(module))
    }

    /// Whether `symbol`'s declaration names a type the graphs say is deprecated (`OldToken` in a
    /// deprecated `func refresh(old: OldToken)`).
    func namesDeprecatedType(_ symbol: Symbol) -> Bool {
        (symbol.declarationFragments ?? []).contains { fragment in
            guard fragment.kind == "typeIdentifier", let usr = fragment.preciseIdentifier, let type = symbols[usr]
            else { return false }
            return !type.deprecatedAttributes.isEmpty
        }
    }
}
