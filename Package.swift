// swift-tools-version: 6.0
import PackageDescription

/// TextSize: how big a string is in a font, wrapped at a width, with Apple's `boundingRect` semantics, on Linux.
///
/// Modules (dependencies point one way, downwards):
/// - `CPrefetch`: one inlined C function, a cache-line prefetch, for the segment cache.
/// - `CSHA256`: SHA-256 block compression with the x86 SHA extensions, for hashing font files.
/// - `Locking`: `Locked`, the one lock type (a POSIX mutex, which ThreadSanitizer sees; `Synchronization.Mutex` on
///   Linux it does not).
/// - `CFreeType`, `CHarfBuzz`, `CFontconfig`, `CSQLite`: the system C libraries, and `CICUBridge`, a small C target
///   that calls ICU's line break iterator and bidi (its functions are renaming macros Swift cannot import); C never
///   leaks past the Swift files that wrap them.
/// - `Cache`: the in-memory caches that outlive one string: the per-font glyph-advance cache, the segment-width cache,
///   and the file digests (SHA-256, file stamps) they and the store key by. No SQLite: an app that only wants sizes
///   links `Measure` and `Cache` and nothing that persists.
/// - `Measure`: fonts, font cascades (fontconfig), Unicode line breaking (and ICU's dictionary breaking for Thai and its
///   neighbours), script and bidi itemization, shaping (HarfBuzz, and the proven-equal fast path), line fitting,
///   batches, UIButton image + title layout.
/// - `MeasureStore`: what persists, and the only module that links SQLite: the size store (`SizeStore`, its SQLite
///   connection, schema, queries, merge; keyed by plain values — digests, numbers, strings), and the memoizing
///   measurer, which puts `Measure` in front of it: font digests, the one function that turns measuring settings
///   into store keys, and measuring only what the store does not hold.
/// - `TextCoding`: the byte-level helpers every text reader and writer shares: the one UTF-8 encoder of a scalar
///   (`UTF8Encoding`), the one validating UTF-8 decoder (`UTF8Decoding`, which the measurer decodes with and the
///   catalog readers validate with), the one JSON string writer (`JSONString`), the one HTML/SVG text escaper
///   (`MarkupText`) and the one eight-bytes-at-a-time byte test of the scanners (`ByteWord`), below the measurer,
///   the catalog reports, the pictures, the benchmark report and the CLI.
/// - `Catalogs`: string-catalog files (`.strings`, `.stringsdict`, `.xcstrings`, XLIFF, Android XML, Flutter ARB with
///   its ICU MessageFormat reader, gettext `.po`/`.mo`) → one entry model, placeholder samples, Dynamic Type sizes,
///   and the overflow reports; it knows nothing of fonts or measuring.
/// - `Pictures`: SVG and HTML drawings of measured text (`measure catalog --report`, `measure text|button --svg`):
///   glyph outlines as SVG paths defined once and reused, colour emoji as embedded PNG, no fonts needed to view them.
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
        .library(name: "CatalogMeasure", targets: ["CatalogMeasure"]),
        .library(name: "StreamJobs", targets: ["StreamJobs"]),
        // `CatalogRunOptions.shard` is a `Shard`: a client that shards a run names the type from its own product.
        .library(name: "Sharding", targets: ["Sharding"]),
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
        .target(name: "CSHA256"),
        .target(name: "Cache", dependencies: ["Locking", "CPrefetch", "CSHA256"]),
        .target(name: "Measure", dependencies: ["Cache", "Locking", "TextCoding", "CFreeType", "CHarfBuzz",
                                                "CFontconfig", "CICUBridge"]),
        .target(name: "ArgumentParsing", dependencies: ["Locking", "TextCoding"]),
        .target(name: "TextCoding"),
        .target(name: "Catalogs", dependencies: ["TextCoding", "Locking"]),
        .target(name: "StreamJobs", dependencies: ["Catalogs", "Measure", "TextCoding"]),
        .target(name: "Sharding", dependencies: ["TextCoding"]),
        .target(name: "MeasureStore", dependencies: ["Measure", "Cache", "Locking", "CSQLite", "TextCoding"]),
        .target(name: "Pictures", dependencies: ["Measure", "Catalogs", "TextCoding"]),
        .target(name: "CatalogMeasure", dependencies: ["Catalogs", "Measure", "MeasureStore", "Cache", "Locking",
                                                    "Sharding", "TextCoding"]),
        .executableTarget(name: "MeasureCLI", dependencies: ["Measure", "Cache", "MeasureStore", "ArgumentParsing",
                                                            "Catalogs", "CatalogMeasure", "Sharding", "StreamJobs",
                                                            "TextCoding", "Pictures"]),
        .target(name: "CAllocationCounter"),
        .target(name: "Bench", dependencies: ["Measure", "Cache", "MeasureStore", "Locking", "TextCoding"],
                path: "Sources/Bench/Harness"),
        .executableTarget(name: "BenchTool", dependencies: ["Bench", "Measure", "ArgumentParsing", "CAllocationCounter"],
                          path: "Sources/Bench/Tool"),
        // The test suites' shared helpers (finding ../shared/catalogs); a regular target only test targets depend on.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BenchTests", dependencies: ["Bench"]),
        .testTarget(name: "CacheTests", dependencies: ["Cache"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "TextCodingTests", dependencies: ["TextCoding"]),
        .testTarget(name: "CatalogsTests", dependencies: ["Catalogs", "TextCoding", "TestSupport", "Locking"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "CatalogMeasureTests", dependencies: ["CatalogMeasure", "Catalogs", "Measure", "Cache",
                                                            "MeasureStore", "TestSupport"]),
        .testTarget(name: "MeasureTests", dependencies: ["Measure", "Cache", "TestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Measure", "Catalogs", "CatalogMeasure"]),
        .testTarget(name: "MeasureStoreTests", dependencies: ["MeasureStore", "Measure", "Cache"]),
        .testTarget(name: "MeasureCLITests", dependencies: ["MeasureCLI", "Measure", "Cache", "MeasureStore",
                                                            "ArgumentParsing", "Catalogs", "CatalogMeasure",
                                                            "Sharding", "StreamJobs", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
