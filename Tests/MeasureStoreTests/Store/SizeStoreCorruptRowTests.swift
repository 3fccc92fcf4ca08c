import Foundation
import Testing

@testable import Cache
@testable import MeasureStore

/// One way a results row can be damaged behind the store's back: the SQL that damages it (an UPDATE's SET clause)
/// and the reason the store must give. A lookup by key then misses, whatever column is damaged.
struct RowDamage: Sendable, CustomTestStringConvertible {
    var name: String
    var set: String
    var reason: String

    var testDescription: String { name }

    /// SQLite reads 9e999 as +infinity and stores it as such; a REAL column keeps text and blobs it cannot convert,
    /// an INTEGER column keeps reals with a fraction and numbers beyond 64 bits as REAL.
    static let all: [RowDamage] = [
        RowDamage(name: "line count -1", set: "line_count = -1", reason: "line_count is -1, outside 0…2147483647"),
        RowDamage(
            name: "line count Int64.max", set: "line_count = 9223372036854775807",
            reason: "line_count is 9223372036854775807, outside 0…2147483647"),
        RowDamage(name: "line count 1e308", set: "line_count = 1e308", reason: "line_count is real"),
        RowDamage(name: "line count 2.5", set: "line_count = 2.5", reason: "line_count is real"),
        RowDamage(name: "line count text", set: "line_count = 'two'", reason: "line_count is text"),
        RowDamage(name: "width +inf", set: "width = 9e999", reason: "width is inf, outside 0…1000000000000000"),
        RowDamage(name: "height -inf", set: "height = -9e999", reason: "height is -inf, outside 0…1000000000000000"),
        RowDamage(name: "width 1e308", set: "width = 1e308", reason: "width is 1e+308, outside 0…1000000000000000"),
        RowDamage(
            name: "width just above the cap", set: "width = 1000000000000000.5",
            reason: "width is 1000000000000000.5, outside 0…1000000000000000"),
        RowDamage(name: "height negative", set: "height = -0.5", reason: "height is -0.5, outside 0…1000000000000000"),
        RowDamage(name: "text in width", set: "width = 'wide'", reason: "width is text"),
        RowDamage(name: "blob in height", set: "height = x'00ff'", reason: "height is blob"),
        // A row whole but for its text or time is no answer either: `verify` calls it corrupt, so measuring the
        // text again must replace it.
        RowDamage(name: "measured_at text", set: "measured_at = 'yesterday'", reason: "measured_at is text"),
        RowDamage(
            name: "text not the digest's", set: "text = 'something else'",
            reason: "text_sha256 is not the SHA-256 of the text"),
        RowDamage(name: "text a blob", set: "text = CAST(text AS BLOB)", reason: "text is blob"),
        RowDamage(name: "measured_at real", set: "measured_at = 1.5", reason: "measured_at is real"),
    ]
}

/// Rows written by another program, a bug or a hand edit, read back: validated when read, never a trap, never
/// returned as a size; a lookup treats a damaged size as a miss and the next `put` replaces the row.
@Suite struct SizeStoreCorruptRowTests {
    /// A raw read-write connection to `path`, as another program would have, for `body`.
    static func withRawConnection(_ path: String, _ body: (SQLiteConnection) throws -> Void) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        defer { connection.close() }
        connection.setBusyTimeout(milliseconds: 5000)
        try body(connection)
    }

    /// A store at `path` holding `texts` (sizes from `StoreFixtures.size`) under one settings row.
    static func fill(_ store: SizeStore, _ texts: [String]) throws -> SettingsID {
        let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
        try store.put(texts, sizes: texts.map(StoreFixtures.size), in: settings, measuredAt: 1000)
        return settings
    }

    @Test func theBoundsOfAValidSize() {
        #expect(StoredSize(width: 0, height: 0, lineCount: 0).problem == nil)
        #expect(StoredSize(width: 1e15, height: 1e15, lineCount: Int(Int32.max)).problem == nil)
        #expect(
            StoredSize(width: .infinity, height: 1, lineCount: 1).problem == "width is inf, outside 0…1000000000000000")
        #expect(StoredSize(width: .nan, height: 1, lineCount: 1).problem == "width is NaN")
        #expect(StoredSize(width: 1, height: .nan, lineCount: 1).problem == "height is NaN")
        #expect(
            StoredSize(width: 1, height: 1e308, lineCount: 1).problem == "height is 1e+308, outside 0…1000000000000000")
        #expect(StoredSize(width: -1, height: 1, lineCount: 1).problem == "width is -1.0, outside 0…1000000000000000")
        #expect(StoredSize(width: 1, height: 1, lineCount: -1).problem == "line_count is -1, outside 0…2147483647")
        #expect(
            StoredSize(width: 1, height: 1, lineCount: Int(Int32.max) + 1).problem
                == "line_count is 2147483648, outside 0…2147483647")
        #expect(!StoredSize(width: 1, height: 1, lineCount: Int.min).isValid)
    }

    /// Sizes at the bounds (and the smallest positive double) are valid and come back bit for bit.
    @Test func sizesAtTheBoundsRoundTripBitForBit() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let sizes = [
                StoredSize(width: 0.1 + 0.2, height: 1e15, lineCount: Int(Int32.max)),
                StoredSize(width: (1e15).nextDown, height: .leastNonzeroMagnitude, lineCount: 0),
            ]
            try store.put(["a", "b"], sizes: sizes, in: settings)
            let read = try store.get(["a", "b"], in: settings)
            #expect(read.map { $0?.width.bitPattern } == sizes.map { $0.width.bitPattern })
            #expect(read.map { $0?.height.bitPattern } == sizes.map { $0.height.bitPattern })
            #expect(read == sizes)
        }
    }

    @Test(arguments: RowDamage.all)
    func aDamagedRowIsCorruptAndTheNextPutReplacesIt(damage: RowDamage) throws {
        try StoreFixtures.withStore { store, path in
            let texts = ["good one", "bad", "good two"]
            let settings = try Self.fill(store, texts)
            try Self.withRawConnection(path) { connection in
                try connection.execute("UPDATE results SET \(damage.set) WHERE text = 'bad'")
            }
            // Lookups: a damaged size is not stored; the others answer as before.
            let sizes = try store.get(texts, in: settings)
            #expect(sizes[0] == StoreFixtures.size("good one"))
            #expect(sizes[2] == StoreFixtures.size("good two"))
            #expect(sizes[1] == nil)
            #expect(try store.missing(from: texts, in: settings) == [1])
            #expect(try store.makeReader().get("bad", in: settings) == nil)
            // Full-row reads set the row aside with its reason and key.
            let corrupt = try store.corruptResults()
            #expect(corrupt.count == 1)
            #expect(corrupt.examples.map(\.reason) == [damage.reason])
            #expect(corrupt.examples.first?.table == "results")
            #expect(corrupt.examples.first?.key.hasPrefix("settings #\(settings.rawValue), ") == true)
            let page = try store.resultPage(after: nil, limit: 10)
            #expect(page.results.map(\.text).sorted() == ["good one", "good two"])
            #expect(page.corrupt.map(\.reason) == [damage.reason])
            #expect(page.next == nil)
            #expect(try store.results(after: nil, limit: 10).count == 2)
            #expect(try store.sample(count: 10).count == 2)
            #expect(try store.results(for: "bad").isEmpty)
            #expect(try store.validatedResults(for: "bad").corrupt.map(\.reason) == [damage.reason])
            // Storing the text again replaces the damaged row.
            let fresh = StoredSize(width: 12.5, height: 17, lineCount: 1)
            try store.put(["bad"], sizes: [fresh], in: settings)
            #expect(try store.get("bad", in: settings) == fresh)
            #expect(try store.corruptResults().isEmpty)
            #expect(try store.results(for: "bad").map(\.size) == [fresh])
        }
    }

    /// NULL in a column whose NOT NULL constraint another program's schema did not have (NaN is stored as NULL).
    @Test func nullWidthsAndLineCountsAreCorrupt() throws {
        let path = TemporaryFiles.path("nulls")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        try Self.withRawConnection(path) { connection in
            try connection.execute(
                """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(replace(sql, 'width REAL NOT NULL', 'width REAL'),
                    'line_count INTEGER NOT NULL', 'line_count INTEGER') WHERE name = 'results';
                PRAGMA writable_schema = OFF;
                """)
        }
        let store = try SizeStore(path: path)
        defer { store.close() }
        let settings = try Self.fill(store, ["w", "l", "ok"])
        try Self.withRawConnection(path) { connection in
            let statement = try connection.prepare("UPDATE results SET width = ?1 WHERE text = 'w'")
            try statement.withReset { statement throws(SQLiteError) in
                try statement.bind(Double.nan, at: 1)
                try statement.run()
            }
            try connection.execute("UPDATE results SET line_count = NULL WHERE text = 'l'")
        }
        #expect(try store.get(["w", "l", "ok"], in: settings) == [nil, nil, StoreFixtures.size("ok")])
        #expect(Set(try store.corruptResults().examples.map(\.reason)) == ["width is null", "line_count is null"])
    }

    /// Keys of the wrong type or length (a text settings id, a short or text digest) and results whose settings row
    /// does not exist: every page walk visits each row once and ends, whatever the page size.
    @Test(arguments: [1, 2, 3, 100])
    func walksOverDamagedKeysEnd(pageSize: Int) throws {
        try StoreFixtures.withStore { store, path in
            let texts = StoreFixtures.texts(5)
            _ = try Self.fill(store, texts)
            try Self.withRawConnection(path) { connection in
                try connection.execute(
                    """
                    INSERT INTO results VALUES ('abc', x'01', 'text key', 1, 1, 1, 0);
                    INSERT INTO results VALUES (1, x'01', 'short digest', 1, 1, 1, 0);
                    INSERT INTO results VALUES (1, 'not a blob', 'text digest', 1, 1, 1, 0);
                    INSERT INTO results VALUES (1.5, x'02', 'real key', 1, 1, 1, 0);
                    INSERT INTO results SELECT 99, text_sha256, text, width, height, line_count, measured_at
                        FROM results WHERE text = 't0 ✓';
                    """)
            }
            var cursor: ResultCursor?
            var valid: [String] = []
            var reasons: [String] = []
            var pages = 0
            repeat {
                let page = try store.resultPage(after: cursor, limit: pageSize)
                valid += page.results.map(\.text)
                reasons += page.corrupt.map(\.reason)
                cursor = page.next
                pages += 1
            } while cursor != nil && pages < 100
            #expect(pages < 100, "the walk did not end")
            #expect(valid.sorted() == texts.sorted())
            #expect(
                reasons.sorted() == [
                    "settings row 99 does not exist", "settings_id is real", "settings_id is text",
                    "text_sha256 is not 32 bytes", "text_sha256 is text",
                ])
            #expect(try store.corruptResults().count == 5)
            // The valid-only walk, one row at a time, sees every valid row once.
            var seen: [String] = []
            var position: ResultCursor?
            while let row = try store.results(after: position, limit: 1).first, seen.count < 100 {
                seen.append(row.text)
                position = ResultCursor(after: row)
            }
            #expect(seen.sorted() == texts.sorted())
        }
    }

    @Test func mergeSkipsCorruptRowsAndCountsThem() throws {
        try StoreFixtures.withStore { source, sourcePath in
            let texts = ["a", "b", "c", "d"]
            _ = try Self.fill(source, texts)
            try Self.withRawConnection(sourcePath) { connection in
                try connection.execute(
                    """
                    UPDATE results SET line_count = -1 WHERE text = 'a';
                    UPDATE results SET width = 9e999 WHERE text = 'b';
                    INSERT INTO results VALUES (7, x'01', 'orphan', 1, 1, 1, 0);
                    """)
            }
            try StoreFixtures.withStore { destination, _ in
                let report = try destination.merge(from: source)
                #expect(report.results == 2)
                #expect(report.added == 2)
                #expect(report.corrupt.count == 3)
                #expect(
                    Set(report.corrupt.examples.map(\.reason)) == [
                        "line_count is -1, outside 0…2147483647", "width is inf, outside 0…1000000000000000",
                        "text_sha256 is not 32 bytes",
                    ])
                let copied = try destination.results(after: nil, limit: 10)
                #expect(copied.map(\.text).sorted() == ["c", "d"])
                #expect(try destination.corruptResults().isEmpty)
                #expect(try destination.statistics().results == 2)
            }
        }
    }

    /// A corrupt row of the destination is replaced by the source's valid one.
    @Test func mergeReplacesACorruptRowOfTheDestination() throws {
        try StoreFixtures.withStore { source, _ in
            _ = try Self.fill(source, ["x"])
            try StoreFixtures.withStore { destination, destinationPath in
                let settings = try Self.fill(destination, ["x"])
                try Self.withRawConnection(destinationPath) { connection in
                    try connection.execute("UPDATE results SET height = 'tall', measured_at = 5000")
                }
                let report = try destination.merge(from: source)
                #expect(report.added == 1 && report.identical == 0 && report.corrupt.isEmpty)
                #expect(try destination.get("x", in: settings) == StoreFixtures.size("x"))
                #expect(try destination.corruptResults().isEmpty)
            }
        }
    }

    /// A settings row whose columns no longer match its digest is skipped with its results, not a failed merge.
    @Test func mergeSkipsDamagedSettingsWithTheirResults() throws {
        try StoreFixtures.withStore { source, sourcePath in
            _ = try Self.fill(source, ["x", "y"])
            try Self.withRawConnection(sourcePath) { connection in
                // A parameter SQLite cannot hold as a key (infinity) must not trap the reader either.
                try connection.execute("UPDATE settings SET parameters = '{\"wraps\":true,\"tab\":1e999}'")
            }
            let settings = try source.allSettings()
            #expect(settings.count == 1 && settings[0].key == nil && !settings[0].isConsistent)
            try StoreFixtures.withStore { destination, _ in
                let report = try destination.merge(from: source)
                #expect(report.settings == 0 && report.results == 0 && report.added == 0)
                #expect(report.corrupt.count == 3)
                #expect(report.corrupt.examples.map(\.table) == ["settings", "results", "results"])
                #expect(try destination.statistics().results == 0)
            }
        }
    }

    /// A settings row edited by hand — a column its digest no longer vouches for, its `key` text, its cascade — is
    /// corrupt to every reader; the writer that registers those settings again repairs the row and drops its sizes, so
    /// they are measured again (it answered from them, every reader skipping them, and `db verify` never passed).
    @Test(arguments: [
        "UPDATE settings SET point_size = 99",
        "UPDATE settings SET key = 'garbage'",
        "UPDATE settings SET engine = 'other'",
        "DELETE FROM settings_fonts",
    ])
    func registeringAgainRepairsAnEditedSettingsRow(edit: String) throws {
        try StoreFixtures.withStore { store, path in
            let settings = try Self.fill(store, ["x", "y"])
            try Self.withRawConnection(path) { connection in try connection.execute(edit) }
            #expect(try store.allSettings().map(\.isConsistent) == [false])
            let again = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            #expect(again == settings)
            let repaired = try store.allSettings()
            #expect(repaired.map(\.isConsistent) == [true])
            #expect(repaired.first?.storedKey == StoreFixtures.key().canonicalJSON)
            #expect(try store.get(["x", "y"], in: settings) == [nil, nil])
            #expect(try store.statistics().results == 0)
        }
    }

    /// Merging into a file whose settings row was edited mends the row the same way: the source's sizes are added,
    /// the destination's dropped (they were identical, and skipped as corrupt).
    @Test func mergeRepairsAnEditedSettingsRowOfTheDestination() throws {
        try StoreFixtures.withStore { source, _ in
            _ = try Self.fill(source, ["x", "y"])
            try StoreFixtures.withStore { destination, destinationPath in
                let settings = try Self.fill(destination, ["x", "y"])
                try Self.withRawConnection(destinationPath) { try $0.execute("UPDATE settings SET point_size = 99") }
                let report = try destination.merge(from: source)
                #expect(report.added == 2 && report.identical == 0 && report.corrupt.isEmpty)
                #expect(try destination.allSettings().map(\.isConsistent) == [true])
                #expect(
                    try destination.get(["x", "y"], in: settings) == [StoreFixtures.size("x"), StoreFixtures.size("y")])
            }
        }
    }

    /// A row that holds its key is left alone, sizes and all.
    @Test func registeringAgainKeepsAnIntactRow() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try Self.fill(store, ["x"])
            #expect(try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")]) == settings)
            #expect(try store.get("x", in: settings) == StoreFixtures.size("x"))
        }
    }

    @Test func putDoesNotStoreSizesReadersWouldCallCorrupt() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let sizes = [
                StoredSize(width: .infinity, height: 1, lineCount: 1),
                StoredSize(width: 1, height: 1, lineCount: -3),
                StoredSize(width: 3, height: 4, lineCount: 1),
            ]
            try store.put(["inf", "negative", "fine"], sizes: sizes, in: settings)
            #expect(try store.get(["inf", "negative", "fine"], in: settings) == [nil, nil, sizes[2]])
            #expect(try store.statistics().results == 1)
        }
    }

    @Test func damagedCatalogEntriesAreSetAside() throws {
        try StoreFixtures.withStore { store, path in
            let settings = try Self.fill(store, ["Buy", "Kaufen", "Acheter"])
            let records = [("en", "Buy"), ("de", "Kaufen"), ("fr", "Acheter")].map { locale, text in
                CatalogEntryRecord(
                    key: "buy", locale: locale, file: "Localizable.strings", variant: "",
                    contentSize: "", settings: settings, text: text, allowedLines: 1)
            }
            try store.recordCatalogEntries(records, at: 2000)
            try Self.withRawConnection(path) { connection in
                try connection.execute(
                    """
                    UPDATE catalog_entries SET allowed_lines = -5 WHERE locale = 'de';
                    UPDATE results SET width = 9e999 WHERE text = 'Acheter';
                    """)
            }
            let found = try store.validatedCatalogEntries(key: "buy")
            #expect(found.rows.map(\.record.locale) == ["en"])
            #expect(found.rows.first?.size == StoreFixtures.size("Buy"))
            #expect(
                found.corrupt.map(\.reason) == [
                    "allowed_lines is -5, outside 0…2147483647",
                    "its stored size is corrupt: width is inf, outside 0…1000000000000000",
                ])
            #expect(
                found.corrupt.first?.key
                    == "key \"buy\" (locale \"de\", file \"Localizable.strings\")")
            #expect(try store.catalogEntries(key: "buy").count == 1)
            #expect(try store.corruptCatalogEntries().count == 1)
            // Merging copies the valid entries only and says so.
            try StoreFixtures.withStore { destination, _ in
                let report = try destination.merge(from: store)
                #expect(report.catalogEntries == 2)
                #expect(report.corrupt.count == 2)  // the Acheter size and the de entry
                // The fr entry is copied; its size was not (it was corrupt), so it has none.
                let copied = try destination.catalogEntries(key: "buy")
                #expect(copied.map(\.record.locale) == ["en", "fr"])
                #expect(copied.map(\.size) == [StoreFixtures.size("Buy"), nil])
            }
        }
    }

    /// "1e999" reads as infinity, which a key never holds (and cannot spell): the parameters are not a key's.
    @Test func anInfiniteParameterIsNotAKey() {
        #expect(CanonicalJSON.parameters("{\"tab\":1e999}") == nil)
        #expect(CanonicalJSON.parameters("{\"tab\":-1e999}") == nil)
        #expect(CanonicalJSON.parameters("{\"tab\":1e300}") == [SettingsParameter("tab", .double(1e300))])
    }

    @Test func aNegativeSchemaVersionIsRefusedNotATrap() throws {
        let path = TemporaryFiles.path("negative")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        try Self.withRawConnection(path) { connection in try connection.execute("PRAGMA user_version = -1") }
        for access in [SizeStore.Access.readWrite, .readOnly] {
            let error = thrownError { try SizeStore(path: path, access: access).close() }
            #expect(
                error as? SizeStoreError
                    == .notASizeStore(
                        path: path, reason: "its schema version (user_version) is -1"))
        }
    }
}
