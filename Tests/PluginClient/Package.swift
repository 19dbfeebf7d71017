// swift-tools-version: 6.1
// A client of fsmviz's SwiftPM plugins, for scripts/ci/plugin-test: a target whose machine files
// the build-tool plugins lint and draw, and which `swift package fsmviz` lints and renders.
import PackageDescription

let package = Package(
    name: "PluginClient",
    // scripts/ci/plugin-test builds a copy of this package elsewhere and says where fsmviz is.
    dependencies: [.package(name: "fsmviz", path: Context.environment["FSMVIZ_PACKAGE"] ?? "../..")],
    targets: [
        .target(
            name: "Door",
            exclude: ["door.json", "Machines"],
            plugins: [
                .plugin(name: "FsmvizLintPlugin", package: "fsmviz"),
                .plugin(name: "FsmvizDiagramsPlugin", package: "fsmviz"),
            ]
        )
    ]
)
