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

    /// Loads `DIRECTORY/build/NAME.txt` (made by `make corpora`) and its manifest entry.
    /// - Throws: `BenchError` when the corpus has not been built or the manifest does not list it.
    public init(name: String, corporaDirectory: URL) throws {
        let file = corporaDirectory.appendingPathComponent("build/\(name).txt")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BenchError.corpusMissing(path: file.path)
        }
        let manifest =
            (try? String(
                contentsOf: corporaDirectory.appendingPathComponent("MANIFEST.tsv"),
                encoding: .utf8)) ?? ""
        let row = manifest.split(separator: "\n").map { $0.split(separator: "\t") }.first {
            $0.first == Substring(name)
        }
        guard let row, row.count >= 5 else { throw BenchError.notInManifest(name: name) }
        self.name = name
        lines = EscapedLines.lines(in: [UInt8](data))
        guard Int(row[3]) == lines.count else {
            throw BenchError.manifestMismatch(name: name, expected: String(row[3]), found: lines.count)
        }
        chars = lines.reduce(0) { $0 + String(decoding: $1, as: UTF8.self).unicodeScalars.count }
        sha256 = String(row[4])
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
    case notInManifest(name: String)
    case manifestMismatch(name: String, expected: String, found: Int)
    case unknownCorpus(String)
    /// A store suite did not find a size it had stored: a bug, reported rather than timed.
    case storeLostRow

    public var description: String {
        switch self {
        case .corpusMissing(let path):
            return "corpus not built: \(path) (run `make corpora`)"
        case .notInManifest(let name):
            return "corpus \(name) is not in corpora/MANIFEST.tsv"
        case .manifestMismatch(let name, let expected, let found):
            return "corpus \(name) has \(found) lines but the manifest pins \(expected) (rebuild with `make corpora`)"
        case .unknownCorpus(let name):
            return "unknown corpus '\(name)' (latin or cjk)"
        case .storeLostRow:
            return "the size database did not return a size it had stored"
        }
    }
}
