// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "fsmviz",
    // Synchronization's Mutex (FSMCore, FSMAnalysis) and String(validating:as:) need the Swift 6
    // runtime: macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "fsmviz", targets: ["fsmviz"]),
        .library(name: "FSMCore", targets: ["FSMCore"]),
        .library(name: "FSMAnalysis", targets: ["FSMAnalysis"]),
        .library(name: "FSMDOT", targets: ["FSMDOT"]),
        .library(name: "FSMAnalysisDiagrams", targets: ["FSMAnalysisDiagrams"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .library(name: "FSMRuntimeDiagrams", targets: ["FSMRuntimeDiagrams"]),
        .library(name: "FSMRendering", targets: ["FSMRendering"]),
        .library(name: "FSMViewer", targets: ["FSMViewer"]),
        .library(name: "FSMLint", targets: ["FSMLint"]),
        .library(name: "FSMInterop", targets: ["FSMInterop"]),
        .library(name: "FSMSwiftSource", targets: ["FSMSwiftSource"]),
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
        // Only FSMSwiftSource (and so the tool and its plugins) builds it; any 600-603 release
        // reads the Swift fsmviz reads, so a client keeps the swift-syntax its macros pin.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        .target(
            name: "FSMCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .target(name: "FSMAnalysis", dependencies: ["FSMCore"]),
        .target(name: "FSMDOT", dependencies: ["FSMCore"]),
        // Analysis drawn with the DOT writer (lint highlights, a change's drawing), so neither
        // of the two depends on the other.
        .target(name: "FSMAnalysisDiagrams", dependencies: ["FSMCore", "FSMAnalysis", "FSMDOT"]),
        .target(name: "FSMRuntime", dependencies: ["FSMCore"]),
        .target(name: "FSMRuntimeDiagrams", dependencies: ["FSMRuntime", "FSMCore", "FSMDOT"]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "FSMRendering", dependencies: ["CGraphviz", "FSMCore", "FSMDOT"]),
        // The page's script and style sheet are embedded in the code, not a resource bundle: a
        // static release binary travels without the files beside it.
        .target(
            name: "FSMViewer", dependencies: ["FSMCore", "FSMAnalysis", "FSMDOT"],
            resources: [.embedInCode("Resources/viewer.js"), .embedInCode("Resources/viewer.css")]
        ),
        .target(name: "FSMLint", dependencies: ["FSMCore", "FSMAnalysis", "FSMInterop"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "FSMInterop", dependencies: ["FSMCore", "CLibXML2"]),
        .target(
            name: "FSMSwiftSource",
            dependencies: [
                "FSMCore", "FSMInterop",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "DiagramCheck", dependencies: ["FSMCore", "FSMDOT", "FSMRendering", "FSMInterop"], exclude: ["Tool"]),
        .executableTarget(
            name: "diagram-check", dependencies: ["DiagramCheck", "FSMCore", "FSMInterop", "FSMRendering"],
            path: "Sources/DiagramCheck/Tool"),
        .executableTarget(
            name: "fsmviz",
            dependencies: [
                "FSMCore", "FSMAnalysis", "FSMAnalysisDiagrams", "FSMLint", "FSMDOT", "FSMRendering", "FSMViewer",
                "FSMInterop", "FSMSwiftSource",
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
            dependencies: ["FSMCore", "FSMAnalysis", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FSMCoreTests",
            dependencies: ["FSMCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FSMAnalysisTests",
            dependencies: [
                "FSMAnalysis", "FSMCore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .executableTarget(
            name: "Examples", dependencies: ["FSMRuntime", "FSMRuntimeDiagrams", "FSMCore", "FSMAnalysis", "FSMDOT"]),
        .testTarget(
            name: "FSMRuntimeTests",
            dependencies: ["FSMRuntime", "FSMRuntimeDiagrams", "FSMCore", "FSMAnalysis", "FSMDOT", "TestSupport", "Examples"]),
        // A client in Swift 5 mode, as the seeds' users are: their examples compile unchanged
        // where fsmviz's API is @preconcurrency.
        .testTarget(
            name: "SwiftFiveClientTests", dependencies: ["FSMRuntime", "FSMCore"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "FSMDOTTests",
            dependencies: [
                "FSMDOT", "FSMAnalysis", "FSMAnalysisDiagrams", "FSMCore", "FSMRendering", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FSMRenderingTests",
            dependencies: [
                "FSMRendering", "FSMDOT", "FSMCore", "FSMAnalysis", "FSMAnalysisDiagrams", "FSMInterop", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "FSMViewerTests",
            dependencies: [
                "FSMViewer", "FSMRendering", "FSMDOT", "FSMCore", "FSMAnalysis", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: ["fsmviz", "FSMRendering", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FSMLintTests", dependencies: ["FSMLint", "FSMAnalysis", "FSMCore", "TestSupport"]),
        .testTarget(
            name: "DiagramCheckTests",
            dependencies: [
                "DiagramCheck", "FSMAnalysis", "FSMAnalysisDiagrams", "FSMCore", "FSMDOT", "FSMRendering", "FSMInterop",
                "TestSupport",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FSMSwiftSourceTests",
            dependencies: ["FSMSwiftSource", "FSMCore", "FSMAnalysis", "FSMInterop", "FSMLint", "TestSupport", "FSMRuntime", "Examples"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FSMInteropTests",
            dependencies: [
                "FSMInterop", "FSMCore", "FSMAnalysis", "FSMDOT", "FSMLint", "TestSupport",
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
