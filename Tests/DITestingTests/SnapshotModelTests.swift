import DITesting
import Testing

/// Random registrations into a base and into test injectors made over it, checked against a model:
/// an injector sees its base as it was when the injector was made, with its own registrations over
/// it; the base never sees the injector's.
@Suite struct SnapshotModelTests {
    /// A deterministic generator (SplitMix64), so that a failing sequence can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let names: [String?] = [nil] + (0..<11).map { "n\($0)" }

    @Test(arguments: 0..<8)
    func anInjectorSeesItsBaseAsItWasAndItsOwnRegistrations(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let base = Container()
        var baseModel: [String?: Int] = [:]
        var injectors: [(injector: SpyContainer, model: [String?: Int])] = []
        for step in 0..<120 {
            let name = Self.names.randomElement(using: &random)!
            let value = step
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where injectors.count < 4:
                injectors.append((SpyContainer(base: base), baseModel))
            case 1..<5 where !injectors.isEmpty:
                let index = Int.random(in: 0..<injectors.count, using: &random)
                injectors[index].injector.register(Int.self, name: name) { _ in value }
                injectors[index].model[name] = value
            default:
                base.register(Int.self, name: name) { _ in value }
                baseModel[name] = value
            }
            let at = Comment(rawValue: "seed \(seed), step \(step)")
            for name in Self.names {
                #expect((try? base.resolve(Int.self, name: name)) == baseModel[name], at)
                for (injector, model) in injectors {
                    #expect(injector.isRegistered(Int.self, name: name) == (model[name] != nil), at)
                    #expect((try? injector.resolve(Int.self, name: name)) == model[name], at)
                }
            }
        }
    }
}
