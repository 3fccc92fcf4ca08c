import Measure

/// Every scalar of a corpus with its advance in points, in a dense table indexed by scalar value: what the `limit`
/// suite sums. Built (untimed) from the cascade's glyph-advance caches: a scalar's advance is the one of the first
/// font of the cascade that maps it, or the primary font's `.notdef` when none does — the advance the measurer
/// starts from before kerning, ligatures, shaping and line breaking.
public struct AdvanceTable: Sendable {
    /// `advances[scalar]` for every scalar up to the corpus's largest; 0 for scalars the corpus does not hold.
    public let advances: [Float]

    /// The table for the scalars of `lines` in `cascade` at `pointSize`.
    public init(lines: [ArraySlice<UInt8>], cascade: FontCascade, pointSize: Double) {
        var scalars = Set<UInt32>()
        for line in lines {
            for scalar in String(decoding: line, as: UTF8.self).unicodeScalars { scalars.insert(scalar.value) }
        }
        var advances = [Float](repeating: 0, count: Int(scalars.max() ?? 0) + 1)
        for value in scalars {
            let scalar = Unicode.Scalar(value)!
            let font = cascade.fonts.first { $0.maps(scalar) } ?? cascade.primary
            advances[Int(value)] = Float(font.advance(of: scalar, pointSize: pointSize))
        }
        self.advances = advances
    }

    /// The sum of the advances of the UTF-8 text's scalars: a decode and one table load per scalar, nothing else.
    /// The text must be well-formed UTF-8 whose scalars are all in the table (as the corpus it was built from is).
    @inline(__always)
    static func sum(_ text: UnsafeBufferPointer<UInt8>, table: UnsafePointer<Float>) -> Float {
        var total: Float = 0
        var index = 0
        let count = text.count
        while index < count {
            let lead = UInt32(text[index])
            if lead < 0x80 {
                total += table[Int(lead)]
                index &+= 1
            } else if lead < 0xE0 {
                total += table[Int((lead & 0x1F) << 6 | UInt32(text[index &+ 1]) & 0x3F)]
                index &+= 2
            } else if lead < 0xF0 {
                let value =
                    (lead & 0x0F) << 12 | (UInt32(text[index &+ 1]) & 0x3F) << 6
                    | UInt32(text[index &+ 2]) & 0x3F
                total += table[Int(value)]
                index &+= 3
            } else {
                let value =
                    (lead & 0x07) << 18 | (UInt32(text[index &+ 1]) & 0x3F) << 12
                    | (UInt32(text[index &+ 2]) & 0x3F) << 6 | UInt32(text[index &+ 3]) & 0x3F
                total += table[Int(value)]
                index &+= 4
            }
        }
        return total
    }
}
