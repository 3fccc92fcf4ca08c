#!/usr/bin/env bash
# Packs what a Spark (or any) worker needs to run `measure` without the Swift toolchain or the Debian packages:
#   bin/measure, lib/ (every shared library `ldd` lists except glibc's own), fonts/ (the font folders, default
#   /usr/share/fonts), fonts.conf (fontconfig reading only fonts/, cache in $TMPDIR) and run.sh (sets
#   LD_LIBRARY_PATH and FONTCONFIG_FILE, then execs bin/measure with its arguments).
#
#   scripts/spark-bundle.sh .build/release/measure textsize-worker.tar.gz [FONT_DIR…]
#   spark-submit --archives textsize-worker.tar.gz#tsz …   # then rdd.pipe("./tsz/run.sh stream …")
#
# The worker's glibc must be at least the build machine's (Debian 12: 2.36); glibc itself is not shipped.
set -euo pipefail
measure=${1:?usage: spark-bundle.sh MEASURE_BINARY OUT.tar.gz [FONT_DIR…]}
out=${2:?usage: spark-bundle.sh MEASURE_BINARY OUT.tar.gz [FONT_DIR…]}
shift 2
fonts=("$@")
[ ${#fonts[@]} -gt 0 ] || fonts=(/usr/share/fonts)
[ -x "$measure" ] || { echo "spark-bundle: $measure is not an executable" >&2; exit 2; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" "$stage/fonts"
cp "$measure" "$stage/bin/measure"
# glibc (libc, libm, libpthread, libdl, librt, the loader) stays the worker's: it must match the worker's kernel ABI.
ldd "$measure" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
    grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' | while read -r lib; do
        cp -L "$lib" "$stage/lib/"
    done
for dir in "${fonts[@]}"; do
    cp -rL "$dir" "$stage/fonts/$(basename "$dir")"
done
cat > "$stage/fonts.conf" <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir prefix="relative">fonts</dir>
  <cachedir>/tmp/textsize-fontconfig-cache</cachedir>
</fontconfig>
EOF
cat > "$stage/run.sh" <<'EOF'
#!/bin/sh
# Runs the bundled measure with the bundled libraries and fonts only.
here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" FONTCONFIG_FILE="$here/fonts.conf" \
    exec "$here/bin/measure" "$@"
EOF
chmod +x "$stage/run.sh"
tar -czf "$out" -C "$stage" .
echo "spark-bundle: $out: $(ls "$stage/lib" | wc -l) libraries, $(find "$stage/fonts" -type f | wc -l) font files," \
     "$(du -sh "$out" | cut -f1)"
