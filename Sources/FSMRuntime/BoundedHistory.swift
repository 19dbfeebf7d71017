/// The most recent `limit` elements, oldest first, in constant time per append.
struct BoundedHistory<Element: Sendable>: Sendable {
    let limit: Int
    private var storage: [Element] = []
    private var start = 0

    init(limit: Int) { self.limit = max(0, limit) }

    mutating func append(_ element: Element) {
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
