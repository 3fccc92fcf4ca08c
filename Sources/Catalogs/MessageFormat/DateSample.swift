/// Dates and times written out for measuring, where a message formats a date (ICU `{d, date, short}`, a Flutter
/// `DateTime` placeholder with `"format": "yMMMMd"`): printf has no date conversion, so the text is written here.
///
/// The sample moment is Wednesday, 30 September 2026, 22:58:58 (a wide moment: the longest English weekday and
/// month names, two-digit day, hour, minute and second), printed with the United States English patterns of CLDR
/// (`en` availableFormats and dateFormats, as ICU and Dart's `intl` print them): `yMd` → `9/30/2026`, `yMMMMd` →
/// `September 30, 2026`, `jm` → `10:58 PM`. The patterns are English for every locale: a translation's own date
/// pattern is not in its catalog, and the English words are a long stand-in.
enum DateSample {
    /// The text of an ICU `date` argument: style `short`, `medium` (the default), `long`, `full`, or a skeleton
    /// (`::yMMMd`, or a Flutter skeleton name).
    static func date(style: String?) -> String {
        switch style?.lowercased() {
        case nil, "medium": return render("MMM d, y")
        case "short": return render("M/d/yy")
        case "long": return render("MMMM d, y")
        case "full": return render("EEEE, MMMM d, y")
        default: return skeleton(style.map { $0.hasPrefix("::") ? String($0.dropFirst(2)) : $0 } ?? "")
        }
    }

    /// The text of an ICU `time` argument: `short`, `medium` (the default), `long`, `full`, or a skeleton.
    static func time(style: String?) -> String {
        switch style?.lowercased() {
        case "short": return render("h:mm a")
        case nil, "medium": return render("h:mm:ss a")
        case "long": return render("h:mm:ss a z")
        case "full": return render("h:mm:ss a zzzz")
        default: return skeleton(style.map { $0.hasPrefix("::") ? String($0.dropFirst(2)) : $0 } ?? "")
        }
    }

    /// A skeleton (`yMMMd`, the names of Dart's `DateFormat` constructors) in the English pattern CLDR gives it;
    /// a skeleton not in the table is printed as a pattern.
    static func skeleton(_ skeleton: String) -> String {
        render(patterns[skeleton] ?? skeleton)
    }

    /// A date pattern (`EEE, MMM d`, as Flutter's `isCustomDateFormat` takes them) printed at the sample moment:
    /// runs of a pattern letter become the field, `'…'` is literal text (`''` an apostrophe), anything else is
    /// copied.
    static func render(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    result += "'"
                    index += 2
                    continue
                }
                index += 1
                while index < scalars.count, scalars[index] != "'" {
                    result.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                continue
            }
            guard ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) else {
                result.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            var count = 1
            while index + count < scalars.count, scalars[index + count] == scalar { count += 1 }
            result += field(scalar, count: count)
            index += count
        }
        return result
    }

    /// One field of the sample moment.
    private static func field(_ letter: Unicode.Scalar, count: Int) -> String {
        switch letter {
        case "y": return count == 2 ? "26" : "2026"
        case "M", "L":
            switch count {
            case 1: return "9"
            case 2: return "09"
            case 3: return "Sep"
            default: return "September"
            }
        case "d": return "30"
        case "E", "c": return count >= 4 ? "Wednesday" : "Wed"
        case "Q": return count >= 4 ? "3rd quarter" : count == 3 ? "Q3" : "3"
        case "h", "j": return "10"
        case "H", "k": return "22"
        case "m", "s": return "58"
        case "a": return "PM"
        case "z": return count >= 4 ? "Pacific Daylight Time" : "PDT"
        case "v": return count >= 4 ? "Pacific Time" : "PT"
        default: return String(repeating: String(letter), count: count)
        }
    }

    /// Dart `intl`'s named skeletons and CLDR's English patterns for them.
    private static let patterns: [String: String] = [
        "d": "d", "E": "EEE", "EEEE": "EEEE", "LLL": "LLL", "LLLL": "LLLL", "M": "L", "Md": "M/d",
        "MEd": "EEE, M/d", "MMM": "LLL", "MMMd": "MMM d", "MMMEd": "EEE, MMM d", "MMMM": "LLLL",
        "MMMMd": "MMMM d", "MMMMEEEEd": "EEEE, MMMM d", "QQQ": "QQQ", "QQQQ": "QQQQ", "y": "y", "yM": "M/y",
        "yMd": "M/d/y", "yMEd": "EEE, M/d/y", "yMMM": "MMM y", "yMMMd": "MMM d, y", "yMMMEd": "EEE, MMM d, y",
        "yMMMM": "MMMM y", "yMMMMd": "MMMM d, y", "yMMMMEEEEd": "EEEE, MMMM d, y", "yQQQ": "QQQ y",
        "yQQQQ": "QQQQ y", "H": "HH", "Hm": "HH:mm", "Hms": "HH:mm:ss", "j": "h a", "jm": "h:mm a",
        "jms": "h:mm:ss a", "jmv": "h:mm a v", "jmz": "h:mm a z", "jz": "h a z", "jv": "h a v", "m": "m",
        "ms": "mm:ss", "s": "s",
    ]
}
