#!/usr/bin/env python3
"""Builds the libFuzzer seed corpora in .fuzz/corpus/<target>/ (gitignored) from what the repository has:

- the committed seeds, Fuzz/Seeds/<target>/*;
- the inline examples of the tests (multi-line string literals and JSON string literals in Tests/**/*.swift),
  sorted to a target by their content;
- fixture files under Tests/**/Fixtures/, if any;
- the shared real catalogs in ../shared/catalogs (skipped when absent), the big ones cut into valid slices;
- for the onepass target, the linebreaker seeds and lines of the bench corpora (corpora/build/*.txt, when `make corpora`
  has built them), each behind a choice byte that varies with the seed;
- DejaVu fonts (/usr/share/fonts/truetype/dejavu) subset to a few glyphs with fontTools when it is installed (full
  faces are 250-750 KB, too big to mutate quickly), and the smallest Noto faces.

Usage: Fuzz/seed-corpora.py [--out DIR]   (run from anywhere; paths are relative to the repository root).
Re-running replaces the generated files and keeps whatever libFuzzer has added to the corpora.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["strings", "stringsdict", "stringsplist", "xcstrings", "xliff", "android", "gettext", "arb", "config",
           "attributes", "font", "linebreaker", "onepass", "stream"]
# Seeds bigger than this are sliced or skipped: libFuzzer mutates big inputs slowly.
MAX_SEED = 48 * 1024
ATTRIBUTE_NAMES = {"lineSpacing", "paragraphSpacing", "paragraphSpacingBefore", "lineHeightMultiple",
                   "minimumLineHeight", "maximumLineHeight", "firstLineHeadIndent", "headIndent", "tailIndent",
                   "tabStops", "defaultTabInterval", "alignment", "lineBreakMode", "kern", "tracking", "numberOfLines",
                   "truncatesLastVisibleLine", "maxHeight", "usesDeviceMetrics", "runs", "mode", "scale",
                   "lineSpacingAfterLastLine", "countsOuterParagraphSpacing", "paragraphStyle"}
CONFIG_NAMES = {"sourceLocale", "width", "maxLines", "size", "textStyle", "contentSize", "attributes",
                "placeholders", "fonts", "rules"}
counts = {}


def write(out, target, data, name_hint="seed"):
    """Writes one seed, named by its content's hash so re-runs do not duplicate it."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data or len(data) > 4 * MAX_SEED and target != "font":
        return
    directory = os.path.join(out, target)
    os.makedirs(directory, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", name_hint)[:40] + "-" + hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(directory, name), "wb") as file:
        file.write(data)
    counts[target] = counts.get(target, 0) + 1


def unescape_swift(body):
    """The value of a Swift string literal's body (the escapes tests use); None if it interpolates."""
    if "\\(" in body:
        return None
    def replace(match):
        escape = match.group(1)
        if escape.startswith("u{"):
            try:
                return chr(int(escape[2:-1], 16))
            except ValueError:
                return ""
        return {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}.get(escape, escape)
    return re.sub(r"\\(u\{[0-9A-Fa-f]+\}|.)", replace, body)


def swift_literals(source):
    """Multi-line literals (indentation of the closing delimiter removed) and one-line literals of a Swift file."""
    for match in re.finditer(r'(#*)"""[ \t]*\n(.*?)\n([ \t]*)"""\1', source, re.S):
        indent = match.group(3)
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                 for line in match.group(2).split("\n")]
        text = "\n".join(lines)
        # A backslash at a line's end continues the line.
        text = text.replace("\\\n", "")
        value = text if match.group(1) else unescape_swift(text)
        if value is not None:
            yield value
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', source):
        value = unescape_swift(match.group(1))
        if value and value.lstrip().startswith(("{", "[")):
            yield value


def classify(text):
    """The targets an example belongs to, by its content."""
    head = text.lstrip()[:4000]
    if "<xliff" in head:
        return ["xliff"]
    if "<resources" in head:
        return ["android"]
    if "<plist" in head or "<dict>" in head:
        return ["stringsdict"] if "NSStringLocalizedFormatKey" in text or "NSStringPluralRuleType" in text \
            else ["stringsplist", "stringsdict"]
    if re.search(r'^\s*msgid\s+"', text, re.M):
        return ["gettext"]
    if head.startswith("{"):
        if '"@@locale"' in text or re.search(r'"@[A-Za-z_]', text) or re.search(r"\{\w+,\s*(plural|select)", text):
            return ["arb"]
        if '"strings"' in text and ('"sourceLanguage"' in text or '"stringUnit"' in text or '"version"' in text):
            return ["xcstrings"]
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            keys = set(value)
            targets = []
            if keys & ATTRIBUTE_NAMES:
                targets.append("attributes")
            if keys & CONFIG_NAMES and not keys - CONFIG_NAMES:
                targets.append("config")
            return targets
        return ["xcstrings"] if '"strings"' in text else []
    if re.search(r'"\s*=\s*"', text) or re.search(r"^\s*\w[\w.]*\s*=\s*\S", text, re.M) or "/*" in text:
        return ["strings"]
    return []


def from_tests(out):
    for directory, _, files in os.walk(os.path.join(ROOT, "Tests")):
        for name in sorted(files):
            path = os.path.join(directory, name)
            if "/Fixtures/" in path + "/" and os.path.getsize(path) <= 4 * MAX_SEED:
                fixture_target(out, path)
                continue
            if not name.endswith(".swift"):
                continue
            with open(path, encoding="utf-8", errors="replace") as file:
                source = file.read()
            for literal in swift_literals(source):
                for target in classify(literal):
                    write(out, target, literal, "test-" + name[:-6])
                # Every multi-line example is text to break, too.
                if "\n" in literal and len(literal) < 2048:
                    write(out, "linebreaker", b"\x00" * 8 + literal.encode(), "test-" + name[:-6])


def from_stream_tests(out):
    """The job lines of the `measure stream` suites (Swift raw literals #"{...}"#, which JSON needs no escaping in):
    one seed per line, and each file's lines together as one NDJSON seed."""
    directory = os.path.join(ROOT, "Tests", "MeasureCLITests")
    names = sorted(os.listdir(directory)) if os.path.isdir(directory) else []
    for name in names:
        if not (name.startswith("Stream") and name.endswith(".swift")):
            continue
        with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as file:
            source = file.read()
        lines = [m.group(1) for m in re.finditer(r'#"(\{.*?)"#', source) if "\\#(" not in m.group(1)]
        for line in lines:
            write(out, "stream", line, "test-" + name[:-6])
        if lines:
            write(out, "stream", "\n".join(lines) + "\n", "test-all-" + name[:-6])


def fixture_target(out, path):
    """A fixture file, by its extension (Tests/**/Fixtures/ does not exist at present)."""
    extension = os.path.splitext(path)[1].lower()
    with open(path, "rb") as file:
        data = file.read()
    target = {".strings": "strings", ".stringsdict": "stringsdict", ".xcstrings": "xcstrings", ".xliff": "xliff",
              ".xlf": "xliff", ".xml": "android", ".json": "config", ".ttf": "font", ".otf": "font",
              ".ttc": "font", ".woff": "font", ".woff2": "font", ".txt": "linebreaker", ".po": "gettext",
              ".pot": "gettext", ".mo": "gettext",
              ".arb": "arb"}.get(extension)
    if target == "strings" and data.lstrip()[:6] in (b"<?xml ", b"<plist"):
        target = "stringsplist"
    if target:
        write(out, target, data, "fixture-" + os.path.basename(path))


def line_slices(data, size, limit):
    """Up to `limit` pieces of about `size` bytes cut at line ends."""
    pieces, start = [], 0
    while start < len(data) and len(pieces) < limit:
        end = data.find(b"\n", start + size)
        end = len(data) if end < 0 else end + 1
        pieces.append(data[start:end])
        start = end
    return pieces


def from_shared(out):
    shared = os.path.join(os.path.dirname(ROOT), "shared", "catalogs")
    if not os.path.isdir(shared):
        print(f"seed-corpora: {shared} is absent: no real catalogs in the corpora")
        return
    for directory, _, files in sorted(os.walk(shared)):
        for name in sorted(files):
            path = os.path.join(directory, name)
            hint = os.path.relpath(path, shared)
            with open(path, "rb") as file:
                data = file.read()
            if name.endswith(".stringsdict"):
                write(out, "stringsdict", data, hint)
            elif name.endswith(".strings"):
                xml = data.lstrip()[:6] in (b"<?xml ", b"<plist")
                if len(data) <= MAX_SEED or data[:2] in (b"\xff\xfe", b"\xfe\xff"):
                    write(out, "stringsplist" if xml else "strings", data, hint)
                else:
                    for piece in line_slices(data, 12 * 1024, 3):
                        write(out, "strings", piece, hint)
            elif name.endswith(".xcstrings"):
                xcstrings_slices(out, data, hint)
            elif name.endswith(".xml"):
                android_slices(out, data, hint)


def xcstrings_slices(out, data, hint):
    """A big String Catalog as several valid catalogs of a few keys each, in Xcode's layout."""
    if len(data) <= MAX_SEED:
        write(out, "xcstrings", data, hint)
        return
    catalog = json.loads(data)
    keys = list(catalog.get("strings", {}))
    step = 4
    for start in range(0, min(len(keys), 40 * step), step):
        piece = dict(catalog)
        piece["strings"] = {key: catalog["strings"][key] for key in keys[start:start + step]}
        write(out, "xcstrings", json.dumps(piece, indent=2, ensure_ascii=False, separators=(",", " : ")), hint)


def android_slices(out, data, hint):
    """A big strings.xml whole if small enough, else as valid files of a few dozen elements each."""
    if len(data) <= MAX_SEED:
        write(out, "android", data, hint)
        return
    text = data.decode("utf-8", errors="replace")
    opening = re.search(r"<resources\b[^>]*>", text)
    if not opening:
        return
    header = text[:opening.end()]
    bodies = [m.group(0) for m in re.finditer(
        r"\s*(?:<!--.*?-->\s*)?<(string|plurals|string-array)\b.*?</\1>", text[opening.end():], re.S)]
    step = 40
    for start in range(0, min(len(bodies), 3 * step), step):
        write(out, "android", header + "".join(bodies[start:start + step]) + "\n</resources>\n", hint)


def from_fonts(out):
    dejavu = "/usr/share/fonts/truetype/dejavu"
    subsets = [
        # (font, text to keep): kerning pairs and ligatures (GPOS/kern, GSUB), Arabic joining, combining marks.
        ("DejaVuSans.ttf", "AVTWYafilo .,ﬁﬂ"),
        ("DejaVuSans.ttf", "مرحبا لا ١٢"),
        ("DejaVuSans-ExtraLight.ttf", "AVTo ffi é\u0301"),
        ("DejaVuSerif.ttf", "Wave Ta fi"),
        ("DejaVuSansMono.ttf", "abc 123"),
    ]
    try:
        import fontTools  # noqa: F401
        have_fonttools = True
    except ImportError:
        have_fonttools = False
        print("seed-corpora: fontTools is absent (pip install fonttools / apt install python3-fonttools): "
              "no DejaVu subsets, only the committed font seeds")
    if have_fonttools and os.path.isdir(dejavu):
        with tempfile.TemporaryDirectory() as scratch:
            for index, (name, text) in enumerate(subsets):
                source = os.path.join(dejavu, name)
                if not os.path.exists(source):
                    continue
                target = os.path.join(scratch, f"{index}.ttf")
                result = subprocess.run([sys.executable, "-m", "fontTools.subset", source, "--text=" + text,
                                         "--layout-features=*", "--output-file=" + target, "--no-hinting",
                                         "--drop-tables+=FFTM,GDEF" if index == 4 else "--drop-tables+=FFTM"],
                                        capture_output=True)
                if result.returncode == 0:
                    with open(target, "rb") as file:
                        write(out, "font", file.read(), "dejavu-subset-" + name)
    noto = "/usr/share/fonts/truetype/noto"
    if os.path.isdir(noto):
        small = sorted((os.path.getsize(os.path.join(noto, n)), n) for n in os.listdir(noto) if n.endswith(".ttf"))
        for _, name in small[:6]:
            with open(os.path.join(noto, name), "rb") as file:
                write(out, "font", file.read(), name)


def from_committed(out):
    seeds = os.path.join(ROOT, "Fuzz", "Seeds")
    for target in TARGETS:
        directory = os.path.join(seeds, target)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            with open(os.path.join(directory, name), "rb") as file:
                write(out, target, file.read(), name)


def choice_byte(index):
    """The choice byte of the onepass target's `index`-th seed: a fixed odd multiple of it, so consecutive seeds
    spread over cascades, widths, features, fitting options and sessions (FuzzOnePass.swift reads the low bits
    first)."""
    return bytes([(index * 0x9D) & 0xFF])


def utf8_prefix(data, limit):
    """At most `limit` bytes of `data`, cut before a UTF-8 continuation byte rather than inside a sequence."""
    if len(data) <= limit:
        return data
    end = limit
    while end > 0 and data[end] & 0xC0 == 0x80:
        end -= 1
    return data[:end]


def onepass_seeds(out, lines_per_corpus=150):
    """The onepass target's seeds: the text of every linebreaker seed, and lines spread over each bench corpus (every
    script the bench measures; a line cut to its first KiB at a character boundary), each behind its own choice
    byte."""
    texts = []
    seeds = os.path.join(ROOT, "Fuzz", "Seeds", "linebreaker")
    if os.path.isdir(seeds):
        for name in sorted(os.listdir(seeds)):
            with open(os.path.join(seeds, name), "rb") as file:
                texts.append((name, file.read()[8:]))
    build = os.path.join(ROOT, "corpora", "build")
    for name in ("latin.txt", "cjk.txt", "complex.txt"):
        path = os.path.join(build, name)
        if not os.path.isfile(path):
            print(f"seed-corpora: {path} is absent (make corpora): no {name} lines for onepass")
            continue
        with open(path, "rb") as file:
            lines = [line for line in file.read().split(b"\n") if line]
        step = max(1, len(lines) // lines_per_corpus)
        texts += [(name[:-4], utf8_prefix(line, 1024)) for line in lines[::step][:lines_per_corpus]]
    for index, (hint, text) in enumerate(texts):
        write(out, "onepass", choice_byte(index) + text, "onepass-" + hint)


def from_installed_gettext(out, limit=40):
    """Compiled catalogs Debian installs (/usr/share/locale/*/LC_MESSAGES/*.mo), the smallest first, up to `limit`
    that fit the seed size: real headers, plural forms and contexts for the gettext target."""
    base = "/usr/share/locale"
    found = []
    if os.path.isdir(base):
        for locale in sorted(os.listdir(base)):
            directory = os.path.join(base, locale, "LC_MESSAGES")
            if os.path.isdir(directory):
                for name in sorted(os.listdir(directory)):
                    path = os.path.join(directory, name)
                    if name.endswith(".mo") and os.path.isfile(path) and not os.path.islink(path):
                        found.append((os.path.getsize(path), path))
    for _, path in sorted(found)[:limit]:
        with open(path, "rb") as file:
            write(out, "gettext", file.read(), "installed-" + os.path.basename(os.path.dirname(os.path.dirname(path))))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(ROOT, ".fuzz", "corpus"))
    out = parser.parse_args().out
    for target in TARGETS:
        os.makedirs(os.path.join(out, target), exist_ok=True)
    from_committed(out)
    from_tests(out)
    from_stream_tests(out)
    from_shared(out)
    from_fonts(out)
    from_installed_gettext(out)
    onepass_seeds(out)
    print("seed-corpora: " + ", ".join(f"{t} {counts.get(t, 0)}" for t in TARGETS) + f" seeds in {out}")


if __name__ == "__main__":
    main()
