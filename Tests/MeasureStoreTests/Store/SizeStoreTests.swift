import Foundation
import Testing

@testable import Cache
@testable import MeasureStore

/// The size store's API: batched put, get one or many, missing, registration, listings, statistics, vacuum.
@Suite struct SizeStoreTests {
    @Test func putGetAndMissingRoundTrip() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let texts = StoreFixtures.texts(50) + ["", "line\nbreak", "👍🏽 emoji"]
            try store.put(texts, sizes: texts.map(StoreFixtures.size), in: settings)
            #expect(try store.get("t7 ✓", in: settings) == StoreFixtures.size("t7 ✓"))
            #expect(try store.get("", in: settings) == StoreFixtures.size(""))
            #expect(try store.get("not stored", in: settings) == nil)
            #expect(try store.get(texts, in: settings) == texts.map { StoreFixtures.size($0) })
            // The same texts as UTF-8 slices (what measure batch has) find the same rows.
            let slices = texts.map { Array($0.utf8)[...] }
            #expect(try store.get(utf8: slices, in: settings) == texts.map { StoreFixtures.size($0) })
            #expect(try store.get(utf8: slices[3], in: settings) == StoreFixtures.size(texts[3]))
            #expect(try store.missing(fromUTF8: [slices[0], Array("new".utf8)[...]], in: settings) == [1])
            // A lookup compares the stored text with the one asked for, byte for byte: a NUL inside, bytes that are
            // not UTF-8, and a text that is a prefix of another still find their own rows and only those.
            let awkward: [ArraySlice<UInt8>] = [[0x61, 0x00, 0x62], [0x61, 0x00], [0xFF, 0xFE, 0x41], [0xC3]]
            let awkwardSizes = (0..<4).map { StoredSize(width: Double($0) + 0.5, height: 9, lineCount: $0) }
            try store.put(utf8: awkward, sizes: awkwardSizes, in: settings)
            #expect(try store.get(utf8: awkward, in: settings) == awkwardSizes)
            #expect(try store.get(utf8: [0x61, 0x00, 0x63], in: settings) == nil)
            #expect(try store.missing(from: ["t1 ✓", "new", "t2 ✓", "newer"], in: settings) == [1, 3])
            // Another settings row sees none of them.
            let other = try store.register(StoreFixtures.key(pointSize: 18), fonts: [StoreFixtures.font("A")])
            #expect(try store.missing(from: ["t1 ✓", "t2 ✓"], in: other) == [0, 1])
            // Putting a text again replaces its size.
            let replaced = StoredSize(width: 1, height: 2, lineCount: 3)
            try store.put(["t1 ✓"], sizes: [replaced], in: settings)
            #expect(try store.get("t1 ✓", in: settings) == replaced)
            #expect(try store.statistics().results == texts.count + awkward.count)
        }
    }

    @Test func sizesRoundTripBitForBit() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            // The extremes a stored size may have (`StoredSize.maximumLength`, `maximumLineCount`) and awkward doubles.
            let sizes = [
                StoredSize(width: 0.1 + 0.2, height: 1e-300, lineCount: Int(Int32.max)),
                StoredSize(width: 196.38964843750003, height: 1e15.nextDown, lineCount: 0),
            ]
            try store.put(["a", "b"], sizes: sizes, in: settings)
            let read = try store.get(["a", "b"], in: settings)
            #expect(read.map { $0?.width.bitPattern } == sizes.map { $0.width.bitPattern })
            #expect(read == sizes)
        }
    }

    @Test func registeringIsIdempotentAndLabelsAttach() throws {
        try StoreFixtures.withStore { store, _ in
            let fonts = [StoreFixtures.font("A"), StoreFixtures.font("B", faceIndex: 2)]
            let key = StoreFixtures.key(fonts: fonts)
            let phone = SettingsLabels(deviceClass: "iphone", textStyle: "body", contentSize: "L")
            let first = try store.register(key, fonts: fonts)
            #expect(try store.register(key, fonts: fonts, labels: phone) == first)
            #expect(try store.register(key, fonts: fonts, labels: phone) == first)
            let pad = SettingsLabels(deviceClass: "ipad")
            #expect(try store.register(key, fonts: fonts, labels: pad) == first)
            #expect(try store.settingsID(for: key.digest) == first)
            // A moved font file keeps its identity; the record follows its path.
            var moved = fonts
            moved[0].path = "/elsewhere/A.ttf"
            #expect(try store.register(key, fonts: moved) == first)
            let listed = try #require(try store.allSettings().first)
            #expect(listed.id == first)
            #expect(listed.key == key)
            #expect(listed.isConsistent)
            #expect(listed.fonts == moved)
            #expect(Set(listed.labels) == [phone, pad])
            let statistics = try store.statistics()
            #expect((statistics.settings, statistics.fonts, statistics.labels) == (1, 2, 2))
        }
    }

    /// One label set names every settings it was given with — here a run at 320 pt and a rerun at 100 — and both
    /// keep their sizes; the README's lookup for apps, which also names the width, finds one row for each width.
    @Test func anAppsLookupByLabelsAndWidthFindsOneSize() throws {
        try StoreFixtures.withStore { store, path in
            let phone = SettingsLabels(deviceClass: "iphone", textStyle: "body", contentSize: "L")
            let fonts = [StoreFixtures.font("A")]
            let wide = try store.register(StoreFixtures.key(maxWidth: 320), fonts: fonts, labels: phone)
            let narrow = try store.register(StoreFixtures.key(maxWidth: 100), fonts: fonts, labels: phone)
            #expect(wide != narrow)
            let text = "Hello world, this is a label text"
            try store.put([text], sizes: [StoredSize(width: 257.41, height: 19.79, lineCount: 1)], in: wide)
            try store.put([text], sizes: [StoredSize(width: 88.64, height: 79.16, lineCount: 4)], in: narrow)
            store.close()
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            defer { connection.close() }
            let digest = SHA256.hash(text).hexString
            func lookUp(width: Double) throws -> [String] {
                let statement = try connection.prepare(
                    """
                    SELECT r.width, r.height, r.line_count
                    FROM labels l JOIN settings s ON s.id = l.settings_id JOIN results r ON r.settings_id = l.settings_id
                    WHERE l.device_class = 'iphone' AND l.text_style = 'body' AND l.content_size = 'L'
                      AND s.max_width = \(width) AND r.text_sha256 = x'\(digest)';
                    """)
                var rows: [String] = []
                while try statement.step() {
                    rows.append("\(statement.double(at: 0)) \(statement.double(at: 1)) \(statement.int(at: 2))")
                }
                return rows
            }
            #expect(try lookUp(width: 320) == ["257.41 19.79 1"])
            #expect(try lookUp(width: 100) == ["88.64 79.16 4"])
            #expect(try lookUp(width: 200) == [])
        }
    }

    @Test func resultsPagesSamplesAndLookupsByText() throws {
        try StoreFixtures.withStore { store, _ in
            let a = try store.register(StoreFixtures.key(maxWidth: 100), fonts: [StoreFixtures.font("A")])
            let b = try store.register(StoreFixtures.key(maxWidth: 300), fonts: [StoreFixtures.font("A")])
            let texts = StoreFixtures.texts(25)
            try store.put(texts, sizes: texts.map { StoreFixtures.size($0) }, in: a, measuredAt: 1_000)
            try store.put(Array(texts.prefix(10)), sizes: texts.prefix(10).map { StoreFixtures.size($0) }, in: b)
            var seen: [StoredResult] = []
            var cursor: ResultCursor?
            while true {
                let page = try store.results(after: cursor, limit: 7)
                guard let last = page.last else { break }
                seen += page
                cursor = ResultCursor(after: last)
            }
            #expect(seen.count == 35)
            #expect(Set(seen.map { "\($0.settings)|\($0.text)" }).count == 35)
            #expect(
                seen.filter { $0.settings == a }.allSatisfy {
                    $0.measuredAt == 1_000 && $0.size == StoreFixtures.size($0.text)
                })
            #expect(seen.allSatisfy { $0.textDigest == SHA256.hash($0.text) })
            #expect(try store.sample(count: 5).count == 5)
            #expect(try store.sample(count: 500).count == 35)
            #expect(try store.results(for: "t3 ✓").map(\.settings) == [a, b])
            #expect(try store.results(for: "t20 ✓").map(\.settings) == [a])
            #expect(try store.results(for: "nope").isEmpty)
        }
    }

    @Test func statisticsIntegrityAndVacuum() throws {
        try StoreFixtures.withStore { store, path in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let texts = StoreFixtures.texts(2000)
            try store.put(texts, sizes: texts.map { StoreFixtures.size($0) }, in: settings)
            let before = try store.statistics()
            #expect(before.results == 2000)
            #expect(before.schemaVersion == SizeStoreSchema.currentVersion)
            #expect(before.file == path)
            #expect(before.bytesOnDisk > 0)
            #expect(try store.integrityProblems().isEmpty)
            try store.vacuum()
            let after = try store.statistics()
            #expect(after.results == 2000)
            #expect(after.walBytes == 0)
            #expect(after.freePages == 0)
            #expect(try store.get("t1999 ✓", in: settings) == StoreFixtures.size("t1999 ✓"))
        }
    }

    @Test func fileDigestsAreRecordedByStamp() throws {
        try StoreFixtures.withStore { store, path in
            let stamp = try FileStamp(path: path)
            #expect(try store.fileDigest(for: stamp) == nil)
            try store.recordFileDigest(SHA256.hash("contents"), for: stamp)
            #expect(try store.fileDigest(for: stamp) == SHA256.hash("contents"))
            var touched = stamp
            touched.changed += 1
            #expect(try store.fileDigest(for: touched) == nil)
            try store.recordFileDigest(SHA256.hash("new contents"), for: touched)
            #expect(try store.fileDigest(for: stamp) == nil)
            #expect(try store.fileDigest(for: touched) == SHA256.hash("new contents"))
        }
    }

    /// The README documents the tables and columns as a contract for apps that read the file; this keeps them equal.
    @Test func schemaMatchesTheDocumentedContract() throws {
        try StoreFixtures.withStore { store, _ in
            let columns = try store.withReader { connection in
                var tables: [String: [String]] = [:]
                for table in ["fonts", "settings", "settings_fonts", "labels", "results", "file_digests"] {
                    let statement = try connection.prepare(
                        "SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
                    tables[table] = try statement.withReset { statement throws in
                        var names: [String] = []
                        while try statement.step() { names.append(statement.text(at: 0)) }
                        return names
                    }
                }
                return tables
            }
            #expect(
                columns == [
                    "fonts": [
                        "id", "sha256", "face_index", "family", "style", "units_per_em", "ascender", "descender",
                        "line_gap", "path",
                    ],
                    "settings": ["id", "sha256", "key", "point_size", "max_width", "parameters", "engine"],
                    "settings_fonts": ["settings_id", "position", "font_id"],
                    "labels": ["device_class", "text_style", "content_size", "settings_id"],
                    "results": ["settings_id", "text_sha256", "text", "width", "height", "line_count", "measured_at"],
                    "file_digests": ["path", "device", "inode", "size", "modified_ns", "changed_ns", "sha256"],
                ])
        }
    }
}
