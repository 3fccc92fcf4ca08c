/// Cluster kinds, one per scalar, that line fitting reads.
enum ClusterKind {
    /// A scalar inside a cluster, after its first.
    static let continuation: UInt8 = 0
    /// The start of a cluster that has ink or takes space that counts.
    static let visible: UInt8 = 1
    /// The start of a whitespace cluster that hangs at a line's end and is not counted in its width, or a hard
    /// line break.
    static let hanging: UInt8 = 2
    /// A tab: hangs like a space, but its width depends on where it stands (the next tab stop).
    static let tab: UInt8 = 3
    // Default-ignorable scalars and control characters are `continuation`: no width, no ink, no font.
}
