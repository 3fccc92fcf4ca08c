import Measure

/// DejaVu fonts the text-side targets measure with (the `fonts-dejavu-core`/`-extra` packages `make deps` installs).
public enum FuzzFonts {
    public static let directory = "/usr/share/fonts/truetype/dejavu/"

    /// DejaVu Sans alone.
    public static let sans = cascade(["DejaVuSans.ttf"])
    /// DejaVu Sans, then DejaVu Serif Bold: two fonts so attribute runs can switch fonts.
    public static let sansAndSerif = cascade(["DejaVuSans.ttf", "DejaVuSerif-Bold.ttf"])

    static func cascade(_ names: [String]) -> FontCascade {
        do {
            return try FontCascade(names.map { name throws(FontError) in try Font(path: directory + name) })
        } catch {
            fatalError("fuzz setup: cannot load the DejaVu fonts from \(directory): \(error)")
        }
    }
}

/// Reads fuzzer input bit by bit for choices, the rest of it being the payload.
public struct FuzzChoices {
    private var bits: UInt64

    public init(_ bytes: some Collection<UInt8>) {
        bits = bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The next `count` bits as a number below `1 << count`.
    public mutating func take(_ count: Int) -> Int {
        let value = Int(bits & ((1 << UInt64(count)) - 1))
        bits >>= UInt64(count)
        return value
    }

    public mutating func flag() -> Bool { take(1) == 1 }

    public mutating func pick<T>(_ options: [T]) -> T {
        precondition(options.count.nonzeroBitCount == 1, "a power of two of options")
        return options[take(options.count.trailingZeroBitCount)]
    }
}
