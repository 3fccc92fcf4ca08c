/// A font named in a catalog config: a file (with a face index for collections) or a family name to look up in the
/// system's font folders.
public enum FontReference: Sendable, Hashable, CustomStringConvertible {
    /// A font file at `path`, and which face of it (0 unless it is a collection).
    case file(path: String, faceIndex: Int)
    /// A family name as the font's `name` table spells it (`Noto Sans CJK JP`), and a style (`Bold`); nil style means
    /// the regular face.
    case family(String, style: String?)

    /// A config string: a path when it contains `/`, else a family name.
    public init(_ text: String) {
        self = text.contains("/") ? .file(path: text, faceIndex: 0) : .family(text, style: nil)
    }

    public var description: String {
        switch self {
        case .file(let path, let faceIndex): faceIndex == 0 ? path : "\(path)#\(faceIndex)"
        case .family(let name, let style): style.map { "\(name) \($0)" } ?? name
        }
    }
}
