import DIKitCore
import Testing

/// A resolve that fails before all its `onResolved` handlers have run keeps none of the shared
/// instances it built: any of them may be, or hold, an instance whose handlers never ran.
@Suite struct FailedResolveTests {
    @Test func aSingletonHoldingAnInstanceWhoseHandlerNeverRanIsNotKept() throws {
        let container = Container()
        container.register(PartHolder.self, scope: .singleton) { r in PartHolder(part: try r.resolve()) }
        container.register(Part.self) { _ in Part() }.onResolved { _, part in part.isWired = true }
        container.register(ServiceA.self) { r in
            _ = try r.resolve(PartHolder.self)
            return ServiceA(b: try r.resolve())  // not registered: fails after PartHolder is built
        }

        #expect(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(try container.resolve(PartHolder.self).part?.isWired == true)
    }

    @Test func aSingletonWhoseHandlerTookTheFailingInstanceIsNotKept() throws {
        let container = Container()
        let failures = Counter()
        container.register(PartHolder.self, scope: .singleton) { _ in PartHolder(part: nil) }
            .onResolved { r, holder in holder.part = try r.resolve(Part.self) }
        container.register(Part.self, scope: .singleton) { _ in Part() }
            .onResolved { _, part in
                if failures.increment() == 1 { throw Boom() }
                part.isWired = true
            }
        container.register(ServiceA.self) { r in
            _ = try r.resolve(PartHolder.self)
            _ = try r.resolve(Part.self)
            return ServiceA(b: ServiceB(c: nil))
        }

        // PartHolder's handler runs first and takes Part, whose own handler then throws.
        #expect(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        let holder = try container.resolve(PartHolder.self)
        #expect(holder.part?.isWired == true)
        #expect(holder.part === (try container.resolve(Part.self)))
    }

    @Test func everySharedInstanceOfTheFailedResolveIsBuiltAgainAndItsHandlersRunAgain() throws {
        let container = Container()
        let clockBuilds = Counter()
        let clockHandled = Counter()
        let failures = Counter()
        container.register(Clock.self, scope: .singleton) { _ in
            clockBuilds.increment()
            return Clock()
        }
        .onResolved { _, _ in clockHandled.increment() }
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in if failures.increment() == 1 { throw Boom() } }
        container.register(AuditWired.self) { r in
            _ = try r.resolve(Clock.self)
            _ = try r.resolve(UserStore.self)
            return AuditWired()
        }

        #expect(throws: ResolutionError.self) { try container.resolve(AuditWired.self) }
        #expect((clockBuilds.value, clockHandled.value) == (1, 1))
        _ = try container.resolve(AuditWired.self)
        #expect((clockBuilds.value, clockHandled.value) == (2, 2))
        _ = try container.resolve(Clock.self)
        #expect(clockBuilds.value == 2)
    }

    @Test func aFailedResolveThatLeftNoHandlerUnrunKeepsWhatItBuilt() throws {
        let container = Container()
        let clockBuilds = Counter()
        let handled = Counter()
        container.register(Clock.self, scope: .singleton) { _ in
            clockBuilds.increment()
            return Clock()
        }
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in handled.increment() }
        let store = try container.resolve(UserStore.self)
        container.register(ServiceA.self) { r in
            _ = try r.resolve(Clock.self)
            _ = try r.resolve(UserStore.self)  // cached: no handler is queued
            return ServiceA(b: try r.resolve())  // not registered
        }

        #expect(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        _ = try container.resolve(Clock.self)
        #expect(clockBuilds.value == 1)
        #expect(try container.resolve(UserStore.self) === store)
        #expect(handled.value == 1)
    }
}

private final class Part: @unchecked Sendable {
    var isWired = false
}

private final class PartHolder: @unchecked Sendable {
    var part: Part?
    init(part: Part?) { self.part = part }
}
