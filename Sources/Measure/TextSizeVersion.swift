/// The measuring engine's version. It names the rules that produce a size, so stored sizes can be keyed by it: it
/// changes whenever a change to the code could change any measured width, height or line count, or what a size
/// database's settings key holds (0.4.1: the cascade's font for each script, which 0.4.0 keys left out, so a
/// 0.4.0 key cannot say which of two cascades it was measured with; 0.4.2: in the default cascade, a script's letters
/// in its script's font on the fast path too, and punctuation DejaVu Sans maps kept in it in shaped runs; 0.4.3: each
/// paragraph's script runs resolved alone, so a paragraph's leading punctuation no longer takes the script of the
/// paragraph before it; a positive tail indent wider than the box no longer widens the wrap width; a height limit
/// counts the outer paragraph spacing above the first line where that is counted; 0.4.4: no pair kerned across a script
/// run inside a segment whose ends share a script (`中"d"文`), nor into a closing bracket in its opening bracket's run;
/// a pair kerned into whitespace that hangs keeps HarfBuzz's part of it on the letter before, "A " in Liberation Sans;
/// 0.4.5: a Unicode space no font maps takes the primary font's space glyph at HarfBuzz's width for it, U+2011 the
/// glyph of U+2010, and a precomposed letter the font can draw decomposed is shaped so, not `.notdef`; 0.4.6: a
/// cluster HarfBuzz shaped into several glyphs kerns against the segment after it by the glyph HarfBuzz's pair kerning
/// sees there, its last, past marks only where the font's `kern` lookups skip them).
public enum TextSizeVersion {
    /// The engine's version: part of every size database settings key, so that sizes from an engine that measures
    /// differently are never served.
    public static let engine = "0.4.6"
}
