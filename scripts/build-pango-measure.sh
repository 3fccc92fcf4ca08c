#!/usr/bin/env bash
# Installs what the speed checks compare against (libpango1.0-dev, hyperfine) and builds Pango's pango-measure from
# ../shared/reference/engines into DIR. Usage: scripts/build-pango-measure.sh DIR   (used by speed.sh, speed-complex.sh)
set -euo pipefail
out=$1
shared=${TEXTSIZE_SHARED:-$(dirname "$0")/../../shared}
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
for package in libpango1.0-dev hyperfine; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'install ok installed' \
        || { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" >/dev/null; }
done
cc -O2 -o "$out/pango-measure" "$shared/reference/engines/pango-measure.c" \
    $(pkg-config --cflags --libs pangoft2 pangofc fontconfig glib-2.0)
