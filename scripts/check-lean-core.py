#!/usr/bin/env python3
"""The lean core stays lean: `Measure` and `Cache` (what an app that only wants sizes links) depend on no SQLite,
and C stays behind its folders.

Two checks, both from the build's own sources of truth:
1. `swift package describe --type json`: the transitive target dependencies of `Measure` and `Cache` do not include
   `CSQLite` (the one system-library target that links libsqlite3), and `MeasureStore` is the only library product
   whose targets do.
2. When a debug build exists (`--build DIR`, default .build/debug): no object file of those modules' targets has an
   undefined `sqlite3_*` symbol (`nm -u`), so nothing reaches SQLite behind the manifest's back.

3. Every Swift import of a C module (`CFreeType`, `CHarfBuzz`, `CSQLite`, …) is an `internal import`.

Exits 1 naming what breaks the rule, 0 otherwise.
"""
import json
import os
import subprocess
import sys

LEAN = ["Measure", "Cache"]
# C modules an `@inlinable` Swift function calls, so their import cannot be internal. They declare no types: CPrefetch
# is one function, `textsize_prefetch(const void *)`, that the segment cache's inlined lookups call.
INLINED_C = {"CPrefetch"}


def main():
    build = sys.argv[sys.argv.index("--build") + 1] if "--build" in sys.argv else ".build/debug"
    described = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], check=True,
                                          capture_output=True, text=True).stdout)
    targets = {t["name"]: t for t in described["targets"]}

    def closure(name):
        seen = {name}
        stack = [name]
        while stack:
            for dep in targets[stack.pop()].get("target_dependencies", []):
                if dep not in seen:
                    seen.add(dep)
                    stack.append(dep)
        return seen

    problems = []
    lean_targets = set()
    for name in LEAN:
        reach = closure(name)
        lean_targets |= reach
        if "CSQLite" in reach:
            problems.append(f"{name} depends on CSQLite (through {sorted(reach - {name, 'CSQLite'})})")
    for product in described.get("products", []):
        if "library" not in product.get("type", {}):
            continue
        reach = set().union(*(closure(t) for t in product["targets"]))
        if "CSQLite" in reach and product["name"] not in ("MeasureStore",):
            # Products built on the store (catalog checks with a database) may link it; say which do.
            print(f"check-lean-core: product {product['name']} links SQLite (through the store)")
    swift_targets = sorted(t for t in lean_targets if os.path.isdir(os.path.join(build, f"{t}.build")))
    for target in swift_targets:
        folder = os.path.join(build, f"{target}.build")
        # Only the objects of the target's current sources: a build folder keeps those of files since moved away.
        sources = {os.path.basename(f) + ".o" for f in targets[target].get("sources", [])}
        objects = [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f in sources]
        if not objects:
            continue
        undefined = subprocess.run(["nm", "-u"] + objects, check=True, capture_output=True, text=True).stdout
        hits = sorted({line.split()[-1] for line in undefined.splitlines() if "sqlite3_" in line})
        if hits:
            problems.append(f"{target}'s objects call SQLite: {', '.join(hits[:5])}")
    # C stays behind its folder: every Swift import of a C module is `internal import`, so no C type can appear in
    # a public or package signature (the compiler refuses it then).
    c_modules = {t for t, v in targets.items() if v.get("type") == "system-target"
                 or (v.get("sources") and all(f.endswith(".c") for f in v["sources"]))}
    for folder, _, files in os.walk("Sources"):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    words = line.split()
                    if len(words) == 2 and words[0] == "import" and words[1] in c_modules - INLINED_C:
                        problems.append(f"{path}:{number}: `import {words[1]}` must be `internal import {words[1]}`")
    if problems:
        for problem in problems:
            print(f"check-lean-core: {problem}", file=sys.stderr)
        return 1
    checked = ", ".join(swift_targets) if swift_targets else "none built yet"
    print(f"check-lean-core: Measure and Cache reach no SQLite (manifest; objects checked: {checked})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
