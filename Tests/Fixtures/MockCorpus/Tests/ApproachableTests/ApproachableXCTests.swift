import Approachable
import DITesting
import XCTest

/// XCTest in a target whose code is main-actor by default: the case is `nonisolated`, as its
/// superclass is, and its methods that touch main-actor code are `@MainActor` and `async`
/// (SwiftPM's test discovery on Linux does not take synchronous `@MainActor` methods).
nonisolated final class OrdersModelCase: DITestCase {
    @MainActor func testAViewModelResolvesItsServiceFromTheCasesInjector() async throws {
        MockOrderService().injected().ordersMock.returns([Order(id: 4)])
        let model = OrdersModel()
        try await model.load()
        XCTAssertEqual(model.orders, [Order(id: 4)])
        injector.assertResolved((any OrderService).self, times: 1)
    }
}
