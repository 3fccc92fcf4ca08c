#!/usr/bin/env python3
"""Generate Sources/Measure/Text/UnicodeTables.generated.swift and ScriptTables.generated.swift from the Unicode
Character Database (UCD 15.0).

Usage:
    python3 scripts/generate-unicode-tables.py [UCD_DIR]

UCD_DIR defaults to /usr/share/unicode (Debian package `unicode-data`). The script reads:

    ReadMe.txt, UnicodeData.txt         general category (gc), for LB1's SA resolution and the LB30b Cn test
    LineBreak.txt                       Line_Break
    EastAsianWidth.txt                  East_Asian_Width (LB30 excludes F, W and H)
    auxiliary/GraphemeBreakProperty.txt Grapheme_Cluster_Break (UAX #29)
    emoji/emoji-data.txt                Extended_Pictographic (GB11, LB30b), Emoji_Presentation (font choice)
    DerivedCoreProperties.txt           Default_Ignorable_Code_Point

It refuses to run (exit status 1, message on stderr) unless every file's header says Unicode 15.0, because the
line breaker implements the Unicode 15.0 revisions of UAX #14 and UAX #29 and a table from another version would
silently disagree with it.

Code points a file does not list take the defaults that file documents: its `# @missing:` lines, and for
LineBreak.txt and EastAsianWidth.txt also the ranges its header prose assigns to "ID", "PR" or "W" (the CJK and
ideographic planes, the Plane 1 pictographic ranges, the Currency Symbols block).

Line_Break values are stored after UAX #14 LB1: AI, SG and XX become AL, SA becomes CM when gc is Mn or Mc and AL
otherwise. CJ is kept so the breaker can resolve it per call.

Each code point gets a 16-bit value (layout in BITS below; the same constants are emitted into the Swift file):

    bits 0-5   LineBreakClass raw value
    bits 6-9   GraphemeBreakProperty raw value
    bit 10     Extended_Pictographic
    bit 11     East_Asian_Width is F, W or H
    bit 12     Extended_Pictographic and gc = Cn (unassigned)
    bit 13     Default_Ignorable_Code_Point
    bit 14     Emoji_Presentation (emoji-data.txt): shown as emoji by default, so measured in a colour font first

The numbering of LineBreakClass and GraphemeBreakProperty is read from the hand-written Swift enums
(Sources/Measure/Text/LineBreakClass.swift, GraphemeBreakProperty.swift), which are the single source of truth.

The values are stored in a three-array multi-stage table:

    stage1[cp >> 7]                          -> block number (UInt8)
    stage2[block << 7 | cp & 0x7F]           -> index into values (UInt8)
    values[index]                            -> the 16-bit value above

Identical 128-entry blocks are shared; UCD 15.0 has 211 distinct blocks, so a block number fits in a byte (the
script fails loudly if a future table needs more). The arrays are emitted as base64 in multi-line string literals
(a Swift array literal with tens of thousands of integers is slow to type-check), which UnicodePropertyTable.swift
decodes once, at first use.

ScriptTables.generated.swift holds the UAX #24 data the script itemizer (ScriptItemizer.swift) and the shaping
decision need, from these files as well:

    Scripts.txt, PropertyValueAliases.txt  Script (sc), numbered as the `Script` struct's raw values
    ScriptExtensions.txt                   Script_Extensions (scx)
    extracted/DerivedBidiClass.txt         Bidi_Class, for needsBidi
    BidiBrackets.txt                       Bidi_Paired_Bracket and _Type, for the itemizer's bracket pairing
    (and UnicodeData.txt, LineBreak.txt, GraphemeBreakProperty.txt, read above)

Each code point gets a 32-bit value (layout in SCRIPT_BITS below, emitted into the Swift file):

    bits 0-7    Script raw value (Zyyy 0, Zinh 1, Zzzz 2, then the other scripts by ISO 15924 code)
    bits 8-15   index into the list of distinct Script_Extensions sets (a set of Script raw values)
    bit 16      isMark: gc is Mn, Mc or Me
    bit 17      needsBidi: Bidi_Class is R, AL, AN, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI or PDI
    bit 18      isSouthEastAsian: Line_Break is SA (as listed, before LB1), so lines break by dictionary
    bit 19      needsShaping: the Script is not in SIMPLE_SCRIPTS, or any of bits 16-18, or a conjoining jamo, or
                U+200D ZERO WIDTH JOINER
    bits 20-21  bracketType: 0 none, 1 opening, 2 closing paired bracket
    bits 22-27  bracketPair: the pair number shared by the two brackets of a pair (and canonical equivalents)

and the values go into the same kind of table (stage1 block numbers, stage2 value indices, values), with
two-byte stage2 entries because there are more than 256 distinct values.

The output is deterministic: the same UCD files always produce byte-identical Swift. Both files are checked before
either is written.
"""

import base64
import collections
import re
import sys
from pathlib import Path

UNICODE_VERSION = "15.0.0"
CODE_POINT_COUNT = 0x110000
STAGE1_SHIFT = 7
BLOCK_SIZE = 1 << STAGE1_SHIFT

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
TEXT_SOURCES = PACKAGE_ROOT / "Sources" / "Measure" / "Text"
OUTPUT = TEXT_SOURCES / "UnicodeTables.generated.swift"

# Bit layout of the packed value: (shift, width) per field.
BITS = {
    "lineBreak": (0, 6),
    "graphemeBreak": (6, 4),
    "extendedPictographic": (10, 1),
    "eastAsianWide": (11, 1),
    "unassignedExtendedPictographic": (12, 1),
    "defaultIgnorable": (13, 1),
    "emojiPresentation": (14, 1),
}

# UCD Grapheme_Cluster_Break value -> Swift case name in GraphemeBreakProperty.swift.
GRAPHEME_CASE_NAMES = {
    "Other": "other",
    "CR": "cr",
    "LF": "lf",
    "Control": "control",
    "Extend": "extend",
    "ZWJ": "zwj",
    "Regional_Indicator": "regionalIndicator",
    "Prepend": "prepend",
    "SpacingMark": "spacingMark",
    "L": "l",
    "V": "v",
    "T": "t",
    "LV": "lv",
    "LVT": "lvt",
}

# ---------------------------------------------------------------------------------------------------------------
# Second output: ScriptTables.generated.swift (UAX #24 Script and Script_Extensions, for the script itemizer).

SCRIPT_OUTPUT = TEXT_SOURCES / "ScriptTables.generated.swift"

# Raw values 0, 1, 2 of `Script`: the three values that are not a writing system. Fixing them first keeps the
# itemizer's "is this a real script" test a comparison, whatever scripts a future UCD adds. The other Script values
# follow in alphabetical order of their ISO 15924 code, which is also the order ScriptExtensions.txt lists the
# scripts of a set in ("given here as alphabetical"; checked below), so the lowest raw value in a
# Script_Extensions set is its first script as the UCD lists it.
SPECIAL_SCRIPTS = ("Zyyy", "Zinh", "Zzzz")

# Scripts whose text HarfBuzz shapes with its default shaper, so that without marks, bidi or dictionary breaking
# the measurer's fast path (cached advances plus kerning and ligatures, see Shaping/ShapingTriggers.swift) gives
# HarfBuzz's answer. Every other script needs shaping. The list is deliberately short: some scripts HarfBuzz also
# sends to the default shaper (Ethiopic, Cherokee, Canadian Aboriginal, …) are left out because nobody has
# compared the two paths on them, and being wrong costs a wrong width while being conservative only costs time.
# Hangul is in the list for its precomposed syllables; its conjoining jamo (Grapheme_Cluster_Break L, V, T, which
# is Hangul_Syllable_Type L, V, T) need HarfBuzz's Hangul shaper, which composes jamo sequences, so those scalars
# get needsShaping anyway.
SIMPLE_SCRIPTS = ("Zyyy", "Zinh", "Zzzz", "Latn", "Grek", "Cyrl", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang",
                  "Bopo")

# Bidi_Class values that make a paragraph need the bidi algorithm: strong right-to-left letters (R, AL), Arabic
# digits (AN: their order depends on the algorithm) and the explicit embedding, override and isolate controls.
BIDI_CLASSES_NEEDING_BIDI = ("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")

# General_Category values of combining marks.
MARK_CATEGORIES = ("Mn", "Mc", "Me")

# Grapheme_Cluster_Break values of the Hangul conjoining jamo (see SIMPLE_SCRIPTS).
CONJOINING_JAMO = ("L", "V", "T")

# Values of the bracketType field (Bidi_Paired_Bracket_Type of BidiBrackets.txt).
BRACKET_NONE, BRACKET_OPEN, BRACKET_CLOSE = 0, 1, 2

# Bit layout of the packed 32-bit script value: (shift, width) per field; emitted into the Swift file.
SCRIPT_BITS = {
    "script": (0, 8),
    "extensions": (8, 8),
    "isMark": (16, 1),
    "needsBidi": (17, 1),
    "isSouthEastAsian": (18, 1),
    "needsShaping": (19, 1),
    "bracketType": (20, 2),
    "bracketPair": (22, 6),
}

# The script table's stage1 is indexed by cp >> SCRIPT_STAGE1_SHIFT; its stage2 entries are SCRIPT_INDEX_BYTES wide
# (UCD 15.0 has 480 distinct packed values, so one byte is not enough). Its stage1 entries take one byte while
# there are at most 256 distinct blocks (UCD 15.0 has exactly 256) and two beyond; the width is emitted into the
# Swift file. Shift 7 gives the smallest two-stage table for UCD 15.0 (74 KB; shift 6: 87 KB, shift 8: 88 KB).
SCRIPT_STAGE1_SHIFT = 7
SCRIPT_INDEX_BYTES = 2


def fail(message):
    sys.stderr.write(f"generate-unicode-tables: error: {message}\n")
    sys.exit(1)


def read_lines(path):
    if not path.is_file():
        fail(f"missing UCD file {path}")
    return path.read_text(encoding="utf-8").splitlines()


def check_header(path, lines, expected):
    """Fail unless the file's first line is the versioned name, e.g. `# LineBreak-15.0.0.txt`."""
    if not lines or lines[0].strip() != expected:
        found = lines[0].strip() if lines else "<empty file>"
        fail(f"{path} is not UCD {UNICODE_VERSION}: expected first line '{expected}', found '{found}'")


def check_contains(path, lines, needle):
    if not any(needle in line for line in lines[:40]):
        fail(f"{path} is not UCD {UNICODE_VERSION}: its header does not mention '{needle}'")


def parse_range(text):
    if ".." in text:
        first, last = text.split("..")
        return int(first, 16), int(last, 16)
    value = int(text, 16)
    return value, value


def data_records(lines):
    """Yield (first, last, fields) for each data line of a semicolon-separated UCD file."""
    for line in lines:
        content = line.split("#", 1)[0].strip()
        if not content:
            continue
        fields = [field.strip() for field in content.split(";")]
        first, last = parse_range(fields[0])
        yield first, last, fields[1:]


def missing_defaults(lines):
    """Return (first, last, value) for `# @missing:` lines, in file order."""
    result = []
    for line in lines:
        match = re.match(r"#\s*@missing:\s*([0-9A-F.]+)\s*;\s*(\S+)", line)
        if match:
            first, last = parse_range(match.group(1))
            result.append((first, last, match.group(2)))
    return result


def prose_defaults(lines):
    """Return (first, last, value) for ranges that the header prose says 'default to "X"'.

    The header bullets read like:
        #  - The unassigned code points in the following blocks default to "ID":
        #         CJK Unified Ideographs Extension A: U+3400..U+4DBF
    A new bullet ('#  - ') or an empty comment line ends the current default.
    """
    result = []
    current = None
    for line in lines:
        if not line.startswith("#"):
            break
        if re.match(r"#\s+- ", line) or line.strip() == "#":
            current = None
        match = re.search(r'default to "(\w+)"', line)
        if match:
            current = match.group(1)
            continue
        match = re.search(r"U\+([0-9A-F]{4,6})\.\.U\+([0-9A-F]{4,6})", line)
        if match and current is not None:
            result.append((int(match.group(1), 16), int(match.group(2), 16), current))
    return result


def enum_cases(path, pattern):
    """Read `case NAME = N` lines from a hand-written Swift enum: {name: rawValue}."""
    cases = {}
    for line in read_lines(path):
        match = re.match(r"\s*case\s+(\w+)\s*=\s*(\d+)\s*$", line)
        if match:
            cases[match.group(1)] = int(match.group(2))
    if not cases:
        fail(f"found no 'case NAME = N' lines in {path}")
    if len(set(cases.values())) != len(cases):
        fail(f"duplicate raw values in {path}")
    if not all(re.fullmatch(pattern, name) for name in cases):
        fail(f"unexpected case names in {path}: {sorted(cases)}")
    return cases


def general_categories(ucd):
    path = ucd / "UnicodeData.txt"
    readme = ucd / "ReadMe.txt"
    check_contains(readme, read_lines(readme), f"Version {UNICODE_VERSION}")
    gc = ["Cn"] * CODE_POINT_COUNT
    range_start = None
    for line in read_lines(path):
        if not line.strip():
            continue
        fields = line.split(";")
        code = int(fields[0], 16)
        if fields[1].endswith(", First>"):
            range_start = code
            continue
        first = range_start if fields[1].endswith(", Last>") else code
        range_start = None
        for cp in range(first, code + 1):
            gc[cp] = fields[2]
    return gc


def enumerated_property(path, header, extra_defaults):
    lines = read_lines(path)
    check_header(path, lines, header)
    defaults = missing_defaults(lines)
    if not defaults or defaults[0][:2] != (0, CODE_POINT_COUNT - 1):
        fail(f"{path} has no '# @missing: 0000..10FFFF' line")
    values = [defaults[0][2]] * CODE_POINT_COUNT
    for first, last, value in defaults[1:]:
        values[first : last + 1] = [value] * (last - first + 1)
    if extra_defaults:
        prose = prose_defaults(lines)
        found = {value for _, _, value in prose}
        if found != set(extra_defaults):
            fail(f"{path}: header defaults {sorted(found)}, expected {sorted(extra_defaults)}; header format changed?")
        for first, last, value in prose:
            values[first : last + 1] = [value] * (last - first + 1)
    for first, last, fields in data_records(lines):
        values[first : last + 1] = [fields[0]] * (last - first + 1)
    return values


def binary_property(path, lines, name):
    flags = bytearray(CODE_POINT_COUNT)
    for first, last, fields in data_records(lines):
        if fields[0] == name:
            flags[first : last + 1] = b"\x01" * (last - first + 1)
    if not any(flags):
        fail(f"{path} lists no code point with {name}")
    return flags


def resolve_line_break(raw, category):
    """UAX #14 LB1: AI, SG, XX -> AL; SA -> CM if gc is Mn or Mc, else AL. CJ stays (resolved per call)."""
    if raw in ("AI", "SG", "XX"):
        return "AL"
    if raw == "SA":
        return "CM" if category in ("Mn", "Mc") else "AL"
    return raw


def pack(value, field, bits=BITS):
    shift, width = bits[field]
    if value >= 1 << width:
        fail(f"{field} value {value} does not fit in {width} bits")
    return value << shift


def build_values(ucd, gc, line_break, grapheme):
    line_break_cases = enum_cases(TEXT_SOURCES / "LineBreakClass.swift", r"[A-Z0-9]{2,3}")
    grapheme_cases = enum_cases(TEXT_SOURCES / "GraphemeBreakProperty.swift", r"[a-zA-Z]+")
    if set(GRAPHEME_CASE_NAMES.values()) != set(grapheme_cases):
        fail(f"GraphemeBreakProperty.swift cases {sorted(grapheme_cases)} do not match the UCD values")

    east_asian = enumerated_property(
        ucd / "EastAsianWidth.txt", f"# EastAsianWidth-{UNICODE_VERSION}.txt", ["W"]
    )

    emoji_path = ucd / "emoji" / "emoji-data.txt"
    emoji_lines = read_lines(emoji_path)
    check_header(emoji_path, emoji_lines, "# emoji-data.txt")
    check_contains(emoji_path, emoji_lines, "Emoji Version " + UNICODE_VERSION.rsplit(".", 1)[0])
    pictographic = binary_property(emoji_path, emoji_lines, "Extended_Pictographic")
    presentation = binary_property(emoji_path, emoji_lines, "Emoji_Presentation")

    core_path = ucd / "DerivedCoreProperties.txt"
    core_lines = read_lines(core_path)
    check_header(core_path, core_lines, f"# DerivedCoreProperties-{UNICODE_VERSION}.txt")
    ignorable = binary_property(core_path, core_lines, "Default_Ignorable_Code_Point")

    values = [0] * CODE_POINT_COUNT
    for cp in range(CODE_POINT_COUNT):
        resolved = resolve_line_break(line_break[cp], gc[cp])
        if resolved not in line_break_cases:
            fail(f"U+{cp:04X}: Line_Break {resolved} has no case in LineBreakClass.swift")
        grapheme_name = GRAPHEME_CASE_NAMES.get(grapheme[cp])
        if grapheme_name is None:
            fail(f"U+{cp:04X}: unknown Grapheme_Cluster_Break value {grapheme[cp]}")
        values[cp] = (
            pack(line_break_cases[resolved], "lineBreak")
            | pack(grapheme_cases[grapheme_name], "graphemeBreak")
            | pack(pictographic[cp], "extendedPictographic")
            | pack(1 if east_asian[cp] in ("F", "W", "H") else 0, "eastAsianWide")
            | pack(1 if pictographic[cp] and gc[cp] == "Cn" else 0, "unassignedExtendedPictographic")
            | pack(ignorable[cp], "defaultIgnorable")
            | pack(presentation[cp], "emojiPresentation")
        )
    return values


def build_stages(values, shift=STAGE1_SHIFT, index_bytes=1, max_blocks=256):
    """Split `values` into stage1 (block numbers, at most `max_blocks` distinct), stage2 (`index_bytes`-wide
    little-endian value indices, one block of 1 << `shift` after another) and the sorted distinct values."""
    block_size = 1 << shift
    distinct = sorted(set(values))
    if len(distinct) > 1 << (8 * index_bytes):
        fail(f"{len(distinct)} distinct packed values do not fit the UInt{8 * index_bytes} stage2")
    index_of = {value: index for index, value in enumerate(distinct)}
    stage1 = []
    stage2 = bytearray()
    block_numbers = {}
    for start in range(0, CODE_POINT_COUNT, block_size):
        block = b"".join(index_of[value].to_bytes(index_bytes, "little") for value in values[start : start + block_size])
        number = block_numbers.get(block)
        if number is None:
            number = len(block_numbers)
            block_numbers[block] = number
            stage2 += block
        stage1.append(number)
    if len(block_numbers) > max_blocks:
        fail(f"{len(block_numbers)} distinct blocks do not fit the UInt{max_blocks.bit_length() - 1} stage1")
    for cp in range(CODE_POINT_COUNT):
        at = (stage1[cp >> shift] << shift | cp & (block_size - 1)) * index_bytes
        if distinct[int.from_bytes(stage2[at : at + index_bytes], "little")] != values[cp]:
            fail(f"internal error: round trip failed at U+{cp:04X}")
    return stage1, bytes(stage2), distinct


def little_endian_16(numbers):
    return b"".join(number.to_bytes(2, "little") for number in numbers)


def swift_base64_literal(data, indent):
    """A multi-line StaticString literal of `data` in base64 (see swift_wrapped_literal)."""
    return swift_wrapped_literal(base64.b64encode(data).decode("ascii"), indent)


def swift_wrapped_literal(encoded, indent):
    """A multi-line StaticString literal whose lines end in `\\` (line continuation), so it has no newlines."""
    width = 108
    chunks = [encoded[i : i + width] for i in range(0, len(encoded), width)]
    body = "\\\n".join(indent + chunk for chunk in chunks)
    return f'"""\n{body}\n{indent}"""'


def render(stage1, stage2, distinct):
    stage1_bytes = bytes(stage1)
    values_bytes = little_endian_16(distinct)
    indent = "        "
    layout = "\n".join(
        f"    /// Bit offset of the `{name}` field.\n"
        f"    @inline(__always) static var {name}Shift: UInt16 {{ {shift} }}\n"
        f"    /// Mask of the `{name}` field after shifting.\n"
        f"    @inline(__always) static var {name}Mask: UInt16 {{ 0x{(1 << width) - 1:X} }}"
        for name, (shift, width) in BITS.items()
    )
    return f"""\
// GENERATED FILE, DO NOT EDIT.
// Generated by scripts/generate-unicode-tables.py from UCD {UNICODE_VERSION}.
// Table: stage1 {len(stage1_bytes)} bytes ({len(stage1)} x UInt8), \
stage2 {len(stage2)} bytes ({len(stage2) // BLOCK_SIZE} blocks x {BLOCK_SIZE} x UInt8),
// values {len(values_bytes)} bytes ({len(distinct)} x UInt16).

extension ScalarProperties {{
{layout}
}}

extension UnicodePropertyTable {{
    /// `stage1` is indexed by `scalar >> stage1Shift`.
    @inline(__always) static var stage1Shift: UInt32 {{ {STAGE1_SHIFT} }}
    /// Number of `UInt8` entries in `stage1` (one per {BLOCK_SIZE} code points).
    static var stage1Count: Int {{ {len(stage1)} }}
    /// Number of `UInt8` entries in `stage2` ({len(stage2) // BLOCK_SIZE} distinct blocks).
    static var stage2Count: Int {{ {len(stage2)} }}
    /// Number of distinct packed `UInt16` values.
    static var valuesCount: Int {{ {len(distinct)} }}

    /// `stage1` as bytes, base64.
    static var stage1Base64: StaticString {{
        {swift_base64_literal(stage1_bytes, indent)}
    }}

    /// `stage2` as bytes, base64.
    static var stage2Base64: StaticString {{
        {swift_base64_literal(stage2, indent)}
    }}

    /// `values` as little-endian `UInt16`, base64.
    static var valuesBase64: StaticString {{
        {swift_base64_literal(values_bytes, indent)}
    }}
}}
"""


# ---------------------------------------------------------------------------------------------------------------
# Script table (second output).

ScriptData = collections.namedtuple("ScriptData", "codes names values extension_sets bracket_count")


def property_value_aliases(ucd, prop):
    """The `prop` lines of PropertyValueAliases.txt as lists of aliases (short name first), in file order."""
    path = ucd / "PropertyValueAliases.txt"
    lines = read_lines(path)
    check_header(path, lines, f"# PropertyValueAliases-{UNICODE_VERSION}.txt")
    result = []
    for line in lines:
        content = line.split("#", 1)[0].strip()
        if not content:
            continue
        fields = [field.strip() for field in content.split(";")]
        if fields[0] == prop:
            result.append(fields[1:])
    if not result:
        fail(f"{path} has no '{prop} ; …' lines")
    return result


def script_codes(ucd):
    """(codes, names): every Script value's ISO 15924 code in raw-value order, and code -> long name."""
    names = {}
    for fields in property_value_aliases(ucd, "sc"):
        if len(fields) < 2 or not re.fullmatch(r"[A-Z][a-z]{3}", fields[0]):
            fail(f"unexpected sc line in PropertyValueAliases.txt: {' ; '.join(fields)}")
        names[fields[0]] = fields[1]
    missing = [code for code in SPECIAL_SCRIPTS + SIMPLE_SCRIPTS if code not in names]
    if missing:
        fail(f"PropertyValueAliases.txt has no sc line for {missing}")
    codes = list(SPECIAL_SCRIPTS) + sorted(code for code in names if code not in SPECIAL_SCRIPTS)
    if len(codes) > 1 << SCRIPT_BITS["script"][1]:
        fail(f"{len(codes)} Script values do not fit in {SCRIPT_BITS['script'][1]} bits")
    return codes, names


def scripts_per_code_point(ucd, codes, names):
    """The Script raw value of every code point, from Scripts.txt (which spells values by their long names)."""
    raw = enumerated_property(ucd / "Scripts.txt", f"# Scripts-{UNICODE_VERSION}.txt", [])
    index_of_name = {names[code]: index for index, code in enumerate(codes)}
    unknown = sorted(set(raw) - set(index_of_name))
    if unknown:
        fail(f"Scripts.txt uses Script values PropertyValueAliases.txt does not list: {unknown}")
    if raw[0x10FFFF] != names["Zzzz"]:
        fail("Scripts.txt: unassigned code points do not default to Unknown")
    return [index_of_name[name] for name in raw]


def extensions_per_code_point(ucd, codes, script):
    """The Script_Extensions set of every code point as a tuple of Script raw values, ascending.

    A code point ScriptExtensions.txt does not list has the set {its Script value} (the file's
    `@missing: 0000..10FFFF; <script>` line).
    """
    path = ucd / "ScriptExtensions.txt"
    raw = enumerated_property(path, f"# ScriptExtensions-{UNICODE_VERSION}.txt", [])
    if raw[0x10FFFF] != "<script>":
        fail(f"{path}: expected the default '<script>', found '{raw[0x10FFFF]}'")
    index_of_code = {code: index for index, code in enumerate(codes)}
    sets = {}
    for text in set(raw) - {"<script>"}:
        members = text.split()
        if any(code not in index_of_code for code in members):
            fail(f"{path}: unknown script code in '{text}'")
        if any(code in SPECIAL_SCRIPTS for code in members):
            fail(f"{path}: '{text}' names Common, Inherited or Unknown; the itemizer assumes real scripts only")
        indices = tuple(index_of_code[code] for code in members)
        if list(indices) != sorted(set(indices)):
            # The Swift side takes the lowest raw value as the set's first script; that needs the UCD's order.
            fail(f"{path}: '{text}' is not in alphabetical order without repeats")
        sets[text] = indices
    result = []
    for cp in range(CODE_POINT_COUNT):
        text = raw[cp]
        if text == "<script>":
            result.append((script[cp],))
            continue
        members = sets[text]
        if script[cp] >= len(SPECIAL_SCRIPTS) and script[cp] not in members:
            # UAX #24: a character's Script_Extensions contain its Script value unless that is Zyyy or Zinh.
            fail(f"U+{cp:04X}: Script {codes[script[cp]]} is not among its Script_Extensions {text}")
        result.append(members)
    return result


def bidi_classes(ucd):
    """The Bidi_Class short alias (L, R, AL, …) of every code point, from extracted/DerivedBidiClass.txt.

    The file's data lines use short aliases but its `@missing` lines use long ones (Right_To_Left), so both are
    mapped through PropertyValueAliases.txt.
    """
    short_of = {}
    for fields in property_value_aliases(ucd, "bc"):
        for alias in fields:
            short_of[alias] = fields[0]
    unknown = [value for value in BIDI_CLASSES_NEEDING_BIDI if short_of.get(value) != value]
    if unknown:
        fail(f"BIDI_CLASSES_NEEDING_BIDI has values that are not bc short aliases: {unknown}")
    path = ucd / "extracted" / "DerivedBidiClass.txt"
    raw = enumerated_property(path, f"# DerivedBidiClass-{UNICODE_VERSION}.txt", [])
    unknown = sorted(set(raw) - set(short_of))
    if unknown:
        fail(f"{path} uses Bidi_Class values PropertyValueAliases.txt does not list: {unknown}")
    return [short_of[value] for value in raw]


def canonical_singletons(ucd):
    """{cp: target} for the code points whose canonical decomposition (UnicodeData.txt field 5) is one code point."""
    result = {}
    for line in read_lines(ucd / "UnicodeData.txt"):
        fields = line.split(";")
        if len(fields) > 5 and re.fullmatch(r"[0-9A-F]{4,6}", fields[5]):
            result[int(fields[0], 16)] = int(fields[5], 16)
    return result


def bracket_pairs(ucd):
    """{cp: (bracketType, pair number)} for the paired brackets of BidiBrackets.txt.

    The two brackets of a pair share a number (the closing one's Bidi_Paired_Bracket is the opening one). As UAX #9
    BD16 asks, canonically equivalent brackets share it too: U+2329/U+232A and U+3008/U+3009 close each other.
    """
    path = ucd / "BidiBrackets.txt"
    lines = read_lines(path)
    check_header(path, lines, f"# BidiBrackets-{UNICODE_VERSION}.txt")
    entries = {}
    for first, last, fields in data_records(lines):
        if first != last or len(fields) != 2 or fields[1] not in ("o", "c"):
            fail(f"{path}: unexpected line for U+{first:04X}: {fields}")
        entries[first] = (int(fields[0], 16), fields[1])
    if not entries:
        fail(f"{path} lists no bracket")
    for cp, (paired, kind) in entries.items():
        back = entries.get(paired)
        if back is None or back[0] != cp or back[1] == kind:
            fail(f"{path}: U+{cp:04X} and U+{paired:04X} are not a pair of one opening and one closing bracket")
    singletons = canonical_singletons(ucd)

    def canonical(cp):
        target = singletons.get(cp)
        return target if target in entries else cp

    openers = sorted({canonical(cp) for cp, (_, kind) in entries.items() if kind == "o"})
    number_of = {opener: number for number, opener in enumerate(openers)}
    result = {}
    for cp, (paired, kind) in entries.items():
        opener = cp if kind == "o" else paired
        result[cp] = (BRACKET_OPEN if kind == "o" else BRACKET_CLOSE, number_of[canonical(opener)])
    return result, len(openers)


def build_script_data(ucd, gc, line_break, grapheme):
    codes, names = script_codes(ucd)
    script = scripts_per_code_point(ucd, codes, names)
    extensions = extensions_per_code_point(ucd, codes, script)
    bidi = bidi_classes(ucd)
    brackets, bracket_count = bracket_pairs(ucd)

    # Singletons first (in raw-value order), then the larger sets as ScriptExtensions.txt sorts them: by size,
    # then by their scripts.
    extension_sets = sorted(set(extensions), key=lambda members: (len(members), members))
    set_index = {members: index for index, members in enumerate(extension_sets)}
    simple = {codes.index(code) for code in SIMPLE_SCRIPTS}
    needs_bidi = set(BIDI_CLASSES_NEEDING_BIDI)

    values = [0] * CODE_POINT_COUNT
    for cp in range(CODE_POINT_COUNT):
        is_mark = gc[cp] in MARK_CATEGORIES
        bidi_needed = bidi[cp] in needs_bidi
        south_east_asian = line_break[cp] == "SA"
        # U+200D ZERO WIDTH JOINER: HarfBuzz's GSUB lookups look through it (auto-ZWJ), so "f" ZWJ "fi" is the
        # "ffi" ligature there, while the fast path's ligature pairs are of adjacent glyphs only.
        shaping = (
            script[cp] not in simple or is_mark or bidi_needed or south_east_asian or grapheme[cp] in CONJOINING_JAMO
            or cp == 0x200D
        )
        bracket_type, bracket_pair = brackets.get(cp, (BRACKET_NONE, 0))
        values[cp] = (
            pack(script[cp], "script", SCRIPT_BITS)
            | pack(set_index[extensions[cp]], "extensions", SCRIPT_BITS)
            | pack(int(is_mark), "isMark", SCRIPT_BITS)
            | pack(int(bidi_needed), "needsBidi", SCRIPT_BITS)
            | pack(int(south_east_asian), "isSouthEastAsian", SCRIPT_BITS)
            | pack(int(shaping), "needsShaping", SCRIPT_BITS)
            | pack(bracket_type, "bracketType", SCRIPT_BITS)
            | pack(bracket_pair, "bracketPair", SCRIPT_BITS)
        )
    return ScriptData(codes, names, values, extension_sets, bracket_count)


def swift_case_name(long_name):
    """`Old_Italic` -> `oldItalic`, `SignWriting` -> `signWriting`."""
    parts = long_name.split("_")
    name = parts[0][:1].lower() + parts[0][1:] + "".join(parts[1:])
    if not re.fullmatch(r"[a-z][A-Za-z0-9]*", name):
        fail(f"cannot make a Swift name of the Script value {long_name}")
    return name


def render_scripts(data, stage1, stage2, distinct):
    indent = "        "
    stage1_entry_bytes = 1 if max(stage1) < 256 else 2
    stage1_bytes = b"".join(number.to_bytes(stage1_entry_bytes, "little") for number in stage1)
    values_bytes = b"".join(value.to_bytes(4, "little") for value in distinct)
    sets_bytes = b"".join(bytes([len(members), *members]) for members in data.extension_sets)
    stage2_count = len(stage2) // SCRIPT_INDEX_BYTES
    block_size = 1 << SCRIPT_STAGE1_SHIFT
    statics = []
    seen = set()
    for raw_value, code in enumerate(data.codes):
        name = swift_case_name(data.names[code])
        if name in seen:
            fail(f"two Script values map to the Swift name {name}")
        seen.add(name)
        statics.append(
            f"    /// {data.names[code].replace('_', ' ')} (`{code}`).\n"
            f"    @inline(__always) static var {name}: Script {{ Script(rawValue: {raw_value}) }}"
        )
    layout = "\n".join(
        f"    /// Bit offset of the `{name}` field.\n"
        f"    @inline(__always) static var {name}Shift: UInt32 {{ {shift} }}\n"
        f"    /// Mask of the `{name}` field after shifting.\n"
        f"    @inline(__always) static var {name}Mask: UInt32 {{ 0x{(1 << width) - 1:X} }}"
        for name, (shift, width) in SCRIPT_BITS.items()
    )
    statics_text = "\n".join(statics)
    return f"""\
// GENERATED FILE, DO NOT EDIT.
// Generated by scripts/generate-unicode-tables.py from UCD {UNICODE_VERSION} (Scripts.txt, ScriptExtensions.txt,
// PropertyValueAliases.txt, extracted/DerivedBidiClass.txt, UnicodeData.txt, LineBreak.txt, BidiBrackets.txt,
// auxiliary/GraphemeBreakProperty.txt).
// Table: stage1 {len(stage1_bytes)} bytes ({len(stage1)} x UInt{8 * stage1_entry_bytes}), \
stage2 {len(stage2)} bytes ({stage2_count // block_size} blocks x {block_size} x UInt{8 * SCRIPT_INDEX_BYTES}),
// values {len(values_bytes)} bytes ({len(distinct)} x UInt32), \
Script_Extensions sets {len(sets_bytes)} bytes ({len(data.extension_sets)} sets).

extension Script {{
    /// The number of Script values in UCD {UNICODE_VERSION}; every raw value is below it.
    static var count: Int {{ {len(data.codes)} }}

    /// The ISO 15924 code of every Script value, four ASCII letters per raw value, in raw-value order.
    static var iso15924Codes: StaticString {{
        {swift_wrapped_literal("".join(data.codes), indent)}
    }}

{statics_text}
}}

extension ScriptProperties {{
{layout}
    /// `bracketType` of an opening paired bracket (Bidi_Paired_Bracket_Type = Open).
    @inline(__always) static var bracketOpen: UInt32 {{ {BRACKET_OPEN} }}
    /// `bracketType` of a closing paired bracket (Bidi_Paired_Bracket_Type = Close).
    @inline(__always) static var bracketClose: UInt32 {{ {BRACKET_CLOSE} }}
    /// Number of distinct `bracketPair` values ({data.bracket_count} bracket pairs, canonical equivalents merged).
    static var bracketPairCount: Int {{ {data.bracket_count} }}
}}

extension ScriptTable {{
    /// `stage1` is indexed by `scalar >> stage1Shift`.
    @inline(__always) static var stage1Shift: UInt32 {{ {SCRIPT_STAGE1_SHIFT} }}
    /// Number of entries in `stage1` (one per {block_size} code points).
    static var stage1Count: Int {{ {len(stage1)} }}
    /// Bytes per `stage1` entry (little-endian).
    static var stage1EntryBytes: Int {{ {stage1_entry_bytes} }}
    /// Number of entries in `stage2` ({stage2_count // block_size} distinct blocks).
    static var stage2Count: Int {{ {stage2_count} }}
    /// Bytes per `stage2` entry (little-endian).
    static var stage2EntryBytes: Int {{ {SCRIPT_INDEX_BYTES} }}
    /// Number of distinct packed `UInt32` values.
    static var valuesCount: Int {{ {len(distinct)} }}
    /// Number of distinct Script_Extensions sets (the `extensions` field indexes them).
    static var extensionSetsCount: Int {{ {len(data.extension_sets)} }}
    /// Number of bytes of `extensionSetsBase64` once decoded.
    static var extensionSetsByteCount: Int {{ {len(sets_bytes)} }}

    /// `stage1` as little-endian entries of `stage1EntryBytes` bytes, base64.
    static var stage1Base64: StaticString {{
        {swift_base64_literal(stage1_bytes, indent)}
    }}

    /// `stage2` as little-endian entries of `stage2EntryBytes` bytes, base64.
    static var stage2Base64: StaticString {{
        {swift_base64_literal(stage2, indent)}
    }}

    /// `values` as little-endian `UInt32`, base64.
    static var valuesBase64: StaticString {{
        {swift_base64_literal(values_bytes, indent)}
    }}

    /// The Script_Extensions sets, each a count byte followed by that many Script raw values (ascending), base64.
    static var extensionSetsBase64: StaticString {{
        {swift_base64_literal(sets_bytes, indent)}
    }}
}}
"""


def main():
    if len(sys.argv) > 2:
        fail("usage: generate-unicode-tables.py [UCD_DIR]")
    ucd = Path(sys.argv[1] if len(sys.argv) == 2 else "/usr/share/unicode")
    if not ucd.is_dir():
        fail(f"UCD directory {ucd} does not exist")
    gc = general_categories(ucd)
    line_break = enumerated_property(ucd / "LineBreak.txt", f"# LineBreak-{UNICODE_VERSION}.txt", ["ID", "PR"])
    grapheme = enumerated_property(
        ucd / "auxiliary" / "GraphemeBreakProperty.txt", f"# GraphemeBreakProperty-{UNICODE_VERSION}.txt", []
    )
    # Read and check every input before writing either output, so a bad UCD leaves both files untouched.
    values = build_values(ucd, gc, line_break, grapheme)
    script_data = build_script_data(ucd, gc, line_break, grapheme)
    stage1, stage2, distinct = build_stages(values)
    script_stages = build_stages(script_data.values, SCRIPT_STAGE1_SHIFT, SCRIPT_INDEX_BYTES, 1 << 16)
    text = render(stage1, stage2, distinct)
    script_text = render_scripts(script_data, *script_stages)
    OUTPUT.write_text(text, encoding="utf-8")
    print(
        f"wrote {OUTPUT.relative_to(PACKAGE_ROOT)}: stage1 {len(stage1)} B, stage2 {len(stage2)} B, "
        f"values {len(distinct) * 2} B"
    )
    SCRIPT_OUTPUT.write_text(script_text, encoding="utf-8")
    script_stage1, script_stage2, script_distinct = script_stages
    print(
        f"wrote {SCRIPT_OUTPUT.relative_to(PACKAGE_ROOT)}: stage1 {len(script_stage1)} entries, "
        f"stage2 {len(script_stage2)} B, values {len(script_distinct) * 4} B, "
        f"{len(script_data.extension_sets)} Script_Extensions sets"
    )


if __name__ == "__main__":
    main()
