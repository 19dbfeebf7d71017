import Foundation
import SwiftParser
import SwiftSyntax

/// swift-syntax's parser alone over a package's sources, in one process: the floor that reading
/// machines from Swift source is measured against.
enum ParseBenchmark {
    /// Parses every file listed (one path per line) in `listing`, and prints the files, bytes and
    /// seconds as one JSON line.
    static func main(_ arguments: [String]) throws {
        guard let listing = arguments.first else { throw CocoaError(.fileNoSuchFile) }
        let paths = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").map(String.init)
        let clock = ContinuousClock()
        var bytes = 0
        var statements = 0
        let elapsed = try clock.measure {
            for path in paths {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                bytes += text.utf8.count
                // Counted, so the optimizer keeps every parse.
                statements += Parser.parse(source: text).statements.count
            }
        }
        print(#"{"files": \#(paths.count), "bytes": \#(bytes), "statements": \#(statements), "seconds": \#(LintBenchmark.seconds(elapsed))}"#)
    }
}
