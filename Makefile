# TextSize: the two set-up commands (`make demo`, `make test`) and the longer jobs that are not part of `make test`.
# Every target installs what it needs first (Debian packages, as root or with sudo), so a fresh machine needs nothing
# but this repository and the Swift toolchain.

APT_PACKAGES := pkg-config libfreetype-dev libsqlite3-dev libharfbuzz-dev libicu-dev libfontconfig-dev fontconfig \
                fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji fonts-noto-core \
                fonts-dejavu-extra fonts-adf-accanthis fonts-roboto-unhinted \
                unicode-data libxml2 gettext
# What the test suite needs beyond APT_PACKAGES: headless Chromium renders the report and the SVG pictures
# (ReportBrowserTests, SVGBrowserTests), which fail rather than pass when it cannot be started.
TEST_PACKAGES := chromium
# The Debian packages the benchmark corpora are built from (scripts/build-corpora.py, pinned by corpora/MANIFEST.tsv).
CORPUS_PACKAGES := fortunes fortunes-min fortunes-de fortunes-es fortunes-zh manpages-ja debian-faq-ko \
                   libglib2.0-data libgtk2.0-common libgdk-pixbuf2.0-common at-spi2-common libpam-runtime \
                   shared-mime-info xdg-user-dirs
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
MEASURE := .build/release/measure

.PHONY: deps demo test build release docs format lint tables corpora bench bench-quick speed speed-complex instructions scaling harfbuzz-alone accuracy script-sweep db-speed store-throughput sanitize fuzz fuzz-regressions spark clean

# Installs the Debian packages named in $(1) that are missing.
define install_missing
	@missing=$$(for p in $(1); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "make: installing" $$missing; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	else echo "make: packages present: $(1)"; fi
endef

## deps: install the Debian packages the build, the tests and the demo need (only those missing).
deps:
	$(call install_missing,$(APT_PACKAGES))

## demo: build the release binary and run the main job on the bundled defaults.
demo: deps release
	@scripts/demo.sh $(MEASURE)

## test: the whole test suite (with the corpora built: the shard and differential tests read corpora/build; with
## chromium installed: the picture tests open the report and the SVG files in it), then
## scripts/check-lean-core.py (Measure and Cache reach no SQLite, in the manifest and in the objects).
test: deps corpora
	$(call install_missing,$(TEST_PACKAGES))
	swift test --disable-xctest
	python3 scripts/check-lean-core.py

## build, release: debug and release builds of everything (release: the `measure` and `bench` commands). The release
## `measure` links the Swift runtime and Foundation statically (`--static-swift-stdlib`): a process starts in about
## half the time (10.6 ms against 19.8 ms for `measure batch` over no input, most of the difference the dynamic
## linker's symbol lookups), which a CI step or a Spark task that measures a few strings pays every time, and the
## binary needs no Swift toolchain where it runs.
MEASURE_RELEASE_BUILD := swift build -c release --product measure --static-swift-stdlib
build: deps
	swift build
release: deps
	$(MEASURE_RELEASE_BUILD)
	swift build -c release --product bench

## docs: the DocC archives of the library products, .build/docs/<Target>.doccarchive, built with the toolchain's
## `docc` (no package plugin). The symbol graphs come from one of two places: with DOCS_BUILD=DIR (an up-to-date debug
## build, e.g. DOCS_BUILD=.build/debug right after `make test`, as CI does) swift-symbolgraph-extract reads them from
## its compiled modules (scripts/extract-symbol-graphs.sh: seconds, no compiling); without it a debug build in
## DOCS_SCRATCH (a folder of its own, so that the extra compiler flags never invalidate the normal build) emits them.
## Both give the same symbols, relationships, comments and locations. Then `docc convert` turns each
## Sources/<Target>/<Target>.docc with its module's graphs into an archive. Fails on any DocC warning
## (broken links, undocumented parameters) and on public declarations without a `///` comment
## (scripts/docs-coverage.py; DOCS_COVERAGE=report lists them without failing). CI runs it.
DOCS_TARGETS := Measure Cache MeasureStore Catalogs StreamJobs CatalogMeasure
DOCS_SCRATCH ?= .build/docs-build
DOCS_OUTPUT ?= .build/docs
DOCS_COVERAGE ?= strict
DOCC ?= $(or $(shell command -v docc 2>/dev/null),$(dir $(realpath $(shell command -v swift)))docc)
DOCS_BUILD ?=
DOCS_GRAPHS := $(abspath $(DOCS_SCRATCH))/symbol-graphs
docs: deps
ifeq ($(DOCS_BUILD),)
	swift build --scratch-path $(DOCS_SCRATCH) \
	    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(DOCS_GRAPHS)
else
	@rm -rf $(DOCS_GRAPHS)
	scripts/extract-symbol-graphs.sh $(DOCS_BUILD) $(DOCS_GRAPHS) $(DOCS_TARGETS)
endif
	@rm -rf $(DOCS_OUTPUT) && mkdir -p $(DOCS_OUTPUT)/symbol-graphs
	@status=0; for target in $(DOCS_TARGETS); do \
	    graphs=$(DOCS_OUTPUT)/symbol-graphs/$$target; mkdir -p $$graphs; \
	    find $(DOCS_GRAPHS) -maxdepth 1 \( -name "$$target.symbols.json" -o -name "$$target@*.symbols.json" \) \
	        -exec cp {} $$graphs/ \; ; \
	    [ -f $$graphs/$$target.symbols.json ] || { echo "make docs: no symbol graph for $$target"; status=1; continue; }; \
	    echo "docc convert Sources/$$target/$$target.docc"; \
	    $(DOCC) convert Sources/$$target/$$target.docc --additional-symbol-graph-dir $$graphs \
	        --fallback-display-name $$target --fallback-bundle-identifier org.textsize.$$target \
	        --output-path $(DOCS_OUTPUT)/$$target.doccarchive --warnings-as-errors || status=1; \
	done; \
	python3 scripts/docs-coverage.py $(if $(filter report,$(DOCS_COVERAGE)),--report) $(CURDIR) \
	    $(addprefix $(DOCS_OUTPUT)/symbol-graphs/,$(DOCS_TARGETS)) || status=1; \
	[ $$status = 0 ] || { echo "make docs: failed (DocC diagnostics or undocumented declarations above)"; exit 1; }

## format: the toolchain's swift-format rewrites the Swift files of FORMAT_PATHS (default Sources and Tests) in place,
## by .swift-format (4 spaces, 120 columns; the rules that fight the house style, `DoNotUseSemicolons` for
## `case 0xE0: length = 3; low = 0xA0` and `OneVariableDeclarationPerLine` for `let a = x, b = y`, are off).
## lint: the same check without writing (`swift-format lint --strict`); fails on any finding.
FORMAT_PATHS ?= Sources Tests
SWIFT_FORMAT ?= $(or $(shell command -v swift-format 2>/dev/null),$(dir $(realpath $(shell command -v swift)))swift-format)
format:
	$(SWIFT_FORMAT) format --in-place --parallel --recursive $(FORMAT_PATHS)
lint:
	$(SWIFT_FORMAT) lint --strict --parallel --recursive $(FORMAT_PATHS)

## tables: regenerate the committed Unicode property tables from the UCD files of Debian's unicode-data.
tables: deps
	python3 scripts/generate-unicode-tables.py /usr/share/unicode

## corpora: install the corpus packages and build corpora/build/*.txt, checked against corpora/MANIFEST.tsv.
corpora:
	$(call install_missing,$(CORPUS_PACKAGES))
	python3 scripts/build-corpora.py

## bench: the full benchmark (release build): table on stdout, JSON/Markdown/HTML in .bench/.
bench: deps corpora
	swift build -c release --product bench
	@mkdir -p .bench
	.build/release/bench --json .bench/latest.json --markdown .bench/latest.md --html .bench/latest.html

## bench-quick: every corpus and cache state, threads 1 and 2, fewer repetitions (under a minute); CI runs it.
bench-quick: deps corpora
	swift build -c release --product bench
	@mkdir -p .bench
	.build/release/bench --quick --json .bench/quick.json

## speed: time `measure batch --threads 1` against Pango on 40,000 distinct Latin strings (needs ../shared/reference).
speed: deps release
	@scripts/speed.sh $(MEASURE)

## speed-complex: the same against Pango on the shared ar, fa, hi and th corpora, default features, by corpus.
speed-complex: deps release
	@scripts/speed-complex.sh $(MEASURE)

## instructions: callgrind's count of what one bench repetition costs, per corpus and cache state (release build):
## the comparison of two builds that holds on a noisy machine; BEFORE=path/to/other/bench compares with another build.
instructions: deps corpora
	swift build -c release --product bench
	$(call install_missing,valgrind)
	@scripts/instructions.sh $(if $(BEFORE),"$(BEFORE)") .build/release/bench

## scaling: two threads against one over ROUNDS (default 15) runs of `bench --quick --no-store`: each suite's speed-up
## as median and 10th/90th percentiles, and over its corpus's limit suite's in the same run (the machine's own scaling).
scaling: deps corpora
	swift build -c release --product bench
	@python3 scripts/scaling.py --rounds $(or $(ROUNDS),15) .build/release/bench

## harfbuzz-alone: HarfBuzz alone shaping the complex corpora, a line or a word per call: the complex suites' ceiling;
## PASSES=n passes (10); THREADS=2 adds its speed-up on two threads, the ceiling of their scaling.
harfbuzz-alone: deps corpora
	@scripts/harfbuzz-alone.sh $(or $(PASSES),10) $(or $(THREADS),1)

## accuracy: agreement with HarfBuzz and Pango on every corpus of ../shared/reference (release build).
accuracy: deps release
	@scripts/accuracy.sh $(MEASURE)
	@echo "--- each corpus in its language:"
	@scripts/accuracy.sh $(MEASURE) --language

## script-sweep: held-out scripts — this machine's gettext translations in 30 languages the reference corpora leave
## out (Indic, Myanmar, Khmer, Lao, Tibetan, Ethiopic, Georgian, Armenian, Thaana, Arabic and Hebrew languages,
## Greek, Cyrillic, Vietnamese), measured by `measure`, HarfBuzz and Pango in each script's font (needs
## ../shared/reference; installs uharfbuzz and fontTools from PyPI into a virtual environment of its own).
SWEEP := .build/script-sweep
script-sweep: deps release
	$(call install_missing,python3-venv)
	@mkdir -p $(SWEEP)
	@scripts/build-pango-measure.sh $(SWEEP)
	@[ -x $(SWEEP)/venv/bin/python ] || python3 -m venv $(SWEEP)/venv
	@$(SWEEP)/venv/bin/pip install -q uharfbuzz==0.57.0 fonttools==4.68.0
	@python3 scripts/script-sweep.py $(MEASURE) $(SWEEP)/pango-measure \
	    "$(SWEEP)/venv/bin/python $${TEXTSIZE_SHARED:-../shared}/reference/engines/hb-measure.py" $(SWEEP)

## db-speed: a second `measure batch --db` over 10,000 strings against the first (needs ../shared/reference).
db-speed: deps release
	@scripts/db-speed.sh $(MEASURE)

## store-throughput: the size store's batched writes per second and single lookups per second, release build.
store-throughput: deps
	@scripts/store-throughput.sh

## sanitize: the concurrency suites under ThreadSanitizer, then the whole suite under AddressSanitizer (debug builds
## with their own scratch folders under .build/, so they never mix with the normal build). LeakSanitizer ignores the
## libraries' own allocations listed in scripts/lsan-suppressions.txt. SANITIZE_ADDRESS_FILTER='--filter X' narrows
## the AddressSanitizer run.
SANITIZE_THREAD_SUITES := LockedTests|AndroidFolderCacheTests|PreparedTextConcurrencyTests|HarfBuzzShapingStressTests|SharedShapedSegmentsTests|MeasureSessionGroupTests|FontMemoryTests|SizeStoreConcurrencyTests|SizeStoreCreationConcurrencyTests|GlyphAdvanceCacheTests|SegmentWidthCacheTests|BatchTests|MemoizingMeasurerTests
sanitize: deps
	swift test --disable-xctest --sanitize=thread --scratch-path .build/sanitize-thread --filter '$(SANITIZE_THREAD_SUITES)'
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=1 \
	    swift test --disable-xctest --sanitize=address --scratch-path .build/sanitize-address $(SANITIZE_ADDRESS_FILTER)

## spark: the Spark integration test (scripts/spark-test.py): the corpora through Spark local[2] in 4 partitions, one
## `measure stream --db shard-<partition>.db` each, merged, against one `measure stream --db single.db`; fails when a
## result or the merged database differs. Creates .venv-spark/ with the pinned pyspark on first use (needs Java 17 and
## PyPI). SPARK_ARGS passes options (--per-file N, --partitions N, --master URL, --workdir DIR); SPARK_SCRATCH is
## the build folder (default .build, as `make release`).
SPARK_ARGS ?=
SPARK_SCRATCH ?= .build
SPARK_PACKAGES := openjdk-17-jre-headless python3-venv
spark: deps corpora
	$(call install_missing,$(SPARK_PACKAGES))
	$(MEASURE_RELEASE_BUILD) --scratch-path $(SPARK_SCRATCH)
	python3 scripts/spark-test.py --measure $(SPARK_SCRATCH)/release/measure $(SPARK_ARGS)

## fuzz: build the libFuzzer targets (Fuzz/, ASan, debug) and run each for FUZZ_SECONDS (default 60) on .fuzz/corpus/;
## a crash, leak, timeout or OOM fails the run (inputs in .fuzz/crashes/<target>/). fuzz-regressions: each target once
## over its Fuzz/Regressions/<target>/ inputs. FUZZ_CONFIG=release fuzzes 5-10x faster (a longer build; no `assert`).
FUZZ_SECONDS ?= 60
FUZZ_CONFIG ?= debug
FUZZ_TARGETS := strings stringsdict stringsplist xcstrings xliff android gettext arb config attributes font linebreaker \
                onepass stream
FUZZ_SCRATCH := /tmp/build-fuzz
# SwiftPM hands its --sanitize values to swiftc as separate -sanitize= flags, of which swiftc keeps only the last; the
# -Xswiftc flag comes after them and asks for both (coverage and ASan) in every Swift module, the root package's too.
# -enable-testing: the onepass target compares with the general path, which is internal (`@testable import`), so the
# root package's modules are built testable in either configuration (in release, that keeps internal symbols
# exported, which can change what the optimizer does to them).
# One product at a time, and only the fuzz targets: a plain `swift build` of the Fuzz package also builds the root
# package's executables, which SwiftPM compiles with -parse-as-library under --sanitize=fuzzer (libFuzzer brings
# `main`), and the top-level code of `measure`'s main.swift then fails to compile. Shared modules are built once.
FUZZ_BUILD := for target in $(FUZZ_TARGETS); do \
                swift build --package-path Fuzz --scratch-path $(FUZZ_SCRATCH) -c $(FUZZ_CONFIG) \
                  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
                  --product fuzz-$$target || exit 1; \
              done
fuzz: deps
	$(FUZZ_BUILD)
	python3 Fuzz/seed-corpora.py
	@Fuzz/run-fuzzers.sh fuzz $(FUZZ_SCRATCH)/$(FUZZ_CONFIG) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
fuzz-regressions: deps
	$(FUZZ_BUILD)
	@Fuzz/run-fuzzers.sh regressions $(FUZZ_SCRATCH)/$(FUZZ_CONFIG) $(FUZZ_TARGETS)

clean:
	swift package clean
