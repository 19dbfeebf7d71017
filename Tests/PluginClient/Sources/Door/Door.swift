import Foundation

/// The door's diagram, which FsmvizDiagramsPlugin renders from door.json at build time.
public func doorDiagram() -> URL? {
    Bundle.module.url(forResource: "door", withExtension: "svg")
}
