/// A plain C face for the few ICU services TextSize needs: dictionary line breaking and bidi levels.
///
/// Why this exists: ICU's C functions are macros that rename every symbol with the library version
/// (`ubrk_open` is `ubrk_open_72`), which Swift's importer cannot see through. This header declares functions of our
/// own, with opaque handles and fixed-width integers only, so no ICU type or macro leaks into Swift; `icu_bridge.c` is
/// the only file that includes ICU.
///
/// Thread safety: a handle is not thread-safe. Each handle must have one owner and be used by one thread at a time
/// (ICU break iterators and UBiDi objects keep per-text state). Distinct handles may be used on distinct threads at
/// once; opening and closing handles is thread-safe.
///
/// Memory: every function that takes `text` reads it only during the call. A handle may keep a pointer to the last
/// text internally but never reads it after the call returns, so the caller may free or reuse that memory.
///
/// Errors: functions that return `int32_t` return a negative value on failure, the negated ICU `UErrorCode`
/// (`-1` for an invalid argument detected here, i.e. `-U_ILLEGAL_ARGUMENT_ERROR`). No input crashes: a NULL handle, a
/// NULL text with a non-zero length, a negative length or unpaired surrogates are all handled.
#ifndef TEXTSIZE_ICU_BRIDGE_H
#define TEXTSIZE_ICU_BRIDGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An ICU line break iterator (UAX #14 with ICU's dictionaries for Thai, Lao, Khmer and Myanmar, class SA).
///
/// Opening one loads rules and costs tens of microseconds, so a measuring session opens one and reuses it.
typedef struct textsize_line_breaker textsize_line_breaker;

/// Opens a line break iterator for `locale` (an ICU locale ID such as "th"; NULL or "" for the root locale).
///
/// Returns NULL when ICU cannot open it (missing data, out of memory). Close it with `textsize_line_breaker_close`.
textsize_line_breaker *textsize_line_breaker_open(const char *locale);

/// Closes a line break iterator; NULL is ignored.
void textsize_line_breaker_close(textsize_line_breaker *breaker);

/// Finds the line break opportunities of `text` (UTF-16, `length` units) strictly inside (0, length).
///
/// Writes up to `capacity` boundaries, ascending, into `out` (which may be NULL when `capacity` is 0) and returns how
/// many boundaries there are in all, which may exceed `capacity` (like `snprintf`): `length - 1` entries always
/// suffice. The start and end of text are never reported. Returns 0 for empty text, a negative value on error.
int32_t textsize_line_breaker_boundaries(
    textsize_line_breaker *breaker, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

/// An ICU UBiDi object (UAX #9) with its reusable level storage.
typedef struct textsize_bidi textsize_bidi;

/// Opens a bidi resolver; its storage grows with the longest text seen and is then reused.
///
/// Returns NULL when ICU cannot open it. Close it with `textsize_bidi_close`.
textsize_bidi *textsize_bidi_open(void);

/// Closes a bidi resolver; NULL is ignored.
void textsize_bidi_close(textsize_bidi *bidi);

/// Natural base direction: each paragraph's level comes from its first strong character, LTR when it has none
/// (ICU's `UBIDI_DEFAULT_LTR`, Apple's `NSWritingDirectionNatural`).
#define TEXTSIZE_BIDI_NATURAL (-1)
/// Forced left-to-right base direction: every paragraph has level 0.
#define TEXTSIZE_BIDI_LTR 0
/// Forced right-to-left base direction: every paragraph has level 1.
#define TEXTSIZE_BIDI_RTL 1

/// Resolves the embedding level (UAX #9, after rule L1) of every UTF-16 unit of `text` into `levels`.
///
/// `text` may hold several paragraphs (split after each paragraph separator, Bidi_Class B); with
/// `TEXTSIZE_BIDI_NATURAL` each gets its own level. `base_direction` is one of the `TEXTSIZE_BIDI_*` values.
/// `levels` must hold `length` entries (it may be NULL when `length` is 0). Units removed by rule X9 (embedding
/// controls, BN) get the level ICU gives them, that of a neighbour.
///
/// Returns the level of the first paragraph (0 or 1; for empty text 0, or the forced direction), or a negative value
/// on error, in which case `levels` is left unspecified.
int32_t textsize_bidi_levels(
    textsize_bidi *bidi, const uint16_t *text, int32_t length, int32_t base_direction, uint8_t *levels);

/// Whether every scalar of `scalars` (`count` of them; surrogates and values above U+10FFFF are read as U+FFFD) gets
/// level 1 from `textsize_bidi_levels` with a natural or right-to-left base, without running the algorithm: returns 1
/// when the text has a right-to-left letter (Bidi_Class R or AL) and every other scalar is of a class that then takes
/// the paragraph's direction (NSM, BN, WS, S, ON, CS, ES, ET), else 0 (also for empty or NULL text).
///
/// Why that suffices (UAX #9): with no paragraph separator (B) the text is one paragraph, whose first strong
/// character is R or AL (no L anywhere), so its level is 1; with no explicit controls (LRE … PDI) every character
/// stays at that level; with no numbers (EN, AN) W1–W7 leave only R and neutrals (NSM takes R or a neutral's type, AL
/// becomes R, ES/ET/CS become ON); N0–N2 resolve every neutral between R, sos and eos (all R at level 1) to R; and
/// L1 resets separators and trailing whitespace to the paragraph level, 1. Real right-to-left UI strings are mostly
/// of this kind (99% of the shared Arabic and Persian corpora), and this check costs a table read per scalar where
/// the algorithm costs several.
int32_t textsize_bidi_is_plain_rtl(const uint32_t *scalars, int32_t count);

#ifdef __cplusplus
}
#endif

#endif
