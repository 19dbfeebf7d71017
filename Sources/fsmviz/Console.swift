import Foundation

/// Where the commands print: diagrams and DOT to standard output, diagnostics to standard error.
enum Console {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}
