import DIKitCore
import DITesting
import Testing

/// A test injector's counts against a model: random registrations in a base and in the injector
/// (transient or singleton, named or not, some resolving another service, one `implements` alias),
/// then random re-registrations, resets and resolutions — direct, through the alias, an `Optional`, a `Lazy`, a `Provider`,
/// `resolveAll`, a child container, a nested scope's injector — some failing part-way. After each
/// step, `resolutionCount(of:name:)` of every type and name, and the number of records, are what
/// the model says: one record per successful resolution, outermost and nested, none for a failed
/// one, none for a cached singleton's dependencies.
@Suite struct CountModelTests {
    @Test(arguments: 0..<64) func countsMatchTheModel(seed: UInt64) throws {
        var random = SnapshotModelTests.SplitMix(state: seed)
        var model = CountModel()
        let base = Container()
        for kind in CountModel.Kind.allCases {
            for name in [nil, "n"] where Int.random(in: 0..<4, using: &random) != 0 {
                let registration = model.randomRegistration(kind, name: name, using: &random)
                model.base[registration.key] = registration
                // One of the base's registrations also answers as `Counted`, through `implements`.
                let isAlias = model.baseAlias == nil && Int.random(in: 0..<3, using: &random) == 0
                if isAlias { model.baseAlias = registration.key }
                registration.register(in: base, implementsCounted: isAlias)
            }
        }
        try withTestInjector(base: base) { injector in
            for _ in 0..<Int.random(in: 0..<3, using: &random) {
                let registration = model.randomRegistration(
                    CountModel.Kind.allCases.randomElement(using: &random)!,
                    name: Int.random(in: 0..<2, using: &random) == 0 ? nil : "n",
                    using: &random)
                model.own[registration.key] = registration
                model.cache.remove(registration.key)
                registration.register(in: injector)
            }
            for step in 0..<30 {
                let kind = CountModel.Kind.allCases.randomElement(using: &random)!
                let key = CountModel.Key(kind: kind, name: Int.random(in: 0..<2, using: &random) == 0 ? nil : "n")
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    let expected = model.resolve(key)
                    #expect(((try? key.resolve(injector)) != nil) == expected, "seed \(seed) step \(step)")
                case 1:
                    if let target = model.baseAlias {
                        _ = model.resolve(target, recordedAs: .alias)
                        _ = try? injector.resolve((any Counted).self)
                    }
                case 2:
                    _ = model.resolve(key)
                    _ = try? key.resolveOptional(injector)
                case 3:
                    // A `Lazy` resolves on its first call only; called when the model says it succeeds.
                    guard model.wouldResolve(key) else { break }
                    let lazy = try key.lazy(injector)
                    for call in 0..<Int.random(in: 0..<3, using: &random) {
                        if call == 0 { _ = model.resolve(key) }
                        _ = try lazy()
                    }
                case 4:
                    let provider = try? key.provider(injector)
                    for _ in 0..<Int.random(in: 0..<3, using: &random) where provider != nil {
                        _ = model.resolve(key)
                        _ = try? provider!()
                    }
                case 5:
                    let keys = model.visibleKeys(of: kind)
                    guard keys.allSatisfy({ model.wouldResolve($0) }) else { break }
                    for key in keys { _ = model.resolve(key) }
                    _ = try key.resolveAll(injector)
                case 6:
                    _ = model.resolve(key)
                    _ = try? key.resolve(injector.makeChild())
                case 7:
                    let registration = model.randomRegistration(kind, name: key.name, using: &random)
                    model.own[registration.key] = registration
                    model.cache.remove(registration.key)
                    registration.register(in: injector)
                case 8:
                    model.cache = []
                    injector.reset()
                default:
                    // A nested scope's injector starts with no instances, and its records reach this one.
                    let outer = model.cache
                    model.cache = []
                    _ = model.resolve(key)
                    model.cache = outer
                    withTestInjector { inner in _ = try? key.resolve(inner) }
                }
                #expect(injector.resolutions.count == model.events.count, "seed \(seed) step \(step)")
                for type in CountModel.Kind.allCases.map({ $0.type as Any.Type }) + [(any Counted).self] {
                    for name in [nil, "n"] {
                        #expect(
                            injector.resolutionCount(of: type, name: name) == model.count(type, name: name),
                            "seed \(seed) step \(step): \(type) \(name ?? "nil")")
                    }
                }
            }
        }
    }
}

/// What the injector should have recorded.
struct CountModel {
    enum Kind: CaseIterable {
        case a, b, c

        var type: any Counted.Type {
            switch self {
            case .a: CountA.self
            case .b: CountB.self
            case .c: CountC.self
            }
        }
    }

    struct Key: Hashable {
        let kind: Kind
        let name: String?

        func resolve(_ resolver: any Resolver) throws -> AnyObject {
            func resolve<Service: Counted>(_: Service.Type) throws -> AnyObject {
                try resolver.resolve(Service.self, name: name)
            }
            return try resolve(kind.type)
        }

        func resolveAll(_ resolver: any Resolver) throws -> [AnyObject] {
            func resolveAll<Service: Counted>(_: Service.Type) throws -> [AnyObject] {
                try resolver.resolveAll(Service.self)
            }
            return try resolveAll(kind.type)
        }

        func resolveOptional(_ resolver: any Resolver) throws -> AnyObject? {
            func resolve<Service: Counted>(_: Service.Type) throws -> AnyObject? {
                try resolver.resolve(Service?.self, name: name)
            }
            return try resolve(kind.type)
        }

        func lazy(_ resolver: any Resolver) throws -> () throws -> AnyObject {
            func lazy<Service: Counted>(_: Service.Type) throws -> () throws -> AnyObject {
                let lazy = try resolver.resolve(Lazy<Service>.self, name: name)
                return { try lazy() }
            }
            return try lazy(kind.type)
        }

        func provider(_ resolver: any Resolver) throws -> () throws -> AnyObject {
            func provider<Service: Counted>(_: Service.Type) throws -> () throws -> AnyObject {
                let next = try resolver.resolve(Provider<Service>.self, name: name)
                return { try next() }
            }
            return try provider(kind.type)
        }
    }

    struct Registration {
        let key: Key
        let isSingleton: Bool
        /// The service its factory resolves first (unnamed), if any: always a later kind, so no cycle.
        let dependency: Kind?

        func register(in container: Container, implementsCounted: Bool = false) {
            let scope: Scope = isSingleton ? .singleton : .transient
            let dependency = dependency.map { Key(kind: $0, name: nil) }
            func make<Service: Counted>(_: Service.Type) {
                let registration = container.register(Service.self, name: key.name, scope: scope) { r in
                    _ = try dependency?.resolve(r)
                    return Service()
                }
                if implementsCounted { registration.implements((any Counted).self) }
            }
            make(key.kind.type)
        }
    }

    /// One record: what a resolution was resolved as, its name, and what it produced.
    struct Event {
        let resolvedAs: Any.Type
        let name: String?
        let concrete: Any.Type
    }

    var base: [Key: Registration] = [:]
    var own: [Key: Registration] = [:]
    var baseAlias: Key?
    /// The singletons the injector has built.
    var cache: Set<Key> = []
    var events: [Event] = []

    func randomRegistration(_ kind: Kind, name: String?, using random: inout SnapshotModelTests.SplitMix)
        -> Registration
    {
        let later = Kind.allCases.drop { $0 != kind }.dropFirst()
        return Registration(
            key: Key(kind: kind, name: name), isSingleton: Int.random(in: 0..<2, using: &random) == 0,
            dependency: Int.random(in: 0..<2, using: &random) == 0 ? later.randomElement(using: &random) : nil)
    }

    func registration(_ key: Key) -> Registration? { own[key] ?? base[key] }

    func visibleKeys(of kind: Kind) -> [Key] {
        Set(own.keys).union(base.keys).filter { $0.kind == kind }
    }

    /// Whether resolving `key` succeeds, without recording anything.
    func wouldResolve(_ key: Key) -> Bool {
        guard let registration = registration(key) else { return false }
        if registration.isSingleton && cache.contains(key) { return true }
        return registration.dependency.map { wouldResolve(Key(kind: $0, name: nil)) } ?? true
    }

    enum RecordedAs { case itself, alias }

    /// Resolves `key` in the model: records it, and what its factory resolves, when they succeed.
    mutating func resolve(_ key: Key, recordedAs: RecordedAs = .itself) -> Bool {
        guard let registration = registration(key) else { return false }
        let isCached = registration.isSingleton && cache.contains(key)
        if !isCached {
            if let dependency = registration.dependency, !resolve(Key(kind: dependency, name: nil)) { return false }
            if registration.isSingleton { cache.insert(key) }
        }
        switch recordedAs {
        case .itself: events.append(Event(resolvedAs: key.kind.type, name: key.name, concrete: key.kind.type))
        case .alias: events.append(Event(resolvedAs: (any Counted).self, name: nil, concrete: key.kind.type))
        }
        return true
    }

    /// `resolutionCount(of:name:)` as documented: resolved as `type` with `name`, or produced a
    /// `type` (any name when `name` is `nil`).
    func count(_ type: Any.Type, name: String?) -> Int {
        events.count { event in
            (event.resolvedAs == type && event.name == name)
                || (event.concrete == type && (name == nil || event.name == name))
        }
    }
}

protocol Counted: AnyObject, SendableMetatype {
    init()
}
final class CountA: Counted {
    init() {}
}
final class CountB: Counted {
    init() {}
}
final class CountC: Counted {
    init() {}
}
