import Foundation
import TestSupport
import Testing

@testable import Measure

/// The session's memo of pairs kerned by lookup (`KerningMemo`) must give what the font's own lookup
/// (`LayoutEngine.kerning`) gives, for every pair, whatever was asked before it: hits, pairs that drive each other
/// out of a slot, the same two glyphs in two fonts, glyph ids too wide for its key. Checked over DejaVu Sans and Noto
/// Sans CJK SC, which both kern, and against a pair computed by hand.
@Suite struct KerningMemoTests {
    /// A memo over memory of its own, for `body`, freed after.
    static func withMemo<T>(_ body: (KerningMemo) throws -> T) rethrows -> T {
        let slots = UnsafeMutablePointer<KerningMemo.Slot>.allocate(capacity: KerningMemo.slotCount)
        slots.initialize(repeating: KerningMemo.Slot(key: 0, kern: 0), count: KerningMemo.slotCount)
        defer { slots.deallocate() }
        return try body(KerningMemo(slots: slots))
    }

    static func engine() throws -> LayoutEngine {
        let measurer = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 2)], size: 17, features: true)
        return LayoutEngine(measurer: measurer)
    }

    @Test func answersAsTheFontsDo() throws {
        let engine = try Self.engine()
        #expect(engine.kerns == [true, true])
        // The glyphs of the scalars both fonts meet in the bench's text, so that pairs kern and repeat: 400,000
        // lookups of pairs drawn from 1,200 glyphs a font, far more pairs than the 4,096 slots hold.
        let scalars = Array("AVTaoWyfi.,漢字東京あいうえおかきてはッー、。「」（）한국어ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let glyphs: [[UInt32]] = try (0..<2).map { font in
            let face = try Font(path: font == 0 ? TestFonts.dejaVuSans : TestFonts.notoSansCJK, faceIndex: font * 2)
            let named = scalars.map { face.glyphAdvance(for: $0.value).glyph }
            return named + (0..<1_200 - named.count).map { UInt32($0 * 7 % 3_000) }
        }
        var random = SplitMix64(seed: 18)
        var differing = 0
        var kerned = 0
        Self.withMemo { memo in
            for _ in 0..<400_000 {
                let font = Int(random.next(2))
                let pool = glyphs[font]
                // Mostly the named glyphs, so that pairs are asked again.
                let left = pool[random.next(random.next(4) == 0 ? pool.count : scalars.count)]
                let right = pool[random.next(random.next(4) == 0 ? pool.count : scalars.count)]
                let expected = engine.kerning(left, right, font: font)
                let found = memo.kerning(left, right, font: UInt8(font), engine: engine)
                if found.bitPattern != expected.bitPattern { differing += 1 }
                if expected != 0 { kerned += 1 }
            }
            #expect(differing == 0)
            #expect(kerned > 1_000, "pairs that kern: \(kerned)")
            // Glyph ids past 16 bits are never kept (the key has 16 bits for each): asked every time.
            for (left, right) in [(UInt32(0x1_0000), UInt32(36)), (36, 0x1_0001), (0xFFFF_FFFF, 0xFFFF_FFFF)] {
                #expect(
                    memo.kerning(left, right, font: 0, engine: engine).bitPattern
                        == engine.kerning(left, right, font: 0).bitPattern)
            }
        }
    }

    @Test func theFontIsPartOfThePair() throws {
        // The same two glyph ids kern differently in the two fonts: asked in one, then the other, then the first
        // again, each answer is its own font's.
        let engine = try Self.engine()
        var pair: (UInt32, UInt32)?
        search: for left in UInt32(0)..<400 {
            for right in UInt32(0)..<400
            where engine.kerning(left, right, font: 0) != engine.kerning(left, right, font: 1) {
                pair = (left, right)
                break search
            }
        }
        let (left, right) = try #require(pair)
        Self.withMemo { memo in
            for font in [0, 1, 0, 1, 1, 0] {
                #expect(
                    memo.kerning(left, right, font: UInt8(font), engine: engine)
                        == engine.kerning(left, right, font: font))
            }
        }
    }

    @Test func aPairComputedByHand() throws {
        // Noto Sans CJK SC (1000 units per em) kerns あ→て by −20 units and い→て by −30, て→い not at all (fontTools
        // 4.x: the GPOS PairPos lookups of `kern`): −0.34 pt and −0.51 pt at 17 pt, the first time (a miss) and every
        // time after (hits).
        let engine = try Self.engine()
        let face = try Font(path: TestFonts.notoSansCJK, faceIndex: 2)
        let (a, i, te) = (
            face.glyphAdvance(for: 0x3042).glyph, face.glyphAdvance(for: 0x3044).glyph,
            face.glyphAdvance(for: 0x3066).glyph
        )
        Self.withMemo { memo in
            for _ in 0..<3 {
                #expect(abs(memo.kerning(a, te, font: 1, engine: engine) - -0.34) < 1e-12)
                #expect(abs(memo.kerning(i, te, font: 1, engine: engine) - -0.51) < 1e-12)
                #expect(memo.kerning(te, i, font: 1, engine: engine) == 0)
            }
        }
    }
}
