/// The only file that includes ICU: wraps the versioned ICU C functions in the plain API of `icu_bridge.h`.
///
/// Every ICU call's `UErrorCode` is checked with `U_FAILURE` (warnings, negative codes, are not failures) and a
/// failure is returned as its negated code. Arguments are checked here before ICU sees them, because ICU reads a
/// negative length as "NUL-terminated" and would then run past the caller's buffer.
#include "icu_bridge.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

/// Holds the ICU iterator behind an opaque type of ours, so the header needs no ICU type.
struct textsize_line_breaker {
    UBreakIterator *iterator;
};

/// Holds the ICU UBiDi object behind an opaque type of ours.
struct textsize_bidi {
    UBiDi *bidi;
};

/// The error returned for an argument ICU must not see.
static int32_t invalid_argument(void) {
    return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
}

textsize_line_breaker *textsize_line_breaker_open(const char *locale) {
    textsize_line_breaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) {
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    // No text yet: ubrk_setText gives it one per call.
    breaker->iterator = ubrk_open(UBRK_LINE, locale != NULL ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status) || breaker->iterator == NULL) {
        if (breaker->iterator != NULL) {
            ubrk_close(breaker->iterator);
        }
        free(breaker);
        return NULL;
    }
    return breaker;
}

void textsize_line_breaker_close(textsize_line_breaker *breaker) {
    if (breaker == NULL) {
        return;
    }
    ubrk_close(breaker->iterator);
    free(breaker);
}

int32_t textsize_line_breaker_boundaries(
    textsize_line_breaker *breaker, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    if (breaker == NULL || length < 0 || capacity < 0 || (text == NULL && length > 0)
        || (out == NULL && capacity > 0)) {
        return invalid_argument();
    }
    if (length == 0) {
        return 0;
    }
    UErrorCode status = U_ZERO_ERROR;
    // uint16_t and UChar (char16_t) have the same size and representation.
    ubrk_setText(breaker->iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        return -(int32_t)status;
    }
    int32_t count = 0;
    // ubrk_first is always 0; ubrk_next ends with `length`, then UBRK_DONE.
    for (int32_t boundary = ubrk_next(breaker->iterator); boundary != UBRK_DONE;
         boundary = ubrk_next(breaker->iterator)) {
        if (boundary <= 0 || boundary >= length) {
            continue;
        }
        if (count < capacity) {
            out[count] = boundary;
        }
        count += 1;
    }
    return count;
}

textsize_bidi *textsize_bidi_open(void) {
    textsize_bidi *bidi = malloc(sizeof *bidi);
    if (bidi == NULL) {
        return NULL;
    }
    UErrorCode status = U_ZERO_ERROR;
    // 0, 0: ICU allocates and grows its storage on demand and keeps it for the next text.
    bidi->bidi = ubidi_openSized(0, 0, &status);
    if (U_FAILURE(status) || bidi->bidi == NULL) {
        if (bidi->bidi != NULL) {
            ubidi_close(bidi->bidi);
        }
        free(bidi);
        return NULL;
    }
    return bidi;
}

void textsize_bidi_close(textsize_bidi *bidi) {
    if (bidi == NULL) {
        return;
    }
    ubidi_close(bidi->bidi);
    free(bidi);
}

int32_t textsize_bidi_levels(
    textsize_bidi *bidi, const uint16_t *text, int32_t length, int32_t base_direction, uint8_t *levels) {
    if (bidi == NULL || length < 0 || (length > 0 && (text == NULL || levels == NULL))) {
        return invalid_argument();
    }
    UBiDiLevel paragraph_level;
    switch (base_direction) {
    case TEXTSIZE_BIDI_NATURAL:
        paragraph_level = UBIDI_DEFAULT_LTR;
        break;
    case TEXTSIZE_BIDI_LTR:
        paragraph_level = 0;
        break;
    case TEXTSIZE_BIDI_RTL:
        paragraph_level = 1;
        break;
    default:
        return invalid_argument();
    }
    if (length == 0) {
        // Nothing to resolve; the natural direction of empty text is LTR, as UBIDI_DEFAULT_LTR says.
        return base_direction == TEXTSIZE_BIDI_RTL ? 1 : 0;
    }
    UErrorCode status = U_ZERO_ERROR;
    // NULL embedding levels: no explicit levels beyond the text's own controls.
    ubidi_setPara(bidi->bidi, (const UChar *)text, length, paragraph_level, NULL, &status);
    if (U_FAILURE(status)) {
        return -(int32_t)status;
    }
    // Without reordering options the processed length is the text length; check rather than trust it.
    if (ubidi_getProcessedLength(bidi->bidi) != length) {
        return -(int32_t)U_INTERNAL_PROGRAM_ERROR;
    }
    // ubidi_getLevels applies L1 to trailing whitespace; it may allocate once, into storage the object keeps.
    const UBiDiLevel *resolved = ubidi_getLevels(bidi->bidi, &status);
    if (U_FAILURE(status) || resolved == NULL) {
        return U_FAILURE(status) ? -(int32_t)status : -(int32_t)U_INTERNAL_PROGRAM_ERROR;
    }
    memcpy(levels, resolved, (size_t)length);
    // With several paragraphs and UBIDI_DEFAULT_LTR, ubidi_getParaLevel is the first paragraph's level.
    return (int32_t)ubidi_getParaLevel(bidi->bidi);
}

int32_t textsize_bidi_is_plain_rtl(const uint32_t *scalars, int32_t count) {
    if (scalars == NULL || count <= 0) {
        return 0;
    }
    int32_t has_right_to_left = 0;
    for (int32_t index = 0; index < count; index++) {
        uint32_t scalar = scalars[index];
        UChar32 c = (scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) ? 0xFFFD : (UChar32)scalar;
        switch (u_charDirection(c)) {
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC:
            has_right_to_left = 1;
            break;
        case U_DIR_NON_SPACING_MARK:
        case U_BOUNDARY_NEUTRAL:
        case U_WHITE_SPACE_NEUTRAL:
        case U_SEGMENT_SEPARATOR:
        case U_OTHER_NEUTRAL:
        case U_COMMON_NUMBER_SEPARATOR:
        case U_EUROPEAN_NUMBER_SEPARATOR:
        case U_EUROPEAN_NUMBER_TERMINATOR:
            break;
        default:
            return 0;
        }
    }
    return has_right_to_left;
}
