/// What Java's date/time conversions (`%tB`, `%1$te`, `%TH` — `java.util.Formatter`'s `t`/`T` with a suffix) print
/// for the sample moment `DateSample` uses for ICU dates: Wednesday, 30 September 2026, 22:58:58 UTC — the longest
/// English month and weekday names, two-digit day, hour, minute and second. The words are English for every locale,
/// as `DateSample`'s are: Android formats with the configuration's locale (`values-fr` prints "septembre"), whose
/// names a catalog does not hold, and the English ones are a long stand-in. `T` prints the same in upper case.
///
/// Each suffix is one field or a composite of the table in Formatter's documentation: `B` "September", `b`/`h`
/// "Sep", `A` "Wednesday", `a` "Wed", `C` "20", `Y` "2026", `y` "26", `j` "273" (the day of the year), `m` "09",
/// `d` "30", `e` "30", `H` "22", `I` "10", `k` "22", `l` "10", `M` "58", `S` "58", `L` "000", `N` "000000000",
/// `p` "pm", `z` "+0000", `Z` "UTC", `s` "1790809138" and `Q` "1790809138000" (seconds and milliseconds since
/// 1970), `R` "22:58", `T` "22:58:58", `r` "10:58:58 PM", `D` "09/30/26", `F` "2026-09-30", `c`
/// "Wed Sep 30 22:58:58 UTC 2026". Any other suffix is no conversion (Java throws), so the `%` stays text.
enum JavaDateTimeSample {
    /// The text of suffix `suffix` (an ASCII byte), or nil when Java has no such conversion.
    static func text(suffix: UInt8) -> String? {
        switch Unicode.Scalar(suffix) {
        case "B": "September"
        case "b", "h": "Sep"
        case "A": "Wednesday"
        case "a": "Wed"
        case "C": "20"
        case "Y": "2026"
        case "y": "26"
        case "j": "273"
        case "m": "09"
        case "d", "e": "30"
        case "H", "k": "22"
        case "I", "l": "10"
        case "M", "S": "58"
        case "L": "000"
        case "N": "000000000"
        case "p": "pm"
        case "z": "+0000"
        case "Z": "UTC"
        case "s": "1790809138"
        case "Q": "1790809138000"
        case "R": "22:58"
        case "T": "22:58:58"
        case "r": "10:58:58 PM"
        case "D": "09/30/26"
        case "F": "2026-09-30"
        case "c": "Wed Sep 30 22:58:58 UTC 2026"
        default: nil
        }
    }
}
