/// Rewrites of a symbol's declaration and signature, made before a requirement is read from it.
extension Symbol {
    /// The symbol with each type it names for which `needsModule` holds written by `qualify`
    /// (`App.Provider`, `Swift.Task`): see ``MockGenerator/needsModule(_:_:shadowed:)``. A
    /// standard-library type, whose identity names no module (`s:ScT`), is of `Swift`. A member
    /// type (`Inner` in `Outer.Inner`), an associated type (`Self.Span`, whose identity ends in
    /// `Qa`) and what names no module are left as they are.
    func qualifyingTypes(
        where needsModule: (_ name: String, _ module: String) -> Bool,
        _ qualify: (_ name: String, _ module: String) -> String
    ) -> Symbol {
        mappingFragments { fragment, previous in
            guard fragment.kind == "typeIdentifier", previous?.spelling.hasSuffix(".") != true,
                let usr = fragment.preciseIdentifier, !usr.hasSuffix("Qa"),
                let module = moduleOfUSR(usr) ?? (isStandardLibraryUSR(usr) ? "Swift" : nil),
                needsModule(fragment.spelling, module)
            else { return fragment }
            return Fragment(kind: fragment.kind, spelling: qualify(fragment.spelling, module), preciseIdentifier: usr)
        }
    }

    /// The symbol with each of its own generic parameters that the mock's associated types name
    /// (`func with<RowDecoder>(…)` in a protocol with `associatedtype RowDecoder`, as GRDB's
    /// requests have) renamed `RowDecoder2`: in the generic mock the associated type is a generic
    /// parameter of the class, which a method's may not shadow.
    func renamingGenericParameters(shadowing names: Set<String>) -> Symbol {
        let own = Set((swiftGenerics?.parameters ?? []).map(\.name)).intersection(names)
        guard !own.isEmpty else { return self }
        var symbol = mappingFragments { fragment, _ in
            // A generic parameter, declared or named: no identity of its own.
            guard own.contains(fragment.spelling), fragment.preciseIdentifier == nil,
                ["genericParameter", "typeIdentifier"].contains(fragment.kind)
            else { return fragment }
            return Fragment(kind: fragment.kind, spelling: fragment.spelling + "2")
        }
        symbol.swiftGenerics?.parameters = swiftGenerics?.parameters?.map { parameter in
            var parameter = parameter
            if own.contains(parameter.name) { parameter.name += "2" }
            return parameter
        }
        return symbol
    }

    /// The symbol with `transform` applied to every fragment of its declaration and signature,
    /// given the fragment before it in the same list.
    private func mappingFragments(_ transform: (_ fragment: Fragment, _ previous: Fragment?) -> Fragment) -> Symbol {
        func map(_ fragments: [Fragment]?) -> [Fragment]? {
            fragments.map { list in list.indices.map { transform(list[$0], $0 > 0 ? list[$0 - 1] : nil) } }
        }
        var symbol = self
        symbol.declarationFragments = map(declarationFragments)
        if var signature = functionSignature {
            signature.returns = map(signature.returns)
            signature.parameters = signature.parameters?.map { parameter in
                var parameter = parameter
                parameter.declarationFragments = map(parameter.declarationFragments)
                return parameter
            }
            symbol.functionSignature = signature
        }
        return symbol
    }
}
