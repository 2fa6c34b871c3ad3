// swift-tools-version: 6.0
// An iris effect written as an outside package would write it: against TransitionKit's public
// API only, depending on the checkout two folders up by path.
import PackageDescription

// A path dependency's package identity is its folder's last path component (the checkout's
// folder name, whatever it was cloned as).
let transitionKitPath = "../.."
let transitionKit = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "TransitionKit"

let package = Package(
    name: "IrisEffect",
    products: [.library(name: "IrisEffect", targets: ["IrisEffect"])],
    dependencies: [.package(path: transitionKitPath)],
    targets: [
        .target(name: "IrisEffect", dependencies: [.product(name: "TransitionKitCore", package: transitionKit)]),
        .testTarget(
            name: "IrisEffectTests",
            dependencies: ["IrisEffect", .product(name: "TransitionKitTesting", package: transitionKit)],
            exclude: ["__Snapshots__"]
        ),
        .executableTarget(name: "iris-bench", dependencies: ["IrisEffect", .product(name: "EffectBenchKit", package: transitionKit)]),
        .executableTarget(
            name: "iris-playground", dependencies: ["IrisEffect", .product(name: "TransitionKitPlayground", package: transitionKit)]),
    ],
    swiftLanguageModes: [.v6]
)
