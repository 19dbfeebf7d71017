import Dispatch

extension Array where Element: Sendable {
    /// `transform` of each element, computed on every core, in the array's order.
    ///
    /// The elements start largest `cost` first: started in order, one big element left for last
    /// would keep one core busy while the others wait.
    package func concurrentMap<Result: Sendable>(
        cost: (Element) -> Int, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let order = indices.sorted { cost(self[$0]) > cost(self[$1]) }
        let slots = ParallelSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { started in
            let index = order[started]
            slots.set(index, transform(self[index]))
        }
        return slots.values
    }
}
