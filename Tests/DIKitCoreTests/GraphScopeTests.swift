import DIKitCore
import Testing

/// A `Lazy`, `@Injected` or `@SafelyInjected` made while a graph is built belongs to that graph;
/// a `Provider` starts a new one on every call.
@Suite(.timeLimit(.minutes(1))) struct GraphScopeTests {
    let container = Container()
    let builds = Counter()

    init() {
        container.register(UnitOfWork.self, scope: .graph) { [builds] _ in
            builds.increment()
            return UnitOfWork()
        }
        container.register(Audit.self) { r in Audit(work: try r.resolve()) }
        container.register(Screen.self) { r in
            Screen(work: try r.resolve(), audit: try r.resolve(), freshAudit: try r.resolve())
        }
    }

    @Test func aLazyMadeInAGraphGetsItsInstancesWhenCalledLater() throws {
        let screen = try container.resolve(Screen.self)
        #expect(try screen.audit().work === screen.work)
        let other = try container.resolve(Screen.self)
        #expect(other.work !== screen.work)
        #expect(try other.audit().work === other.work)
        #expect(builds.value == 2)
    }

    @Test func aProviderStartsANewGraphOnEveryCall() throws {
        let screen = try container.resolve(Screen.self)
        let first = try screen.freshAudit()
        let second = try screen.freshAudit()
        #expect(first.work !== screen.work)
        #expect(second.work !== first.work)
    }

    @Test func aLazyOfAnotherServiceOfTheGraphIsThatOne() throws {
        container.register(Folder.self, scope: .graph) { _ in Folder() }
        container.register(File.self, scope: .graph) { r in File(folder: try r.resolve()) }
        container.register(Desk.self) { r in Desk(folder: try r.resolve(), file: try r.resolve()) }
        let desk = try container.resolve(Desk.self)
        #expect(try desk.file.folder() === desk.folder)
    }

    @Test func injectedPropertiesOfAGraphsObjectsJoinIt() throws {
        container.register(Report.self) { r in Report(work: try r.resolve()) }
        let report = try Container.withShared(container) { try container.resolve(Report.self) }
        #expect(report.injectedWork === report.work)
        #expect(report.safelyInjectedWork === report.work)
        let outside = Container.withShared(container) { Report(work: UnitOfWork()) }
        #expect(outside.injectedWork !== report.work)
    }

    @Test func theGraphKeepsNothingAlive() throws {
        weak var screen: Screen?
        weak var work: UnitOfWork?
        do {
            let held = try container.resolve(Screen.self)
            screen = held
            work = held.work
            _ = try held.audit()
        }
        #expect(screen == nil)
        #expect(work == nil)
        do {
            let held = try container.resolve(Screen.self)
            screen = held
        }
        #expect(screen == nil)
    }

    @Test func aGraphInstanceNothingHoldsIsBuiltAgain() throws {
        container.register(Screen.self) { r in
            _ = try r.resolve(UnitOfWork.self)  // built, then let go by everything
            return Screen(work: UnitOfWork(), audit: try r.resolve(), freshAudit: try r.resolve())
        }
        let screen = try container.resolve(Screen.self)
        #expect(builds.value == 1)
        let audit = try screen.audit()
        #expect(builds.value == 2)
        #expect(try screen.audit() === audit)
        #expect(builds.value == 2)
    }

    @Test func aValueTypeIsACopyInAnyCase() throws {
        container.register(Tally.self, scope: .graph) { [builds] _ in
            builds.increment()
            return Tally()
        }
        container.register(TallyHolder.self) { r in TallyHolder(tally: try r.resolve(), later: try r.resolve()) }
        let holder = try container.resolve(TallyHolder.self)
        #expect(builds.value == 1)
        _ = try holder.later()
        #expect(builds.value == 2)
    }

    @Test func aLazyCalledOnAnotherThreadGetsItsGraphsInstances() async throws {
        let screen = try container.resolve(Screen.self)
        let audit = screen.audit
        let work = try await Task.detached { try audit().work }.value
        #expect(work === screen.work)
    }

    @Test func graphsBuiltAndCalledOnManyThreadsAtOnceStayApart() async throws {
        let shared = try container.resolve(Screen.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { [container] in
                    let own = try container.resolve(Screen.self)
                    let (mine, theirs) = (try own.audit().work, try shared.audit().work)
                    guard mine === own.work, theirs === shared.work, mine !== theirs else {
                        throw Boom()
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aLazyCalledWhileAnotherGraphIsBuiltJoinsThatOne() throws {
        let screen = try container.resolve(Screen.self)
        container.register(Works.self) { r in Works(viaLazy: try screen.audit().work, own: try r.resolve()) }
        let works = try container.resolve(Works.self)
        #expect(works.viaLazy === works.own)
        #expect(works.viaLazy !== screen.work)
    }
}

private final class UnitOfWork: @unchecked Sendable {}

private final class Audit: @unchecked Sendable {
    let work: UnitOfWork
    init(work: UnitOfWork) { self.work = work }
}

private final class Screen: @unchecked Sendable {
    let work: UnitOfWork
    let audit: Lazy<Audit>
    let freshAudit: Provider<Audit>
    init(work: UnitOfWork, audit: Lazy<Audit>, freshAudit: Provider<Audit>) {
        self.work = work
        self.audit = audit
        self.freshAudit = freshAudit
    }
}

private final class Folder {}

private final class File {
    let folder: Lazy<Folder>
    init(folder: Lazy<Folder>) { self.folder = folder }
}

private struct Desk {
    let folder: Folder
    let file: File
}

private final class Report {
    let work: UnitOfWork
    @Injected var injectedWork: UnitOfWork
    @SafelyInjected var safelyInjectedWork: UnitOfWork?
    init(work: UnitOfWork) { self.work = work }
}

private struct Tally {}

private struct TallyHolder {
    let tally: Tally
    let later: Lazy<Tally>
}

private struct Works {
    let viaLazy: UnitOfWork
    let own: UnitOfWork
}
