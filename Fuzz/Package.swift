// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// libFuzzer targets for TextSize, one executable per fuzz target (`make fuzz`, `make fuzz-regressions`).
///
/// Build one target at a time (`make fuzz` builds each): `swift build --package-path Fuzz --scratch-path
/// /tmp/build-fuzz -c debug --product fuzz-xliff --sanitize=fuzzer --sanitize=address -Xswiftc
/// -sanitize=fuzzer,address -Xswiftc -enable-testing`; a build of the whole package also builds the root package's
/// `measure`, which SwiftPM compiles as a library under `--sanitize=fuzzer`, and fails. Each target defines `LLVMFuzzerTestOneInput` and no `main` (libFuzzer's is linked in), so the
/// binaries only link with `--sanitize=fuzzer`.

/// The root package's identity is its directory's name (`.package(path:)`), whatever the checkout is called.
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

func catalogs(_ name: String) -> Target.Dependency { .product(name: name, package: rootIdentity) }

/// Target name → the root package's products it uses.
let fuzzTargets: [(String, [String])] = [
    ("strings", ["Catalogs"]),
    ("stringsdict", ["Catalogs"]),
    ("stringsplist", ["Catalogs"]),
    ("xcstrings", ["Catalogs"]),
    ("xliff", ["Catalogs"]),
    ("android", ["Catalogs"]),
    ("gettext", ["Catalogs"]),
    ("arb", ["Catalogs"]),
    ("config", ["Catalogs"]),
    ("attributes", ["Measure"]),
    ("font", ["Measure"]),
    ("linebreaker", ["Measure"]),
    ("onepass", ["Measure"]),
    ("stream", ["StreamJobs", "Measure"]),
]

let package = Package(
    name: "TextSizeFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [catalogs("Catalogs"), catalogs("Measure")]),
    ] + fuzzTargets.map { name, products in
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + products.map(catalogs))
    },
    swiftLanguageModes: [.v6]
)
