#!/usr/bin/env python3
"""Generate Sources/Measure/Text/UnicodeTables.generated.swift from the Unicode Character Database (UCD 15.0).

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

The output is deterministic: the same UCD files always produce byte-identical Swift.
"""

import base64
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


def pack(value, field):
    shift, width = BITS[field]
    if value >= 1 << width:
        fail(f"{field} value {value} does not fit in {width} bits")
    return value << shift


def build_values(ucd):
    line_break_cases = enum_cases(TEXT_SOURCES / "LineBreakClass.swift", r"[A-Z0-9]{2,3}")
    grapheme_cases = enum_cases(TEXT_SOURCES / "GraphemeBreakProperty.swift", r"[a-zA-Z]+")
    if set(GRAPHEME_CASE_NAMES.values()) != set(grapheme_cases):
        fail(f"GraphemeBreakProperty.swift cases {sorted(grapheme_cases)} do not match the UCD values")

    gc = general_categories(ucd)
    line_break = enumerated_property(ucd / "LineBreak.txt", f"# LineBreak-{UNICODE_VERSION}.txt", ["ID", "PR"])
    east_asian = enumerated_property(
        ucd / "EastAsianWidth.txt", f"# EastAsianWidth-{UNICODE_VERSION}.txt", ["W"]
    )
    grapheme = enumerated_property(
        ucd / "auxiliary" / "GraphemeBreakProperty.txt", f"# GraphemeBreakProperty-{UNICODE_VERSION}.txt", []
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


def build_stages(values):
    distinct = sorted(set(values))
    if len(distinct) > 256:
        fail(f"{len(distinct)} distinct packed values do not fit the UInt8 stage2")
    index_of = {value: index for index, value in enumerate(distinct)}
    stage1 = []
    stage2 = bytearray()
    block_numbers = {}
    for start in range(0, CODE_POINT_COUNT, BLOCK_SIZE):
        block = bytes(index_of[value] for value in values[start : start + BLOCK_SIZE])
        number = block_numbers.get(block)
        if number is None:
            number = len(block_numbers)
            block_numbers[block] = number
            stage2 += block
        stage1.append(number)
    if len(block_numbers) > 256:
        fail(f"{len(block_numbers)} distinct blocks do not fit the UInt8 stage1")
    for cp in range(CODE_POINT_COUNT):
        if distinct[stage2[stage1[cp >> STAGE1_SHIFT] << STAGE1_SHIFT | cp & (BLOCK_SIZE - 1)]] != values[cp]:
            fail(f"internal error: round trip failed at U+{cp:04X}")
    return stage1, bytes(stage2), distinct


def little_endian_16(numbers):
    return b"".join(number.to_bytes(2, "little") for number in numbers)


def swift_base64_literal(data, indent):
    """A multi-line StaticString literal whose lines end in `\\` (line continuation), so it has no newlines."""
    encoded = base64.b64encode(data).decode("ascii")
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


def main():
    if len(sys.argv) > 2:
        fail("usage: generate-unicode-tables.py [UCD_DIR]")
    ucd = Path(sys.argv[1] if len(sys.argv) == 2 else "/usr/share/unicode")
    if not ucd.is_dir():
        fail(f"UCD directory {ucd} does not exist")
    values = build_values(ucd)
    stage1, stage2, distinct = build_stages(values)
    OUTPUT.write_text(render(stage1, stage2, distinct), encoding="utf-8")
    print(
        f"wrote {OUTPUT.relative_to(PACKAGE_ROOT)}: stage1 {len(stage1)} B, stage2 {len(stage2)} B, "
        f"values {len(distinct) * 2} B"
    )


if __name__ == "__main__":
    main()
