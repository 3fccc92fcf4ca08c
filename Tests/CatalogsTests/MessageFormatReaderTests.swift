import Testing

@testable import Catalogs

/// `MessageFormatReader` on hand-written messages: the parts expected are written out by hand, the quoting cases are
/// the ICU user guide's and ICU4J `MessageFormat` documentation's examples.
@Suite struct MessageFormatReaderTests {
    typealias Part = MessageFormat.Part

    func parts(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Part] {
        try MessageFormatReader.read(text).parts
    }

    /// The literal text of a message without arguments.
    func literal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let parts = try MessageFormatReader.read(text).parts
        guard parts.count <= 1 else {
            Issue.record("expected one text part, got \(parts)", sourceLocation: sourceLocation)
            return ""
        }
        guard case .text(let literal)? = parts.first else { return "" }
        return literal
    }

    @Test("ICU user guide quoting: '{' quotes, a lone ' is an apostrophe, '' is one apostrophe")
    func quotingAsTheICUUserGuide() throws {
        #expect(try literal("I said '{'Wow!'}'") == "I said {Wow!}")
        #expect(try literal("I don't know") == "I don't know")
        #expect(try literal("I don''t know") == "I don't know")
        #expect(try literal("This'{'isn''t'}'obvious") == "This{isn't}obvious")
        #expect(try literal("'{0}'") == "{0}")
        #expect(try literal("l'été") == "l'été")
        // Quoted text that never closes runs to the end of the message.
        #expect(try literal("it's '{open") == "it's {open")
        // `''` inside quoted text is one apostrophe, and the quote goes on.
        #expect(try literal("'{a''b}'") == "{a'b}")
        // At the top level `#` is not syntax, so `'#` is an apostrophe and a `#`.
        #expect(try literal("'#' is #") == "'#' is #")
        #expect(try literal("ends with '") == "ends with '")
        #expect(
            try parts("I see {many}") == [
                .text("I see "), .argument(.init(name: "many", type: nil, style: nil, offset: 6)),
            ])
    }

    @Test func poundIsTheNumberOnlyDirectlyInPluralCases() throws {
        let message = try MessageFormatReader.read("{n, plural, other{'#' is #}}")
        guard case .selection(let plural)? = message.parts.first else {
            Issue.record("expected a selection")
            return
        }
        #expect(plural.cases.map(\.message.parts) == [[.text("# is "), .pound]])
        // A select nested in a plural: `#` is literal there, as in ICU's MessagePattern.
        let nested = try MessageFormatReader.read("{n, plural, other{{g, select, other{# x}}}}")
        guard case .selection(let outer)? = nested.parts.first,
            case .selection(let inner)? = outer.cases.first?.message.parts.first
        else {
            Issue.record("expected nested selections")
            return
        }
        #expect(inner.cases.first?.message.parts == [.text("# x")])
    }

    @Test func simpleArgumentsWithTypesAndStyles() throws {
        #expect(try parts("{count, number}") == [.argument(.init(name: "count", type: .number, style: nil, offset: 0))])
        #expect(
            try parts("Due {d, date, short}.") == [
                .text("Due "), .argument(.init(name: "d", type: .date, style: "short", offset: 4)), .text("."),
            ])
        // White space around names and commas; a style keeps quotes and balanced braces as written.
        #expect(
            try parts("{ t ,time,  'at' h:mm {x} }") == [
                .argument(.init(name: "t", type: .time, style: "'at' h:mm {x}", offset: 0))
            ])
        // Offsets count scalars: "é" is one although it is two bytes.
        #expect(try parts("é{x}") == [.text("é"), .argument(.init(name: "x", type: nil, style: nil, offset: 1))])
    }

    @Test func pluralWithOffsetExplicitValuesAndCategories() throws {
        let message = try MessageFormatReader.read(
            "{guests, plural, offset:1 =0{nobody} =1{{host}} one{{host} and #} other{all}}")
        guard case .selection(let plural)? = message.parts.first else {
            Issue.record("expected a selection")
            return
        }
        #expect(plural.name == "guests")
        #expect(plural.kind == .plural)
        #expect(plural.pluralOffset == 1)
        #expect(plural.cases.map(\.selector) == [.exact("0"), .exact("1"), .keyword("one"), .keyword("other")])
        #expect(
            plural.cases[2].message.parts == [
                .argument(.init(name: "host", type: nil, style: nil, offset: 52)), .text(" and "), .pound,
            ])
    }

    @Test func selectAndSelectOrdinalAndNesting() throws {
        let message = try MessageFormatReader.read(
            "{gender, select, female{{n, selectordinal, one{#st} other{#th}}} other{x}}")
        guard case .selection(let select)? = message.parts.first,
            case .selection(let ordinal)? = select.cases.first?.message.parts.first
        else {
            Issue.record("expected nested selections")
            return
        }
        #expect(select.kind == .select)
        #expect(select.cases.map(\.selector) == [.keyword("female"), .keyword("other")])
        #expect(ordinal.kind == .selectOrdinal)
        #expect(ordinal.cases.map(\.message.parts) == [[.pound, .text("st")], [.pound, .text("th")]])
        // New lines and tabs between cases, as translation tools write them.
        let spaced = try MessageFormatReader.read("{n, plural,\n  =1{one}\n\tother{many}\n}")
        guard case .selection(let plural)? = spaced.parts.first else {
            Issue.record("expected a selection")
            return
        }
        #expect(plural.cases.count == 2)
    }
}
