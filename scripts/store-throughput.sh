#!/usr/bin/env bash
# The size store's throughput targets (issue 4): rows written per second in batches and single lookups per second
# from one thread, in a release build. Builds scripts/store-throughput/main.swift as a throwaway package that depends
# on this one (so the package itself gains no benchmark target), runs it, and removes it.
# Usage: scripts/store-throughput.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/StoreThroughput"
cp "$root/scripts/store-throughput/main.swift" "$work/Sources/StoreThroughput/main.swift"
cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "StoreThroughput",
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "StoreThroughput",
                                dependencies: [.product(name: "Cache", package: "$(basename "$root")")])],
    swiftLanguageModes: [.v6])
PACKAGE
swift build -c release --package-path "$work" >&2
"$work/.build/release/StoreThroughput"
