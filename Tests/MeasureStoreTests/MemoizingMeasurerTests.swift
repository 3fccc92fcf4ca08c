import Cache
import Foundation
import Testing

@testable import Measure
@testable import MeasureStore

/// The memoizing measurer: misses are measured and stored, hits come from the store bit for bit, and anything in the
/// key that changes makes misses.
@Suite struct MemoizingMeasurerTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func withStore<T>(_ body: (SizeStore) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SizeStore(path: directory.appendingPathComponent("sizes.db").path)
        defer { store.close() }
        return try body(store)
    }

    func measurer(width: Double = 200, size: Double = 14) throws -> TextMeasurer {
        TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: size,
            options: MeasureOptions(maxWidth: width))
    }

    /// A fresh folder holding a copy of DejaVu Sans (`Face.ttf`) that a test may replace or change; the caller
    /// removes the folder.
    static func copyOfDejaVu() throws -> (folder: URL, font: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let font = folder.appendingPathComponent("Face.ttf").path
        try FileManager.default.copyItem(atPath: dejaVu, toPath: font)
        return (folder, font)
    }

    static let texts =
        (0..<600).map { "\($0) hello world hello world \(String(repeating: "x", count: $0 % 40))" }
        + ["", "tab\there", "line\nbreak", "duplicate", "duplicate"]

    @Test func aFontFileChangedAfterLoadingIsRefused() throws {
        let (directory, copy) = try Self.copyOfDejaVu()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: copy)]), pointSize: 14)
        // Replace the file after loading: a new inode (and different bytes).
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: copy)
        _ = try withStore { store in
            #expect(throws: FontFileChangedError(path: copy)) {
                try MemoizingMeasurer(measurer: measurer, store: store)
            }
        }
    }

    /// A font file replaced (by rename, as package managers and `git checkout` do) after the settings were made but
    /// before the sizes are stored: the sizes may come from either file, so none is stored under the old digest (a
    /// sweep swapping DejaVu Sans and Serif under a running `batch --db` stored 206 rows of one under the other's
    /// key). The store is as it was, and the next measurer, loading the new file, gets its own key.
    @Test func aFontReplacedBeforeStoringStoresNothing() throws {
        let (directory, copy) = try Self.copyOfDejaVu()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: copy)]), pointSize: 14)
        try withStore { store in
            let memo = try MemoizingMeasurer(measurer: measurer, store: store, fontDigests: FontDigests())
            let other = directory.appendingPathComponent("other.ttf").path
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: other)
            #expect(rename(other, copy) == 0)
            #expect(throws: FontFileChangedError(path: copy)) { try memo.measureBatch(["hello"], threads: 1) }
            #expect(throws: FontFileChangedError(path: copy)) { try memo.measure("world") }
            #expect(try store.statistics().results == 0)
        }
        // The digest of the stamp that was loaded is not read from the file that replaced it (a store that has not
        // recorded that stamp, and a process that has not hashed it, would have to read the file).
        let loaded = try #require(measurer.cascade.fonts[0].fileStamp)
        _ = try withStore { fresh in
            #expect(throws: FontFileChangedError(path: copy)) {
                try FontDigests().digest(ofLoaded: loaded, rememberedIn: fresh)
            }
        }
    }

    /// A change that leaves every byte (a `chmod`, a new hard link: the status-change time moves) does not end a run:
    /// its sizes are stored, as the font's file is still the one loaded.
    @Test func aFontWhoseOnlyStatusChangedStillStores() throws {
        let (directory, copy) = try Self.copyOfDejaVu()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: copy)]), pointSize: 14)
        try withStore { store in
            let memo = try MemoizingMeasurer(measurer: measurer, store: store, fontDigests: FontDigests())
            let before = try FileStamp(path: copy)
            usleep(50_000)  // past the file system clock's tick, so that the status-change time moves
            #expect(chmod(copy, 0o600) == 0)
            #expect(link(copy, directory.appendingPathComponent("Backup.ttf").path) == 0)
            #expect(try FileStamp(path: copy).changed != before.changed)
            #expect(try memo.measureBatch(["hello"], threads: 1).measured == 1)
            #expect(try store.statistics().results == 1)
        }
    }

    /// A run whose sizes are all stored answers while another process holds the write lock, also when a font's
    /// stamp is new to the store (a fresh checkout or `touch` gives the same bytes a new stamp): the digest it cannot
    /// record is only a saving (`file_digests`), so the busy store is not waited on (it failed after the busy
    /// timeout with no output at all, then answered after waiting it out). The store here would wait 60 s.
    @Test func aBusyStoreStillAnswersWhenAFontsStampIsNew() throws {
        let (directory, copy) = try Self.copyOfDejaVu()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sizes.db").path
        let cascade = try FontCascade(loading: [FontSource(path: copy)])
        let expected = TextMeasurer(cascade: cascade, pointSize: 14).measure("hello")
        do {
            let store = try SizeStore(path: path)
            defer { store.close() }
            let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: copy)]), pointSize: 14)
            _ = try MemoizingMeasurer(measurer: measurer, store: store, fontDigests: FontDigests())
                .measureBatch(["hello"], threads: 1)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: copy)
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        let store = try SizeStore(path: path, busyTimeout: .seconds(60))
        defer { store.close() }
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: copy)]), pointSize: 14)
        let clock = ContinuousClock()
        let start = clock.now
        let sizes = try MemoizingMeasurer(measurer: measurer, store: store, fontDigests: FontDigests())
            .measureBatch(["hello"], threads: 1)
        #expect(sizes.cached == 1)
        #expect(sizes.sizes == [expected])
        // Not the busy timeout: the answer does not wait for the writer (a minute against well under one).
        #expect(clock.now - start < .seconds(30))
    }

    /// Ill-formed UTF-8 is measured as its repair (U+FFFD for each maximal subpart), and that is the text stored: a
    /// lookup by the repaired text finds it, and two inputs that repair alike (FF FE and FE FF before "bad") are one
    /// text, measured as one.
    @Test func illFormedInputIsStoredAsTheTextMeasured() throws {
        try withStore { store in
            let memo = try MemoizingMeasurer(measurer: try measurer(), store: store)
            let inputs: [ArraySlice<UInt8>] = [[0xFF, 0xFE, 0x62, 0x61, 0x64], [0xFE, 0xFF, 0x62, 0x61, 0x64]]
            let first = try memo.measureBatch(utf8: inputs, threads: 1)
            let repaired = "\u{FFFD}\u{FFFD}bad"
            let expected = try measurer().measure(repaired)
            #expect(first.sizes == [expected, expected])
            #expect(try store.get(repaired, in: memo.settings) == StoredSize(expected))
            #expect(try store.statistics().results == 1)
            let second = try memo.measureBatch(utf8: inputs.reversed(), threads: 1)
            #expect(second.cached == 2)
            #expect(second.sizes == [expected, expected])
        }
    }

    @Test func aSecondRunMeasuresNothingAndReturnsTheSameSizes() throws {
        try withStore { store in
            let plainMeasurer = try measurer()
            let expected = plainMeasurer.measureBatch(Self.texts, threads: 1)
            let memo = try MemoizingMeasurer(measurer: plainMeasurer, store: store)
            let first = try memo.measureBatch(Self.texts, threads: 2)
            #expect(first.sizes == expected)
            // Each distinct text measured once (one of them stands twice).
            #expect(first.measured == Set(Self.texts).count)
            #expect(first.measuredIndices.count == Self.texts.count)
            #expect(first.cached == 0)
            // A new measurer (cold caches, as in a new process) over the same store.
            let again = try MemoizingMeasurer(measurer: try measurer(), store: store)
            #expect(again.settings == memo.settings)
            let second = try again.measureBatch(utf8: Self.texts.map { Array($0.utf8)[...] }, threads: 2)
            #expect(second.sizes == expected)
            #expect(second.measured == 0)
            #expect(second.cached == Self.texts.count)
            #expect(try store.statistics().results == Self.texts.count - 1)
            // Half known, half new.
            let mixed = Array(Self.texts.prefix(10)) + ["new one", "new two"]
            let third = try again.measureBatch(mixed, threads: 1)
            #expect((third.measured, third.cached) == (2, 10))
            #expect(try again.measure("new one") == plainMeasurer.measure("new one"))
            #expect(try again.measure("single") == plainMeasurer.measure("single"))
            #expect(try store.get("single", in: again.settings) != nil)
        }
    }

    /// The caller's measure is asked only for the misses, once, in order — and not at all when everything is stored,
    /// so a caller can make its sessions only when something is to be measured.
    @Test func theMissesAloneAreMeasuredAndOnlyWhenThereAreAny() throws {
        try withStore { store in
            let measurer = try measurer()
            let memo = try MemoizingMeasurer(measurer: measurer, store: store)
            let first = ["a", "b b", "c"].map { ArraySlice($0.utf8) }
            var asked: [[String]] = []
            let measured = try memo.measureBatch(utf8: first) { texts in
                asked.append(texts.map { String(decoding: $0, as: UTF8.self) })
                return measurer.measureBatch(utf8: texts, threads: 1)
            }
            #expect(asked == [["a", "b b", "c"]])
            #expect(measured.sizes == measurer.measureBatch(utf8: first, threads: 1))
            asked = []
            let second = ["b b", "new", "a", "newer"].map { ArraySlice($0.utf8) }
            let mixed = try memo.measureBatch(utf8: second) { texts in
                asked.append(texts.map { String(decoding: $0, as: UTF8.self) })
                return measurer.measureBatch(utf8: texts, threads: 1)
            }
            #expect(asked == [["new", "newer"]])
            #expect(mixed.measuredIndices == [1, 3])
            #expect(mixed.cached == 2)
            #expect(mixed.sizes == measurer.measureBatch(utf8: second, threads: 1))
            asked = []
            _ = try memo.measureBatch(utf8: second) { texts in
                asked.append(texts.map { String(decoding: $0, as: UTF8.self) })
                return measurer.measureBatch(utf8: texts, threads: 1)
            }
            #expect(asked.isEmpty)
        }
    }

    @Test func changedSettingsMissAndKeepTheirOwnSizes() throws {
        try withStore { store in
            let narrow = try MemoizingMeasurer(measurer: try measurer(width: 100), store: store)
            let wide = try MemoizingMeasurer(measurer: try measurer(width: 220), store: store)
            let plain = try MemoizingMeasurer(measurer: try measurer(width: 100), plain: true, store: store)
            #expect(Set([narrow.settings, wide.settings, plain.settings]).count == 3)
            let text = ["hello world hello world hello world"]
            #expect(try narrow.measureBatch(text, threads: 1).measured == 1)
            let wideRun = try wide.measureBatch(text, threads: 1)
            #expect(wideRun.measured == 1)
            #expect(try plain.measureBatch(text, threads: 1).measured == 1)
            #expect(try narrow.measureBatch(text, threads: 1).sizes[0].lineCount == 3)
            #expect(wideRun.sizes[0].lineCount == 2)
        }
    }

    /// A new process (a fresh digest cache) takes an unchanged font file's digest from the store instead of reading
    /// the file: shown by planting a digest the file does not have.
    @Test func fontDigestsAreRememberedInTheStore() throws {
        try withStore { store in
            let planted = SHA256.hash("not really DejaVu")
            try store.recordFileDigest(planted, for: try FileStamp(path: Self.dejaVu))
            let memo = try MemoizingMeasurer(measurer: try measurer(), store: store, fontDigests: FontDigests())
            #expect(memo.key.fonts.map(\.sha256) == [planted])
            // Without the store's record, the file is read.
            let fresh = FontDigests()
            #expect(
                try fresh.digest(ofFileAt: Self.dejaVu).hexString
                    == "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322")
        }
    }

    @Test func labelsAndFontRecordsAreStored() throws {
        try withStore { store in
            let labels = SettingsLabels(deviceClass: "iphone", textStyle: "body", contentSize: "L")
            let memo = try MemoizingMeasurer(measurer: try measurer(), store: store, labels: labels)
            let settings = try #require(try store.allSettings().first)
            #expect(settings.id == memo.settings)
            #expect(settings.labels == [labels])
            #expect(settings.fonts.map(\.familyName) == ["DejaVu Sans"])
            #expect(settings.fonts.map(\.path) == [Self.dejaVu])
            // coreutils sha256sum of the font file (fonts-dejavu-core 2.37-6).
            #expect(
                settings.fonts[0].identity.sha256.hexString
                    == "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322")
            #expect(settings.fonts[0].unitsPerEm == 2048)
            let rebuilt = try settings.makeMeasurer()
            #expect(rebuilt.plain == false)
            #expect(rebuilt.measurer.options == memo.measurer.options)
            #expect(rebuilt.measurer.pointSize == 14)
        }
    }

    /// DejaVu Sans maps Arabic letters too, so its cascade with Noto Sans Arabic measures Arabic text in DejaVu Sans
    /// when the fonts are pure order and in Noto Sans Arabic when the cascade names it the font of Arabic, as the
    /// default cascade does: two settings, neither answered with the other's sizes, and each rebuilt (`measure db
    /// verify`) to measure as it did.
    @Test func aCascadeThatPicksAFontPerScriptIsKeptApartFromTheSameFontsInOrder() throws {
        let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
        let fonts = try [Font(path: Self.dejaVu), Font(path: arabic)]
        let options = MeasureOptions(maxWidth: 120)
        let ordered = TextMeasurer(cascade: try FontCascade(fonts), pointSize: 17, options: options)
        let picking = TextMeasurer(
            cascade: try FontCascade(fonts, scriptFonts: ["Arab": 1]), pointSize: 17, options: options)
        let texts = ["مرحبا بالعالم", "السلام عليكم ورحمة الله وبركاته", "Hello"]
        let expectedOrdered = ordered.measureBatch(texts, threads: 1)
        let expectedPicking = picking.measureBatch(texts, threads: 1)
        // The two cascades do measure the Arabic differently (else this test could not fail).
        #expect(expectedOrdered[0].width != expectedPicking[0].width)
        #expect(expectedOrdered[2] == expectedPicking[2])
        try withStore { store in
            let first = try MemoizingMeasurer(measurer: ordered, store: store)
            #expect(try first.measureBatch(texts, threads: 1).sizes == expectedOrdered)
            let second = try MemoizingMeasurer(measurer: picking, store: store)
            #expect(second.settings != first.settings)
            let answered = try second.measureBatch(texts, threads: 1)
            #expect(answered.sizes == expectedPicking)
            #expect(answered.cached == 0)
            for (memo, expected) in [(first, expectedOrdered), (second, expectedPicking)] {
                let settings = try #require(try store.allSettings().first { $0.id == memo.settings })
                let rebuilt = try settings.makeMeasurer()
                #expect(rebuilt.measurer.cascade.scriptFonts == memo.measurer.cascade.scriptFonts)
                #expect(rebuilt.measurer.measureBatch(texts, threads: 1) == expected)
            }
        }
    }
}
