/// A font's Unicode character map — its `cmap` subtable of format 4 (segments) or 12 (groups) — read once into
/// arrays, so that any thread can map a scalar to a glyph with no FreeType call and no lock.
///
/// Why: every scalar a cascade meets for the first time is looked up in each font until one maps it, and through
/// FreeType that lookup has to hold the font's lock (a face is used by one thread at a time). Two threads starting on
/// the same text meet the same new scalars at the same moment, and queued on that lock: in a two-thread cold CJK pass
/// the lock's futex calls were 4.3 % of the samples (`perf record -g`), against 0.1 % with one thread.
///
/// It reads the very subtable FreeType selected for the face (same platform, encoding and format), and only when
/// that subtable is well formed in the strict sense — segments or groups sorted and disjoint, every read inside the
/// table — where `FT_Get_Char_Index` has exactly one answer, which `glyph(for:)` reproduces (FreeType 2.12's
/// `tt_cmap4_char_map_binary` and `tt_cmap12_char_map_binary`, and the final "glyph index past the face's glyphs is
/// 0" of `FT_Get_Char_Index`). Anything else — another format, overlapping or unsorted segments (FreeType has
/// special searches for those), a read past the table's end, two subtables FreeType could have meant — gives nil,
/// and the font asks FreeType under its lock as before. `CharacterMapTests` checks the two agree on every scalar of
/// every font the tests can find.
///
/// Format 4 (OpenType `cmap`, "Format 4: Segment mapping to delta values"): segment i covers `startCode[i] …
/// endCode[i]`; with `idRangeOffset[i]` 0 the glyph is `(c + idDelta[i]) mod 65536`, otherwise the word at
/// `&idRangeOffset[i] + idRangeOffset[i] + 2 (c − startCode[i])` holds it, and a nonzero one gets `idDelta[i]` added
/// mod 65536. Format 12 ("Format 12: Segmented coverage"): group i maps `startCharCode … endCharCode` to
/// `startGlyphID + (c − startCharCode)`.
struct CharacterMap: Sendable {
    private enum Table: Sendable {
        case segments(Segments)
        case groups(Groups)
    }

    /// A format 4 subtable's arrays, and the whole `cmap` table for its glyph-index words.
    private struct Segments: Sendable {
        var ends: [UInt16] = []
        var starts: [UInt16] = []
        var deltas: [UInt16] = []
        var rangeOffsets: [UInt16] = []
        /// Where `idRangeOffset[0]` is in `table`.
        var rangeOffsetsAt = 0
        var table: [UInt8] = []
    }

    /// A format 12 subtable's groups.
    private struct Groups: Sendable {
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        var glyphs: [UInt32] = []
    }

    private let map: Table
    /// The face's glyph count: FreeType answers 0 for a glyph index at or past it.
    private let glyphCount: UInt32
    /// One bit per 256 scalars from U+0000 to U+10FFFF (`scalar >> 8`), set where a segment or group reaches: a
    /// scalar whose bit is clear maps to nothing, which `mayMap` tells without the binary search (a cascade asks its
    /// first font, DejaVu Sans, about every ideograph before Noto Sans CJK, and DejaVu Sans maps none).
    private let pages: [UInt64]
    /// The number of 256-scalar pages `pages` covers.
    private static let pageCount = 0x11_0000 >> 8

    /// The subtable of the `cmap` table `table` with `platformID`, `encodingID` and `format`, or nil when it is not
    /// one this type reads exactly as FreeType does (see the type's comment).
    init?(table: [UInt8], platformID: UInt16, encodingID: UInt16, format: Int, glyphCount: Int) {
        guard glyphCount > 0, glyphCount <= 0x1_0000, format == 4 || format == 12 else { return nil }
        let reader = ByteReader(table)
        guard let offset = Self.subtableOffset(reader, platformID: platformID, encodingID: encodingID, format: format)
        else { return nil }
        self.glyphCount = UInt32(glyphCount)
        do throws(ByteReader.Malformed) {
            if format == 4 {
                guard let segments = try Self.segments(reader, at: offset) else { return nil }
                map = .segments(segments)
                pages = Self.pages(starts: segments.starts, ends: segments.ends)
            } else {
                guard let groups = try Self.groups(reader, at: offset) else { return nil }
                map = .groups(groups)
                pages = Self.pages(starts: groups.starts, ends: groups.ends)
            }
        } catch {
            return nil
        }
    }

    /// Whether `scalar` may map to a glyph: false only where no segment or group reaches its page of 256 scalars,
    /// so that `glyph(for:)` is 0 (true for values past U+10FFFF, which the search answers).
    @inline(__always)
    func mayMap(_ scalar: UInt32) -> Bool {
        let page = Int(scalar >> 8)
        guard page < Self.pageCount else { return true }
        return pages[page >> 6] & (1 << UInt64(page & 63)) != 0
    }

    /// The glyph that maps `scalar`, 0 when none does: what `FT_Get_Char_Index` answers for the same subtable.
    func glyph(for scalar: UInt32) -> UInt32 {
        guard mayMap(scalar) else { return 0 }
        let glyph: UInt32
        switch map {
        case .segments(let segments): glyph = Self.glyph(for: scalar, in: segments)
        case .groups(let groups): glyph = Self.glyph(for: scalar, in: groups)
        }
        return glyph < glyphCount ? glyph : 0
    }

    private static func glyph(for scalar: UInt32, in segments: Segments) -> UInt32 {
        guard scalar < 0x1_0000 else { return 0 }
        let code = UInt16(scalar)
        let low = firstEnd(atLeast: code, in: segments.ends)
        guard low < segments.ends.count, segments.starts[low] <= code else { return 0 }
        let delta = segments.deltas[low]
        let rangeOffset = Int(segments.rangeOffsets[low])
        if rangeOffset == 0 { return UInt32(code &+ delta) }
        if rangeOffset == 0xFFFF { return 0 }
        let at = segments.rangeOffsetsAt + 2 * low + rangeOffset + 2 * Int(code - segments.starts[low])
        // Only the last segment, U+FFFF alone, may point past the table (FreeType reads it as unmapped).
        guard at + 2 <= segments.table.count else { return 0 }
        let word = UInt16(segments.table[at]) << 8 | UInt16(segments.table[at + 1])
        return word == 0 ? 0 : UInt32(word &+ delta)
    }

    private static func glyph(for scalar: UInt32, in groups: Groups) -> UInt32 {
        let low = firstEnd(atLeast: scalar, in: groups.ends)
        guard low < groups.ends.count, groups.starts[low] <= scalar else { return 0 }
        let (glyph, overflow) = groups.glyphs[low].addingReportingOverflow(scalar - groups.starts[low])
        return overflow ? 0 : glyph
    }

    /// `pages` for segments or groups `starts[i] … ends[i]`: the bit of every page each reaches, from its first
    /// scalar's page to its last's (below U+110000).
    private static func pages<Code: FixedWidthInteger>(starts: [Code], ends: [Code]) -> [UInt64] {
        var pages = [UInt64](repeating: 0, count: (pageCount + 63) / 64)
        for (start, end) in zip(starts, ends) {
            let first = Int(start) >> 8
            guard first < pageCount else { continue }
            for page in first...min(Int(end) >> 8, pageCount - 1) {
                pages[page >> 6] |= 1 << UInt64(page & 63)
            }
        }
        return pages
    }

    /// The index of the first of the sorted `ends` at or after `code`, or `ends.count`: the only segment or group
    /// that can hold `code`, since they are sorted and disjoint.
    @inline(__always)
    private static func firstEnd<Code: FixedWidthInteger>(atLeast code: Code, in ends: [Code]) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) >> 1
            if ends[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The offset of the one subtable with `platformID`, `encodingID` and `format`; nil when there is none, or
    /// several at different offsets (which of them FreeType selected cannot be told).
    private static func subtableOffset(_ reader: ByteReader, platformID: UInt16, encodingID: UInt16, format: Int)
        -> Int?
    {
        do throws(ByteReader.Malformed) {
            let count = Int(try reader.u16(2))
            var found: Int?
            for record in 0..<count {
                let at = 4 + 8 * record
                guard try reader.u16(at) == platformID, try reader.u16(at + 2) == encodingID else { continue }
                let offset = Int(try reader.u32(at + 4))
                guard Int(try reader.u16(offset)) == format else { continue }
                if let found, found != offset { return nil }
                found = offset
            }
            return found
        } catch {
            return nil
        }
    }

    /// A format 4 subtable at `offset`, or nil when its segments are not sorted and disjoint or a glyph-index range
    /// leaves the table.
    private static func segments(_ reader: ByteReader, at offset: Int) throws(ByteReader.Malformed) -> Segments? {
        let doubled = Int(try reader.u16(offset + 6))
        guard doubled % 2 == 0 else { return nil }
        let count = doubled / 2
        let endsAt = offset + 14
        let startsAt = offset + 16 + doubled
        let deltasAt = startsAt + doubled
        let rangeOffsetsAt = deltasAt + doubled
        try reader.require(offset, 16 + 4 * doubled, "format 4 arrays")
        var segments = Segments()
        segments.rangeOffsetsAt = rangeOffsetsAt
        segments.table = reader.bytes
        for index in 0..<count {
            let end = try reader.u16(endsAt + 2 * index)
            let start = try reader.u16(startsAt + 2 * index)
            let rangeOffset = try reader.u16(rangeOffsetsAt + 2 * index)
            guard start <= end else { return nil }
            if let previous = segments.ends.last, start <= previous { return nil }
            let isLastFFFF = index == count - 1 && start == 0xFFFF && end == 0xFFFF
            if rangeOffset != 0 && rangeOffset != 0xFFFF && !isLastFFFF {
                // Every glyph word of the segment lies after the rangeOffset array and inside the table, as
                // FreeType's validation requires of the subtable it selected.
                let first = rangeOffsetsAt + 2 * index + Int(rangeOffset)
                guard first >= rangeOffsetsAt + doubled else { return nil }
                try reader.require(first, 2 * (Int(end) - Int(start) + 1), "format 4 glyph indices")
            }
            segments.ends.append(end)
            segments.starts.append(start)
            segments.deltas.append(try reader.u16(deltasAt + 2 * index))
            segments.rangeOffsets.append(rangeOffset)
        }
        return segments
    }

    /// A format 12 subtable at `offset`, or nil when its groups are not sorted and disjoint.
    private static func groups(_ reader: ByteReader, at offset: Int) throws(ByteReader.Malformed) -> Groups? {
        let count = Int(try reader.u32(offset + 12))
        try reader.require(offset + 16, 12 * count, "format 12 groups")
        var groups = Groups()
        groups.starts.reserveCapacity(count)
        groups.ends.reserveCapacity(count)
        groups.glyphs.reserveCapacity(count)
        for index in 0..<count {
            let at = offset + 16 + 12 * index
            let start = try reader.u32(at)
            let end = try reader.u32(at + 4)
            guard start <= end else { return nil }
            if let previous = groups.ends.last, start <= previous { return nil }
            groups.starts.append(start)
            groups.ends.append(end)
            groups.glyphs.append(try reader.u32(at + 8))
        }
        return groups
    }
}
