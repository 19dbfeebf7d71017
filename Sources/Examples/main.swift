// Runs the ported seed examples: `swift run Examples` lists them,
// `swift run Examples NAME` runs one.
import Foundation

let examples: [any Example.Type] = [
    EFLoadState.self,
    TransporterDoor.self,
    StatedAppLauncher.self,
    DDSyncExample.self,
    AmplifyAuthExample.self,
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first else {
    print("usage: Examples NAME\n\nexamples:")
    for example in examples { print("  \(example.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(example.summary)") }
    exit(0)
}
guard let example = examples.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("Examples: no example named '\(name)'\n".utf8))
    exit(2)
}
do {
    try await example.run()
} catch {
    FileHandle.standardError.write(Data("Examples: \(error)\n".utf8))
    exit(1)
}
