/// One localization key's stringsdict rule, in the shape both readers can fill: `StringsDictParser` from a
/// `.stringsdict` property list and `XLIFFParser` from the trans-units Xcode exports a stringsdict (and a String
/// Catalog's substitutions) as. `StringsDictExpander` turns it into entries, so both formats expand the same way.
///
/// Apple's format (docs/semantics/catalog-formats.md §C2; developer.apple.com "Stringsdict File Format" and "Creating width and device variants
/// of strings"):
/// ```
/// KEY → NSStringLocalizedFormatKey: "%#@COUNT@ …"          the format, referencing variables
///       COUNT → NSStringFormatSpecTypeKey: NSStringPluralRuleType | NSStringDeviceSpecificRuleType |
///                                          NSStringVariableWidthRuleType
///               NSStringFormatValueTypeKey: "d"            the printf conversion (ignored here)
///               zero|one|two|few|many|other → text         plural forms (any subset)
///               iphone|ipad|…|other → text                 device forms
///               1|20|50… → text                            width forms
/// KEY → NSStringVariableWidthRuleType|NSStringDeviceSpecificRuleType → {forms}   the documented short form: the
///       key's text varies directly, without a format key
/// ```
struct StringsDictRule: Sendable {
    /// The localization key.
    var key: String
    /// Where the key is written (used for records about the whole key).
    var position: SourcePosition
    /// `NSStringLocalizedFormatKey`, when present.
    var format: Text?
    /// The variables in the order the file defines them.
    var variables: [Variable]

    /// A piece of text with where it came from.
    struct Text: Sendable, Hashable {
        var value: String
        var position: SourcePosition
        /// XLIFF `target@state`, when the text came from one.
        var state: String?
        /// XLIFF `<source>`, when the text came from a trans-unit.
        var sourceText: String?
    }

    /// One variable (`COUNT` in `%#@COUNT@`) and its forms.
    struct Variable: Sendable, Hashable {
        var name: String
        var kind: Kind
        /// `(category, text)` in file order: `one`, `iphone`, `20`…
        var forms: [Form]

        /// The form for `category`, if the variable has one.
        func form(_ category: String) -> Text? {
            forms.first { $0.category == category }?.text
        }
    }

    struct Form: Sendable, Hashable {
        var category: String
        var text: Text
    }

    /// What a variable's forms vary by (`NSStringFormatSpecTypeKey`).
    enum Kind: Sendable, Hashable {
        /// `NSStringPluralRuleType`, or no spec type: forms are CLDR plural categories; variant `NAME.one`.
        case plural
        /// `NSStringDeviceSpecificRuleType`: forms are devices; variant `device.iphone`.
        case device
        /// `NSStringVariableWidthRuleType`: forms are widths; variant `width.20`.
        case width
        /// A spec type we do not know; treated like a plural (variant `NAME.category`).
        case other(String)

        init(specType: String?) {
            switch specType {
            case nil, StringsDictKeys.pluralRuleType: self = .plural
            case StringsDictKeys.deviceSpecificRuleType: self = .device
            case StringsDictKeys.variableWidthRuleType: self = .width
            case let other?: self = .other(other)
            }
        }

        /// The kind of a variable written directly under the key with a rule-type name (the documented short
        /// form), or nil for an ordinary variable name.
        init?(ruleTypeName name: String) {
            switch name {
            case StringsDictKeys.deviceSpecificRuleType: self = .device
            case StringsDictKeys.variableWidthRuleType: self = .width
            default: return nil
            }
        }
    }
}

/// The reserved key names of the stringsdict format.
enum StringsDictKeys {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"
    static let deviceSpecificRuleType = "NSStringDeviceSpecificRuleType"
    static let variableWidthRuleType = "NSStringVariableWidthRuleType"

    /// CLDR plural categories in the order entries are reported.
    static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]
}
