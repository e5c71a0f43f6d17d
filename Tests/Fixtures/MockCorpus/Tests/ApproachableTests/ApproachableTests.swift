import Approachable
import DITesting
import Foundation
import Testing

// Uses the mocks generate-mocks writes into Generated/Mocks.swift beside this file, in a target
// with the module's settings: main-actor by default, approachable concurrency.

@Suite(.testInjector(base: Container()))
struct ApproachableTests {
    @Test func aMainActorServicesMockAnswersAndRecords() async throws {
        let service = MockOrderService().injected()
        service.ordersMock.returns([Order(id: 1)])
        service.countMock.returns(1)
        let resolved: any OrderService = try Container.shared.resolve()
        #expect(try await resolved.orders() == [Order(id: 1)])
        try await resolved.place(Order(id: 2))
        #expect(resolved.count == 1)
        service.placeMock.assertCalled(with: Order(id: 2), times: 1)
    }

    /// A UIKit-era delegate of a main-actor module: its mock subclasses `NSObject`, and answers on
    /// the main actor.
    @Test func aDelegatesMockSubclassesNSObject() throws {
        let delegate = MockOrderDelegate().injected()
        let resolved: any OrderDelegate = try Container.shared.resolve()
        resolved.didPlace(Order(id: 5))
        delegate.didPlaceMock.assertCalled(with: Order(id: 5), times: 1)
        #expect(resolved.isEqual(delegate))
    }

    /// A protocol requiring a class of the module, main-actor as the class is: its mock subclasses
    /// the class, made on the main actor.
    @Test func aMockOfAProtocolRequiringAClassOfTheModuleSubclassesIt() throws {
        let cell = MockOrderCellLike().injected()
        let resolved: any OrderCellLike = try Container.shared.resolve()
        resolved.configure(Order(id: 7))
        cell.configureMock.assertCalled(with: Order(id: 7), times: 1)
        #expect(resolved === cell)
    }

    @Test func inoutParametersAreGivenTheValuesTheStubAnswers() async throws {
        let adjusting = MockOrderAdjusting()
        adjusting.adjustMock.answers { Order(id: $0.id + 1) }
        adjusting.repriceMock.answers { order, total in (order, total * 2) }
        var order = Order(id: 1)
        var total = 10
        adjusting.adjust(&order)
        try await adjusting.reprice(&order, total: &total)
        #expect(order == Order(id: 2) && total == 20)
        #expect(adjusting.repriceMock.calls.map(\.total) == [10])
    }

    @Test func aRefinementOfAnotherProtocolOfTheModuleHasAMockThatCompiles() async throws {
        let history = MockOrderHistory().injected()
        history.pastMock.returns([Order(id: 3)])
        history.ordersMock.returns([Order(id: 4)])
        let resolved: any OrderHistory = try Container.shared.resolve()
        #expect(try await resolved.past() == [Order(id: 3)])
        #expect(try await resolved.orders() == [Order(id: 4)])
    }

    /// What the refinement's (main-actor) extension implements is left to it.
    @Test func aRequirementTheRefinementImplementsIsLeftToIt() async throws {
        let orders = MockCachedOrders().injected()
        orders.cachedCountMock.returns(3)
        let resolved: any CachedOrders = try Container.shared.resolve()
        #expect(resolved.count == 3)
        orders.cachedCountMock.assertCalled(times: 1)
    }

    /// A main-actor implementation of a nonisolated requirement would make the conformance cross
    /// into main-actor code: the mock implements the requirement.
    @Test func aRequirementTheRefinementImplementsOnTheMainActorIsMocked() async throws {
        let job = MockNightlyJob()
        job.nameMock.returns("mock")
        #expect(job.name() == "mock")
        try await job.run()
        job.runMock.assertCalled(times: 1)
    }

    @Test func asyncClosuresAreRunOrRecorded() async throws {
        let persistence = MockPersistence().injected()
        var saved = 0
        let result = await persistence.transaction {
            saved += 1
            return "done"
        }
        #expect(result == "done" && saved == 1)
        persistence.schedule(after: .seconds(1)) {}
        #expect(persistence.scheduleMock.calls.map(\.delay) == [.seconds(1)])
    }

    @Test func sendingResultsOfEachIsolation() async {
        let snapshots = MockSnapshots()
        snapshots.takeMock.returns(Snapshot())
        snapshots.takeLaterMock.answers { _ in Snapshot() }
        snapshots.renderMock.answers { _ in Snapshot() }
        _ = snapshots.take()
        _ = await snapshots.takeLater()
        _ = await snapshots.render()
        #expect(snapshots.renderMock.callCount == 1)
    }

    @Test func aViewModelsIDAndANonisolatedProtocol() throws {
        let row = MockOrderRowModel()
        row.idMock.returns(7)
        #expect(row.id == 7)
        let clock = MockClock().injected()
        clock.nowMock.returns(Date(timeIntervalSince1970: 0))
        let resolved: any Clock = try Container.shared.resolve()
        #expect(resolved.now() == Date(timeIntervalSince1970: 0))
    }

    @Test func aProtocolResultNothingAnswersIsANewMock() {
        let rows = MockOrderRows().returnsDefault()
        #expect(rows.row(for: Order(id: 1)) is MockOrderRowModel)
        #expect(rows.clock() is MockClock)
        // A date's default is the reference date.
        #expect(MockClock().returnsDefault().now() == Date(timeIntervalSinceReferenceDate: 0))
    }
}

/// A view model as such an app writes it: main-actor, its service injected.
final class OrdersModel {
    @Injected var service: any OrderService
    private(set) var orders: [Order] = []

    func load() async throws { orders = try await service.orders() }
}

@Suite struct ApproachableInjectorTests {
    @Test func aViewModelResolvesItsServiceFromTheTestsInjector() async throws {
        try await withTestInjector(base: Container()) { injector in
            MockOrderService().injected().ordersMock.returns([Order(id: 3)])
            let model = OrdersModel()
            try await model.load()
            #expect(model.orders == [Order(id: 3)])
            injector.assertResolved((any OrderService).self, times: 1)
        }
    }
}
