import DIKitCore
import Testing

@Suite struct ScopeTests {
    @Test func singletonIsBuiltOnceAndLazily() throws {
        let container = Container()
        let builds = Counter()
        container.register(HTTPClient.self, scope: .singleton) { _ in
            builds.increment()
            return URLSessionClient()
        }
        #expect(builds.value == 0)
        let first = try container.resolve(HTTPClient.self)
        let second = try container.resolve(HTTPClient.self)
        #expect(first === second)
        #expect(builds.value == 1)
    }

    @Test func singletonIsOnePerContainer() throws {
        let assembly = ClientAssembly()
        let one = Container(assemblies: [assembly])
        let two = Container(assemblies: [assembly])
        #expect(try one.resolve(HTTPClient.self) !== (try two.resolve(HTTPClient.self)))
    }

    /// Singletons are found through a table of slots in front of a dictionary; past a few hundred
    /// keys some share a slot. Each must still get its own instance, kept, dropped by `reset()` and
    /// by registering its key again, and struct singletons (boxed) alongside class ones.
    @Test(arguments: [1, 15, 300])
    func singletonsStayDistinctAtAnyCount(count: Int) throws {
        let container = Container()
        for index in 0..<count {
            container.register(Node.self, name: "\(index)", scope: .singleton) { _ in Node() }
            container.register(Int.self, name: "\(index)", scope: .singleton) { _ in index }
            container.register(Clock.self, name: "\(index)") { _ in Clock() }  // transient: never cached
        }
        let first = try (0..<count).map { try container.resolve(Node.self, name: "\($0)") }
        #expect(Set(first.map(ObjectIdentifier.init)).count == count)
        for index in 0..<count {
            #expect(try container.resolve(Node.self, name: "\(index)") === first[index])
            #expect(try container.resolve(Int.self, name: "\(index)") == index)
            let clock = try container.resolve(Clock.self, name: "\(index)")
            #expect(try container.resolve(Clock.self, name: "\(index)") !== clock)
        }
        container.register(Node.self, name: "0", scope: .singleton) { _ in Node() }
        #expect(try container.resolve(Node.self, name: "0") !== first[0])
        if count > 1 { #expect(try container.resolve(Node.self, name: "1") === first[1]) }
        container.reset()
        for index in 0..<count {
            #expect(try container.resolve(Node.self, name: "\(index)") !== first[index])
            #expect(try container.resolve(Int.self, name: "\(index)") == index)
        }
    }

    @Test func weakIsSharedWhileHeldAndRebuiltAfterRelease() throws {
        let container = Container()
        let builds = Counter()
        container.register(HTTPClient.self, scope: .weak) { _ in
            builds.increment()
            return URLSessionClient()
        }
        do {
            let held = try container.resolve(HTTPClient.self)
            let again = try container.resolve(HTTPClient.self)
            #expect(held === again)
            #expect(builds.value == 1)
        }
        _ = try container.resolve(HTTPClient.self)
        #expect(builds.value == 2)
    }

    /// A released weak instance is rebuilt, not handed out empty, for service types that could
    /// hold the empty reference itself.
    @Test func aReleasedWeakInstanceOfAnAnyOrAnyObjectServiceIsRebuilt() throws {
        let anything = Container()
        anything.register(Any.self, scope: .weak) { _ in Clock() }
        let object = Container()
        object.register(AnyObject.self, scope: .weak) { _ in Clock() }
        for _ in 0..<2 {  // the second round reads the released instances of the first
            let resolved = (try anything.resolve(Any.self), try object.resolve(AnyObject.self))
            #expect(resolved.0 is Clock, "\(type(of: resolved.0))")
            #expect(resolved.1 is Clock, "\(type(of: resolved.1))")
        }
    }

    @Test func graphSharesOneInstanceWithinOneOutermostResolve() throws {
        let container = Container()
        container.register(Clock.self, scope: .graph) { _ in Clock() }
        container.register(Pair.self) { r in Pair(first: try r.resolve(), second: try r.resolve()) }
        let pair = try container.resolve(Pair.self)
        #expect(pair.first === pair.second)
        let next = try container.resolve(Pair.self)
        #expect(next.first !== pair.first)
    }

    @Test func graphCyclesCloseThroughOnResolved() throws {
        let container = Container()
        container.register(Parent.self, scope: .graph) { _ in Parent() }
            .onResolved { r, parent in parent.child = try r.resolve() }
        container.register(Child.self) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        parent.child = nil  // break the cycle the test made
    }

    @Test func scopeDescriptionsNameTheCase() {
        #expect(
            [Scope.transient, .singleton, .weak, .graph].map(\.description) == [
                "transient", "singleton", "weak", "graph",
            ])
    }
}

struct ClientAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
    }
}

final class Pair {
    let first: Clock
    let second: Clock
    init(first: Clock, second: Clock) {
        self.first = first
        self.second = second
    }
}

final class Parent { var child: Child? }
final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}
