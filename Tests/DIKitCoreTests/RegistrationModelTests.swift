import DIKitCore
import Testing

/// Random sequences of registrations, replacements and removals, checked after every step against
/// a model of what a container holds: an ordered list of keys, a replaced key keeping its place.
@Suite struct RegistrationModelTests {
    /// A key of the model: one of two service types, and a name.
    struct Key: Hashable {
        let isInt: Bool
        let name: String?
    }

    /// What the container should hold, in registration order.
    struct Model {
        var keys: [Key] = []
        var values: [Key: Int] = [:]

        mutating func register(_ key: Key, _ value: Int) {
            if values[key] == nil { keys.append(key) }
            values[key] = value
        }

        func all(isInt: Bool) -> [Int] { keys.filter { $0.isInt == isInt }.map { values[$0]! } }
    }

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

    static let names: [String?] = [nil] + (0..<13).map { "n\($0)" }

    @Test(arguments: 0..<12)
    func aContainerHoldsWhatItsRegistrationsSay(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let container = Container()
        var model = Model()
        for step in 0..<120 {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 3 {
                container.removeAll()
                model = Model()
            } else {
                let key = Key(isInt: Bool.random(using: &random), name: Self.names.randomElement(using: &random)!)
                let value = step * 100 + roll
                if key.isInt {
                    container.register(Int.self, name: key.name) { _ in value }
                } else {
                    container.register(String.self, name: key.name) { _ in "\(value)" }
                }
                model.register(key, value)
            }
            try check(container, against: model, seed: seed, step: step)
        }
    }

    private func check(_ container: Container, against model: Model, seed: UInt64, step: Int) throws {
        let at = Comment(rawValue: "seed \(seed), step \(step)")
        for name in Self.names {
            for isInt in [true, false] {
                let expected = model.values[Key(isInt: isInt, name: name)]
                let registered =
                    isInt
                    ? container.isRegistered(Int.self, name: name) : container.isRegistered(String.self, name: name)
                #expect(registered == (expected != nil), at)
                let resolved: Int? =
                    isInt
                    ? try? container.resolve(Int.self, name: name)
                    : (try? container.resolve(String.self, name: name)).flatMap { Int($0) }
                #expect(resolved == expected, at)
            }
        }
        #expect(try container.resolveAll(Int.self) == model.all(isInt: true), at)
        #expect(try container.resolveAll(String.self).map { Int($0)! } == model.all(isInt: false), at)
    }
}
