/// The most recent `limit` elements, oldest first, in constant time per append.
@usableFromInline
struct BoundedHistory<Element: Sendable>: Sendable {
    @usableFromInline let limit: Int
    @usableFromInline var storage: [Element] = []
    @usableFromInline var start = 0

    init(limit: Int) { self.limit = max(0, limit) }

    @inlinable mutating func append(_ element: Element) {
        guard limit > 0 else { return }
        if storage.count < limit {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % limit
        }
    }

    var elements: [Element] { Array(storage[start...] + storage[..<start]) }
}
