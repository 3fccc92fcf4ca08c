import Cache
import CatalogMeasure
import Catalogs
import Foundation
import Measure
import MeasureStore
import Sharding
import StreamJobs
import Testing

/// Public errors' `localizedDescription` (what UI code and most logging print) is its `description`, not
/// Foundation's "The operation could not be completed. (Measure.FontError error 0.)".
@Suite struct ErrorDescriptionTests {
    static let errors: [any Error & CustomStringConvertible] = [
        FontError.fileNotFound(path: "/nonexistent/x.ttf"),
        TextAttributesError("\"kern\" must be a number"),
        FileDigestError(path: "/tmp/pipe", kind: "a FIFO (named pipe)"),
        ShardError("the shard count must be 1 or more, got 0"),
        CatalogRunError.noWidth,
        CatalogError(
            file: "Localizable.strings", position: SourcePosition(line: 3, column: 7), message: "expected ';'"),
    ]

    @Test func localizedDescriptionIsTheDescription() throws {
        for error in Self.errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
        // A thrown one, as a client meets it.
        do {
            _ = try Font(path: "/nonexistent/x.ttf")
            Issue.record("a missing font loaded")
        } catch {
            #expect(error.localizedDescription == "font file not found: /nonexistent/x.ttf")
        }
    }
}
