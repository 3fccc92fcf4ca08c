import Foundation

/// One line of a UCD break test file (`LineBreakTest.txt`, `GraphemeBreakTest.txt`).
struct UCDTestCase: Sendable {
    /// 1-based line number in the file, for failure messages.
    let lineNumber: Int
    /// The test string, e.g. `× 0023 × 0020 ÷ 0023 ÷` (the part before `#`, trimmed).
    let notation: String
    let scalars: [Unicode.Scalar]
    /// `true` where the file has `÷`, one element per position (`scalars.count + 1`).
    let breaks: [Bool]
}

/// Reads the break test files of the installed Unicode Character Database (Debian package `unicode-data`).
enum UCDTestFile {
    /// Where `unicode-data` installs the UCD test files.
    static let directory = "/usr/share/unicode/auxiliary"

    /// A UCD test file that is not installed; CI installs `unicode-data`, so this is a setup error worth a clear text.
    struct MissingFile: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: install the Debian package unicode-data (UCD 15.0)" }
    }

    /// A line that is neither a comment nor a well-formed test case.
    struct MalformedLine: Error, CustomStringConvertible {
        let path: String
        let lineNumber: Int
        var description: String { "\(path):\(lineNumber) is not a test case" }
    }

    /// Parses every test case of `name`, in file order.
    static func cases(in name: String) throws -> [UCDTestCase] {
        let path = directory + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { throw MissingFile(path: path) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases: [UCDTestCase] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            guard let testCase = parse(content, lineNumber: offset + 1) else {
                throw MalformedLine(path: path, lineNumber: offset + 1)
            }
            cases.append(testCase)
        }
        return cases
    }

    /// Parses `÷ 0020 × 0308 ÷`: break symbols and hexadecimal scalars, alternating, starting and ending with a symbol.
    static func parse(_ notation: String, lineNumber: Int) -> UCDTestCase? {
        var scalars: [Unicode.Scalar] = []
        var breaks: [Bool] = []
        for (index, token) in notation.split(separator: " ").enumerated() {
            if index % 2 == 0 {
                guard token == "÷" || token == "×" else { return nil }
                breaks.append(token == "÷")
            } else {
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            }
        }
        guard breaks.count == scalars.count + 1 else { return nil }
        return UCDTestCase(lineNumber: lineNumber, notation: notation, scalars: scalars, breaks: breaks)
    }
}
