#!/usr/bin/env python3
"""Prints hostile Latin-1 text in `measure batch`'s format, the same on every run, for scripts/same-answers.sh: every
line-break class of Latin-1, controls, CR, CR LF, VT, FF, NEL, soft hyphens, no-break spaces, DejaVu Sans's ligature
pairs (ff, fi, fl), kerning pairs, numbers with prefixes, postfixes and brackets, and words wider than a line; hard
breaks and tabs as the format's escapes (backslash-n, backslash-t), a backslash as two."""
import random
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 18)
PIECES = ["a", "hello", "world", "AVATAR", "To", "Va", "Ty.", "r.", "f", "fi", "ffl", "office", "Ærø", "naïve", "ß",
          " ", " ", "  ", "\u00a0", "\\t", "\\n", "\r", "\r\\n", "\x0b", "\x0c", "\x85", "\xad", "\x01", "\x1b", "\x7f",
          "\x9f", "-", "--", "5", "1,234.56", "$", "£", "%", "¢", "°", "±", "(", ")", "[", "]", "{", "}", "¡", "¿", "!",
          "?", '"', "'", "«", "»", ",", ".", ":", ";", "/", "|", "´", "©", "®", "×", "÷", "ª", "µ", "¹²³", "¼", "#", "&",
          "@", "_", "~", "\\\\", "Donaudampfschifffahrtsgesellschaftskapitän", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]
out = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 6000):
    line = "".join(random.choice(PIECES) for _ in range(random.randrange(0, 30)))
    # A raw CR at the very end would read as part of a CR LF line ending.
    out.append(line + "x" if line.endswith("\r") else line)
sys.stdout.write("\n".join(out) + "\n")
