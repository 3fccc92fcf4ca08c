/* HarfBuzz alone, as a ceiling for measuring complex scripts: shapes every line of a text file with one font
 * (hb_shape with HarfBuzz's own OpenType functions, script and direction guessed per line), nothing else — no line
 * breaking, no fitting, no caching — and prints the scalars per second of the fastest of N passes. `lines` shapes each
 * line in one call (the fewest calls there can be); `words` shapes each space-separated word with its trailing spaces
 * in a call of its own, as a measurer that caches words does on first sight.
 * Build and run: `make harfbuzz-alone` (scripts/harfbuzz-alone.sh), or
 *   cc -O2 -o harfbuzz-alone scripts/harfbuzz-alone.c $(pkg-config --cflags --libs harfbuzz)
 *   ./harfbuzz-alone FONT FILE lines|words [PASSES]
 */
#include <hb-ot.h>
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void shape(hb_font_t *font, hb_buffer_t *buffer, const char *text, int length, long *glyphs) {
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    *glyphs += hb_buffer_get_length(buffer);
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[3], "lines") != 0 && strcmp(argv[3], "words") != 0)) {
        fprintf(stderr, "usage: %s FONT FILE lines|words [PASSES]\n", argv[0]);
        return 2;
    }
    int words = strcmp(argv[3], "words") == 0;
    int passes = argc > 4 ? atoi(argv[4]) : 10;
    FILE *in = fopen(argv[2], "rb");
    if (!in) { perror(argv[2]); return 1; }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, in) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[2]); return 1; }
    text[size] = 0;
    fclose(in);
    long scalars = 0;
    for (long i = 0; i < size; i++) scalars += (text[i] & 0xC0) != 0x80 && text[i] != '\n';
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) { fprintf(stderr, "cannot read font %s\n", argv[1]); return 1; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_buffer_t *buffer = hb_buffer_create();
    double best = 1e30;
    long glyphs = 0, calls = 0;
    for (int pass = 0; pass < passes; pass++) {
        glyphs = 0;
        calls = 0;
        double start = now();
        for (char *line = text; line < text + size;) {
            char *end = memchr(line, '\n', text + size - line);
            if (!end) end = text + size;
            if (!words) {
                shape(font, buffer, line, (int)(end - line), &glyphs);
                calls++;
            } else {
                for (char *word = line; word < end;) {
                    char *stop = word;
                    while (stop < end && *stop != ' ') stop++;
                    while (stop < end && *stop == ' ') stop++;
                    shape(font, buffer, word, (int)(stop - word), &glyphs);
                    calls++;
                    word = stop;
                }
            }
            line = end + 1;
        }
        double seconds = now() - start;
        if (seconds < best) best = seconds;
    }
    printf("%s %s: %ld scalars, %ld glyphs, %ld hb_shape calls a pass; fastest of %d passes %.2f ms: %.2f M scalars/s\n",
           argv[3], argv[2], scalars, glyphs, calls, passes, best * 1e3, scalars / best / 1e6);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    free(text);
    return 0;
}
