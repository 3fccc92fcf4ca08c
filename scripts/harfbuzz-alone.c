/* HarfBuzz alone, as a ceiling for measuring complex scripts: shapes every line of a text file with one font
 * (hb_shape with HarfBuzz's own OpenType functions, script and direction guessed per line), nothing else — no line
 * breaking, no fitting, no caching — and prints the scalars per second of the fastest of N passes. `lines` shapes
 * each line in one call (the fewest calls there can be); `words` shapes each space-separated word with its trailing
 * spaces in a call of its own, as a measurer that caches words does on first sight.
 *
 * With THREADS above 1 it is the ceiling of the complex suites' scaling instead: each pass runs on one thread and then
 * on THREADS threads (in alternating order, so that both see the same moments of a shared machine), the threads taking
 * chunks of 64 lines as the bench's workers do, each with a buffer and counters of its own (written to the shared
 * worker record once, at the end: a counter beside another thread's in one cache line would slow both), and prints the
 * median (of an even count, the mean of the middle two, as the bench's) and range of the speed-up over the passes, and
 * the glyphs a pass makes on each, which must agree. FACES `shared` gives all threads one hb_face_t and hb_font_t, as
 * the measurer's sessions share a font's; `own` gives each thread a face and font of its own, made from the file before
 * timing. PASSES is at least 1; THREADS 1 to 64; FACES only with THREADS above 1.
 * Build and run: `make harfbuzz-alone` (scripts/harfbuzz-alone.sh), or
 *   cc -O2 -pthread -o harfbuzz-alone scripts/harfbuzz-alone.c $(pkg-config --cflags --libs harfbuzz)
 *   ./harfbuzz-alone FONT FILE lines|words [PASSES [THREADS [shared|own]]]
 */
#include <hb-ot.h>
#include <hb.h>
#include <pthread.h>
#include <stdatomic.h>
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

/* The text's lines, as offsets: line i is text[starts[i]] up to its newline. */
typedef struct {
    const char *text;
    long *starts;
    long *ends;
    long count;
    int words;
} lines_t;

/* Shapes line `index` whole or word by word; returns the hb_shape calls made. */
static long shape_line(const lines_t *lines, long index, hb_font_t *font, hb_buffer_t *buffer, long *glyphs) {
    const char *line = lines->text + lines->starts[index], *end = lines->text + lines->ends[index];
    if (!lines->words) {
        shape(font, buffer, line, (int)(end - line), glyphs);
        return 1;
    }
    long calls = 0;
    for (const char *word = line; word < end;) {
        const char *stop = word;
        while (stop < end && *stop != ' ') stop++;
        while (stop < end && *stop == ' ') stop++;
        shape(font, buffer, word, (int)(stop - word), glyphs);
        calls++;
        word = stop;
    }
    return calls;
}

enum { chunk = 64 };

/* One worker of a pass on several threads: chunks of `chunk` lines taken from a shared counter. */
typedef struct {
    const lines_t *lines;
    hb_font_t *font;
    atomic_long *next;
    long glyphs;
} worker_t;

static void *work(void *argument) {
    worker_t *worker = argument;
    hb_buffer_t *buffer = hb_buffer_create();
    long glyphs = 0;
    for (;;) {
        long first = atomic_fetch_add(worker->next, chunk);
        if (first >= worker->lines->count) break;
        long last = first + chunk < worker->lines->count ? first + chunk : worker->lines->count;
        for (long index = first; index < last; index++)
            shape_line(worker->lines, index, worker->font, buffer, &glyphs);
    }
    worker->glyphs = glyphs;
    hb_buffer_destroy(buffer);
    return NULL;
}

/* One pass on `threads` threads, thread i shaping with fonts[i]: its wall time in seconds and the glyphs it made, or
 * -1 when a thread cannot start (the ones started are joined first). */
static double threaded_pass(const lines_t *lines, hb_font_t **fonts, int threads, long *glyphs) {
    atomic_long next = 0;
    pthread_t ids[64];
    worker_t workers[64];
    double start = now();
    int started = 0;
    for (; started < threads; started++) {
        workers[started] = (worker_t){lines, fonts[started], &next, 0};
        if (pthread_create(&ids[started], NULL, work, &workers[started]) != 0) break;
    }
    *glyphs = 0;
    for (int i = 0; i < started; i++) {
        pthread_join(ids[i], NULL);
        *glyphs += workers[i].glyphs;
    }
    return started == threads ? now() - start : -1;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* `text` as a whole number, or -1 when it is not one (atoi would read "2x" as 2). */
static long whole(const char *text) {
    char *end;
    long value = strtol(text, &end, 10);
    return *text && !*end ? value : -1;
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[3], "lines") != 0 && strcmp(argv[3], "words") != 0)) {
        fprintf(stderr, "usage: %s FONT FILE lines|words [PASSES [THREADS [shared|own]]]\n", argv[0]);
        return 2;
    }
    int words = strcmp(argv[3], "words") == 0;
    long passes = argc > 4 ? whole(argv[4]) : 10;
    long threads = argc > 5 ? whole(argv[5]) : 1;
    int own = argc > 6 && strcmp(argv[6], "own") == 0;
    if (argc > 7 || passes < 1 || passes > 1000000 || threads < 1 || threads > 64
        || (argc > 6 && (threads == 1 || (!own && strcmp(argv[6], "shared") != 0)))) {
        fprintf(stderr,
                "usage: %s FONT FILE lines|words [PASSES [THREADS [shared|own]]]: PASSES 1 or more, THREADS 1 to 64, "
                "shared|own only with THREADS above 1\n",
                argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[2], "rb");
    if (!in) { perror(argv[2]); return 1; }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, in) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[2]); return 1; }
    text[size] = 0;
    fclose(in);
    long scalars = 0, count = 0;
    for (long i = 0; i < size; i++) {
        scalars += (text[i] & 0xC0) != 0x80 && text[i] != '\n';
        count += text[i] == '\n';
    }
    count += size > 0 && text[size - 1] != '\n';
    lines_t lines = {text, malloc(sizeof(long) * (count + 1)), malloc(sizeof(long) * (count + 1)), 0, words};
    for (const char *line = text; line < text + size;) {
        const char *end = memchr(line, '\n', text + size - line);
        if (!end) end = text + size;
        lines.starts[lines.count] = line - text;
        lines.ends[lines.count++] = end - text;
        line = end + 1;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) { fprintf(stderr, "cannot read font %s\n", argv[1]); return 1; }
    /* fonts[0] serves one thread; the others are fonts[0] again (`shared`) or made alike (`own`). */
    hb_font_t *fonts[64];
    for (int i = 0; i < threads; i++) {
        if (i > 0 && !own) { fonts[i] = fonts[0]; continue; }
        hb_face_t *face = hb_face_create(blob, 0);
        fonts[i] = hb_font_create(face);
        hb_face_destroy(face); /* the font holds it */
    }
    if (threads == 1) {
        hb_buffer_t *buffer = hb_buffer_create();
        double best = 1e30;
        long glyphs = 0, calls = 0;
        for (long pass = 0; pass < passes; pass++) {
            glyphs = 0;
            calls = 0;
            double start = now();
            for (long index = 0; index < lines.count; index++)
                calls += shape_line(&lines, index, fonts[0], buffer, &glyphs);
            double seconds = now() - start;
            if (seconds < best) best = seconds;
        }
        printf("%s %s: %ld scalars, %ld glyphs, %ld hb_shape calls a pass; fastest of %ld passes %.2f ms: "
               "%.2f M scalars/s\n",
               argv[3], argv[2], scalars, glyphs, calls, passes, best * 1e3, scalars / best / 1e6);
        hb_buffer_destroy(buffer);
    } else {
        if (scalars == 0) {
            fprintf(stderr, "%s: nothing to shape\n", argv[2]);
            return 1;
        }
        /* A pass on one thread first warms what HarfBuzz builds lazily (the face's tables, its shape plans); with a
         * face per thread, a pass on all of them warms theirs. */
        long glyphs1 = 0, glyphsN = 0;
        if (threaded_pass(&lines, fonts, 1, &glyphs1) < 0
            || (own && threaded_pass(&lines, fonts, (int)threads, &glyphsN) < 0)) {
            fprintf(stderr, "cannot start a thread\n");
            return 1;
        }
        double *speedups = malloc(sizeof(double) * passes), best1 = 1e30, bestN = 1e30;
        for (long pass = 0; pass < passes; pass++) {
            double one = 0, many = 0;
            for (int turn = 0; turn < 2; turn++) {
                if ((turn == 0) == (pass % 2 == 0)) one = threaded_pass(&lines, fonts, 1, &glyphs1);
                else many = threaded_pass(&lines, fonts, (int)threads, &glyphsN);
            }
            if (one < 0 || many < 0) {
                fprintf(stderr, "cannot start a thread\n");
                return 1;
            }
            speedups[pass] = one / many;
            if (one < best1) best1 = one;
            if (many < bestN) bestN = many;
        }
        qsort(speedups, passes, sizeof(double), ascending);
        double median = passes % 2 ? speedups[passes / 2] : (speedups[passes / 2 - 1] + speedups[passes / 2]) / 2;
        printf("%s %s, %ld threads, %s faces: %ld glyphs a pass on one thread, %ld on %ld; fastest %.2f M scalars/s on "
               "one thread, %.2f M on %ld; speed-up over %ld alternating passes: median x%.2f (x%.2f-x%.2f)\n",
               argv[3], argv[2], threads, own ? "own" : "shared", glyphs1, glyphsN, threads, scalars / best1 / 1e6,
               scalars / bestN / 1e6, threads, passes, median, speedups[0], speedups[passes - 1]);
        free(speedups);
    }
    for (int i = 0; i < threads; i++)
        if (i == 0 || own) hb_font_destroy(fonts[i]);
    hb_blob_destroy(blob);
    free(lines.starts);
    free(lines.ends);
    free(text);
    return 0;
}
