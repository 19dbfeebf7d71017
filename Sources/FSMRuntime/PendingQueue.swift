/// A first-in, first-out queue whose `popFirst` is constant time (`Array.removeFirst` moves
/// every element), for the events waiting while a transition runs.
@usableFromInline
struct PendingQueue<Element> {
    @usableFromInline var storage: [Element?] = []
    @usableFromInline var head = 0

    @usableFromInline init() {}

    @inlinable var isEmpty: Bool { head == storage.count }

    @inlinable mutating func append(_ element: Element) { storage.append(element) }

    @inlinable mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            // Drained: start over, keeping the capacity for the next burst.
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1_024, head * 2 > storage.count {
            // Senders keep it from draining: drop the consumed half so it cannot grow forever.
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
