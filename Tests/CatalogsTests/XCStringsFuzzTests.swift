import TestSupport
import Testing

@testable import Catalogs

/// Damaged catalogs must throw a `CatalogError` inside the file (or parse), never trap.
@Suite struct XCStringsFuzzTests {
    static let fixtures: [String: String] = [
        "states": XCStringsFixtures.states, "variations": XCStringsFixtures.variations,
        "substitutions": XCStringsFixtures.substitutions, "sources": XCStringsFixtures.sources,
    ]

    /// Parses `bytes` and, if it throws, checks the error points inside the file (lines 1…`lines`).
    private static func parseOrThrow(_ bytes: [UInt8], lines: Int) -> Bool {
        do {
            _ = try XCStringsParser.parse(bytes, file: "fuzz.xcstrings", locale: "")
            return false
        } catch {
            let position = error.position ?? SourcePosition(line: 0, column: 0)
            #expect(position.line >= 1 && position.line <= lines && position.column >= 1, "\(error)")
            return true
        }
    }

    @Test(
        "every truncation of every fixture throws (no prefix of a catalog object is complete JSON)",
        arguments: fixtures.keys.sorted())
    func truncation(_ name: String) throws {
        let bytes = Array(try #require(Self.fixtures[name]).utf8)
        let lines = bytes.count { $0 == 0x0A } + 1
        var thrown = 0
        for cut in 0..<bytes.count where Self.parseOrThrow(Array(bytes[..<cut]), lines: lines) {
            thrown += 1
        }
        #expect(thrown == bytes.count)
        #expect(!Self.parseOrThrow(bytes, lines: lines))
    }

    @Test(
        "overwriting bytes with JSON punctuation, NUL or a non-UTF-8 byte throws or parses, never traps",
        arguments: fixtures.keys.sorted())
    func overwriting(_ name: String) throws {
        let bytes = Array(try #require(Self.fixtures[name]).utf8)
        let lines = bytes.count { $0 == 0x0A } + 1
        let replacements: [UInt8] = Array("\"\\{}[],:%@u".utf8) + [0x00, 0xFF]
        for offset in stride(from: 0, to: bytes.count, by: 11) {
            for replacement in replacements where replacement != bytes[offset] {
                var damaged = bytes
                damaged[offset] = replacement
                // Newlines may change only where a replacement is a newline, which none is.
                _ = Self.parseOrThrow(damaged, lines: lines)
            }
        }
    }

    @Test(
        "truncating the real Ice Cubes catalog throws",
        .enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
    func truncatedIceCubes() throws {
        let bytes = try SharedCatalogs.bytes(XCStringsIceCubesTests.path)
        let lines = bytes.count { $0 == 0x0A } + 1
        // Every 97th byte of the first 20 kB, then 14 cuts spread over the rest (kept few: each parses up to 2 MB).
        let cuts =
            Array(stride(from: 0, to: 20_000, by: 97))
            + Array(stride(from: 20_000, to: bytes.count, by: 150_001))
        for cut in cuts {
            #expect(Self.parseOrThrow(Array(bytes[..<cut]), lines: lines), "cut at \(cut)")
        }
    }
}
