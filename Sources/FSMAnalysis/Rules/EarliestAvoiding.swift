/// The earliest of a growing list of elements, each described by three integers, whose three
/// integers all differ from three given ones: O(1) to add an element or to ask, where scanning
/// the list for every question would make a rule quadratic.
///
/// Slots hold "the first element satisfying some constraints `attribute ≠ value`": the root
/// has none, and once a slot holds element `c`, each child adds `a ≠ c[a]` for an attribute
/// `a` it does not constrain yet. A question starts at the root: if the slot's element
/// matches a forbidden value in attribute `a`, the answer must differ from it there, which is
/// the child for `a`. Every step constrains one more attribute, so a question takes at most
/// four steps and the tree has at most 16 slots.
struct EarliestAvoiding {
    private struct Slot {
        var constraints: [(attribute: Int, value: Int)]
        var element: (position: Int, attributes: SIMD3<Int>)?
        var children: [Int: Int] = [:]
    }

    private var slots = [Slot(constraints: [])]

    /// Adds an element; `position` is what questions answer.
    mutating func append(_ attributes: SIMD3<Int>, at position: Int) {
        for index in slots.indices where slots[index].element == nil {
            guard slots[index].constraints.allSatisfy({ attributes[$0.attribute] != $0.value }) else { continue }
            slots[index].element = (position, attributes)
            let constrained = slots[index].constraints.map(\.attribute)
            for attribute in 0..<3 where !constrained.contains(attribute) {
                slots[index].children[attribute] = slots.count
                slots.append(Slot(constraints: slots[index].constraints + [(attribute, attributes[attribute])]))
            }
        }
    }

    /// The position of the earliest element whose every attribute differs from `forbidden`'s.
    func earliest(avoiding forbidden: SIMD3<Int>) -> Int? {
        var index = 0
        while let element = slots[index].element {
            guard let attribute = (0..<3).first(where: { element.attributes[$0] == forbidden[$0] }) else {
                return element.position
            }
            guard let child = slots[index].children[attribute] else { return nil }
            index = child
        }
        return nil
    }
}
