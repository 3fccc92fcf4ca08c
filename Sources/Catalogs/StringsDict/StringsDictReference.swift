/// Finds and replaces stringsdict variable references (`%#@name@`, `%1$#@name@`) in UTF-8 text.
enum StringsDictReference {
    /// The first reference in `text`: its byte range and variable name. `%%` is an escaped percent, not a start.
    static func first(in text: [UInt8]) -> (range: Range<Int>, name: String)? {
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < text.count && text[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            if let reference = reference(at: index, in: text) {
                return reference
            }
            index += 1
        }
        return nil
    }

    /// Whether `text` may hold a reference: it has `#@` somewhere (every reference does).
    static func mayReference(_ text: String) -> Bool {
        func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == UInt8(ascii: "#") && byte == UInt8(ascii: "@") { return true }
                previous = byte
            }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(text.utf8)
    }

    /// The names of every reference in `text`, once per reference, in order (for `ExpansionBound.Shape`).
    static func names(in text: [UInt8]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < text.count && text[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            if let reference = reference(at: index, in: text) {
                names.append(reference.name)
                index = reference.range.upperBound
            } else {
                index += 1
            }
        }
        return names
    }

    /// `text` with every reference to `name` replaced by `replacement`, or nil as soon as the result would be longer
    /// than `limit` bytes (so a runaway expansion stops before it is built).
    static func replacing(_ name: String, in text: [UInt8], with replacement: [UInt8], limit: Int = .max)
        -> [UInt8]?
    {
        var result: [UInt8] = []
        result.reserveCapacity(min(text.count + replacement.count, limit))
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "%") {
                if index + 1 < text.count && text[index + 1] == UInt8(ascii: "%") {
                    result.append(contentsOf: text[index...index + 1])
                    index += 2
                    continue
                }
                if let reference = reference(at: index, in: text), reference.name == name {
                    guard replacement.count <= limit - result.count else { return nil }
                    result.append(contentsOf: replacement)
                    index = reference.range.upperBound
                    continue
                }
            }
            result.append(text[index])
            index += 1
        }
        return result.count <= limit ? result : nil
    }

    /// The reference starting at the `%` at `start`, if one does: `%` digits-and-`$`? `#@` name `@`.
    private static func reference(at start: Int, in text: [UInt8]) -> (range: Range<Int>, name: String)? {
        var index = start + 1
        let digitsStart = index
        while index < text.count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") {
            index += 1
        }
        if index > digitsStart {
            guard index < text.count && text[index] == UInt8(ascii: "$") else { return nil }
            index += 1
        }
        guard index + 1 < text.count, text[index] == UInt8(ascii: "#"), text[index + 1] == UInt8(ascii: "@") else {
            return nil
        }
        let nameStart = index + 2
        guard let nameEnd = text[nameStart...].firstIndex(of: UInt8(ascii: "@")), nameEnd > nameStart else {
            return nil
        }
        return (start..<nameEnd + 1, String(decoding: text[nameStart..<nameEnd], as: UTF8.self))
    }
}
