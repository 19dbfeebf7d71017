// swift-tools-version: 6.1
// fsmviz's benchmarks, kept out of the main package so that building or testing fsmviz never builds
// them. scripts/bench builds them in release and runs them beside the peers (bench.py).
import PackageDescription

let package = Package(
    name: "fsmviz-benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "fsmviz", path: ".."),
        // The Swift section's parser floor, in the range fsmviz's manifest allows: the graph holds
        // one swift-syntax, so the floor parses with the parser fsmviz links.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "FSMCore", package: "fsmviz"), .product(name: "FSMAnalysis", package: "fsmviz"),
                .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]),
        // Built on its own without cross-module optimization, as an application builds fsmviz.
        .executableTarget(name: "RuntimeBenchmark", dependencies: [.product(name: "FSMRuntime", package: "fsmviz")]),
    ]
)
