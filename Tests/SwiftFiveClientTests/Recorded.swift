import Foundation

/// What callbacks on any thread record, in order.
final class Recorded<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func add(_ element: Element) {
        lock.lock()
        elements.append(element)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }
}
