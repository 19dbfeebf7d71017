import CGraphviz
import Testing

@testable import FSMRendering

/// Where an edge's end on a compound state's border may move, and how its curve follows.
@Suite struct BorderSideTests {
    typealias Point = ObstacleRoute.Point
    typealias Box = ObstacleRoute.Box

    /// A compound state 0–200 × 0–100 with a child 20–80 × 8–40 near its bottom side.
    static let border = Box(minX: 0, minY: 0, maxX: 200, maxY: 100)
    static let child = Box(minX: 20, minY: 8, maxX: 80, maxY: 40)

    @Test func aPointOnTheBorderFindsItsSide() throws {
        let bottom = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 1)))
        #expect(bottom.position(of: Point(x: 50, y: 1)) == 50)
        let right = try #require(BorderSide(of: Self.border, at: Point(x: 199, y: 60)))
        #expect(right.position(of: Point(x: 199, y: 60)) == 60)
        #expect(BorderSide(of: Self.border, at: Point(x: 100, y: 50)) == nil)
        #expect(BorderSide(of: Self.border, at: Point(x: 300, y: 1)) == nil)
    }

    @Test func aChildNearTheSideBlocksTheStretchBesideIt() throws {
        let bottom = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 0)))
        // 8 pt from the side, within 14: blocked 8.4 pt further on each end.
        let span = try #require(bottom.span(of: Self.child, within: 14))
        #expect(abs(span.0 - (20 - (14.0 * 14 - 64).squareRoot())) < 1e-9)
        #expect(abs(span.1 - (80 + (14.0 * 14 - 64).squareRoot())) < 1e-9)
        // The top side is 60 pt away from it.
        let top = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 100)))
        #expect(top.span(of: Self.child, within: 14) == nil)
    }

    @Test func theFreePositionsAreClearOfEverySpanAndTheCorners() throws {
        let bottom = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 0)))
        let free = bottom.freePositions(avoiding: [(10, 90), (85, 120)], inset: 14, step: 20)
        #expect(free == [120.5, 134, 154, 174, 186])
        #expect(bottom.freePositions(avoiding: [(0, 200)], inset: 14, step: 4).isEmpty)
        #expect(bottom.offset(from: 50, to: 120.5) == (x: 70.5, y: 0))
    }

    @Test func anEdgeMeetingTheSideIsFoundWhereItCrossesIt() throws {
        let bottom = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 0)))
        // Down through the bottom side at x = 120, and one ending on it at x = 30.
        #expect(bottom.crossings(of: [Point(x: 110, y: 20), Point(x: 130, y: -20)]) == [120])
        #expect(bottom.crossings(of: [Point(x: 30, y: -40), Point(x: 30, y: 1)]) == [30])
        // Beside the box, or parallel to the side, it meets nothing.
        #expect(bottom.crossings(of: [Point(x: 300, y: 20), Point(x: 300, y: -20)]).isEmpty)
        #expect(bottom.crossings(of: [Point(x: 20, y: 50), Point(x: 180, y: 50)]).isEmpty)
    }

    @Test func theFourSidesGivePointsOnThemAndOutFromThem() {
        let sides = BorderSide.all(of: Self.border)
        // Left, right, bottom, top: each point lies on its side, and out from it away from the box.
        #expect(sides.map { $0.point(at: 50) } == [Point(x: 0, y: 50), Point(x: 200, y: 50), Point(x: 50, y: 0), Point(x: 50, y: 100)])
        #expect(
            sides.map { $0.point(at: 50, out: 12) } == [
                Point(x: -12, y: 50), Point(x: 212, y: 50), Point(x: 50, y: -12), Point(x: 50, y: 112),
            ])
        #expect(sides.allSatisfy { !Self.border.contains($0.point(at: 50, out: 1)) })
        #expect(sides.map { $0.position(of: $0.point(at: 30)) } == [30, 30, 30, 30])
    }

    @Test func aLegAlongTheSideRunsAlongIt() throws {
        let bottom = try #require(BorderSide(of: Self.border, at: Point(x: 50, y: 0)))
        // 2 pt below it for 60 pt of its length: along it.
        #expect(bottom.runs(along: Point(x: 40, y: -2), Point(x: 100, y: -2), within: 3, longerThan: 8))
        // 10 pt below, across it, or beyond its corner: not.
        #expect(!bottom.runs(along: Point(x: 40, y: -10), Point(x: 100, y: -10), within: 3, longerThan: 8))
        #expect(!bottom.runs(along: Point(x: 40, y: -2), Point(x: 40, y: 60), within: 3, longerThan: 8))
        #expect(!bottom.runs(along: Point(x: 196, y: -2), Point(x: 260, y: -2), within: 3, longerThan: 8))
    }

    @Test func aBentCurveMovesItsEndAndKeepsItsFarEndAndDirection() {
        let controls = [
            pointf(x: 0, y: 200), pointf(x: 0, y: 150), pointf(x: 50, y: 60), pointf(x: 50, y: 10),
        ]
        let bent = DrawnTransitions.bend(controls, by: (x: 30, y: 0), atHead: true)
        #expect(bent[0].x == 0 && bent[0].y == 200)
        #expect(bent[3].x == 80 && bent[3].y == 10)
        // The last leg keeps its direction: both of its points moved alike.
        #expect(bent[2].x - bent[3].x == controls[2].x - controls[3].x && bent[2].y == controls[2].y)
        let atTail = DrawnTransitions.bend(controls, by: (x: 30, y: 0), atHead: false)
        #expect(atTail[0].x == 30 && atTail[1].x == 30 && atTail[3].x == 50)
        // The far end's direction too: its neighbouring control point stays put.
        #expect(bent[1].x == controls[1].x && bent[1].y == controls[1].y)
        #expect(atTail[2].x == controls[2].x && atTail[2].y == controls[2].y)
    }
}
