/// How a `states` drawing arranges the regions of a parallel state.
public enum RegionArrangement: String, Hashable, Sendable, CaseIterable {
    /// Side by side across the direction the diagram flows in, wrapping into a grid read like
    /// text when there are more than three. The order rests on Graphviz's crossing reduction,
    /// which honours it top to bottom on most machines but not all, and never left to right.
    case rows
    /// One after another along the direction the diagram flows in (below each other, top to
    /// bottom), lined up on one axis: Graphviz's ranks keep them in order.
    case stacked
    /// Lines of about the square root of their number, each line stacked along the direction
    /// the diagram flows in and the lines side by side: a near-square grid read by columns top
    /// to bottom, or by rows left to right. Ranks keep each line in order; the order of the
    /// lines rests on Graphviz's crossing reduction, so a renderer checks it.
    case grid
}

extension RegionArrangement {
    /// How laid-out regions read, in document order.
    public enum Reading: Hashable, Sendable {
        /// Like text or by columns, lined up: each region right of the one before, sharing
        /// its row or starting a new column right of the last one and no lower; or below it,
        /// sharing its column or starting a new row below the last one and no further right.
        case inOrder
        /// In order, but at least one region moved both right and down (or up) from the one
        /// before without sharing its row or column, or started a row (column) that does not
        /// line up with the start of the last one: a staircase, which leaves most of the
        /// parallel state empty.
        case staircase
        /// At least one region neither right of the one before nor below it, or starting a row
        /// (a column) that reaches into the row above (the column before).
        case outOfOrder
    }

    /// How regions whose boxes are `boxes`, in document order, read; `y` grows upwards, as in
    /// Graphviz's coordinates. Neighbours may reach `tolerance` points into each other, and
    /// share a row (or column) when their heights (or widths) overlap by more than that.
    public static func reading(
        of boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)], tolerance: Double = 0
    ) -> Reading {
        func shared(_ low: Double, _ high: Double, _ otherLow: Double, _ otherHigh: Double) -> Bool {
            min(high, otherHigh) - max(low, otherLow) > tolerance
        }
        guard var lineStart = boxes.first else { return .inOrder }
        var reading = Reading.inOrder
        // The bottom of the row and the right side of the column the last region is in; the
        // first region of its row or column, which the next row or column lines up with.
        var (rowBottom, columnRight) = (lineStart.minY, lineStart.maxX)
        for (earlier, later) in zip(boxes, boxes.dropFirst()) {
            if later.minX >= earlier.maxX - tolerance {
                if shared(earlier.minY, earlier.maxY, later.minY, later.maxY) {
                    (rowBottom, columnRight) = (min(rowBottom, later.minY), later.maxX)
                    continue
                }
                guard later.minX >= columnRight - tolerance else { return .outOfOrder }
                // A new column starts beside the top of the last one, neither lower nor higher.
                if later.maxY < earlier.maxY - tolerance || !shared(lineStart.minY, lineStart.maxY, later.minY, later.maxY) {
                    reading = .staircase
                }
            } else if later.maxY <= earlier.minY + tolerance {
                if shared(earlier.minX, earlier.maxX, later.minX, later.maxX) {
                    (rowBottom, columnRight) = (later.minY, max(columnRight, later.maxX))
                    continue
                }
                guard later.maxY <= rowBottom + tolerance else { return .outOfOrder }
                // A new row starts below the start of the last one, neither further right nor left.
                if later.minX > earlier.minX + tolerance || !shared(lineStart.minX, lineStart.maxX, later.minX, later.maxX) {
                    reading = .staircase
                }
            } else {
                return .outOfOrder
            }
            (rowBottom, columnRight) = (later.minY, later.maxX)
            lineStart = later
        }
        return reading
    }
}
