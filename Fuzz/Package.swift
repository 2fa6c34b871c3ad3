// swift-tools-version: 6.0
// libFuzzer targets for TransitionKit's file readers, outside the main package so its build is
// unchanged. Build and run them with Scripts/fuzz.sh (they need -sanitize=fuzzer and
// -parse-as-library, passed on the command line, never as unsafeFlags here).
import PackageDescription

let package = Package(
    name: "TransitionKitFuzz",
    dependencies: [.package(name: "TransitionKit", path: "..")],
    targets: [
        // The executables' entry points: libFuzzer's driver with the target's callback.
        .target(name: "CFuzzMain"),
        // PNGDecoder.decode on arbitrary bytes.
        .executableTarget(
            name: "fuzz-png",
            dependencies: ["CFuzzMain", .product(name: "TransitionKitRender", package: "TransitionKit")]
        ),
        // GestureTrace(jsonData:) on arbitrary bytes.
        .executableTarget(
            name: "fuzz-trace",
            dependencies: ["CFuzzMain", .product(name: "TransitionKitCore", package: "TransitionKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
