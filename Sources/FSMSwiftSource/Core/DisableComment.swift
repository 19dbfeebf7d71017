import FSMCore
import SwiftSyntax

/// Rules a comment silences for the declaration it is written at, in the manner of SwiftLint's:
/// `// fsmviz:disable:next dead-end` on the line above a state's `case` (or the state enum), or
/// `// fsmviz:disable:this dead-end` after it on its line. Swift has no final marker, so this is
/// how code says that a state with no way out ends the machine by design.
struct DisableComment {
    /// The rules it names, as written; one fsmviz does not have is reported where it is.
    let rules: [String]
    let location: SourceLocation

    /// The comments above `node` and after it on its last line.
    static func comments(at node: some SyntaxProtocol, in file: SwiftSourceFile) -> [DisableComment] {
        comments(in: node.leadingTrivia, from: node.position, marker: "fsmviz:disable:next", file)
            + comments(in: node.trailingTrivia, from: node.endPositionBeforeTrailingTrivia, marker: "fsmviz:disable:this", file)
    }

    private static func comments(in trivia: Trivia, from start: AbsolutePosition, marker: String, _ file: SwiftSourceFile) -> [DisableComment] {
        var position = start
        var found: [DisableComment] = []
        for piece in trivia {
            if case .lineComment(let text) = piece {
                let body = text.dropFirst(2).drop { $0 == " " || $0 == "\t" }
                if body.hasPrefix(marker) {
                    let rules = body.dropFirst(marker.count).split { $0 == " " || $0 == "\t" || $0 == "," }.map(String.init)
                    found.append(DisableComment(rules: rules, location: file.location(at: position)))
                }
            }
            position += piece.sourceLength
        }
        return found
    }

    /// The suppressions it makes, for `state` (`nil`: the whole machine).
    func suppressions(of state: String?) -> [Suppression] {
        rules.map { Suppression(ruleID: $0, state: state.map { StateID($0) }, location: location) }
    }
}
