import FSMDOT
import Testing

/// How laid-out regions read (``RegionArrangement/reading(of:tolerance:)``), in Graphviz's
/// coordinates (y grows upwards), on boxes of 100 × 100 pt.
@Suite struct RegionReadingTests {
    static func box(_ x: Double, _ y: Double, width: Double = 100) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (x, y, x + width, y + 100)
    }

    @Test func aRowAColumnAndBothGridsReadInOrder() {
        let row = [Self.box(0, 0), Self.box(110, 0), Self.box(220, 0)]
        let column = [Self.box(0, 220), Self.box(0, 110), Self.box(0, 0)]
        let byRows = [Self.box(0, 110), Self.box(110, 110), Self.box(0, 0), Self.box(110, 0)]
        let byColumns = [Self.box(0, 110), Self.box(0, 0), Self.box(110, 110), Self.box(110, 0)]
        // Centred in a column, narrower regions still share it.
        let centred = [Self.box(0, 110, width: 300), Self.box(100, 0)]
        for boxes in [row, column, byRows, byColumns, centred] {
            #expect(RegionArrangement.reading(of: boxes) == .inOrder, "\(boxes)")
        }
    }

    @Test func eachRegionRightOfAndBelowTheLastIsAStaircase() {
        let stairs = [Self.box(0, 220), Self.box(110, 110), Self.box(220, 0)]
        #expect(RegionArrangement.reading(of: stairs) == .staircase)
        // Down and to the right, clear of the last region's column, however the row began.
        let drifting = [Self.box(0, 110), Self.box(150, 0)]
        #expect(RegionArrangement.reading(of: drifting) == .staircase)
    }

    @Test func regionsSteppingUpOrColumnsOutOfLineAreAStaircase() {
        let rising = [Self.box(0, 0), Self.box(110, 110), Self.box(220, 220)]
        #expect(RegionArrangement.reading(of: rising) == .staircase)
        // Rows whose starts do not line up.
        let leftOfStart = [Self.box(110, 110), Self.box(220, 110), Self.box(0, 0)]
        #expect(RegionArrangement.reading(of: leftOfStart) == .staircase)
    }

    @Test func aRegionLeftOfAndAboveTheLastIsOutOfOrder() {
        #expect(RegionArrangement.reading(of: [Self.box(110, 0), Self.box(0, 0)]) == .outOfOrder)
        #expect(RegionArrangement.reading(of: [Self.box(0, 0), Self.box(0, 110)]) == .outOfOrder)
        #expect(RegionArrangement.reading(of: [Self.box(0, 0), Self.box(50, 50)]) == .outOfOrder)
        // A new row below the last region but reaching into the row, whose first region hangs lower.
        #expect(RegionArrangement.reading(of: [Self.box(0, 0), Self.box(110, 50), Self.box(0, -50)]) == .outOfOrder)
        // A new column right of the last region but reaching into the column, whose first is wider.
        let wide = [Self.box(0, 110, width: 200), Self.box(0, 0), Self.box(110, 110)]
        #expect(RegionArrangement.reading(of: wide) == .outOfOrder)
    }

    @Test func toleranceLetsNeighboursTouch() {
        let touching = [Self.box(0, 0), Self.box(98, 0)]
        #expect(RegionArrangement.reading(of: touching) == .outOfOrder)
        #expect(RegionArrangement.reading(of: touching, tolerance: 3) == .inOrder)
    }
}
