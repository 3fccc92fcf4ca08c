import Cache
import Foundation
import Measure

/// One benchmark corpus: its strings, ready to measure, and the facts that make figures comparable between machines
/// (line count, scalar count, and the SHA-256 the manifest pins).
public struct BenchCorpus: Sendable {
    /// "latin", "cjk" or "complex", or one language of them ("ja": `CorpusFamily`).
    public let name: String
    /// The strings, unescaped, as UTF-8 slices.
    public let lines: [ArraySlice<UInt8>]
    /// Unicode scalars in all strings.
    public let chars: Int
    /// The SHA-256 `corpora/MANIFEST.tsv` pins for the file (checked by scripts/build-corpora.py when it was built).
    public let sha256: String

    /// Loads `DIRECTORY/build/NAME.txt` (made by `make corpora`) and checks it against its entry in
    /// `DIRECTORY/MANIFEST.tsv`: its line count and its SHA-256, so that figures and counters only ever describe the
    /// pinned text; every line must be well-formed UTF-8 (the `limit` suite decodes without checks).
    /// - Throws: `BenchError` when the corpus has not been built, is no regular file, is not the text the manifest
    ///   pins, or the manifest does not list it.
    public init(name: String, corporaDirectory: URL) throws {
        let file = corporaDirectory.appendingPathComponent("build/\(name).txt")
        let manifestFile = corporaDirectory.appendingPathComponent("MANIFEST.tsv")
        // Its kind first, through links: reading a FIFO or /dev/zero would block or never end.
        guard let kind = try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)[.type]
        else { throw BenchError.corpusMissing(path: file.path) }
        guard kind as? FileAttributeType == .typeRegular, let data = FileManager.default.contents(atPath: file.path)
        else { throw BenchError.corpusUnreadable(path: file.path) }
        guard let manifest = try? String(contentsOf: manifestFile, encoding: .utf8) else {
            throw BenchError.manifestMissing(path: manifestFile.path)
        }
        // Lines split at LF or CRLF (a manifest checked out with CRLF endings reads the same), fields at tabs.
        let row = manifest.split(whereSeparator: \.isNewline).map {
            $0.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
        }.first { $0.first == name }
        guard let row, row.count >= 5, !row[4].isEmpty else {
            throw BenchError.notInManifest(name: name, manifest: manifestFile.path)
        }
        self.name = name
        lines = EscapedLines.lines(in: [UInt8](data))
        guard Int(row[3]) == lines.count else {
            throw BenchError.manifestMismatch(name: name, expected: String(row[3]), found: lines.count)
        }
        let digest = SHA256.hash(data).hexString
        guard digest == row[4].lowercased() else {
            throw BenchError.hashMismatch(name: name, pinned: row[4], found: digest)
        }
        var chars = 0
        for (number, line) in lines.enumerated() {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw BenchError.invalidUTF8(name: name, line: number + 1)
            }
            chars += text.unicodeScalars.count
        }
        self.chars = chars
        sha256 = digest
    }

    /// A corpus made of given strings (for tests and small runs).
    public init(name: String, strings: [String]) {
        self.name = name
        lines = strings.map { ArraySlice(Array($0.utf8)) }
        chars = strings.reduce(0) { $0 + $1.unicodeScalars.count }
        sha256 = ""
    }

    init(name: String, lines: [ArraySlice<UInt8>], chars: Int, sha256: String) {
        self.name = name
        self.lines = lines
        self.chars = chars
        self.sha256 = sha256
    }

    /// The strings of at most `maxChars` scalars, as a corpus of their own (for the re-layout suites).
    public func short(maxChars: Int) -> BenchCorpus {
        var kept: [ArraySlice<UInt8>] = []
        var chars = 0
        for line in lines {
            let count = String(decoding: line, as: UTF8.self).unicodeScalars.count
            if count <= maxChars {
                kept.append(line)
                chars += count
            }
        }
        return BenchCorpus(name: name, lines: kept, chars: chars, sha256: sha256)
    }
}

/// Why a benchmark cannot run.
public enum BenchError: Error, CustomStringConvertible, Equatable {
    case corpusMissing(path: String)
    /// The corpus path names something other than a readable regular file (a folder, a FIFO, a device).
    case corpusUnreadable(path: String)
    /// The corpora folder has no readable `MANIFEST.tsv`.
    case manifestMissing(path: String)
    case notInManifest(name: String, manifest: String)
    case manifestMismatch(name: String, expected: String, found: Int)
    /// The file's SHA-256 is not the one the manifest pins: other text than the figures would claim.
    case hashMismatch(name: String, pinned: String, found: String)
    /// A line of the corpus (1-based) is not well-formed UTF-8.
    case invalidUTF8(name: String, line: Int)
    case unknownCorpus(String)
    /// A store suite did not find a size it had stored: a bug, reported rather than timed.
    case storeLostRow

    public var description: String {
        switch self {
        case .corpusMissing(let path):
            return "corpus not built: \(path) (run `make corpora`)"
        case .corpusUnreadable(let path):
            return "corpus \(path) is not a readable regular file (run `make corpora`)"
        case .manifestMissing(let path):
            return
                "no readable corpora manifest at \(path) (--corpora names the folder holding MANIFEST.tsv and build/)"
        case .notInManifest(let name, let manifest):
            return "corpus \(name) has no row (corpus, package, version, lines, sha256) in \(manifest)"
        case .hashMismatch(let name, let pinned, let found):
            return "corpus \(name) has sha256 \(found) but the manifest pins \(pinned) (rebuild with `make corpora`)"
        case .invalidUTF8(let name, let line):
            return "corpus \(name) line \(line) is not valid UTF-8"
        case .manifestMismatch(let name, let expected, let found):
            return "corpus \(name) has \(found) lines but the manifest pins \(expected) (rebuild with `make corpora`)"
        case .unknownCorpus(let name):
            return "unknown corpus '\(name)' (latin or cjk)"
        case .storeLostRow:
            return "the size database did not return a size it had stored"
        }
    }
}
