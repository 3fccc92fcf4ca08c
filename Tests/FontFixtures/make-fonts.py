"""Builds the test fonts of this folder (fontTools: `pip install fonttools`, then `python3 make-fonts.py`).

MarkCursMC.ttf and MarkCursCM.ttf: glyphs a, b, c, each 600 units wide; `b` attaches to `a` as a mark (MarkBase, under
`mark`) and joins `c` cursively (under `curs`). In MC the mark lookup comes first, so HarfBuzz's cursive attachment
reads the offset it set into b's advance ("abc": 600 800 600 with `mark`, 600 500 600 without); in CM the cursive one
comes first and turning `mark` off changes no advance. `MarkPositioningTests` holds the proof to both.

KernSpace.ttf: glyphs space (250 units), A, V and T (600 each; 1,000 units an em); GPOS 'kern' pairs A space -100,
A V -80, V A -80, T A -60 and space T -40 (value 1's XAdvance, as fonts made for Arial's metrics kern a letter with the
space). `HangingKerningTests` measures where a pair into a hanging space counts.

KernMarks*.ttf: glyphs space (250 units), A, V, C (600 each), a (500) and a combining caron U+030C (no advance; 1,000
units an em; no Č, which HarfBuzz draws as C and the caron); pairs A V -80, V A -80, V a -60, C C -30 and caron a -25.
KernMarks.ttf kerns in a GPOS lookup that matches marks (LookupFlag 0, as DejaVu Sans and Noto Sans CJK), so a caron
ends a pair and begins its own; KernMarksSkip.ttf's lookup has IgnoreMarks (as Noto Sans), KernMarksLegacy.ttf kerns by
a legacy 'kern' table (which HarfBuzz applies ignoring marks), and those three class the caron a mark in GDEF;
KernMarksSkipNoGDEF.ttf and KernMarksNoGDEF.ttf have no GDEF (HarfBuzz classes the caron a mark by its Unicode
category), the first with IgnoreMarks.
`TrailingGlyphTests` measures the pairs across a cluster's marks.
"""
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen


def build(path, order):
    names = [".notdef", "space", "a", "b", "c"]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", 0x61: "a", 0x62: "b", 0x63: "c"})

    def box():
        pen = TTGlyphPen(None)
        pen.moveTo((50, 0))
        pen.lineTo((50, 500))
        pen.lineTo((500, 500))
        pen.lineTo((500, 0))
        pen.closePath()
        return pen.glyph()

    builder.setupGlyf({name: (box() if name != "space" else TTGlyphPen(None).glyph()) for name in names})
    builder.setupHorizontalMetrics({name: (600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "MarkCurs" + order, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    mark = "lookup MARK { pos base [a] <anchor 300 0> mark @M; } MARK;\n"
    curs = "lookup CURS { pos cursive b <anchor NULL> <anchor 500 0>; pos cursive c <anchor 0 0> <anchor NULL>; } CURS;\n"
    features = (
        "markClass [b] <anchor 0 0> @M;\n"
        + (mark + curs if order == "MC" else curs + mark)
        + "feature curs { lookup CURS; } curs;\nfeature mark { lookup MARK; } mark;\n"
        + "table GDEF { GlyphClassDef [a b c], , , ; } GDEF;\n"
    )
    addOpenTypeFeaturesFromString(builder.font, features)
    builder.save(path)


def build_kern_space(path):
    names = [".notdef", "space", "A", "V", "T"]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", 0x41: "A", 0x56: "V", 0x54: "T"})

    def box():
        pen = TTGlyphPen(None)
        pen.moveTo((50, 0))
        pen.lineTo((50, 700))
        pen.lineTo((550, 700))
        pen.lineTo((550, 0))
        pen.closePath()
        return pen.glyph()

    builder.setupGlyf({name: (box() if name != "space" else TTGlyphPen(None).glyph()) for name in names})
    builder.setupHorizontalMetrics({name: (250 if name == "space" else 600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "KernSpace", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    features = (
        "feature kern {\n"
        "  pos A space -100;\n  pos A V -80;\n  pos V A -80;\n  pos T A -60;\n  pos space T -40;\n"
        "} kern;\n"
    )
    addOpenTypeFeaturesFromString(builder.font, features)
    builder.save(path)


def build_kern_marks(path, variant):
    names = [".notdef", "space", "A", "V", "C", "a", "uni030C"]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", 0x41: "A", 0x56: "V", 0x43: "C", 0x61: "a", 0x30C: "uni030C"})

    def box(top):
        pen = TTGlyphPen(None)
        pen.moveTo((50, 0))
        pen.lineTo((50, top))
        pen.lineTo((450, top))
        pen.lineTo((450, 0))
        pen.closePath()
        return pen.glyph()

    builder.setupGlyf({name: (TTGlyphPen(None).glyph() if name == "space" else box(700)) for name in names})
    widths = {".notdef": 500, "space": 250, "A": 600, "V": 600, "C": 600, "a": 500, "uni030C": 0}
    builder.setupHorizontalMetrics({name: (widths[name], 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "KernMarks " + variant, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    pairs = [("A", "V", -80), ("V", "A", -80), ("V", "a", -60), ("C", "C", -30), ("uni030C", "a", -25)]
    gdef = "table GDEF { GlyphClassDef [space A V C a], , [uni030C], ; } GDEF;\n"
    if variant == "legacy":
        from fontTools.ttLib import newTable
        from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

        kern = newTable("kern")
        kern.version = 0
        subtable = KernTable_format_0()
        subtable.version, subtable.coverage = 0, 1
        subtable.kernTable = {(left, right): value for left, right, value in pairs}
        kern.kernTables = [subtable]
        builder.font["kern"] = kern
        addOpenTypeFeaturesFromString(builder.font, gdef)
    else:
        flag = "lookupflag IgnoreMarks;\n" if variant.startswith("skip") else ""
        rules = "".join("  pos %s %s %d;\n" % pair for pair in pairs)
        features = "feature kern {\n" + flag + rules + "} kern;\n"
        addOpenTypeFeaturesFromString(builder.font, features + ("" if variant.endswith("nogdef") else gdef))
    builder.save(path)


here = os.path.dirname(os.path.abspath(__file__))
build(os.path.join(here, "MarkCursMC.ttf"), "MC")
build(os.path.join(here, "MarkCursCM.ttf"), "CM")
build_kern_space(os.path.join(here, "KernSpace.ttf"))
build_kern_marks(os.path.join(here, "KernMarks.ttf"), "marks")
build_kern_marks(os.path.join(here, "KernMarksSkip.ttf"), "skip")
build_kern_marks(os.path.join(here, "KernMarksLegacy.ttf"), "legacy")
build_kern_marks(os.path.join(here, "KernMarksSkipNoGDEF.ttf"), "skip-nogdef")
build_kern_marks(os.path.join(here, "KernMarksNoGDEF.ttf"), "nogdef")
