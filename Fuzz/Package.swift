// swift-tools-version: 6.1
// Fuzz targets for fsmviz's loaders and writers, kept out of the main package because they link
// libFuzzer. Build and run them with `scripts/fuzz TARGET SECONDS`.
import PackageDescription

let package = Package(
    name: "fsmviz-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "fsmviz", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzMachineJSON",
            dependencies: ["FuzzSupport", .product(name: "FSMCore", package: "fsmviz")]),
        .executableTarget(
            name: "FuzzMachineYAML",
            dependencies: ["FuzzSupport", .product(name: "FSMCore", package: "fsmviz")]),
        .executableTarget(
            name: "FuzzDOTRoundTrip",
            dependencies: [
                "FuzzSupport", .product(name: "FSMCore", package: "fsmviz"),
                .product(name: "FSMDOT", package: "fsmviz"), .product(name: "FSMRendering", package: "fsmviz"),
            ]),
        .executableTarget(
            name: "FuzzSCXML",
            dependencies: ["FuzzSupport", .product(name: "FSMCore", package: "fsmviz"), .product(name: "FSMInterop", package: "fsmviz")]),
        .executableTarget(
            name: "FuzzWriters",
            dependencies: ["FuzzSupport", .product(name: "FSMCore", package: "fsmviz"), .product(name: "FSMInterop", package: "fsmviz")]),
        .executableTarget(
            name: "FuzzSwiftSource",
            dependencies: [
                "FuzzSupport", .product(name: "FSMCore", package: "fsmviz"), .product(name: "FSMInterop", package: "fsmviz"),
                .product(name: "FSMSwiftSource", package: "fsmviz"),
            ]),
        .executableTarget(
            name: "FuzzXState",
            dependencies: ["FuzzSupport", .product(name: "FSMCore", package: "fsmviz"), .product(name: "FSMInterop", package: "fsmviz")]),
    ]
)
