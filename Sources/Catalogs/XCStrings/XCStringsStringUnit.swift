/// A `stringUnit` (`{"state": "translated", "value": "…"}`): one text of a localization, variation or substitution
/// form, with its translation state and the position of its `value` string.
struct XCStringsStringUnit: Sendable, Hashable {
    let text: String
    /// `new`, `translated`, `needs_review`, `stale`… as written; nil when the unit has no `state`.
    let state: String?
    let position: SourcePosition

    /// Decodes the `stringUnit` member of `body` (a localization, variation or form object at `position`).
    ///
    /// - Throws: `.noValue` when there is no `stringUnit` or it has no `value`; `.malformed` when a member has the
    ///   wrong JSON type.
    static func decode(in body: JSONObject, at position: SourcePosition)
        throws(XCStringsProblem) -> XCStringsStringUnit
    {
        guard let unit = body["stringUnit"] else {
            throw .noValue("no stringUnit", at: position)
        }
        guard case .object(let unitBody) = unit.value else {
            throw .malformed("stringUnit is \(unit.value.kindDescription), expected an object", at: unit.position)
        }
        guard let value = unitBody["value"] else {
            throw .noValue("the stringUnit has no value", at: unit.position)
        }
        guard case .string(let text) = value.value else {
            throw .malformed(
                "the stringUnit's value is \(value.value.kindDescription), expected a string",
                at: value.position)
        }
        var state: String?
        if let stateNode = unitBody["state"] {
            guard case .string(let stateText) = stateNode.value else {
                throw .malformed(
                    "the stringUnit's state is \(stateNode.value.kindDescription), expected a string",
                    at: stateNode.position)
            }
            state = stateText
        }
        return XCStringsStringUnit(text: text, state: state, position: value.position)
    }
}
