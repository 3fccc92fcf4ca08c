#!/usr/bin/env bash
# Writes the symbol graphs of the modules named after OUTPUT_DIR into OUTPUT_DIR, read from the compiled modules of
# an existing debug build (BUILD_DIR/Modules, e.g. .build/debug after `make test`) with the toolchain's
# swift-symbolgraph-extract, so that `make docs` needs no second build. The graphs are the ones the compiler's
# -emit-symbol-graph writes (same symbols, relationships, documentation comments and source locations);
# -skip-inherited-docs keeps witnesses of the standard library's protocols without the protocol's text, as the
# compiler does.
#
# Usage: scripts/extract-symbol-graphs.sh BUILD_DIR OUTPUT_DIR MODULE...
# A module that imports a C module publicly needs that module's map: every C target of Sources/ gets one, its own
# module.modulemap or the one SwiftPM generated for it in BUILD_DIR, with its include folder and pkg-config flags.
set -euo pipefail
build=$(cd "$1" && pwd -P); output=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd -P)
extract=${SWIFT_SYMBOLGRAPH_EXTRACT:-$(dirname "$(readlink -f "$(command -v swift)")")/swift-symbolgraph-extract}
flags=()
for target in "$root"/Sources/C*/; do
    name=$(basename "$target")
    if [ -f "$target/module.modulemap" ]; then
        flags+=(-Xcc "-fmodule-map-file=$target/module.modulemap")
    elif [ -f "$build/$name.build/module.modulemap" ]; then
        flags+=(-Xcc "-fmodule-map-file=$build/$name.build/module.modulemap" -Xcc -I -Xcc "$target/include")
    fi
done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig sqlite3); do flags+=(-Xcc "$flag"); done
mkdir -p "$output"
status=0
for module in "$@"; do
    "$extract" -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" -I "$build/Modules" "${flags[@]}" \
        -skip-inherited-docs -module-cache-path "$output/.module-cache" -output-dir "$output" || status=1
done
rm -rf "$output/.module-cache"
exit $status
