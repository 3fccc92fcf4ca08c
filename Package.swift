// swift-tools-version: 6.0
import PackageDescription

/// TextSize: how big a string is in a font, wrapped at a width, with Apple's `boundingRect` semantics, on Linux.
///
/// Modules (dependencies point one way, downwards):
/// - `CPrefetch`: one inlined C function, a cache-line prefetch, for the segment cache.
/// - `Locking`: `Locked`, the one lock type (a POSIX mutex, which ThreadSanitizer sees; `Synchronization.Mutex` on
///   Linux it does not).
/// - `CFreeType`, `CHarfBuzz`, `CFontconfig`, `CSQLite`: the system C libraries, and `CICUBridge`, a small C target
///   that calls ICU's line break iterator and bidi (its functions are renaming macros Swift cannot import); C never
///   leaks past the Swift files that wrap them.
/// - `Cache`: caches that outlive one string: the per-font glyph-advance cache, the segment-width cache, and the SQLite
///   size store (`SizeStore`, keyed by plain values: digests, numbers, strings — it knows nothing of fonts or options).
/// - `Measure`: fonts, font cascades (fontconfig), Unicode line breaking (and ICU's dictionary breaking for Thai and its
///   neighbours), script and bidi itemization, shaping (HarfBuzz, and the proven-equal fast path), line fitting,
///   batches, UIButton image + title layout.
/// - `MeasureStore`: the memoizing measurer, which puts `Measure` in front of `Cache`'s store: font digests, the one
///   function that turns measuring settings into store keys, and measuring only what the store does not hold.
/// - `Catalogs`: string-catalog files (`.strings`, `.stringsdict`, `.xcstrings`, XLIFF, Android XML, Flutter ARB with
///   its ICU MessageFormat reader, gettext `.po`/`.mo`) → one entry model, placeholder samples, Dynamic Type sizes,
///   and the overflow reports; it knows nothing of fonts or measuring.
/// - `CatalogMeasure`: a `measure catalog` run: discovery, parsing, placeholders, constraints and fonts per entry,
///   measuring (through the size database when given), source-language widths.
/// - `StreamJobs`: `measure stream`'s job parser (one NDJSON line → a checked job or the error in its place), a
///   library of its own so the fuzz package can link it.
/// - `Sharding`: `Shard` (`--shard I/N`), which work items one of N processes takes, by a stable hash of each
///   item's key, so N shards together take every item exactly once.
/// - `ArgumentParsing`: the command-line parser both executables share (package-internal).
/// - `MeasureCLI`: the `measure` command.
/// - `Bench` (library, Sources/Bench/Harness) and `BenchTool` (the `bench` command, Sources/Bench/Tool): the benchmark
///   harness; `CAllocationCounter` counts heap allocations for it and is linked into `bench` alone.
let package = Package(
    name: "TextSize",
    products: [
        .library(name: "Measure", targets: ["Measure"]),
        .library(name: "Cache", targets: ["Cache"]),
        .library(name: "MeasureStore", targets: ["MeasureStore"]),
        .library(name: "Catalogs", targets: ["Catalogs"]),
        .library(name: "StreamJobs", targets: ["StreamJobs"]),
        .executable(name: "measure", targets: ["MeasureCLI"]),
        .executable(name: "bench", targets: ["BenchTool"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // ICU's C functions are version-renaming macros Swift cannot import: a small C target calls them.
        .target(name: "CICUBridge", linkerSettings: [.linkedLibrary("icuuc")]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "Locking"),
        // A cache-line prefetch (`__builtin_prefetch`) for the segment cache's lookups, inlined into Swift.
        .target(name: "CPrefetch"),
        .target(name: "Cache", dependencies: ["CSQLite", "Locking", "CPrefetch"]),
        .target(name: "Measure", dependencies: ["Cache", "Locking", "CFreeType", "CHarfBuzz", "CFontconfig",
                                                "CICUBridge"]),
        .target(name: "ArgumentParsing", dependencies: ["Locking"]),
        .target(name: "Catalogs"),
        .target(name: "StreamJobs", dependencies: ["Catalogs", "Measure"]),
        .target(name: "Sharding"),
        .target(name: "MeasureStore", dependencies: ["Measure", "Cache", "Locking"]),
        .target(name: "CatalogMeasure", dependencies: ["Catalogs", "Measure", "MeasureStore", "Cache", "Locking",
                                                    "Sharding"]),
        .executableTarget(name: "MeasureCLI", dependencies: ["Measure", "Cache", "MeasureStore", "ArgumentParsing",
                                                            "Catalogs", "CatalogMeasure", "Sharding", "StreamJobs"]),
        .target(name: "CAllocationCounter"),
        .target(name: "Bench", dependencies: ["Measure", "Cache", "MeasureStore", "Locking"],
                path: "Sources/Bench/Harness"),
        .executableTarget(name: "BenchTool", dependencies: ["Bench", "Measure", "ArgumentParsing", "CAllocationCounter"],
                          path: "Sources/Bench/Tool"),
        .testTarget(name: "BenchTests", dependencies: ["Bench"]),
        .testTarget(name: "CacheTests", dependencies: ["Cache"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "CatalogsTests", dependencies: ["Catalogs"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CatalogMeasureTests", dependencies: ["CatalogMeasure", "Catalogs", "Measure", "Cache"]),
        .testTarget(name: "MeasureTests", dependencies: ["Measure", "Cache"]),
        .testTarget(name: "MeasureStoreTests", dependencies: ["MeasureStore", "Measure", "Cache"]),
        .testTarget(name: "MeasureCLITests", dependencies: ["MeasureCLI", "Measure", "Cache", "ArgumentParsing",
                                                            "Sharding", "StreamJobs"]),
    ],
    swiftLanguageModes: [.v6]
)
