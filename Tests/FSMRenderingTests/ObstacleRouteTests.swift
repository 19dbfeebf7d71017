import Testing

@testable import FSMRendering

/// The second routing pass's geometry: the shortest way round boxes, and its curve.
@Suite struct ObstacleRouteTests {
    typealias Point = ObstacleRoute.Point
    typealias Box = ObstacleRoute.Box

    static let bounds = Box(minX: -500, minY: -500, maxX: 500, maxY: 500)

    @Test func aClearLineStaysStraight() throws {
        let route = ObstacleRoute(obstacles: [Box(minX: 10, minY: 10, maxX: 20, maxY: 20)], bounds: Self.bounds)
        let path = try #require(route.path(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0)))
        #expect(path == [Point(x: 0, y: 0), Point(x: 100, y: 0)])
    }

    @Test func aBoxInTheWayIsPassedAtItsNearerCorners() throws {
        let box = Box(minX: 40, minY: -30, maxX: 60, maxY: 10)
        let route = ObstacleRoute(obstacles: [box], bounds: Self.bounds)
        let path = try #require(route.path(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0)))
        // Over the top, which is nearer (10 against 30).
        #expect(path == [Point(x: 0, y: 0), Point(x: 40, y: 10), Point(x: 60, y: 10), Point(x: 100, y: 0)])
        // Rounded corners cut into the room left round the box, never further.
        let roomy = try #require(
            ObstacleRoute(obstacles: [box.expanded(by: 4)], bounds: Self.bounds).path(
                from: Point(x: 0, y: 0), to: Point(x: 100, y: 0)))
        let samples = Self.sampled(ObstacleRoute.curve(along: roomy, radius: 4))
        #expect(!samples.contains(where: box.contains))
        #expect(samples.first == Point(x: 0, y: 0))
        #expect(samples.last == Point(x: 100, y: 0))
    }

    @Test func boxesClosingTheWayWithinTheBoundsLeaveNoPath() {
        let wall = Box(minX: 40, minY: -600, maxX: 60, maxY: 600)
        let route = ObstacleRoute(obstacles: [wall], bounds: Self.bounds)
        #expect(route.path(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0)) == nil)
    }

    @Test func aBoxHoldingAnEndIsIgnored() throws {
        let around = Box(minX: -10, minY: -10, maxX: 10, maxY: 10)
        let route = ObstacleRoute(obstacles: [around], bounds: Self.bounds)
        #expect(route.path(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0))?.count == 2)
    }

    /// Points along cubic Bézier control points, sixteen per segment, by de Casteljau's
    /// construction (repeated interpolation), independent of the renderer's own sampling.
    @Test func segmentsCrossOnlyWhereEachPassesTheOther() {
        #expect(ObstacleRoute.cross(Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 10, y: 0)))
        // Short of the other, parallel to it, or only touching it: no crossing.
        #expect(!ObstacleRoute.cross(Point(x: 0, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 10), Point(x: 10, y: 0)))
        #expect(!ObstacleRoute.cross(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 5), Point(x: 10, y: 5)))
        #expect(!ObstacleRoute.cross(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)))
    }

    static func sampled(_ controls: [Point]) -> [Point] {
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        guard var points = controls.first.map({ [$0] }) else { return [] }
        for start in stride(from: 0, to: controls.count - 3, by: 3) {
            for step in 1...16 {
                var level = Array(controls[start...(start + 3)])
                while level.count > 1 {
                    level = zip(level, level.dropFirst()).map { lerp($0, $1, Double(step) / 16) }
                }
                points += level
            }
        }
        return points
    }
}
