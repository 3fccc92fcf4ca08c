import Testing

@testable import Catalogs

/// Malformed messages: each error's kind and its offset (in Unicode scalars from the message's start, counted by
/// hand), and the `CatalogError` form at the value's line and column.
@Suite struct MessageFormatErrorTests {
    func error(_ text: String) -> MessageFormatError? {
        do throws(MessageFormatError) {
            _ = try MessageFormatReader.read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func unbalancedBraces() {
        #expect(error("{count") == MessageFormatError(kind: .unclosedBrace, offset: 0))
        #expect(error("Hello}") == MessageFormatError(kind: .unmatchedClosingBrace, offset: 5))
        // The selection opened at offset 1 ("é" is one scalar) is never closed.
        #expect(error("é{n, plural, one{x} other{y}") == MessageFormatError(kind: .unclosedBrace, offset: 1))
        // The case opened at offset 17 is never closed.
        #expect(error("{n, plural, other{x") == MessageFormatError(kind: .unclosedBrace, offset: 17))
    }

    @Test func pluralAndSelectRules() {
        #expect(error("{n, plural, one{x}}") == MessageFormatError(kind: .missingOther, offset: 0))
        #expect(error("ab{n, select, a{x}}") == MessageFormatError(kind: .missingOther, offset: 2))
        #expect(
            error("{n, plural, lots{x} other{y}}")
                == MessageFormatError(kind: .unknownPluralCategory("lots"), offset: 12))
        #expect(error("{n, select, =1{x} other{y}}") == MessageFormatError(kind: .explicitValueInSelect, offset: 12))
        #expect(
            error("{n, plural, one{x} one{y} other{z}}")
                == MessageFormatError(kind: .duplicateSelector("one"), offset: 19))
        #expect(error("{n, plural, one x}") == MessageFormatError(kind: .expectedCaseMessage("one"), offset: 16))
        #expect(error("{n, plural, other{x} offset:1}") == MessageFormatError(kind: .invalidOffset, offset: 21))
        #expect(error("{n, plural, =x{a} other{b}}") == MessageFormatError(kind: .invalidExplicitValue, offset: 12))
    }

    @Test func namesAndTypes() {
        #expect(error("{}") == MessageFormatError(kind: .expectedArgumentName, offset: 1))
        #expect(error("{a.b}") == MessageFormatError(kind: .invalidArgumentName, offset: 2))
        #expect(error("{n, plurl, other{x}}") == MessageFormatError(kind: .unknownArgumentType("plurl"), offset: 4))
        #expect(error("{n, choice, 0#x}") == MessageFormatError(kind: .unsupportedChoice, offset: 4))
        #expect(error("{n, }") == MessageFormatError(kind: .expectedArgumentType, offset: 4))
        #expect(error("{n x}") == MessageFormatError(kind: .expectedCommaOrClosingBrace, offset: 3))
        #expect(error("{d, date, 'short}") == MessageFormatError(kind: .unterminatedQuoteInStyle, offset: 10))
    }

    @Test func theCatalogFormIsAtTheValueWithTheOffsetInTheMessage() {
        let position = SourcePosition(line: 3, column: 12)
        #expect(
            throws: CatalogError(
                file: "app_de.arb", position: position,
                message: "a plural, selectordinal or select needs an 'other' case "
                    + "(at offset 4 of the message)")
        ) {
            try MessageFormatReader.read("Hi, {n, plural, one{x}}", file: "app_de.arb", at: position)
        }
    }
}
