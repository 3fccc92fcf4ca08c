#!/usr/bin/env python3
"""Prints hostile text beyond Latin-1 in `measure batch`'s format, the same on every run, for scripts/same-answers.sh:
what the one-pass fit walks (ideographs, kana, Hangul syllables, CJK and fullwidth punctuation and brackets, curly
quotes and dashes, Greek, Cyrillic, ideographs beyond the BMP, emoji, Unicode spaces and line separators, words that
cross a script run and brackets that close in another run) mixed with
Latin-1, numbers after brackets and hyphens (LB25's lookahead), ligature and kerning pairs, and with what sends a string
to the general path (combining marks, joiners, variation selectors, jamo, regional indicators, Arabic, Hebrew, Thai,
Devanagari, ill-formed bytes written as U+FFFD, zero-width and default-ignorable scalars, tabs, hard breaks), in long
and short lines; hard breaks and tabs as the format's escapes, a backslash as two."""
import random
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 18)
WALKED = ["漢字", "中文", "東京", "日本語", "國", "𠀋", "𩸽", "ひらがな", "カタカナ", "ぁ", "ァ", "ー", "ゝ", "々", "한국어",
          "가나다", "읽", "。", "、", "，", "．", "：", "；", "！", "？", "「", "」", "『", "』", "（", "）", "【", "】", "〈",
          "〉", "・", "…", "‥", "〜", "～", "￥", "＄", "％", "１２３", "ＡＢＣ", "ｶﾀｶﾅ", "“", "”", "‘", "’", "—", "–",
          "‐", "‑", "€", "™", "•", "Ωμέγα", "Привет", "Ľubomír", "ı", "ĳ", "œ", "\u3000", "\u2002", "\u200a",
          "\u202f", "\u2060", "\u200b", "\u2028", "\u2029", "😀", "✂", "☺", "©", "a", "To", "Va", "AV", "fi",
          "ffl", "office", "hello", " ", " ", "  ", "-", "(", ")", "[", "5", "1,234", "$", "%", "#", "\\t", "\\n",
          "\r\\n", "\x85", "\xad", "\x01", "\u00a0", "«", "»", ".", ",", "!", "?", "'", '"',
          "Donaudampfschifffahrtsgesellschaftskapitän", "長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長",
          # Segments that cross a script run, with what settles their runs or does not: small kana after Han, a
          # closing bracket in another run than its opening one, Common scalars with Script_Extensions, Bopomofo.
          "使っ", "(か", "ab)", "“sudo", "〔", "〕", "゛", "〃", "ㄅㄆ", "(漢 ", "字)っ"]
GENERAL = ["e\u0301", "\u0301", "\u200d", "👍🏽", "👨\u200d👩\u200d👧", "❤\ufe0f", "\ufe0e", "🇯🇵", "\u1100\u1161\u11a8",
           "مرحبا", "שלום", "สวัสดี", "नमस्ते", "\ufffd", "\u0600", "\u0e01", "\ufeff", "\u3164", "\uffa0"]
out = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 6000):
    pieces = WALKED if random.random() < 0.8 else WALKED + GENERAL
    line = "".join(random.choice(pieces) for _ in range(random.randrange(0, 40)))
    # A raw CR at the very end would read as part of a CR LF line ending.
    out.append(line + "x" if line.endswith("\r") else line)
sys.stdout.write("\n".join(out) + "\n")
