/// The header shared by GPOS and GSUB ("OpenType Layout Common Table Formats": ScriptList, FeatureList, LookupList)
/// and the walk from a feature tag to the lookups and subtables that implement it.
///
/// The measurer does not know the script or language of the text it measures, so a feature's lookups are the union
/// over every script's DefaultLangSys and every LangSys: a font that kerns Latin under 'latn' and 'DFLT' alike gives
/// the same lookups either way, and a font that kerns only under one script still kerns.
struct OpenTypeLayoutTable {
    let reader: ByteReader
    let scriptList: Int
    let featureList: Int
    let lookupList: Int
    /// "GPOS" or "GSUB", for diagnostics.
    let name: String

    /// Reads the version 1.0/1.1 header (FeatureVariations of 1.1 are ignored).
    init(_ bytes: [UInt8], name: String) throws(ByteReader.Malformed) {
        reader = ByteReader(bytes)
        self.name = name
        let major = try reader.u16(0)
        guard major == 1 else { throw ByteReader.Malformed(description: "\(name) major version \(major) is not 1") }
        scriptList = try reader.offset16(from: 0, at: 4)
        featureList = try reader.offset16(from: 0, at: 6)
        lookupList = try reader.offset16(from: 0, at: 8)
    }

    /// Ascending, deduplicated LookupList indices of every feature tagged `featureTag` that some script's
    /// DefaultLangSys or LangSys (required feature included) lists. Bad records are skipped with a diagnostic.
    func lookupIndices(feature featureTag: UInt32, diagnostics: inout [String]) -> [Int] {
        var featureIndices = Set<Int>()
        do {
            let scriptCount = Int(try reader.u16(scriptList))
            for record in 0..<scriptCount {
                do {
                    let script = try reader.offset16(from: scriptList, at: scriptList + 2 + record * 6 + 4)
                    var langSyses: [Int] = []
                    if try reader.u16(script) != 0 { langSyses.append(try reader.offset16(from: script, at: script)) }
                    let langSysCount = Int(try reader.u16(script + 2))
                    for langSys in 0..<langSysCount {
                        langSyses.append(try reader.offset16(from: script, at: script + 4 + langSys * 6 + 4))
                    }
                    for langSys in langSyses {
                        let required = try reader.u16(langSys + 2)
                        if required != 0xFFFF { featureIndices.insert(Int(required)) }
                        let count = Int(try reader.u16(langSys + 4))
                        for index in 0..<count { featureIndices.insert(Int(try reader.u16(langSys + 6 + index * 2))) }
                    }
                } catch {
                    diagnostics.append("\(name): script record \(record) skipped: \(error)")
                }
            }
        } catch {
            diagnostics.append("\(name): ScriptList unreadable: \(error)")
            return []
        }
        var lookups = Set<Int>()
        let featureCount: Int
        do { featureCount = Int(try reader.u16(featureList)) } catch {
            diagnostics.append("\(name): FeatureList unreadable: \(error)")
            return []
        }
        for index in featureIndices.sorted() {
            guard index < featureCount else {
                diagnostics.append("\(name): feature index \(index) is past the \(featureCount) features")
                continue
            }
            do {
                let record = featureList + 2 + index * 6
                guard try reader.u32(record) == featureTag else { continue }
                let feature = try reader.offset16(from: featureList, at: record + 4)
                let count = Int(try reader.u16(feature + 2))
                for lookup in 0..<count { lookups.insert(Int(try reader.u16(feature + 4 + lookup * 2))) }
            } catch {
                diagnostics.append("\(name): feature \(index) skipped: \(error)")
            }
        }
        return lookups.sorted()
    }

    /// The position of lookup `index`'s Lookup table.
    private func lookupPosition(_ index: Int) throws(ByteReader.Malformed) -> Int {
        let lookupCount = Int(try reader.u16(lookupList))
        guard index < lookupCount else {
            throw ByteReader.Malformed(description: "lookup index \(index) is past the \(lookupCount) lookups")
        }
        return try reader.offset16(from: lookupList, at: lookupList + 2 + index * 2)
    }

    /// The LookupFlag of lookup `index` ("Lookup Table": which glyph classes its matching skips, `ignoresMarks`).
    func lookupFlag(ofLookup index: Int) throws(ByteReader.Malformed) -> UInt16 {
        try reader.u16(try lookupPosition(index) + 2)
    }

    /// Whether a lookup with LookupFlag `flag` skips (some) marks when it matches: IgnoreMarks (0x0008), a mark
    /// attachment class filter (0xFF00) or a mark filtering set (0x0010), which skip every mark or every mark not of
    /// the class or set.
    static func ignoresMarks(_ flag: UInt16) -> Bool {
        flag & 0xFF18 != 0
    }

    /// The subtables of lookup `index`, each as (lookup type, table position), with Extension subtables (`extension`
    /// is 9 for GPOS, 7 for GSUB: "Extension Positioning/Substitution", format 1, Offset32) resolved to what they wrap.
    /// A subtable whose offsets are bad is a failure of its own, so the lookup's other subtables still count.
    func subtables(ofLookup index: Int, extension: UInt16) throws(ByteReader.Malformed)
        -> [Result<(type: UInt16, at: Int), ByteReader.Malformed>]
    {
        let lookup = try lookupPosition(index)
        let type = try reader.u16(lookup)
        let count = Int(try reader.u16(lookup + 4))
        try reader.require(lookup + 6, count * 2, "Lookup subtable offsets")
        return (0..<count).map { subtable in
            Result { () throws(ByteReader.Malformed) -> (type: UInt16, at: Int) in
                let at = try reader.offset16(from: lookup, at: lookup + 6 + subtable * 2)
                guard type == `extension` else { return (type, at) }
                let format = try reader.u16(at)
                guard format == 1 else {
                    throw ByteReader.Malformed(description: "Extension subtable format \(format) is not 1")
                }
                let wrapped = try reader.u16(at + 2)
                guard wrapped != `extension` else {
                    throw ByteReader.Malformed(description: "Extension subtable wraps another Extension")
                }
                return (wrapped, try reader.offset32(from: at, at: at + 4))
            }
        }
    }
}
