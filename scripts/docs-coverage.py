#!/usr/bin/env python3
"""Lists the public declarations of a module that have no documentation comment, as `file:line: kind name`.

Usage: docs-coverage.py [--report] ROOT SYMBOL_GRAPH_DIR...

Reads the symbol graphs (`Module.symbols.json` and `Module@Other.symbols.json`) in each directory and prints every
`public` or `open` symbol that is declared in a file under ROOT (synthesized members and symbols without a source
location are not declarations of ours) and has no `///` comment. Witnesses of the standard library's protocols that
the protocol documents already (`description`, `==`, `hash(into:)`, `rawValue`, …) are left out. Exits 1 when any
symbol is listed, unless `--report` is given (then it only lists them).
"""
import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse

# Members whose meaning the standard library protocol they implement documents.
PROTOCOL_WITNESSES = {
    "description", "debugDescription", "hashValue", "hash(into:)", "==(_:_:)", "<(_:_:)", "!=(_:_:)",
    "rawValue", "init(rawValue:)", "encode(to:)", "init(from:)", "allCases", "makeIterator()",
}


def undocumented(root, directory):
    found = []
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or "location" not in symbol:
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            name = symbol["pathComponents"][-1]
            if name in PROTOCOL_WITNESSES:
                continue
            source = unquote(urlparse(symbol["location"]["uri"]).path)
            if not os.path.realpath(source).startswith(os.path.realpath(root) + os.sep):
                continue
            line = symbol["location"]["position"]["line"] + 1
            kind = symbol["kind"]["displayName"].lower()
            found.append((os.path.relpath(os.path.realpath(source), os.path.realpath(root)), line, kind,
                          ".".join(symbol["pathComponents"])))
    return found


def main(arguments):
    report_only = "--report" in arguments
    arguments = [argument for argument in arguments if argument != "--report"]
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    root, directories = arguments[0], arguments[1:]
    found = sorted(set(entry for directory in directories for entry in undocumented(root, directory)))
    for file, line, kind, name in found:
        print(f"{file}:{line}: {kind} {name} has no documentation comment")
    if found:
        print(f"docs-coverage: {len(found)} public declarations without documentation", file=sys.stderr)
    return 1 if found and not report_only else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
