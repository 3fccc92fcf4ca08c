#!/usr/bin/env python3
"""Held-out scripts: real translated UI strings of this machine's gettext catalogs, in scripts the reference corpora
of ../shared/reference leave out, measured by `measure batch`, by HarfBuzz (hb-measure.py) and by Pango
(pango-measure), the reference engines of ../shared/reference/engines, in the same font file; and how often they agree.

For each language below, up to 2,000 translations (msgstr) of /usr/share/locale/<lang>/LC_MESSAGES/*.mo, built as
../shared/reference/engines/build-corpus-complex.py builds its corpora: white space collapsed, no `%` or backslash,
at most 300 characters, each once, every character mapped by the language's font (its charset as fontconfig's
fc-query reads it). Each corpus is measured at 17 pt by `measure` without a language and with it: the table gives the
share of strings whose unwrapped width is within 0.05 pt of HarfBuzz's and whose line count at 200 and 320 pt equals
Pango's. Neither engine is given a language, so a font's language forms (Marathi and Nepali in Noto Sans
Devanagari, Malayalam's `MAL`, Urdu's in Noto Sans Arabic) show as differences in the `--language` columns. Pango
breaks Khmer, Lao and Myanmar only at spaces, where `measure` breaks at ICU's dictionary words, so line counts differ
there by design.

Usage: scripts/script-sweep.py MEASURE PANGO_MEASURE HB_MEASURE WORKDIR  (make script-sweep), where HB_MEASURE is the
command that runs hb-measure.py, e.g. "venv/bin/python ../shared/reference/engines/hb-measure.py"."""
import glob
import os
import re
import shlex
import struct
import subprocess
import sys

NOTO = "/usr/share/fonts/truetype/noto/"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# language: font file (the script's Noto Sans font, as the default cascade picks it).
LANGUAGES = {
    "bn": "NotoSansBengali", "as": "NotoSansBengali", "ta": "NotoSansTamil", "te": "NotoSansTelugu",
    "ml": "NotoSansMalayalam", "kn": "NotoSansKannada", "gu": "NotoSansGujarati", "pa": "NotoSansGurmukhi",
    "or": "NotoSansOriya", "si": "NotoSansSinhala", "mr": "NotoSansDevanagari", "ne": "NotoSansDevanagari",
    "dz": "NotoSerifTibetan", "my": "NotoSansMyanmar", "km": "NotoSansKhmer", "lo": "NotoSansLao",
    "ka": "NotoSansGeorgian", "hy": "NotoSansArmenian", "am": "NotoSansEthiopic", "ti": "NotoSansEthiopic",
    "ur": "NotoSansArabic", "ug": "NotoSansArabic", "ckb": "NotoSansArabic", "ps": "NotoSansArabic",
    "yi": "NotoSansHebrew", "dv": "NotoSansThaana", "el": None, "ru": None, "uk": None, "vi": None,
}
LIMIT = 2000
WIDTHS = (0, 200, 320)


def font_path(name):
    return DEJAVU if name is None else NOTO + name + "-Regular.ttf"


def charset(font):
    """The code points `font` maps, from fc-query's charset ranges (hex, `a-b` or `a`)."""
    text = subprocess.run(["fc-query", "--format", "%{charset}", font], capture_output=True, text=True,
                          check=True).stdout
    mapped = set()
    for part in text.split():
        low, _, high = part.partition("-")
        mapped.update(range(int(low, 16), int(high or low, 16) + 1))
    return mapped


def translations(language):
    """Every translation of the language's .mo files (plural forms one by one), the header left out."""
    for path in sorted(glob.glob(f"/usr/share/locale/{language}/LC_MESSAGES/*.mo")):
        data = open(path, "rb").read()
        if len(data) < 28:
            continue
        order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
        _, count, _, table = struct.unpack(order + "4I", data[4:20])
        for index in range(count):
            length, offset = struct.unpack(order + "2I", data[table + 8 * index: table + 8 * index + 8])
            for part in data[offset: offset + length].decode("utf-8", "replace").split("\x00"):
                if not part.startswith("Project-Id"):
                    yield part


def corpus(language, font, path):
    mapped = charset(font)
    kept, seen = [], set()
    for text in translations(language):
        text = re.sub(r"\s+", " ", text).strip()
        if (text and "\\" not in text and "%" not in text and len(text) <= 300 and text not in seen
                and all(ord(c) in mapped or c == " " for c in text)):
            seen.add(text)
            kept.append(text)
    with open(path, "w", encoding="utf-8") as out:
        out.write("".join(text + "\n" for text in kept[:LIMIT]))
    return min(len(kept), LIMIT)


def rows(command, path):
    with open(path, "rb") as source:
        done = subprocess.run(command, stdin=source, capture_output=True)
    if done.returncode != 0:
        sys.exit(f"script-sweep: {' '.join(command)} failed: {done.stderr.decode(errors='replace').strip()}")
    return [line.split("\t") for line in done.stdout.decode().splitlines()]


def share(count, total):
    return f"{100 * count / total:.2f}%" if total else "–"


def main(measure, pango, hb, work):
    os.makedirs(work, exist_ok=True)
    print("| language | font | strings | width = HarfBuzz | lines = Pango at 200 | at 320 | "
          "with --language: width | lines 200 | lines 320 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for language, name in LANGUAGES.items():
        font = font_path(name)
        if not os.path.exists(font) or not glob.glob(f"/usr/share/locale/{language}/LC_MESSAGES/*.mo"):
            print(f"| {language} | {os.path.basename(font)} | (font or catalogs not installed) |||||||")
            continue
        path = os.path.join(work, language + ".txt")
        total = corpus(language, font, path)
        if total == 0:
            print(f"| {language} | {os.path.basename(font)} | 0 |||||||")
            continue
        common = ["--font", font, "--size", "17"]
        cells = []
        for extra in ([], ["--language", language]):
            for width in WIDTHS:
                ours = rows([measure, "batch", *common, "--width", str(width), "--threads", "1", *extra], path)
                reference = shlex.split(hb) if width == 0 else [pango]
                theirs = rows([*reference, *common, "--width", str(width)], path)
                if len(ours) != total or len(theirs) != total:
                    sys.exit(f"{language} at {width}: {len(ours)} and {len(theirs)} rows for {total} strings")
                if width == 0:
                    agree = sum(abs(float(a[0]) - float(b[0])) <= 0.05 for a, b in zip(ours, theirs))
                else:
                    agree = sum(a[2] == b[2] for a, b in zip(ours, theirs))
                cells.append(share(agree, total))
        print(f"| {language} | {os.path.basename(font)} | {total} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: scripts/script-sweep.py MEASURE PANGO_MEASURE HB_MEASURE WORKDIR (make script-sweep)")
    main(*sys.argv[1:])
