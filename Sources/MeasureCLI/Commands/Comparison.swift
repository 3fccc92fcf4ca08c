import Measure

/// One row of a reference engine's output (`width<TAB>height<TAB>lines`, `../shared/reference/README.md`).
struct ReferenceRow: Equatable {
    var width: Double
    var height: Double
    var lines: Int
}

/// A reference file, read.
struct Reference {
    var path: String
    var rows: [ReferenceRow]
}

/// How `measure` agrees with one reference.
struct ReferenceAgreement {
    var path: String
    var strings: Int
    /// Strings with the same line count.
    var lineAgreement: Int
    var lineAgreementShare: Double { strings == 0 ? 0 : Double(lineAgreement) / Double(strings) }
    /// |our width − its width| over all strings, in points.
    var widthErrorMedian: Double
    var widthErrorP95: Double
    var widthErrorMax: Double
}

/// Where measure differs from every reference, the heuristic's guess of why (decided in this order).
enum DifferenceCause: String, CaseIterable {
    /// A line of our layout, a line of ours with the next segment added, or the reference's widest line is within
    /// `Comparison.roundingTolerance` of the width limit: the engines' different rounding decides the break.
    case widthRounding = "width rounding"
    /// A scalar the primary font does not map: the references used one font and drew .notdef or hex boxes.
    case fallbackFont = "fallback font"
    /// Combining marks, scripts with contextual shaping, em-dash runs, ellipses: text HarfBuzz shapes (here and in
    /// the references), where itemization, fallback and HarfBuzz versions can differ.
    case shapedText = "shaped text"
    /// Everything else: a different line-breaking decision.
    case breakRule = "break rule"
}

/// One string where measure differs from every reference.
struct Difference {
    /// 1-based line of the corpus.
    var line: Int
    var text: String
    var ours: TextSize
    var references: [ReferenceRow]
    var cause: DifferenceCause
}

/// The comparison of measured sizes with one or more references, for `measure compare`.
struct Comparison {
    /// Widths this close count as equal (width 0), and a line this close to the limit counts as "width rounding".
    static let roundingTolerance = 0.05

    var agreements: [ReferenceAgreement]
    /// With two or more references: the strings on which they all agree on line count, and how many of those we agree
    /// with too.
    var whereReferencesAgree: (strings: Int, agreeing: Int)?
    /// Strings that differ from every reference, in corpus order.
    var differences: [Difference]

    /// Compares `ours` (one size per corpus string) with each reference, and classifies the strings that differ from
    /// all of them with `session` (whose measurer measured `ours`).
    /// - Precondition: every reference has `ours.count` rows and `texts.count == ours.count`.
    init(texts: [String], ours: [TextSize], references: [Reference], session: MeasureSession) {
        let limit = session.measurer.options.maxWidth
        agreements = references.map { reference in
            var agreeing = 0
            var errors: [Double] = []
            errors.reserveCapacity(ours.count)
            for (size, row) in zip(ours, reference.rows) {
                if size.lineCount == row.lines { agreeing += 1 }
                errors.append(abs(size.width - row.width))
            }
            errors.sort()
            return ReferenceAgreement(
                path: reference.path, strings: ours.count, lineAgreement: agreeing,
                widthErrorMedian: Self.median(ofSorted: errors),
                widthErrorP95: Self.nearestRank(0.95, ofSorted: errors),
                widthErrorMax: errors.last ?? 0)
        }
        if references.count >= 2 {
            var strings = 0
            var agreeing = 0
            for (index, size) in ours.enumerated() {
                let count = references[0].rows[index].lines
                guard references.allSatisfy({ $0.rows[index].lines == count }) else { continue }
                strings += 1
                if size.lineCount == count { agreeing += 1 }
            }
            whereReferencesAgree = (strings, agreeing)
        } else {
            whereReferencesAgree = nil
        }
        differences = []
        for (index, size) in ours.enumerated() {
            let rows = references.map { $0.rows[index] }
            let differsFromAll = rows.allSatisfy { row in
                row.lines != size.lineCount || (limit == 0 && abs(row.width - size.width) > Self.roundingTolerance)
            }
            guard differsFromAll, !rows.isEmpty else { continue }
            let cause = Self.cause(of: texts[index], references: rows, session: session)
            differences.append(
                Difference(
                    line: index + 1, text: texts[index], ours: size, references: rows,
                    cause: cause))
        }
    }

    /// The first cause that applies, in `DifferenceCause` order.
    static func cause(of text: String, references: [ReferenceRow], session: MeasureSession) -> DifferenceCause {
        if isNearTheLimit(text, references: references, session: session) { return .widthRounding }
        let primary = session.measurer.cascade.primary
        if text.unicodeScalars.contains(where: { needsAGlyph($0) && !primary.maps($0) }) { return .fallbackFont }
        if needsShaping(text) { return .shapedText }
        return .breakRule
    }

    /// Width rounding (only with a width limit): some line of our layout ends within the tolerance of the limit (a
    /// reference may have found it just too wide); or a line of ours plus the first segment of the next line (when no
    /// hard break separates them) is just over the limit, by at most the tolerance (a reference may have found that it
    /// fits); or a reference's width — its widest line — is within the tolerance of the limit.
    static func isNearTheLimit(_ text: String, references: [ReferenceRow], session: MeasureSession) -> Bool {
        let limit = session.measurer.options.maxWidth
        guard limit > 0 else { return false }
        let tolerance = roundingTolerance
        if references.contains(where: { abs($0.width - limit) <= tolerance }) { return true }
        let layout = session.layout(text)
        if layout.lines.contains(where: { abs($0.width - limit) <= tolerance }) { return true }
        let utf8 = Array(text.utf8)
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let lineText = String(decoding: utf8[line.utf8Range], as: UTF8.self)
            if let last = lineText.unicodeScalars.last, isHardBreak(last) { continue }
            // The label, text-view and attributed layouts leave a line's hard break out of its range: it is between
            // the two lines, and the next line may be empty (a blank line), which has no first segment.
            let between = utf8[min(line.utf8Range.upperBound, next.utf8Range.lowerBound)..<next.utf8Range.lowerBound]
            if String(decoding: between, as: UTF8.self).unicodeScalars.contains(where: isHardBreak) { continue }
            let nextScalars = Array(String(decoding: utf8[next.utf8Range], as: UTF8.self).unicodeScalars)
            guard !nextScalars.isEmpty else { continue }
            let breaks = LineBreaker.breakOpportunities(
                in: nextScalars,
                options: session.measurer.options.lineBreaking)
            let end = (1...nextScalars.count).first { breaks[$0] != .prohibited } ?? nextScalars.count
            var candidate = lineText
            candidate.unicodeScalars.append(contentsOf: nextScalars[..<end])
            let width = session.measure(candidate, maxWidth: 0).width
            if width > limit && width - limit <= tolerance { return true }
        }
        return false
    }

    /// Whether the scalar is drawn with a glyph (not a control, a hard break or a default-ignorable character, which
    /// the references draw with nothing whatever the font).
    static func needsAGlyph(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category != .control && category != .lineSeparator && category != .paragraphSeparator
            && !scalar.properties.isDefaultIgnorableCodePoint
    }

    static func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Shaping this measurer does not do: a nonspacing, spacing or enclosing mark (Mn, Mc, Me: the references
    /// position or substitute them through `mark`/`ccmp`, we give them no advance); a scalar of a script whose glyphs
    /// are chosen in context (Arabic, Syriac, Thaana, N'Ko, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer,
    /// Mongolian); a run of two or more U+2014/U+2015 dashes (HarfBuzz's `ccmp`/`locl` join them in CJK fonts); or
    /// U+2026 … (Noto Sans CJK's `locl` gives it another advance: 1.003 pt per ellipsis at 17 pt in zh).
    static func needsShaping(_ text: String) -> Bool {
        var previousDash = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: break
            }
            if contextualScripts.contains(where: { $0.contains(scalar.value) }) { return true }
            if scalar.value == 0x2026 { return true }
            let dash = scalar.value == 0x2014 || scalar.value == 0x2015
            if dash && previousDash { return true }
            previousDash = dash
        }
        return false
    }

    /// Blocks of scripts with contextual shaping.
    static let contextualScripts: [ClosedRange<UInt32>] = [
        0x0600...0x08FF,  // Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
        0x0900...0x0DFF,  // Devanagari … Sinhala
        0x0E00...0x0FFF,  // Thai, Lao, Tibetan
        0x1000...0x109F,  // Myanmar
        0x1780...0x18AF,  // Khmer, Mongolian
        0xA8E0...0xA8FF,  // Devanagari Extended
        0xFB50...0xFDFF,  // Arabic Presentation Forms-A
        0xFE70...0xFEFC,  // Arabic Presentation Forms-B (not U+FEFF, the ignorable BOM)
    ]

    /// The mean of the middle two for an even count; 0 for none.
    static func median(ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value at fraction `p` by the nearest-rank method; 0 for none.
    static func nearestRank(_ p: Double, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
