// An order's workflow as a table of next states.
enum OrderStatus: String, CaseIterable {
    case placed, paid, shipped, delivered, cancelled
}

struct OrderWorkflow {
    static let allowedTransitions: [OrderStatus: Set<OrderStatus>] = [
        .placed: [.paid, .cancelled],
        .paid: [.shipped, .cancelled],
        .shipped: [.delivered],
        .delivered: [],
        .cancelled: [],
    ]

    var status: OrderStatus = .placed
}
