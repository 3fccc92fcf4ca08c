#!/usr/bin/env python3
"""Builds the benchmark corpora from installed Debian packages, deterministically, and checks them against the
committed manifest.

    python3 scripts/build-corpora.py            # writes corpora/build/*.txt, then checks corpora/MANIFEST.tsv
    python3 scripts/build-corpora.py --update   # rewrites the manifest from what was built (after a package change)

Packages: fortunes with its dependency fortunes-min (en), fortunes-de (de), fortunes-es (es), fortunes-zh (zh), manpages-ja (ja), debian-faq-ko (ko);
for the complex scripts (ar, fa, hi, th) the translated UI strings of the gettext catalogs of a fixed list of Debian
packages (GETTEXT below: GLib, GTK 2, GDK-Pixbuf, AT-SPI, PAM, shared-mime-info, xdg-user-dirs), read from their
`.mo` files and nothing else installed; `make corpora` installs them all. Third-party text never enters the repository: only this script and the manifest do.

Every corpus is read from its own packages' file lists (`dpkg -L`), never from a glob of a shared folder: another
package installing fortunes, manual pages or catalogs into the same folders (a language's fortune package, a tool's
Japanese manual page) leaves the corpora unchanged.

Output, one string per line, UTF-8, NFC, no tabs or control characters, a literal backslash written as \\\\ (the
`measure batch` escapes):
  corpora/build/{en,de,es,zh,ja,ko}.txt   up to 5,000 distinct strings per language (ko has fewer), shuffled with a
                                          fixed seed
  corpora/build/latin.txt                 en + de + es
  corpora/build/cjk.txt                   zh + ja + ko
  corpora/build/{ar,fa,hi,th}.txt         up to 1,500 distinct translations each that hold a letter of the script
  corpora/build/complex.txt               ar + fa + hi + th
The manifest pins, per file: the source package and its version, the line count and the SHA-256, so figures from
two machines are comparable. A different package, line count or SHA-256 is an error that names the file and both
values; a different package version whose text came out byte-identical is only reported.
"""
import functools
import gzip
import hashlib
import html
import os
import random
import re
import struct
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "corpora", "build")
MANIFEST = os.path.join(ROOT, "corpora", "MANIFEST.tsv")
FORTUNES = "/usr/share/games/fortunes"
PER_LANGUAGE = 5000
LONGEST = 1000  # code points; longer texts are not UI strings and are skipped
PACKAGES = {"en": "fortunes+fortunes-min", "de": "fortunes-de", "es": "fortunes-es", "zh": "fortunes-zh", "ja": "manpages-ja",
            "ko": "debian-faq-ko"}
SETS = {"latin": ["en", "de", "es"], "cjk": ["zh", "ja", "ko"], "complex": ["ar", "fa", "hi", "th"]}
# The gettext catalogs the complex-script corpora come from: (Debian package, catalog name), in this order.
GETTEXT = [("libglib2.0-data", "glib20"), ("libgtk2.0-common", "gtk20"), ("libgdk-pixbuf2.0-common", "gdk-pixbuf"),
           ("at-spi2-common", "at-spi2-core"), ("libpam-runtime", "Linux-PAM"), ("shared-mime-info", "shared-mime-info"),
           ("xdg-user-dirs", "xdg-user-dirs")]
GETTEXT_PACKAGE = "+".join(package for package, _ in GETTEXT)
PER_COMPLEX_LANGUAGE = 1500
# A string is kept for a language when it holds a letter of the language's script (untranslated English is not).
SCRIPT_RANGES = {"ar": [(0x0600, 0x06FF)], "fa": [(0x0600, 0x06FF)], "hi": [(0x0900, 0x097F)],
                 "th": [(0x0E00, 0x0E7F)]}
for language in ("ar", "fa", "hi", "th"):
    PACKAGES[language] = GETTEXT_PACKAGE

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
BOX_DRAWING = re.compile(r"[\u2500-\u257f]{3}")


def package_version(name):
    """The installed version of a Debian package, or an error naming the package to install."""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Version}", name], capture_output=True, text=True,
                             check=True).stdout
    except subprocess.CalledProcessError:
        sys.exit(f"build-corpora: package {name} is not installed (make corpora installs it)")
    status, version = out.split("\t")
    if not status.endswith("installed"):
        sys.exit(f"build-corpora: package {name} is not installed (make corpora installs it)")
    return version


def is_wide(ch):
    """Han, kana, Hangul, CJK punctuation and full-width forms: no space is put between two of these when joining."""
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7A3 or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF \
        or 0x20000 <= o <= 0x2FFFF


def join(lines):
    """One string from a text's lines: whitespace runs become one space, except between two wide characters."""
    text = ""
    for line in lines:
        line = CONTROL.sub("", line.replace("\t", " ")).strip()
        if not line:
            continue
        if text and not (is_wide(text[-1]) and is_wide(line[0])):
            text += " "
        text += line
    return unicodedata.normalize("NFC", re.sub(r"\s+", " ", text).strip())


def fortunes(paths):
    """Each fortune (the text between `%` lines) of the given files, joined into one string."""
    out = []
    for path in paths:
        with open(path, "rb") as f:
            data = f.read().decode("utf-8", errors="replace")
        data = re.sub(r".\x08", "", ANSI.sub("", data))  # colour escapes, nroff overstrike
        for item in re.split(r"\n%\n", "\n" + data + "\n"):
            out.append(join(item.split("\n")))
    return out


@functools.lru_cache(maxsize=None)
def installed_files(name):
    """The regular files the Debian package installed (`dpkg -L`)."""
    package_version(name)  # an error naming the package when it is missing
    listing = subprocess.run(["dpkg-query", "-L", name], capture_output=True, text=True, check=True).stdout
    return frozenset(path for path in listing.split("\n") if path and os.path.isfile(path))


def package_files(packages):
    """The regular files the Debian packages installed, sorted: a corpus reads these and nothing else."""
    files = set()
    for name in packages:
        files.update(installed_files(name))
    return sorted(files)


def fortune_files(packages, directory, exclude=()):
    """The fortune data files the packages installed in `directory` (not below it): each one with its .dat index
    beside it (the packages' maintainer scripts may make the index, so it need not be in their lists), minus the
    names in `exclude`."""
    files = set(package_files(packages))
    # In the order of their index files' names, as the corpora have always been read.
    return [path for path in sorted(files, key=lambda path: path + ".dat")
            if os.path.dirname(path) == directory and os.path.exists(path + ".dat")
            and os.path.basename(path) not in exclude]


ROFF_ESCAPE = re.compile(r"\\(f[BIRP0-9]|f\(..|f\[[^]]*\]|\(..|\*\(..|\*.|s[+-]?\d|[-e&|^0 ~c])")


def japanese_manual_lines():
    """Text lines of the Japanese manual pages with at least ten kana or kanji, roff requests and escapes removed."""
    out = []
    for path in package_files(["manpages-ja"]):
        if not (path.startswith("/usr/share/man/ja/") and path.endswith(".gz")):
            continue
        with gzip.open(path, "rb") as f:
            data = f.read().decode("utf-8", errors="replace")
        for line in data.split("\n"):
            if line.startswith((".", "'")):
                continue
            line = ROFF_ESCAPE.sub("", line).replace("\\", "")
            if sum(1 for ch in line if 0x3040 <= ord(ch) <= 0x30FF or 0x4E00 <= ord(ch) <= 0x9FFF) >= 10:
                out.append(join([line]))
    return out


def korean_faq_paragraphs():
    """Paragraphs of the Korean Debian FAQ that contain Hangul."""
    out = []
    for path in package_files(["debian-faq-ko"]):
        if not (os.path.dirname(path) == "/usr/share/doc/debian/FAQ/ko" and path.endswith(".html")):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            page = f.read()
        for paragraph in re.findall(r"<p[^>]*>(.*?)</p>", page, re.S):
            text = join([html.unescape(re.sub(r"<[^>]+>", "", paragraph))])
            if re.search(r"[\uac00-\ud7a3]", text):
                out.append(text)
    return out


def gettext_translations(language):
    """Every translation (each plural form) in the language's catalogs of GETTEXT, in file and catalog order, that
    holds a letter of its script; mnemonic underscores and accelerators are kept, as the UI shows them."""
    out = []
    low, high = SCRIPT_RANGES[language][0]
    for package, catalog in GETTEXT:
        path = f"/usr/share/locale/{language}/LC_MESSAGES/{catalog}.mo"
        if path not in installed_files(package):
            continue
        with open(path, "rb") as f:
            data = f.read()
        order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
        count, _, translations = struct.unpack(order + "3I", data[8:20])
        for index in range(count):
            length, offset = struct.unpack(order + "2I", data[translations + 8 * index: translations + 8 * index + 8])
            for text in data[offset: offset + length].decode("utf-8", errors="replace").split("\x00"):
                if text.startswith("Project-Id-Version") or not any(low <= ord(ch) <= high for ch in text):
                    continue
                out.append(join(text.split("\n")))
    return out


def choose(texts, seed, limit=PER_LANGUAGE):
    """Distinct, non-empty strings of a sensible length without box-drawing tables, shuffled with a fixed seed."""
    seen, chosen = set(), []
    for text in texts:
        if text and len(text) <= LONGEST and not BOX_DRAWING.search(text) and text not in seen:
            seen.add(text)
            chosen.append(text)
    random.Random(seed).shuffle(chosen)
    return chosen[:limit]


def sources():
    chinese = ["chinese", "tang300", "song100"]
    return {
        "en": lambda: fortunes(fortune_files(["fortunes", "fortunes-min"], FORTUNES,
                                             exclude={"art", "ascii-art", "translate-me"})),
        "de": lambda: fortunes(fortune_files(["fortunes-de"], os.path.join(FORTUNES, "de"), exclude={"asciiart"})),
        "es": lambda: fortunes(fortune_files(["fortunes-es"], os.path.join(FORTUNES, "es"))),
        "zh": lambda: fortunes([os.path.join(FORTUNES, name) for name in chinese
                                if os.path.join(FORTUNES, name) in fortune_files(["fortunes-zh"], FORTUNES)]),
        "ja": japanese_manual_lines,
        "ko": korean_faq_paragraphs,
        "ar": lambda: gettext_translations("ar"),
        "fa": lambda: gettext_translations("fa"),
        "hi": lambda: gettext_translations("hi"),
        "th": lambda: gettext_translations("th"),
    }


def write(name, lines):
    path = os.path.join(BUILD, name + ".txt")
    body = "".join(line.replace("\\", "\\\\") + "\n" for line in lines).encode("utf-8")
    with open(path, "wb") as f:
        f.write(body)
    return len(lines), hashlib.sha256(body).hexdigest()


def main():
    update = "--update" in sys.argv[1:]
    os.makedirs(BUILD, exist_ok=True)
    rows = []
    built = {}
    for seed, (language, extract) in enumerate(sources().items(), start=1):
        package = PACKAGES[language]
        version = "+".join(package_version(name) for name in package.split("+"))
        lines = choose(extract(), seed, PER_COMPLEX_LANGUAGE if language in SCRIPT_RANGES else PER_LANGUAGE)
        built[language] = lines
        count, digest = write(language, lines)
        rows.append((language, package, version, count, digest))
    for name, languages in SETS.items():
        lines = [line for language in languages for line in built[language]]
        count, digest = write(name, lines)
        # Languages that share their packages (the complex scripts' gettext catalogs) name them once.
        packages = list(dict.fromkeys(PACKAGES[lang] for lang in languages))
        versions = list(dict.fromkeys(r[2] for r in rows if r[0] in languages))
        rows.append((name, "+".join(packages), "+".join(versions), count, digest))
    header = "corpus\tpackage\tversion\tlines\tsha256\n"
    text = header + "".join("\t".join(str(field) for field in row) + "\n" for row in rows)
    if update or not os.path.exists(MANIFEST):
        with open(MANIFEST, "w") as f:
            f.write(text)
        print(f"build-corpora: wrote {MANIFEST}")
    with open(MANIFEST) as f:
        pinned = {line.split("\t")[0]: line.rstrip("\n").split("\t") for line in f.readlines()[1:]}
    # What makes figures comparable is the text itself: the packages, the line count and the SHA-256 must match. A
    # package whose installed version differs from the pinned one but whose strings came out byte-identical (a
    # security update to a library shipping the same translations) is reported, not refused.
    problems, notes = [], []
    for row in rows:
        fields = [str(field) for field in row]
        expected = pinned.get(fields[0])
        if expected is None or [expected[1]] + expected[3:] != [fields[1]] + fields[3:]:
            problems.append(f"  {fields[0]}: built {fields[1:]} but the manifest pins {expected[1:] if expected else None}")
        elif expected[2] != fields[2]:
            notes.append(f"  {fields[0]}: same text from other package versions ({fields[2]}; pinned {expected[2]})")
    for row in rows:
        print(f"build-corpora: {row[0]:6} {row[3]:6} lines  sha256 {row[4][:16]}…  ({row[1]} {row[2]})")
    if notes:
        print("build-corpora: identical to corpora/MANIFEST.tsv, from other package versions:\n" + "\n".join(notes))
    if problems:
        sys.exit("build-corpora: corpora differ from corpora/MANIFEST.tsv (another package version?); figures are "
                 "not comparable with the pinned ones:\n" + "\n".join(problems))


if __name__ == "__main__":
    main()
