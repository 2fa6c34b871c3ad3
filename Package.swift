// swift-tools-version: 6.0
// TransitionKit: iOS-style view-controller transitions, headless, on every platform Swift runs on.
// Layout and dependency direction: see CONTRIBUTING.md ("Layout"). No outside Swift packages.
import PackageDescription

let package = Package(
    name: "TransitionKit",
    products: [
        .library(name: "TransitionKitCore", targets: ["TransitionKitCore"]),
        .library(name: "TransitionKitRender", targets: ["TransitionKitRender"]),
        .library(name: "RadialEffect", targets: ["RadialEffect"]),
        .library(name: "FadeEffect", targets: ["FadeEffect"]),
        .library(name: "CurlEffect", targets: ["CurlEffect"]),
        .library(name: "PushBack3DEffect", targets: ["PushBack3DEffect"]),
        .library(name: "DragDismissEffect", targets: ["DragDismissEffect"]),
        .library(name: "ZoomEffect", targets: ["ZoomEffect"]),
        .library(name: "FlipEffect", targets: ["FlipEffect"]),
        .library(name: "SheetEffect", targets: ["SheetEffect"]),
        .library(name: "EffectBenchKit", targets: ["EffectBenchKit"]),
        .library(name: "TransitionKitTesting", targets: ["TransitionKitTesting"]),
        .library(name: "CAllocationCounter", targets: ["CAllocationCounter"]),
        .executable(name: "effect-bench", targets: ["effect-bench"]),
        .library(name: "TransitionKitDisplay", targets: ["TransitionKitDisplay"]),
        .library(name: "TransitionKitPlayground", targets: ["TransitionKitPlayground"]),
        .executable(name: "playground", targets: ["playground"]),
    ],
    targets: [
        // System libraries (Debian: zlib1g-dev, libpng-dev; both present on a fresh machine of this kind).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(name: "CLibPNG", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),

        // Counts malloc calls (symbol interposition): EffectBenchKit's allocations per frame and
        // TransitionKitTesting's zero-allocation law.
        .target(name: "CAllocationCounter"),
        // The AVX2 forms of the resampling kernels, chosen at run time (Swift cannot build one
        // function for AVX2 in a module built for the x86-64 baseline), and the memory hints
        // Swift cannot call (`sfence` after non-temporal stores, prefetches).
        .target(name: "CPixelKernels"),

        .target(name: "TransitionKitCore"),
        .target(name: "TransitionKitRender", dependencies: ["TransitionKitCore", "CZlib", "CLibPNG", "CPixelKernels"]),

        .target(name: "RadialEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Radial"),
        .target(name: "FadeEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Fade"),
        .target(name: "PushBack3DEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/PushBack3D"),
        .target(name: "DragDismissEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/DragDismiss"),
        .target(name: "ZoomEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Zoom"),
        .target(name: "FlipEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Flip"),
        .target(name: "SheetEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Sheet"),
        .target(name: "CurlEffect", dependencies: ["TransitionKitCore"], path: "Sources/Effects/Curl"),

        // The whole bench (run, list, render, play, reports) as a library, so any package can make
        // its own bench executable over its effects and the built-ins; effect-bench is that over the built-ins.
        .target(
            name: "EffectBenchKit",
            dependencies: [
                "TransitionKitCore", "TransitionKitRender", "RadialEffect", "FadeEffect", "PushBack3DEffect", "DragDismissEffect",
                "ZoomEffect", "FlipEffect", "SheetEffect", "CurlEffect", "CAllocationCounter",
            ]
        ),
        .executableTarget(name: "effect-bench", dependencies: ["EffectBenchKit"]),

        // The display backend (a window presenting compositor frames, a display-driven frame clock,
        // pointer and touch input as Touch) and the playground over it. SDL2 is loaded at run time
        // with dlopen (CSDL2Runtime declares the part of its C ABI used): `swift build` and
        // `swift test` build every target, so a .systemLibrary SDL2 target would break them on a
        // machine without libsdl2-dev; this way nothing links SDL at build time.
        .target(name: "CSDL2Runtime", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "TransitionKitDisplay", dependencies: ["TransitionKitCore", "CSDL2Runtime"]),
        .target(name: "TransitionKitPlayground", dependencies: ["TransitionKitDisplay", "EffectBenchKit", "TransitionKitCore", "TransitionKitRender"]),
        .executableTarget(name: "playground", dependencies: ["TransitionKitPlayground"]),

        // The law checks, golden images, trace builders and scene helper for effect authors.
        .target(name: "TransitionKitTesting", dependencies: ["TransitionKitCore", "TransitionKitRender", "CAllocationCounter"]),

        .target(
            name: "TransitionKitTestSupport",
            dependencies: ["TransitionKitCore", "TransitionKitRender", "TransitionKitTesting"],
            path: "Tests/TransitionKitTestSupport"
        ),
        .testTarget(
            name: "TransitionKitCoreTests", dependencies: ["TransitionKitCore", "TransitionKitTestSupport", "TransitionKitTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "TransitionKitRenderTests", dependencies: ["TransitionKitRender", "TransitionKitTestSupport", "TransitionKitTesting", "CAllocationCounter"], exclude: ["__Snapshots__"]),
        .testTarget(name: "RadialEffectTests", dependencies: ["RadialEffect", "TransitionKitTestSupport", "TransitionKitTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FadeEffectTests", dependencies: ["FadeEffect", "TransitionKitTestSupport", "TransitionKitTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "CurlEffectTests", dependencies: ["CurlEffect", "TransitionKitTestSupport", "TransitionKitTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "PushBack3DEffectTests", dependencies: ["PushBack3DEffect", "TransitionKitTestSupport", "TransitionKitTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "DragDismissEffectTests", dependencies: ["DragDismissEffect", "TransitionKitTestSupport", "TransitionKitTesting"], exclude: ["__Snapshots__"]),
        .testTarget(
            name: "ComposedEffectTests",
            dependencies: [
                "RadialEffect", "FadeEffect", "PushBack3DEffect", "DragDismissEffect", "TransitionKitRender", "TransitionKitTestSupport", "TransitionKitTesting",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "ZoomEffectTests", dependencies: ["ZoomEffect", "TransitionKitTestSupport", "TransitionKitTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipEffectTests", dependencies: ["FlipEffect", "TransitionKitTestSupport", "TransitionKitTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "SheetEffectTests", dependencies: ["SheetEffect", "TransitionKitTestSupport", "TransitionKitTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "EffectBenchTests", dependencies: ["EffectBenchKit", "TransitionKitTestSupport"]),
        .testTarget(name: "EffectBenchKitUsageTests", dependencies: ["EffectBenchKit", "TransitionKitCore", "TransitionKitRender"]),
        .testTarget(
            name: "TransitionKitTestingTests", dependencies: ["TransitionKitTesting", "RadialEffect"], exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "TransitionKitPlaygroundTests",
            dependencies: ["TransitionKitPlayground", "TransitionKitDisplay", "EffectBenchKit", "TransitionKitCore", "TransitionKitRender"]
        ),
        .testTarget(
            name: "RobustnessTests",
            dependencies: [
                "RadialEffect", "FadeEffect", "ZoomEffect", "PushBack3DEffect", "DragDismissEffect", "TransitionKitRender", "TransitionKitTestSupport", "TransitionKitTesting",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
