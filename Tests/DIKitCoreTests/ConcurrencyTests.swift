import DIKitCore
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConcurrencyTests {
    @Test func singletonIsBuiltExactlyOnceWhenAThousandTasksResolveItFirst() async throws {
        for _ in 0..<20 {
            let container = Container()
            let builds = Counter()
            container.register(HTTPClient.self, scope: .singleton) { _ in
                builds.increment()
                return URLSessionClient()
            }
            let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<1_000 {
                    group.addTask { ObjectIdentifier(try container.resolve(HTTPClient.self)) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(builds.value == 1)
            #expect(ids.count == 1)
        }
    }

    @Test func weakInstanceIsSharedByConcurrentResolvers() async throws {
        let container = Container()
        let builds = Counter()
        container.register(HTTPClient.self, scope: .weak) { _ in
            builds.increment()
            return URLSessionClient()
        }
        let held = try container.resolve(HTTPClient.self)
        let heldID = ObjectIdentifier(held)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_000 { group.addTask { ObjectIdentifier(try container.resolve(HTTPClient.self)) == heldID } }
            for try await same in group { #expect(same) }
        }
        #expect(builds.value == 1)
        withExtendedLifetime(held) {}
    }

    @Test func concurrentRegistrationAndResolutionStayConsistent() async throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    let name = "theme-\(index)"
                    container.register(Theme.self, name: name) { _ in DarkTheme() }
                    #expect(try container.resolve(Theme.self, name: name).name == "dark")
                    let api = try #require(try container.resolve(API.self) as? LiveAPI)
                    #expect(api.http === (try container.resolve(HTTPClient.self)))
                    let child = container.makeChild()
                    child.register(Clock.self, scope: .graph) { _ in Clock() }
                    _ = try child.resolve(Clock.self)
                }
            }
            try await group.waitForAll()
        }
        #expect(try container.resolveAll(Theme.self).count == 1_000)
    }

    @Test func singletonsBuiltOnManyThreadsResolvingEachOtherAreEachBuiltOnce() async throws {
        // A chain of singletons, each resolving the next: no cycle, but many threads race to
        // build the chain from different starting points.
        let container = Container()
        let builds = (0..<10).map { _ in Counter() }
        for level in 0..<10 {
            container.register(Node.self, name: "\(level)", scope: .singleton) { r in
                builds[level].increment()
                if level < 9 { _ = try r.resolve(Node.self, name: "\(level + 1)") }
                return Node()
            }
        }
        let resolved = try await withThrowingTaskGroup(of: (Int, ObjectIdentifier).self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    (index % 10, ObjectIdentifier(try container.resolve(Node.self, name: "\(index % 10)")))
                }
            }
            return try await group.reduce(into: [Int: Set<ObjectIdentifier>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(resolved.count == 10)
        #expect(resolved.values.allSatisfy { $0.count == 1 })
        #expect(builds.map(\.value) == Array(repeating: 1, count: 10))
    }

    @Test func injectedResolvesATransientExactlyOnceWhenThreadsRaceToReadIt() {
        let container = Container()
        let builds = Counter()
        container.register(Clock.self) { _ in
            builds.increment()
            return Clock()
        }
        let rounds = 50
        let threads = 8
        for _ in 0..<rounds {
            let user = Container.withShared(container) { ClockUser() }
            let start = Rendezvous(parties: threads)
            let seen = Log()
            let finished = (0..<threads).map { _ in
                DispatchSemaphore(value: 0)
            }
            for done in finished {
                Thread {
                    start.arrive()
                    seen.append("\(ObjectIdentifier(user.clock))")
                    done.signal()
                }.start()
            }
            for done in finished { #expect(done.wait(timeout: .now() + 30) == .success) }
            #expect(Set(seen.entries).count == 1)
        }
        #expect(builds.value == rounds)
    }

    @Test func mutuallyDependentSingletonsOnTwoThreadsAreACycleNotAHang() async throws {
        for _ in 0..<50 {
            let container = Container()
            let bothStarted = Rendezvous(parties: 2)
            container.register(ServiceA.self, scope: .singleton) { r in
                bothStarted.arrive()
                return ServiceA(b: try r.resolve())
            }
            container.register(ServiceB.self, scope: .singleton) { r in
                bothStarted.arrive()
                _ = try r.resolve(ServiceA.self)
                return ServiceB(c: nil)
            }
            async let a = onThread { _ = try container.resolve(ServiceA.self) }
            async let b = onThread { _ = try container.resolve(ServiceB.self) }
            let (errorA, errorB) = await (a, b)
            #expect(errorA?.kind == .circularDependency)
            #expect(errorB?.kind == .circularDependency)
            let cycles = [errorA, errorB].compactMap { $0?.description }
            // One thread finds the cycle across threads before waiting; the other, woken, finds it
            // on its own path.
            #expect(cycles.contains { $0.contains("is being built on another thread, which is waiting for") })
            #expect(
                cycles.allSatisfy {
                    $0.hasPrefix("Circular dependency: ServiceA -> ServiceB -> ServiceA.")
                        || $0.hasPrefix("Circular dependency: ServiceB -> ServiceA -> ServiceB.")
                })
        }
    }

    @Test func singletonsWhoseArgumentsOnlyHashAlikeOnTwoThreadsAreNoCycle() async throws {
        for _ in 0..<50 {
            let container = Container()
            let bothStarted = Rendezvous(parties: 2)
            // Thread 1 builds Item(1), which needs ItemHolder; thread 2 builds ItemHolder, which needs
            // Item(2). Each argument value has a singleton of its own: neither thread waits for the other.
            container.register(Item.self, scope: .singleton) { (r: any Resolver, key: CollidingKey) in
                if key.id == 1 {
                    bothStarted.arrive()
                    _ = try r.resolve(ItemHolder.self)
                }
                return Item(key.id)
            }
            container.register(ItemHolder.self, scope: .singleton) { r in
                bothStarted.arrive()
                return ItemHolder(try r.resolve(Item.self, arguments: CollidingKey(2)))
            }
            async let first = onThread { _ = try container.resolve(Item.self, arguments: CollidingKey(1)) }
            async let second = onThread { _ = try container.resolve(ItemHolder.self) }
            let (firstError, secondError) = await (first, second)
            #expect(firstError == nil)
            #expect(secondError == nil)
            let one = try container.resolve(Item.self, arguments: CollidingKey(1))
            let two = try container.resolve(Item.self, arguments: CollidingKey(2))
            #expect(one.id == 1 && two.id == 2)
            #expect(try container.resolve(ItemHolder.self).item === two)
        }
    }

    @Test func argumentsThatHashAlikeAreComparedWithNoLockHeldWhileTheOtherIsBuilt() async throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let building = DispatchSemaphore(value: 0)
        let compared = DispatchSemaphore(value: 0)
        container.register(Item.self, scope: .singleton) { (_: any Resolver, key: ComparingKey) in
            if key.id == 1 {
                building.signal()
                // Built only once the other thread has compared its arguments with these.
                guard compared.wait(timeout: .now() + 10) == .success else { throw CancellationError() }
            }
            return Item(key.id)
        }
        let noCheck = ComparingKey(1) {}
        // Its `==` resolves a singleton, which needs the coordinator: under its lock, a deadlock.
        // (It holds the container weakly: the container keeps it, as the arguments of an instance.)
        let resolving = ComparingKey(2) { [weak container] in
            _ = try? container?.resolve(Clock.self)
            compared.signal()
        }
        // Every wait is on a thread of its own: blocking the cooperative pool could starve the
        // tasks that start the threads.
        let timeouts = Counter()
        async let first = onThread { _ = try container.resolve(Item.self, arguments: noCheck) }
        let second = await onThread {
            if building.wait(timeout: .now() + 10) != .success { timeouts.increment() }
            _ = try container.resolve(Item.self, arguments: resolving)
        }
        #expect(await first == nil)
        #expect(second == nil)
        #expect(timeouts.value == 0)
        #expect(try container.resolve(Item.self, arguments: noCheck).id == 1)
    }

    @Test func singletonsWhoseArgumentsHashAlikeAndNeedEachOtherOnTwoThreadsAreACycle() async throws {
        for _ in 0..<50 {
            let container = Container()
            let bothStarted = Rendezvous(parties: 2)
            container.register(Item.self, scope: .singleton) { (r: any Resolver, key: CollidingKey) in
                bothStarted.arrive()
                _ = try r.resolve(Item.self, arguments: CollidingKey(3 - key.id))
                return Item(key.id)
            }
            async let first = onThread { _ = try container.resolve(Item.self, arguments: CollidingKey(1)) }
            async let second = onThread { _ = try container.resolve(Item.self, arguments: CollidingKey(2)) }
            let (firstError, secondError) = await (first, second)
            #expect(firstError?.kind == .circularDependency)
            #expect(secondError?.kind == .circularDependency)
        }
    }

    @Test func manyThreadsResolvingMutuallyDependentSingletonsAllGetCycles() async throws {
        let container = Container()
        container.register(ServiceA.self, scope: .singleton) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self, scope: .singleton) { r in
            _ = try r.resolve(ServiceA.self)
            return ServiceB(c: nil)
        }
        try await withThrowingTaskGroup(of: ResolutionError.Kind?.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    do {
                        if index.isMultiple(of: 2) {
                            _ = try container.resolve(ServiceA.self)
                        } else {
                            _ = try container.resolve(ServiceB.self)
                        }
                        return nil
                    } catch let error as ResolutionError {
                        return error.kind
                    }
                }
            }
            for try await kind in group { #expect(kind == .circularDependency) }
        }
    }
}

/// An argument whose values all hash alike: equal only when their ids are.
private struct CollidingKey: Hashable, Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
    func hash(into hasher: inout Hasher) {}
    static func == (lhs: CollidingKey, rhs: CollidingKey) -> Bool { lhs.id == rhs.id }
}

/// An argument whose values all hash alike, which runs `onCompare` whenever it is compared.
private struct ComparingKey: Hashable, Sendable {
    let id: Int
    let onCompare: @Sendable () -> Void
    init(_ id: Int, onCompare: @escaping @Sendable () -> Void) {
        self.id = id
        self.onCompare = onCompare
    }
    func hash(into hasher: inout Hasher) {}
    static func == (lhs: ComparingKey, rhs: ComparingKey) -> Bool {
        lhs.onCompare()
        rhs.onCompare()
        return lhs.id == rhs.id
    }
}

private final class Item: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
}

private final class ItemHolder: Sendable {
    let item: Item
    init(_ item: Item) { self.item = item }
}

/// Runs `body` on a new thread (not the cooperative pool, which a blocking factory could starve)
/// and returns the `ResolutionError` it threw, if any.
private func onThread(_ body: @escaping @Sendable () throws -> Void) async -> ResolutionError? {
    await withCheckedContinuation { continuation in
        Thread {
            do {
                try body()
                continuation.resume(returning: nil)
            } catch {
                continuation.resume(returning: error as? ResolutionError)
            }
        }.start()
    }
}

/// Blocks each arriving thread until `parties` threads have arrived, so two factories are
/// guaranteed to be running at once. Later arrivals pass straight through.
final class Rendezvous: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    func arrive() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= parties {
            condition.broadcast()
            return
        }
        while arrived < parties { condition.wait() }
    }
}
