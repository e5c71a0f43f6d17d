import DIKitCore
import Testing

/// Arguments are part of an instance's identity: cached scopes keep one instance per distinct
/// argument values, and a cycle is the same registration with equal arguments.
@Suite struct ArgumentIdentityTests {
    @Test(arguments: [Scope.singleton, .graph, .weak])
    func cachedScopesKeepOneInstancePerArguments(scope: Scope) throws {
        let container = Container()
        container.register(Greeter.self, scope: scope) { (_, name: String) in Greeter(name: name) }
        let ada = try container.resolve(Greeter.self, arguments: "Ada")
        let bob = try container.resolve(Greeter.self, arguments: "Bob")
        #expect(ada.name == "Ada")
        #expect(bob.name == "Bob")
        if scope != .graph {
            #expect(try container.resolve(Greeter.self, arguments: "Ada") === ada)
        }
    }

    @Test func aReleasedWeakInstanceWithArgumentsIsRebuiltAndTheOthersKept() throws {
        let container = Container()
        let builds = Counter()
        container.register(Greeter.self, scope: .weak) { (_, name: String) in
            builds.increment()
            return Greeter(name: name)
        }
        let bob = try container.resolve(Greeter.self, arguments: "Bob")
        for round in 1...3 {
            // Held only inside the round: released at its end, rebuilt by the next.
            let ada = try container.resolve(Greeter.self, arguments: "Ada")
            #expect(try container.resolve(Greeter.self, arguments: "Ada") === ada)
            #expect(builds.value == 1 + round)
        }
        #expect(try container.resolve(Greeter.self, arguments: "Bob") === bob)
        #expect(builds.value == 4)
    }

    @Test func graphWithArgumentsSharesPerArgumentsWithinOneResolve() throws {
        let container = Container()
        container.register(Greeter.self, scope: .graph) { (_, name: String) in Greeter(name: name) }
        container.register([Greeter].self) { r in
            [
                try r.resolve(Greeter.self, arguments: "Ada"), try r.resolve(Greeter.self, arguments: "Bob"),
                try r.resolve(Greeter.self, arguments: "Ada"),
            ]
        }
        let greeters = try container.resolve([Greeter].self)
        #expect(greeters.map(\.name) == ["Ada", "Bob", "Ada"])
        #expect(greeters[0] === greeters[2])
        #expect(greeters[0] !== greeters[1])
    }

    @Test(arguments: [Scope.singleton, .graph, .weak])
    func cachedScopeWithArgumentsThatAreNotHashableThrows(scope: Scope) throws {
        let container = Container()
        container.register(Greeter.self, scope: scope) { (_, opaque: Opaque) in Greeter(name: "\(opaque.value)") }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, arguments: Opaque(value: 1))
        }
        #expect(error.kind == .argumentsNotHashable)
        #expect(error.path == ["Greeter (arguments: Opaque)"])
        #expect(error.description.contains("make Opaque Hashable, or register it as .transient."))
    }

    /// A function or a tuple cannot be made Hashable: the fix says to wrap it.
    @Test func aFunctionOrTupleArgumentOfACachedScopeIsToBeWrapped() throws {
        let container = Container()
        container.register(Greeter.self, scope: .singleton) {
            (_, name: @escaping @Sendable () -> String, pair: (Int, Int), opaque: Opaque) in Greeter(name: name())
        }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, arguments: { @Sendable in "Ada" }, (1, 2), Opaque(value: 1))
        }
        #expect(error.kind == .argumentsNotHashable)
        #expect(
            error.description.contains(
                "To fix: make Opaque Hashable, and pass @Sendable () -> String, (Int, Int) inside a Hashable type of "
                    + "your own (a class is compared by identity), or register it as .transient."))
    }

    @Test func transientWithArgumentsThatAreNotHashableResolves() throws {
        let container = Container()
        container.register(Greeter.self) { (_, opaque: Opaque) in Greeter(name: "\(opaque.value)") }
        #expect(try container.resolve(Greeter.self, arguments: Opaque(value: 3)).name == "3")
    }

    @Test(arguments: [Scope.transient, .singleton, .graph])
    func recursionThatEndsThroughArgumentsIsNotACycle(scope: Scope) throws {
        let container = Container()
        container.register(Level.self, scope: scope) { (r, depth: Int) in
            Level(depth: depth, next: depth == 0 ? nil : try r.resolve(Level.self, arguments: depth - 1))
        }
        let top = try container.resolve(Level.self, arguments: 5)
        var depths: [Int] = []
        var level: Level? = top
        while let current = level {
            depths.append(current.depth)
            level = current.next
        }
        #expect(depths == [5, 4, 3, 2, 1, 0])
    }

    @Test func sameArgumentsAgainAreACycle() throws {
        let container = Container()
        container.register(Level.self) { (r, depth: Int) in
            Level(depth: depth, next: try r.resolve(Level.self, arguments: depth))
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Level.self, arguments: 1) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["Level (arguments: Int)", "Level (arguments: Int)"])
    }

    @Test func cyclesAreFoundDeepInTheGraphAndDeepRecursionThatEndsIsNot() throws {
        let container = Container()
        container.register(Level.self) { (r, depth: Int) in
            // Ends at 0 after 60 levels; at 30, asks again for 40, which is on the path: a cycle.
            let next = depth == 30 ? 40 : depth - 1
            return Level(depth: depth, next: depth == 0 ? nil : try r.resolve(Level.self, arguments: next))
        }
        container.register(Node.self) { r in
            _ = try r.resolve(Level.self, arguments: 20)
            return Node()
        }
        _ = try container.resolve(Node.self)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Level.self, arguments: 60) }
        #expect(error.kind == .circularDependency)
        #expect(error.path.count == 32)
    }

    @Test func oneTupleArgumentAndTwoArgumentsAreDifferentKeys() throws {
        let container = Container()
        container.register(String.self) { (_, pair: (Int, String)) in "one tuple: \(pair.0) \(pair.1)" }
        container.register(String.self) { (_, number: Int, text: String) in "two: \(number) \(text)" }
        #expect(try container.resolve(String.self, arguments: (1, "a")) == "one tuple: 1 a")
        #expect(try container.resolve(String.self, arguments: 2, "b") == "two: 2 b")
    }

    @Test func noArgumentsAndOneVoidArgumentAreDifferentKeys() throws {
        let container = Container()
        container.register(String.self) { _ in "none" }
        container.register(String.self) { (_, _: Void) in "void" }
        #expect(try container.resolve(String.self) == "none")
        #expect(try container.resolve(String.self, arguments: ()) == "void")
    }
}

final class Level: Sendable {
    let depth: Int
    let next: Level?
    init(depth: Int, next: Level?) {
        self.depth = depth
        self.next = next
    }
}
