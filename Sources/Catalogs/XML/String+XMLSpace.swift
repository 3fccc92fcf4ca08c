extension String {
    /// The string without leading and trailing XML white space (space, tab, CR, LF).
    func trimmingXMLSpace() -> String {
        let bytes = utf8
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
