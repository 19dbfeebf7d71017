// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "fsmviz",
    // Synchronization's Mutex (FSMCore, Analysis) and String(validating:as:) need the Swift 6
    // runtime: macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "fsmviz", targets: ["fsmviz"]),
        .executable(name: "fsmviz-examples", targets: ["Examples"]),
        .library(name: "FSMCore", targets: ["FSMCore"]),
        .library(name: "Analysis", targets: ["Analysis"]),
        .library(name: "DOTExport", targets: ["DOTExport"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .library(name: "FSMRuntimeDiagrams", targets: ["FSMRuntimeDiagrams"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Linting", targets: ["Linting"]),
        .library(name: "Interop", targets: ["Interop"]),
        .plugin(name: "FsmvizCommandPlugin", targets: ["FsmvizCommandPlugin"]),
        .plugin(name: "FsmvizLintPlugin", targets: ["FsmvizLintPlugin"]),
        .plugin(name: "FsmvizDiagramsPlugin", targets: ["FsmvizDiagramsPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Command plugin only (`swift package generate-documentation`, scripts/docs): ordinary builds
        // never build or link it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "FSMCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .target(name: "Analysis", dependencies: ["FSMCore"]),
        .target(name: "DOTExport", dependencies: ["FSMCore", "Analysis"]),
        .target(name: "FSMRuntime", dependencies: ["FSMCore"]),
        .target(name: "FSMRuntimeDiagrams", dependencies: ["FSMRuntime", "FSMCore", "DOTExport"]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "Rendering", dependencies: ["CGraphviz", "FSMCore", "Analysis", "DOTExport"]),
        .target(name: "Linting", dependencies: ["FSMCore", "Analysis", "Interop"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "Interop", dependencies: ["FSMCore", "CLibXML2"]),
        .target(name: "DiagramCheck", dependencies: ["FSMCore", "DOTExport", "Rendering", "Interop"], exclude: ["Tool"]),
        .executableTarget(name: "diagram-check", dependencies: ["DiagramCheck", "FSMCore"], path: "Sources/DiagramCheck/Tool"),
        .executableTarget(
            name: "fsmviz",
            dependencies: [
                "FSMCore", "Analysis", "Linting", "DOTExport", "Rendering", "Interop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "FsmvizCommandPlugin",
            capability: .command(
                intent: .custom(verb: "fsmviz", description: "Lint the package's machine files or render their diagrams with fsmviz")),
            dependencies: ["fsmviz"]
        ),
        .plugin(name: "FsmvizLintPlugin", capability: .buildTool(), dependencies: ["fsmviz"]),
        .plugin(name: "FsmvizDiagramsPlugin", capability: .buildTool(), dependencies: ["fsmviz"]),
        .target(
            name: "TestSupport",
            dependencies: ["FSMCore", "Analysis", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FSMCoreTests",
            dependencies: ["FSMCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnalysisTests",
            dependencies: [
                "Analysis", "FSMCore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .executableTarget(name: "Benchmarks", dependencies: ["FSMCore", "Analysis"]),
        .executableTarget(
            name: "Examples", dependencies: ["FSMRuntime", "FSMRuntimeDiagrams", "FSMCore", "Analysis", "DOTExport"]),
        .testTarget(
            name: "FSMRuntimeTests",
            dependencies: ["FSMRuntime", "FSMRuntimeDiagrams", "FSMCore", "Analysis", "DOTExport", "TestSupport", "Examples"]),
        // A client in Swift 5 mode, as the seeds' users are: their examples compile unchanged
        // where fsmviz's API is @preconcurrency.
        .testTarget(
            name: "SwiftFiveClientTests", dependencies: ["FSMRuntime", "FSMCore"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "DOTExportTests",
            dependencies: [
                "DOTExport", "FSMCore", "Rendering", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "Rendering", "DOTExport", "FSMCore", "Analysis", "Interop", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "CLITests", dependencies: ["fsmviz", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LintingTests", dependencies: ["Linting", "Analysis", "FSMCore", "TestSupport"]),
        .testTarget(
            name: "DiagramCheckTests",
            dependencies: ["DiagramCheck", "FSMCore", "DOTExport", "Rendering", "Interop", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "InteropTests",
            dependencies: [
                "Interop", "FSMCore", "Analysis", "DOTExport", "Linting", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin && target.name != "SwiftFiveClientTests" {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
