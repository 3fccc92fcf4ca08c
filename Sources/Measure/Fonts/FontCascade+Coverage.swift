/// Which characters of a text no font of a cascade has: what a measurement counts as `TextSize.missingGlyphs`,
/// spelled out for warnings and reports.
extension FontCascade {
    /// The distinct scalars of `text` that no font of the cascade maps, in order of first appearance, at most `limit`
    /// of them. Controls (tab and hard breaks among them) and default-ignorable scalars (joiners, variation
    /// selectors), which take no glyph of their own, are not counted, nor are the characters the primary font has a
    /// stand-in for (`StandInGlyphs`: U+3000 in Liberation Sans is measured as HarfBuzz measures it, its space glyph
    /// an em wide; U+2011 as U+2010) or draws decomposed (Č as C and U+030C in Noto Sans CJK); a space with none is (a
    /// cascade whose primary font has no U+0020).
    public func unmappedScalars(in text: String, limit: Int = 8) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        let table = UnicodePropertyTable.shared
        let standIns = StandInGlyphs(font: primary)
        for scalar in text.unicodeScalars where found.count < limit {
            let value = scalar.value
            if Self.needsNoGlyph(value, table) || standIns.glyphAdvance(for: value) != nil { continue }
            guard !seen.contains(value) else { continue }
            if !fonts.contains(where: { $0.maps(scalar) }) && !standIns.drawsDecomposed(value) {
                seen.insert(value)
                found.append(scalar)
            }
        }
        return found
    }

    /// Whether one font of the cascade maps every character of `text` that needs a glyph: then every grapheme
    /// cluster has a font that maps it whole, and measuring counts no missing glyph (`TextSize.missingGlyphs` is 0).
    /// Where no one font does, a cluster may still lack one though each of its characters has a font (an emoji with a
    /// Bengali vowel sign after it is one cluster): only measuring says. What answers from a size database, which
    /// does not keep the count, ask first; only the fonts that map the text's first such character are tried.
    package func oneFontMapsEveryScalar(in text: String) -> Bool {
        let table = UnicodePropertyTable.shared
        let scalars = text.unicodeScalars
        // A character no font maps that the primary font has a stand-in for is measured, not missing. (One it draws
        // decomposed is left to measuring, as one no font maps: the answer is then false.) Most text has none, and
        // is read as before: one test of each scalar's value here.
        let standIns = StandInGlyphs(font: primary)
        func standsIn(_ scalar: Unicode.Scalar) -> Bool {
            StandInGlyphs.mayStandIn(scalar.value) && standIns.glyphAdvance(for: scalar.value) != nil
                && !fonts.contains { $0.maps(scalar) }
        }
        let hasStandIns = scalars.contains(where: standsIn)
        // A stand-in in a cluster with more than itself (a mark, a joiner or a selector after it, a prepended
        // scalar before it) is in a cluster only measuring decides about: not answered here.
        if hasStandIns {
            var previous: Unicode.Scalar?
            for scalar in scalars {
                if let previous {
                    let joined = table.properties(of: scalar.value).graphemeBreak
                    let joins =
                        joined == .extend || joined == .zwj || joined == .spacingMark
                        || table.properties(of: previous.value).graphemeBreak == .prepend
                    if joins && (standsIn(previous) || standsIn(scalar)) { return false }
                }
                previous = scalar
            }
        }
        func needsNoGlyph(_ scalar: Unicode.Scalar) -> Bool {
            Self.needsNoGlyph(scalar.value, table) || (hasStandIns && standsIn(scalar))
        }
        guard let first = scalars.first(where: { !needsNoGlyph($0) }) else { return true }
        return fonts.contains { font in
            font.maps(first) && scalars.allSatisfy { needsNoGlyph($0) || font.maps($0) }
        }
    }

    /// Whether `value` is measured without a glyph of its own — a control (tab, hard breaks), a line or paragraph
    /// separator, a default-ignorable character — so that no font need map it. (Spaces take their glyph's advance:
    /// one no font maps takes the primary font's stand-in, `StandInGlyphs`, or else is measured as `.notdef` and
    /// counted, `LayoutEngine.measureSingle`.)
    private static func needsNoGlyph(_ value: UInt32, _ table: UnicodePropertyTable) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0) || (0x2028...0x2029).contains(value)
            || table.properties(of: value).isDefaultIgnorable
    }

    /// "U+0E01 THAI CHARACTER KO KAI": a scalar as a warning names it (the name when the runtime knows it).
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if let name = scalar.properties.name { return code + " " + name }
        return code
    }
}
