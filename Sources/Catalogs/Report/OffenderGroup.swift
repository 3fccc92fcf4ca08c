/// The overflows of one key, for worst-offender lists that give each key one line: a key that overflows in 15
/// locales is one line naming the 15 locales and showing the worst of them, not 15 lines that crowd out every other
/// key.
public struct OffenderGroup: Sendable, Hashable {
    /// The key.
    public var key: String
    /// Its worst overflow (the first in `CatalogReport.worstFirst` order).
    public var worst: MeasuredEntry
    /// How many overflows it has (locales × variants × content sizes).
    public var count: Int
    /// The locales that overflow, sorted (pseudo locales labelled).
    public var locales: [String]

    /// A group; each parameter sets the property of the same name.
    public init(key: String, worst: MeasuredEntry, count: Int, locales: [String]) {
        self.key = key
        self.worst = worst
        self.count = count
        self.locales = locales
    }

    /// `worstFirst` grouped by key, in the order of each key's worst overflow.
    public static func groups(_ worstFirst: [MeasuredEntry]) -> [OffenderGroup] {
        // Keys compare code points (`ExactText`): `café` and `cafe\u{301}` are two keys, two lines.
        var order: [ExactText] = []
        var byKey: [ExactText: OffenderGroup] = [:]
        for measured in worstFirst {
            let key = ExactText(measured.entry.key)
            let locale = ReportText.localeLabel(measured.entry)
            if var group = byKey[key] {
                group.count += 1
                if !group.locales.contains(locale) { group.locales.append(locale) }
                byKey[key] = group
            } else {
                order.append(key)
                byKey[key] = OffenderGroup(key: key.text, worst: measured, count: 1, locales: [locale])
            }
        }
        return order.map { key in
            var group = byKey[key]!
            group.locales.sort()
            return group
        }
    }

    /// `15 overflows in 12 locales: ar, de, …` (at most `shown` locales named), or nil for a single overflow.
    public func spread(shown: Int = 10) -> String? {
        guard count > 1 else { return nil }
        var text = ReportText.counted(count, "overflow") + " in " + ReportText.counted(locales.count, "locale")
        // Each locale cut like a text: a catalog may name one of any length.
        text +=
            ": "
            + locales.prefix(shown).map { ReportText.shortened($0, to: CatalogTerminalSummary.textLimit) }
            .joined(separator: ", ")
        if locales.count > shown { text += ", … (\(locales.count - shown) more)" }
        return text
    }
}
