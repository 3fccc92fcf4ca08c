/// One face of a font file as its `name` table describes it: what a family-name lookup matches against.
public struct FontFaceName: Sendable, Hashable {
    public var path: String
    public var faceIndex: Int
    /// The family names the face answers to: FreeType's family name (name ID 1) and, where the font has one, its
    /// typographic family (name ID 16, which groups weights that ID 1 splits into separate families).
    public var families: [String]
    /// The style (name ID 2, or 17 with the typographic family): `Regular`, `Bold`, `Light`…
    public var style: String

    public init(path: String, faceIndex: Int, families: [String], style: String) {
        self.path = path
        self.faceIndex = faceIndex
        self.families = families
        self.style = style
    }
}
