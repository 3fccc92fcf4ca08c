/// Reads the GSUB 'liga' feature's Ligature Substitution lookups ("GSUB — The Glyph Substitution Table": "Lookup
/// Type 4: Ligature Substitution Subtable", format 1, also wrapped in "Lookup Type 7: Extension Substitution") into a
/// `LigatureTable`.
///
/// Standard ligatures change widths (DejaVu Sans's "fi" is narrower than "f" + "i"), which is why a measurer needs
/// them; other substitutions in 'liga' lookups (rare) are skipped with a diagnostic.
enum GSUBLigatureSubstitution {
    static let ligatureSubstitution: UInt16 = 4
    static let extensionSubstitution: UInt16 = 7

    static func read(_ bytes: [UInt8], diagnostics: inout [String]) -> LigatureTable {
        let table: OpenTypeLayoutTable
        do { table = try OpenTypeLayoutTable(bytes, name: "GSUB") } catch {
            diagnostics.append("GSUB header unreadable, no ligatures: \(error)")
            return .empty
        }
        let lookups = table.lookupIndices(feature: UInt32(tag: "liga"), diagnostics: &diagnostics)
        if lookups.isEmpty { diagnostics.append("GSUB has no 'liga' feature lookups") }
        var candidates: [UInt32: [(components: [UInt32], glyph: UInt32)]] = [:]
        // As for GPOS: a budget of components read stops a hostile table that points many lookups at one subtable.
        let budget = 8 * bytes.count + 1_000_000
        var work = 0
        lookups: for lookup in lookups {
            let subtables: [Result<(type: UInt16, at: Int), ByteReader.Malformed>]
            do { subtables = try table.subtables(ofLookup: lookup, extension: extensionSubstitution) } catch {
                diagnostics.append("GSUB lookup \(lookup) skipped: \(error)")
                continue
            }
            for (number, resolved) in subtables.enumerated() {
                guard work <= budget else {
                    diagnostics.append(
                        "GSUB: stopped at lookup \(lookup) subtable \(number): over \(budget) entries read")
                    break lookups
                }
                let subtable: (type: UInt16, at: Int)
                switch resolved {
                case .success(let found): subtable = found
                case .failure(let error):
                    diagnostics.append("GSUB lookup \(lookup) subtable \(number) skipped: \(error)")
                    continue
                }
                guard subtable.type == ligatureSubstitution else {
                    diagnostics.append(
                        "GSUB lookup \(lookup) subtable \(number): lookup type \(subtable.type) "
                            + "is not supported for 'liga' (only 4, Ligature Substitution)")
                    continue
                }
                do {
                    let read = try readLigatureSubst(table.reader, at: subtable.at, work: &work, budget: budget)
                    for (first, ligatures) in read { candidates[first, default: []].append(contentsOf: ligatures) }
                } catch {
                    diagnostics.append("GSUB lookup \(lookup) subtable \(number) skipped: \(error)")
                }
            }
        }
        return LigatureTable(candidates: candidates)
    }

    /// HarfBuzz's longest input sequence (`HB_MAX_CONTEXT_LENGTH`): a ligature of more components never applies
    /// there (`Ligature::apply` returns at once), so it is not read here either.
    static let longestLigature = 64

    /// One LigatureSubst format 1 subtable: per covered first glyph, its ligatures in LigatureSet order. Ligatures of
    /// one component (a plain substitution, not a ligature) and of more than `longestLigature` are left out.
    ///
    /// Adds to `work` each coverage glyph, ligature and component read and throws as soon as it passes `budget`:
    /// a subtable whose 30,000 ligature offsets all point at one ligature (a 330 KB font) would otherwise copy it
    /// 30,000 times before any check between subtables saw it.
    static func readLigatureSubst(_ reader: ByteReader, at offset: Int, work: inout Int, budget: Int = .max)
        throws(ByteReader.Malformed) -> [(first: UInt32, ligatures: [(components: [UInt32], glyph: UInt32)])]
    {
        func charge(_ entries: Int) throws(ByteReader.Malformed) {
            work += entries
            guard work <= budget else {
                throw ByteReader.Malformed(description: "over \(budget) entries read (ligatures shared past reason)")
            }
        }
        let format = try reader.u16(offset)
        guard format == 1 else {
            throw ByteReader.Malformed(description: "LigatureSubst format \(format) is not 1")
        }
        let coverage = try OpenTypeCoverage.glyphs(reader, at: try reader.offset16(from: offset, at: offset + 2))
        let setCount = Int(try reader.u16(offset + 4))
        try charge(coverage.count)
        var result: [(first: UInt32, ligatures: [(components: [UInt32], glyph: UInt32)])] = []
        for (first, index) in coverage {
            guard index < setCount else {
                throw ByteReader.Malformed(description: "coverage index \(index) is past the \(setCount) LigatureSets")
            }
            let set = try reader.offset16(from: offset, at: offset + 6 + index * 2)
            let count = Int(try reader.u16(set))
            var ligatures: [(components: [UInt32], glyph: UInt32)] = []
            for number in 0..<count {
                let ligature = try reader.offset16(from: set, at: set + 2 + number * 2)
                let glyph = UInt32(try reader.u16(ligature))
                let componentCount = Int(try reader.u16(ligature + 2))
                try charge(1)
                guard componentCount >= 2, componentCount <= Self.longestLigature else { continue }
                try charge(componentCount - 1)
                try reader.require(ligature + 4, (componentCount - 1) * 2, "Ligature components")
                var components: [UInt32] = []
                components.reserveCapacity(componentCount - 1)
                for component in 0..<componentCount - 1 {
                    components.append(UInt32(try reader.u16(ligature + 4 + component * 2)))
                }
                ligatures.append((components, glyph))
            }
            result.append((first, ligatures))
        }
        return result
    }
}
