/// One placeholder as an ARB file's metadata describes it (`"@key": {"placeholders": {"count": {…}}}`), with the
/// members that change what it prints.
///
/// ```json
/// "@itemCount": {
///   "description": "How many items the album holds",
///   "placeholders": {
///     "count": {"type": "int", "format": "decimalPattern", "example": "42"}
///   }
/// }
/// ```
///
/// Flutter's `gen-l10n` reads `type` (`String`, `Object`, `int`, `double`, `num`, `DateTime`; `Object` when
/// absent), `format` (an `intl` `NumberFormat` or `DateFormat` constructor name, or a date pattern with
/// `isCustomDateFormat`), `optionalParameters` (for numbers: `decimalDigits`, `symbol`…) and `example` (for
/// translators; here, the text measured when given).
struct ARBPlaceholder: Sendable, Hashable {
    /// The Dart type as written, or nil when the metadata gives none.
    var type: String?
    /// The `example`, as text (a JSON number is taken as written).
    var example: String?
    var format: String?
    /// `optionalParameters.decimalDigits`.
    var decimalDigits: Int?
    /// `optionalParameters.symbol` (a currency symbol).
    var symbol: String?
    /// `isCustomDateFormat` (`"true"` or `true`): `format` is a date pattern, not a skeleton name.
    var isCustomDateFormat = false

    init(
        type: String? = nil, example: String? = nil, format: String? = nil, decimalDigits: Int? = nil,
        symbol: String? = nil, isCustomDateFormat: Bool = false
    ) {
        self.type = type
        self.example = example
        self.format = format
        self.decimalDigits = decimalDigits
        self.symbol = symbol
        self.isCustomDateFormat = isCustomDateFormat
    }

    /// The placeholder described by `object`; members of the wrong JSON type are left out (Flutter would refuse
    /// them; for measuring, the rest of the description still helps).
    init(_ object: JSONObject) {
        type = object["type"]?.value.stringValue
        switch object["example"]?.value {
        case .string(let text)?: example = text
        case .number(let literal)?: example = literal
        default: example = nil
        }
        format = object["format"]?.value.stringValue
        if let parameters = object["optionalParameters"]?.value.objectValue {
            decimalDigits = parameters["decimalDigits"]?.value.integerValue
            symbol = parameters["symbol"]?.value.stringValue
        }
        switch object["isCustomDateFormat"]?.value {
        case .string(let flag)?: isCustomDateFormat = flag == "true"
        case .bool(let flag)?: isCustomDateFormat = flag
        default: isCustomDateFormat = false
        }
    }

    /// Whether the type is a number (`int`, `double`, `num`).
    var isNumber: Bool { type == "int" || type == "double" || type == "num" }
}
