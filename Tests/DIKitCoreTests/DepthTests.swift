import DIKitCore
import Testing

/// Resolution never overflows the stack: deep graphs resolve or fail with a clear error on a
/// thread with Apple's default secondary-thread stack (512 KB).
@Suite(.timeLimit(.minutes(1))) struct DepthTests {
    static let smallStack = 512 * 1024
    static let largeStack = 64 * 1024 * 1024

    /// Registers `Node` names "0"…"count-1", each resolving the next; the last resolves a missing
    /// `Clock` when `missingEnd`.
    private func chain(_ count: Int, missingEnd: Bool) -> Container {
        let container = Container()
        for level in 0..<count {
            container.register(Node.self, name: "\(level)") { r in
                if level + 1 < count {
                    _ = try r.resolve(Node.self, name: "\(level + 1)")
                } else if missingEnd {
                    _ = try r.resolve(Clock.self)
                }
                return Node()
            }
        }
        return container
    }

    @Test func deepChainWithinTheLimitReportsTheMissingServiceWithTheWholePath() throws {
        let container = chain(ResolutionError.depthLimit - 1, missingEnd: true)
        let result = Outcome<Node>()
        #expect(
            finishesOnThread(stackSize: Self.largeStack) { result.set { try container.resolve(Node.self, name: "0") } })
        let error = try #require(result.error)
        #expect(error.kind == .notRegistered)
        #expect(error.path.count == ResolutionError.depthLimit)
        #expect(error.path.last == "Clock")
    }

    @Test func chainDeeperThanTheLimitFailsWithADepthError() throws {
        let container = chain(500, missingEnd: true)
        let result = Outcome<Node>()
        #expect(
            finishesOnThread(stackSize: Self.largeStack) { result.set { try container.resolve(Node.self, name: "0") } })
        let error = try #require(result.error)
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path.first == "Node (name: \"0\")")
        #expect(error.path.count == ResolutionError.depthLimit + 1)
        #expect(
            error.description.hasPrefix(
                "Resolving 'Node (name: \"0\")' went deeper than \(ResolutionError.depthLimit) levels: probably "
                    + "unbounded recursion."))
        #expect(error.description.contains("Top of the path: Node (name: \"0\") -> Node (name: \"1\")"))
    }

    @Test func deepChainOnASmallStackFailsInsteadOfOverflowing() throws {
        let container = chain(500, missingEnd: true)
        let result = Outcome<Node>()
        #expect(
            finishesOnThread(stackSize: Self.smallStack) { result.set { try container.resolve(Node.self, name: "0") } })
        let error = try #require(result.error)
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path.first == "Node (name: \"0\")")
        #expect(error.description.contains("To fix: make"))
    }

    /// The thread's resolution stack is empty again after a resolve fails at any depth, the full
    /// stack included: the next resolve on that thread sees only its own path, finds no cycle
    /// that is not there, and may go as deep as the first.
    @Test func aFailedResolveLeavesNothingOnTheThreadsStack() throws {
        let deep = chain(500, missingEnd: true)
        let shallow = chain(3, missingEnd: true)
        let errors = Outcome<[ResolutionError?]>()
        #expect(
            finishesOnThread(stackSize: Self.largeStack) {
                let attempts: [() throws -> Node] = [
                    { try deep.resolve(Node.self, name: "0") },
                    { try shallow.resolve(Node.self, name: "0") },
                    { try deep.resolve(Node.self, name: "0") },
                    { try shallow.resolve(Node.self, name: "1") },
                ]
                errors.set {
                    attempts.map { attempt in
                        do {
                            _ = try attempt()
                            return nil
                        } catch {
                            return error as? ResolutionError
                        }
                    }
                }
            })
        let found = try #require(errors.value)
        #expect(found.map(\.?.kind) == [.depthLimitExceeded, .notRegistered, .depthLimitExceeded, .notRegistered])
        #expect(found.map(\.?.path.count) == [ResolutionError.depthLimit + 1, 4, ResolutionError.depthLimit + 1, 3])
        #expect(found[1]?.path == ["Node (name: \"0\")", "Node (name: \"1\")", "Node (name: \"2\")", "Clock"])
    }

    @Test func unboundedRecursionThroughArgumentsFailsWithADepthError() throws {
        let container = Container()
        container.register(Level.self) { (r, depth: Int) in
            Level(depth: depth, next: try r.resolve(Level.self, arguments: depth + 1))
        }
        let result = Outcome<Level>()
        #expect(
            finishesOnThread(stackSize: Self.smallStack) {
                result.set { try container.resolve(Level.self, arguments: 0) }
            })
        #expect(result.error?.kind == .depthLimitExceeded)
    }

    @Test func deepChainOfChildContainersResolvesAndIsReleased() throws {
        let root = Container()
        root.register(Clock.self, scope: .singleton) { _ in Clock() }
        let resolved = Counter()
        let finished = finishesOnThread(stackSize: Self.smallStack) {
            var container = root
            for _ in 0..<100_000 { container = container.makeChild() }
            if (try? container.resolve(Clock.self)) === (try? root.resolve(Clock.self)) { resolved.increment() }
            #expect(container.isRegistered(Clock.self))
        }
        #expect(finished)
        #expect(resolved.value == 1)
    }
}

/// Carries the outcome of a call out of the thread it ran on.
final class Outcome<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var result: Result<Value, any Error>?

    func set(_ body: () throws -> Value) {
        let outcome = Result { try body() }
        lock.withLock { result = outcome }
    }

    var value: Value? {
        lock.withLock { try? result?.get() }
    }

    var error: ResolutionError? {
        lock.withLock {
            if case .failure(let error) = result { return error as? ResolutionError }
            return nil
        }
    }
}
