import Testing

@testable import MeasureCLI

/// The warning for clusters measured as `.notdef`: it names the characters no font has, and says so where there are
/// none — clusters whose characters each have a font but no one font has them all.
@Suite struct MissingGlyphWarningTests {
    /// U+1F389 PARTY POPPER then U+09C7 BENGALI VOWEL SIGN E is one cluster: Noto Color Emoji has the one, Noto Sans
    /// Bengali the other, no font of the default cascade both (a soak sweep's warning said "1 character … has no font"
    /// and named none).
    @Test func aClusterNoOneFontHasIsSaidAsSuch() {
        let result = Workspace.run(["text", "ন🎉েম", "--size", "17", "--width", "0"])
        #expect(result.status == 0)
        #expect(
            result.error
                == "warning: 1 character cluster in 1 string has no font in the cascade that has all of its characters "
                + "(each character has a font, none has the whole cluster; measured as .notdef); give a --font that "
                + "covers them\n")
        // A character no font has is named, as before.
        let unmapped = Workspace.run(["text", "a\u{E000}b", "--size", "17", "--width", "0"])
        #expect(unmapped.error.hasPrefix("warning: 1 character in 1 string has no font in the cascade"))
        #expect(unmapped.error.contains("U+E000"))
    }
}
