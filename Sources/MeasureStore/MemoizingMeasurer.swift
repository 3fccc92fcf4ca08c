import Cache
import Foundation
import Measure
import TextCoding

/// A measurer in front of a size store: answers what the store knows, measures only the rest, and stores what it
/// measured — so measuring the same strings again costs only lookups.
///
/// ```swift
/// let store = try SizeStore(path: "sizes.db")
/// let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17,
///                             options: MeasureOptions(maxWidth: 200))
/// let memo = try MemoizingMeasurer(measurer: measurer, store: store,
///                                  labels: SettingsLabels(deviceClass: "iphone", textStyle: "body", contentSize: "L"))
/// let batch = try memo.measureBatch(catalogTexts, threads: 8)   // batch.sizes, batch.measured, batch.cached
/// ```
///
/// Making one hashes the cascade's font files (once per file, remembered in the process and in the store by file
/// stamp: `FontDigests`) and registers the settings in the store. The sizes it returns are exactly `measurer`'s:
/// stored doubles come back bit for bit.
///
/// Threading: a `MemoizingMeasurer` is `Sendable` (its parts are). A batch looks its texts up in one read
/// transaction, measures the misses on `threads` threads, and stores them in one write transaction.
public final class MemoizingMeasurer: Sendable {
    /// The measurer that measures misses.
    public let measurer: TextMeasurer
    /// Whether sizes are measured with the fonts' own features turned off (`--plain`); part of the key.
    public let plain: Bool
    /// The store.
    public let store: SizeStore
    /// The settings key of `measurer` and `plain`.
    public let key: SettingsKey
    /// Its row in `store`.
    public let settings: SettingsID

    /// A memoizing front for `measurer` on `store`.
    /// - Parameters:
    ///   - measurer: What measures the texts the store does not hold; its fonts and settings make the store key.
    ///   - plain: Whether `measurer` measures without kerning and ligatures (`--plain`), which the key records.
    ///   - store: The size database that is read first and written with every new size.
    ///   - labels: Labels to attach to the settings (device class, text style, content size).
    ///   - fontDigests: Where font files' digests are cached (the process's shared cache by default).
    /// - Throws: `FileDigestError` when a font file cannot be read; `FontFileChangedError` when a font's file is no
    ///   longer the one loaded; `SizeStoreError` from the store.
    public init(
        measurer: TextMeasurer, plain: Bool = false, store: SizeStore,
        labels: SettingsLabels = SettingsLabels(), fontDigests: FontDigests = .shared
    ) throws {
        var records: [FontRecord] = []
        for font in measurer.cascade.fonts {
            // A font loaded from memory is keyed by its bytes' digest, taken when it was loaded.
            if let digest = font.dataDigest {
                records.append(fontDigests.record(for: font, digest: digest))
                continue
            }
            // The digest must be the file FreeType loaded, or sizes measured with the old file would be stored under
            // the new file's key: it is the digest of the loaded stamp, read while the file still bears it.
            guard let loaded = font.fileStamp else { throw FontFileChangedError(path: font.path) }
            let digest = try fontDigests.digest(ofLoaded: loaded, rememberedIn: store)
            records.append(fontDigests.record(for: font, digest: digest))
        }
        let key = StoreKeys.settingsKey(
            fonts: records.map(\.identity), scriptFonts: measurer.cascade.scriptFonts, pointSize: measurer.pointSize,
            options: measurer.options, plain: plain)
        self.measurer = measurer
        self.plain = plain
        self.store = store
        self.key = key
        self.settings = try store.register(key, fonts: records, labels: labels)
    }

    /// The size of `text`: stored, or measured and stored.
    /// - Throws: `SizeStoreError`; `FontFileChangedError` (nothing stored) when a font file changed since it was
    ///   loaded (`checkFontsUnchanged`).
    public func measure(_ text: String) throws -> TextSize {
        if let stored = try store.get(text, in: settings) { return withMissingGlyphs(TextSize(stored), text) }
        let size = measurer.measure(text)
        try checkFontsUnchanged()
        try store.put([text], sizes: [StoredSize(size)], in: settings)
        return size
    }

    /// Throws when a font file is no longer the file that was loaded: sizes measured now may come from another file
    /// than the one the settings' digests name (HarfBuzz opens a file on first use; a file written in place changes
    /// under FreeType's mapping), so they must not be stored under that key. A `stat` per font, called after
    /// measuring and before storing. The file is the same while its device, inode, size and modification time are:
    /// its status-change time also moves on `chmod`, a new hard link or a backup tool's attributes, which change no
    /// byte, and a long `batch` or a `stream` server must not end for them.
    /// - Throws: `FontFileChangedError` naming the first such font.
    public func checkFontsUnchanged() throws(FontFileChangedError) {
        for font in measurer.cascade.fonts {
            guard let loaded = font.fileStamp else { continue }
            guard let now = try? FileStamp(path: font.path), now.device == loaded.device, now.inode == loaded.inode,
                now.size == loaded.size, now.modified == loaded.modified
            else { throw FontFileChangedError(path: font.path) }
        }
    }

    /// The sizes of `texts`, in order, with how many were measured now and how many came from the store.
    /// - Throws: `SizeStoreError`, or `FontFileChangedError` (`checkFontsUnchanged`); nothing of the batch is stored
    ///   then.
    public func measureBatch(_ texts: [String], threads: Int) throws -> MemoizedSizes {
        try memoize(texts) { measurer.measureBatch($0, threads: threads) }
    }

    /// The sizes of UTF-8 `texts` (slices of one input, as `measure batch` reads them), in order.
    public func measureBatch(utf8 texts: [ArraySlice<UInt8>], threads: Int) throws -> MemoizedSizes {
        try memoize(Self.wellFormed(texts)) { measurer.measureBatch(utf8: $0, threads: threads) }
    }

    /// The sizes of UTF-8 `texts`, measuring the misses with `batch` (whose sessions and caches outlive the call, so
    /// a stream of batches keeps them warm). `batch` must measure with this memoizer's measurer.
    public func measureBatch(utf8 texts: [ArraySlice<UInt8>], using batch: BatchMeasurer) throws -> MemoizedSizes {
        precondition(
            batch.measurer.pointSize == measurer.pointSize && batch.measurer.options == measurer.options,
            "the batch measurer must use the memoizer's settings")
        return try measureBatch(utf8: texts) { batch.measure(utf8: $0) }
    }

    /// The sizes of UTF-8 `texts`, the misses measured by `measure`, which is called only when some text is not
    /// stored, once, with those texts in order, and must return one size for each, measured with this memoizer's
    /// measurer (what it returns is stored under this memoizer's settings; a count that differs traps, a caller's
    /// bug): for a caller that makes its sessions only when something is to be measured (`measure catalog --db` on
    /// catalogs that changed little: a batch measurer's sessions for each group of settings cost more than the
    /// lookups).
    public func measureBatch(
        utf8 texts: [ArraySlice<UInt8>], measuringMisses measure: ([ArraySlice<UInt8>]) -> [TextSize]
    ) throws -> MemoizedSizes {
        try memoize(Self.wellFormed(texts)) { misses in
            let sizes = measure(misses)
            precondition(sizes.count == misses.count, "measuringMisses returns one size for each text it is given")
            return sizes
        }
    }

    /// `texts`, each ill-formed UTF-8 one replaced by its repair (U+FFFD for each maximal subpart, as measuring
    /// reads it; `String(decoding:as:)`): the text a size database keys and keeps is the text measured, so
    /// `db query --text` and `db export` name it as it was measured, and two inputs that measure as one text share one
    /// row. Well-formed texts (nearly all) are passed through untouched.
    static func wellFormed(_ texts: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
        var repaired: [ArraySlice<UInt8>]?
        for (index, text) in texts.enumerated() where !Self.isWellFormed(text) {
            if repaired == nil { repaired = texts }
            repaired?[index] = ArraySlice(String(decoding: text, as: UTF8.self).utf8)
        }
        return repaired ?? texts
    }

    /// Whether `text` is well-formed UTF-8 (`UTF8Decoding`, the package's one validator).
    private static func isWellFormed(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { UTF8Decoding.firstInvalidSequence(in: $0) == nil }
    }

    private func memoize<Text: StoreText>(_ texts: [Text], measure: ([Text]) -> [TextSize]) throws
        -> MemoizedSizes
    {
        let stored = try store.storedSizes(texts, in: settings)
        let misses = stored.indices.filter { stored[$0] == nil }
        var sizes = stored.indices.map { index in
            stored[index].map {
                withMissingGlyphs(TextSize($0), texts[index].withUTF8Bytes { String(decoding: $0, as: UTF8.self) })
            }
                ?? TextSize(width: 0, height: 0, lineCount: 0)
        }
        guard !misses.isEmpty else {
            return MemoizedSizes(sizes: sizes, measuredIndices: [], cached: texts.count)
        }
        // Each distinct missing text measured and stored once, its size given to every place it stands (`OK` a
        // thousand times in one block was measured a thousand times and counted so).
        var positions: [[UInt8]: Int] = [:]
        var distinct: [Int] = []
        var position: [Int] = []
        position.reserveCapacity(misses.count)
        for index in misses {
            let bytes = texts[index].withUTF8Bytes { Array($0) }
            if let known = positions[bytes] {
                position.append(known)
            } else {
                positions[bytes] = distinct.count
                position.append(distinct.count)
                distinct.append(index)
            }
        }
        let missTexts = distinct.map { texts[$0] }
        let measured = measure(missTexts)
        try checkFontsUnchanged()
        try store.store(missTexts, sizes: measured.map(StoredSize.init), in: settings)
        for (index, at) in zip(misses, position) { sizes[index] = measured[at] }
        return MemoizedSizes(
            sizes: sizes, measuredIndices: misses, cached: texts.count - misses.count, measured: distinct.count)
    }
}

extension MemoizingMeasurer {
    /// A stored size with the missing-glyph count the store does not keep: 0 when one font maps every character (the
    /// check that usually decides it), else counted the way measuring counts it — a cluster no one font maps whole
    /// is missing though each of its characters has a font (`FontCascade.oneFontMapsEveryScalar`).
    func withMissingGlyphs(_ size: TextSize, _ text: String) -> TextSize {
        guard !measurer.cascade.oneFontMapsEveryScalar(in: text) else { return size }
        var size = size
        size.missingGlyphs = measurer.makeSession().missingGlyphs(in: text)
        return size
    }
}

/// A memoized batch's sizes and where they came from.
public struct MemoizedSizes: Sendable, Hashable {
    /// One size per text, in input order.
    public var sizes: [TextSize]
    /// The indices of the texts not in the store before this batch, ascending (their sizes were measured now, once
    /// per distinct text); every other text's size came from the store.
    public var measuredIndices: [Int]
    /// Texts whose size came from the store.
    public var cached: Int
    /// Distinct texts measured now (and stored): a text that stands more than once among those not stored is
    /// measured once, so `measured + cached` is the batch's size only when no new text repeats.
    public var measured: Int

    /// A batch's result; each parameter sets the property of the same name (`measured` nil: one text measured for
    /// each of `measuredIndices`).
    public init(sizes: [TextSize], measuredIndices: [Int], cached: Int, measured: Int? = nil) {
        self.sizes = sizes
        self.measuredIndices = measuredIndices
        self.cached = cached
        self.measured = measured ?? measuredIndices.count
    }
}

extension TextSize {
    /// A stored size as the measurer's type.
    public init(_ stored: StoredSize) {
        self.init(width: stored.width, height: stored.height, lineCount: stored.lineCount)
    }
}

extension StoredSize {
    /// A measured size as the store keeps it.
    public init(_ size: TextSize) {
        self.init(width: size.width, height: size.height, lineCount: size.lineCount)
    }
}

/// A font file was replaced or changed after it was loaded, so its current digest does not describe the font the
/// sizes were measured with. Load the fonts again and rerun.
public struct FontFileChangedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The font file that changed.
    public var path: String

    /// The error for the font file at `path`.
    public init(path: String) {
        self.path = path
    }

    public var description: String {
        "font file changed since it was loaded: \(path) (its sizes would be stored under the new file's digest; rerun)"
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension FontFileChangedError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
