/// Line-breaking options in any `Codable` format: an object of the three property names, each optional (a name left
/// out keeps `LineBreakOptions.measurer`'s value); an unknown name is refused.
extension LineBreakOptions: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case resolvesCJToNonstarter, hangulWordPriority, keepsGraphemeClusters
    }

    /// Reads the names given over the defaults of `measurer`.
    public init(from decoder: any Decoder) throws {
        try CodableNames.refuseUnknown(
            in: decoder, known: CodingKeys.allCases.map(\.rawValue), of: "LineBreakOptions")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let plain = LineBreakOptions.measurer
        self.init(
            resolvesCJToNonstarter: try container.decodeIfPresent(Bool.self, forKey: .resolvesCJToNonstarter)
                ?? plain.resolvesCJToNonstarter,
            hangulWordPriority: try container.decodeIfPresent(Bool.self, forKey: .hangulWordPriority)
                ?? plain.hangulWordPriority,
            keepsGraphemeClusters: try container.decodeIfPresent(Bool.self, forKey: .keepsGraphemeClusters)
                ?? plain.keepsGraphemeClusters)
    }

    /// Writes all three properties.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resolvesCJToNonstarter, forKey: .resolvesCJToNonstarter)
        try container.encode(hangulWordPriority, forKey: .hangulWordPriority)
        try container.encode(keepsGraphemeClusters, forKey: .keepsGraphemeClusters)
    }
}
