/// One slot per iteration of `DispatchQueue.concurrentPerform`, each written by its own
/// iteration and read once the loop has returned.
///
/// It is `@unchecked Sendable` because that discipline, not a lock, keeps it safe: no two
/// iterations touch one slot, and `concurrentPerform` returns only after every iteration has
/// finished, which orders the writes before ``values``. The slots are raw memory, not an array
/// property, so that writes from several threads are no overlapping accesses to one variable.
final class ParallelSlots<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Fills slot `index`; each slot is filled by one iteration only.
    func set(_ index: Int, _ value: Value) {
        slots[index] = value
    }

    /// The values, in slot order, once every iteration has returned.
    var values: [Value] { slots.compactMap { $0 } }
}
