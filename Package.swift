// swift-tools-version: 6.0
import PackageDescription

/// TextSize: how big a string is in a font, wrapped at a width, with Apple's `boundingRect` semantics, on Linux.
///
/// Modules (dependencies point one way, downwards):
/// - `CFreeType`, `CSQLite`: the system C libraries; C never leaks past the Swift files that wrap them.
/// - `Cache`: caches that outlive one string (the per-font glyph-advance cache; the SQLite size store later).
/// - `Measure`: fonts, font cascades, Unicode line breaking, line fitting, batches.
/// - `MeasureCLI`: the `measure` command.
let package = Package(
    name: "TextSize",
    products: [
        .library(name: "Measure", targets: ["Measure"]),
        .library(name: "Cache", targets: ["Cache"]),
        .executable(name: "measure", targets: ["MeasureCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "Cache", dependencies: ["CSQLite"]),
        .target(name: "Measure", dependencies: ["Cache", "CFreeType"]),
        .executableTarget(name: "MeasureCLI", dependencies: ["Measure", "Cache"]),
        .target(name: "Bench", dependencies: ["Measure", "Cache"], path: "Sources/Bench/Harness"),
        .testTarget(name: "CacheTests", dependencies: ["Cache"]),
        .testTarget(name: "MeasureTests", dependencies: ["Measure", "Cache"]),
        .testTarget(name: "MeasureCLITests", dependencies: ["MeasureCLI", "Measure"]),
        .testTarget(name: "BenchTests", dependencies: ["Bench"]),
    ],
    swiftLanguageModes: [.v6]
)
