extension Font {
    /// The glyph `scalar` maps to in this face (0, `.notdef`, when it maps none), for drawing a cluster the
    /// measurer did not shape (colour-bitmap runs).
    public func glyphID(of scalar: Unicode.Scalar) -> UInt32 {
        glyphAdvance(for: scalar.value).glyph
    }
}
