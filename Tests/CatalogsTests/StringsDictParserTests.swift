import Foundation
import Testing

@testable import Catalogs

/// A stringsdict whose root dictionary holds `body`; line 1 is the `<plist><dict>` line, so `body` starts on line 2.
func stringsDictBytes(_ body: String) -> [UInt8] {
    Array("<plist version=\"1.0\"><dict>\n\(body)\n</dict></plist>\n".utf8)
}

func parseStringsDict(_ body: String) throws -> CatalogDocument {
    try StringsDictParser.parse(stringsDictBytes(body), file: "fr.lproj/Localizable.stringsdict", locale: "fr")
}

/// `variant → text` pairs of a document's entries, in order.
func variantTexts(_ document: CatalogDocument, key: String? = nil) -> [String] {
    document.entries.filter { key == nil || $0.key == key }.map { "\($0.variant)=\($0.text)" }
}

/// A one-variable plural rule: `<key>KEY</key><dict>format, VAR → forms</dict>` on one line each.
func stringsDictPluralRule(
    _ key: String, format: String = "%#@COUNT@", variable: String = "COUNT",
    forms: [(String, String)]
) -> String {
    let formLines = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n")
    return """
        <key>\(key)</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>\(variable)</key>
        <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        \(formLines)
        </dict>
        </dict>
        """
}

@Suite struct StringsDictParserTests {
    @Test("a variable the format never references is reported, not dropped unseen (DuckDuckGo's %1#@count@)")
    func unreferencedVariables() throws {
        // DuckDuckGo iOS ships `%1#@count@` (no `$`), and a translation has `%# @sites @`: neither is a reference
        // (`%` digits `$`? `#@` name `@`), so the forms never replace them.
        let document = try parseStringsDict(
            stringsDictPluralRule(
                "trackers", format: "%1#@count@", variable: "count",
                forms: [("one", "1 tracker"), ("other", "%d trackers")])
                + "\n"
                + stringsDictPluralRule(
                    "sites", format: "%# @sites @", variable: "sites", forms: [("other", "%d sites")])
                + "\n" + stringsDictPluralRule("ok", forms: [("one", "one"), ("other", "%d")]))
        #expect(variantTexts(document) == ["=%1#@count@", "=%# @sites @", "COUNT.one=one", "COUNT.other=%d"])
        #expect(
            document.skipped.map { "\($0.key)|\($0.variant)|\($0.reason)" } == [
                "trackers||malformed: variable count is defined but the format never references it as %#@count@ "
                    + "(or %1$#@count@), so none of its forms is measured",
                "sites||malformed: variable sites is defined but the format never references it as %#@sites@ "
                    + "(or %1$#@sites@), so none of its forms is measured",
            ])
        // A variable merely left over (the format references another) is reported as unused, not malformed.
        let leftOver = try parseStringsDict(
            stringsDictPluralRule("k", forms: [("other", "%d")]).replacingOccurrences(
                of: "</dict>\n</dict>",
                with: "</dict>\n<key>old</key><dict><key>NSStringFormatSpecTypeKey</key>"
                    + "<string>NSStringPluralRuleType</string><key>other</key><string>x</string></dict>\n</dict>"))
        #expect(variantTexts(leftOver) == ["COUNT.other=%d"])
        #expect(
            leftOver.skipped.map { "\($0.key)|\($0.reason)" } == [
                "k|no value: variable old is defined but the format never references it as %#@old@ (or %1$#@old@), "
                    + "so none of its forms is measured"
            ])
        // A variable reached only through another's form is referenced.
        let rule = StringsDictRule(
            key: "k", position: at(1, 1),
            format: .init(value: "%#@a@", position: at(1, 1), state: nil, sourceText: nil),
            variables: [
                .init(
                    name: "a", kind: .plural,
                    forms: [
                        .init(
                            category: "other",
                            text: .init(value: "%#@b@", position: at(1, 1), state: nil, sourceText: nil))
                    ]),
                .init(
                    name: "b", kind: .plural,
                    forms: [
                        .init(
                            category: "other", text: .init(value: "x", position: at(1, 1), state: nil, sourceText: nil))
                    ]),
                .init(
                    name: "c", kind: .plural,
                    forms: [
                        .init(
                            category: "other", text: .init(value: "y", position: at(1, 1), state: nil, sourceText: nil))
                    ]),
            ])
        #expect(StringsDictExpander.unreferencedVariables(of: rule) == ["c"])
    }

    @Test("element-x's shape: one COUNT variable gives COUNT.one and COUNT.other, positioned at each form")
    func elementXShape() throws {
        let document = try parseStringsDict(
            """
            <key>a11y_digits_entered</key>
            <dict>
            <key>COUNT</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
            <key>other</key>
            <string>%1$d chiffres saisis</string>
            <key>one</key>
            <string>%1$d chiffre saisi</string>
            </dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@COUNT@</string>
            </dict>
            """)
        #expect(document.format == .stringsdict)
        #expect(document.sourceLocale == nil)
        #expect(document.skipped.isEmpty)
        #expect(
            document.entries == [
                CatalogEntry(
                    file: "fr.lproj/Localizable.stringsdict", locale: "fr", key: "a11y_digits_entered",
                    variant: "COUNT.one", text: "%1$d chiffre saisi", position: at(13, 9)),
                CatalogEntry(
                    file: "fr.lproj/Localizable.stringsdict", locale: "fr", key: "a11y_digits_entered",
                    variant: "COUNT.other", text: "%1$d chiffres saisis", position: at(11, 9)),
            ])
    }

    @Test("Polish: one, few, many and no other; reported in CLDR order whatever the file order")
    func polishWithoutOther() throws {
        let document = try parseStringsDict(
            stringsDictPluralRule(
                "k",
                forms: [
                    ("many", "%1$d cyfr"), ("few", "%1$d cyfry"), ("one", "%1$d cyfrę"),
                ]))
        #expect(variantTexts(document) == ["COUNT.one=%1$d cyfrę", "COUNT.few=%1$d cyfry", "COUNT.many=%1$d cyfr"])
    }

    @Test("categories beyond CLDR's come after them, in file order")
    func extraCategories() throws {
        let rule = stringsDictPluralRule("k", forms: [("other", "o"), ("7", "seven"), ("one", "1")])
        let document = try parseStringsDict(rule)
        #expect(variantTexts(document) == ["COUNT.one=1", "COUNT.other=o", "COUNT.7=seven"])
    }

    @Test("two variables: cartesian product, in the order their references appear in the format")
    func twoVariables() throws {
        let document = try parseStringsDict(
            """
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>%2$#@b@ then %1$#@a@</string>
            <key>a</key>
            <dict><key>one</key><string>A1</string><key>other</key><string>As</string></dict>
            <key>b</key>
            <dict><key>other</key><string>Bs</string><key>one</key><string>B1</string></dict>
            </dict>
            """)
        #expect(
            variantTexts(document) == [
                "b.one/a.one=B1 then A1", "b.one/a.other=B1 then As", "b.other/a.one=Bs then A1",
                "b.other/a.other=Bs then As",
            ])
        // Each entry points at its outermost form (b's).
        #expect(document.entries.map(\.position) == [at(8, 64), at(8, 64), at(8, 31), at(8, 31)])
    }

    @Test("a form that references another variable is expanded in turn")
    func nestedVariables() throws {
        let document = try parseStringsDict(
            """
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>In %#@files@.</string>
            <key>files</key>
            <dict><key>one</key><string>%#@folders@, one file</string><key>other</key><string>%d files</string></dict>
            <key>folders</key>
            <dict><key>one</key><string>one folder</string><key>other</key><string>%d folders</string></dict>
            </dict>
            """)
        #expect(
            variantTexts(document) == [
                "files.one/folders.one=In one folder, one file.", "files.one/folders.other=In %d folders, one file.",
                "files.other=In %d files.",
            ])
    }

    @Test("a variable referenced twice takes the same form at both places")
    func repeatedReference() throws {
        let document = try parseStringsDict(
            stringsDictPluralRule(
                "k", format: "%#@COUNT@ / %1$#@COUNT@",
                forms: [("one", "1"), ("other", "n")]))
        #expect(variantTexts(document) == ["COUNT.one=1 / 1", "COUNT.other=n / n"])
    }

    @Test("placeholders inside forms stay as written; %% is not a reference")
    func placeholdersStay() throws {
        let document = try parseStringsDict(
            stringsDictPluralRule(
                "k", format: "100%% : %#@COUNT@",
                forms: [("one", "Lu par %1$@ et %2$d autre"), ("other", "Lu par %1$@ et %2$d autres")]))
        #expect(
            variantTexts(document) == [
                "COUNT.one=100%% : Lu par %1$@ et %2$d autre", "COUNT.other=100%% : Lu par %1$@ et %2$d autres",
            ])
    }

    @Test("a variable whose forms reference itself is a cycle: that key is skipped, the others go on")
    func cycle() throws {
        let document = try parseStringsDict(
            """
            <key>loop</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
            <key>a</key><dict><key>one</key><string>%#@b@</string></dict>
            <key>b</key><dict><key>one</key><string>again %#@a@</string></dict>
            </dict>
            \(stringsDictPluralRule("fine", forms: [("other", "ok")]))
            """)
        #expect(variantTexts(document) == ["COUNT.other=ok"])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "fr.lproj/Localizable.stringsdict", locale: "fr", key: "loop", position: at(2, 6),
                    reason: .malformed("variable a references itself (a → b → a)"))
            ])
    }

    @Test("a key without a format key, or referencing an undefined variable, is skipped as malformed")
    func malformedKeys() throws {
        let document = try parseStringsDict(
            """
            <key>noFormat</key>
            <dict><key>COUNT</key><dict><key>one</key><string>x</string></dict></dict>
            \(stringsDictPluralRule("undefined", format: "%#@COUNT@ and %2$#@other@", forms: [("one", "x")]))
            <key>noForms</key>
            <dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict/></dict>
            <key>notADict</key>
            <string>plain</string>
            <key>badForm</key>
            <dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>one</key><array/></dict></dict>
            <key>badFormat</key>
            <dict><key>NSStringLocalizedFormatKey</key><integer>1</integer></dict>
            """)
        #expect(document.entries.isEmpty)
        #expect(
            document.skipped.map(\.key) == ["noFormat", "undefined", "noForms", "notADict", "badForm", "badFormat"])
        #expect(
            document.skipped.map(\.reason) == [
                .malformed("no NSStringLocalizedFormatKey to say how the variables COUNT combine"),
                // Quoted as written, position and all (cwa-app-ios's pl Localizable.stringsdict has `%2$#@sekund@`).
                .malformed("the text references the undefined variable %2$#@other@"),
                .malformed("variable n has no forms"),
                .malformed("expected a <dict> holding NSStringLocalizedFormatKey and its variables, found a <string>"),
                .malformed("form 'one' of variable n is an <array>, expected a <string>"),
                .malformed("NSStringLocalizedFormatKey is an <integer>, expected a <string>"),
            ])
        #expect(document.skipped[0].position == at(2, 6))
    }

    @Test("limits: too many combinations, variables nested too deep")
    func limits() throws {
        // 13 variables of 2 forms each: 8192 combinations.
        let names = (1...13).map { "v\($0)" }
        let variables = names.map {
            "<key>\($0)</key><dict><key>one</key><string>1</string><key>other</key><string>n</string></dict>"
        }
        let wide =
            "<key>wide</key><dict><key>NSStringLocalizedFormatKey</key><string>"
            + names.map { "%#@\($0)@" }.joined(separator: " ") + "</string>" + variables.joined() + "</dict>"
        // 70 variables, each form referencing the next.
        let chain = (1...70).map { "<key>c\($0)</key><dict><key>other</key><string>%#@c\($0 + 1)@</string></dict>" }
        let deep =
            "<key>deep</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@c1@</string>"
            + chain.joined() + "</dict>"
        let document = try parseStringsDict(wide + "\n" + deep)
        #expect(document.entries.isEmpty)
        #expect(
            document.skipped.map(\.reason) == [
                .malformed("more than 4096 combinations of forms"), .malformed("variables nested more than 64 deep"),
            ])
    }

    @Test("a device-specific variable gives device.NAME variants, in file order")
    func deviceVariable() throws {
        let document = try parseStringsDict(
            """
            <key>tap</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@d@ to continue</string>
            <key>d</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>
            <key>ipad</key><string>Touchez</string>
            <key>mac</key><string>Cliquez</string>
            <key>other</key><string>Appuyez</string>
            </dict>
            </dict>
            """)
        #expect(
            variantTexts(document) == [
                "device.ipad=Touchez to continue", "device.mac=Cliquez to continue", "device.other=Appuyez to continue",
            ])
    }

    @Test("the documented short forms: NSStringVariableWidthRuleType and NSStringDeviceSpecificRuleType under the key")
    func documentedShortForms() throws {
        let document = try parseStringsDict(
            """
            <key>hello</key>
            <dict>
            <key>NSStringVariableWidthRuleType</key>
            <dict><key>1</key><string>Hi</string><key>22</key><string>Hello</string><key>53</key><string>Greetings</string></dict>
            </dict>
            <key>UserInstructions</key>
            <dict>
            <key>NSStringDeviceSpecificRuleType</key>
            <dict><key>iphone</key><string>Tap here</string><key>mac</key><string>Click here</string></dict>
            </dict>
            """)
        #expect(
            variantTexts(document) == [
                "width.1=Hi", "width.22=Hello", "width.53=Greetings", "device.iphone=Tap here",
                "device.mac=Click here",
            ])
        #expect(document.entries[1].position == at(5, 59))
    }

    @Test("a width variable inside a format gives width.N variants")
    func widthVariable() throws {
        let document = try parseStringsDict(
            """
            <key>w</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>[%#@label@]</string>
            <key>label</key>
            <dict><key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string>
            <key>20</key><string>Short</string><key>50</key><string>A longer label</string></dict>
            </dict>
            """)
        #expect(variantTexts(document) == ["width.20=[Short]", "width.50=[A longer label]"])
    }

    @Test("a repeated top-level key keeps its last definition")
    func repeatedKey() throws {
        let document = try parseStringsDict(
            stringsDictPluralRule("k", forms: [("other", "first")]) + "\n"
                + stringsDictPluralRule("k", forms: [("other", "second")]))
        #expect(variantTexts(document) == ["COUNT.other=second"])
        // The first is reported, not dropped silently (as the text .strings reader reports a key written twice).
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "fr.lproj/Localizable.stringsdict", locale: "fr", key: "k", position: at(2, 6),
                    reason: .malformed("duplicate key, overridden at line 12"))
            ])
    }

    /// Inside a key's rule, a part or a form written twice keeps its last value (as Apple's dictionaries do), and
    /// the earlier one is reported against the key.
    @Test func repeatedPartsAndFormsAreReported() throws {
        let document = try parseStringsDict(
            """
            <key>k</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>old %#@n@</string>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@ left</string>
            <key>n</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>one</key><string>first</string>
            <key>one</key><string>one file</string>
            <key>other</key><string>%d files</string>
            </dict>
            </dict>
            """)
        #expect(variantTexts(document) == ["n.one=one file left", "n.other=%d files left"])
        #expect(
            document.skipped.map(\.reason) == [
                .malformed("duplicate \"NSStringLocalizedFormatKey\" in its rule, overridden at line 5"),
                .malformed("duplicate \"one\" in variable n, overridden at line 10"),
            ])
        #expect(document.skipped.map { $0.position.line } == [4, 9])
        #expect(document.skipped.allSatisfy { $0.key == "k" })
    }

    @Test("a root that is not a dictionary throws")
    func rootNotDictionary() {
        #expect(
            throws: CatalogError(
                file: "x.stringsdict", position: at(1, 8),
                message: "expected the root of a stringsdict to be a <dict> of localization keys, found an <array>")
        ) {
            try StringsDictParser.parse(Array("<plist><array/></plist>".utf8), file: "x.stringsdict", locale: "en")
        }
    }
}

@Suite struct StringsPlistParserTests {
    @Test("an XML property list .strings file: string values are entries, others are skipped")
    func entries() throws {
        let bytes = Array(
            """
            <plist version="1.0"><dict>
            <key>greeting</key><string>Hello &amp; welcome</string>
            <key>nested</key><dict/>
            <key>multi</key><string>a
            b</string>
            </dict></plist>
            """.utf8)
        let document = try StringsPlistParser.parse(bytes, file: "de.lproj/InfoPlist.strings", locale: "de")
        #expect(document.format == .strings)
        #expect(
            document.entries == [
                CatalogEntry(
                    file: "de.lproj/InfoPlist.strings", locale: "de", key: "greeting", text: "Hello & welcome",
                    position: at(2, 28)),
                CatalogEntry(
                    file: "de.lproj/InfoPlist.strings", locale: "de", key: "multi", text: "a\nb",
                    position: at(4, 25)),
            ])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "de.lproj/InfoPlist.strings", locale: "de", key: "nested", position: at(3, 18),
                    reason: .malformed("the value is a <dict>, expected a <string>"))
            ])
    }

    /// A key written twice keeps its last value, and the earlier one is skipped with where it was overridden: the
    /// helper's sweep found `a=first` dropped without a word, where every other format reports it.
    @Test func aRepeatedKeyIsReported() throws {
        let bytes = Array(
            """
            <plist version="1.0"><dict>
            <key>a</key><string>first</string>
            <key>a</key><string>second</string>
            <key>b</key><string>ok</string>
            </dict></plist>
            """.utf8)
        let document = try StringsPlistParser.parse(bytes, file: "de.lproj/L.strings", locale: "de")
        #expect(document.entries.map { "\($0.key)=\($0.text)" } == ["a=second", "b=ok"])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "de.lproj/L.strings", locale: "de", key: "a", position: at(2, 6),
                    reason: .malformed("duplicate key, overridden at line 3"))
            ])
    }

    @Test("a root that is not a dictionary, and a binary property list cut short, throw")
    func errors() {
        #expect(
            throws: CatalogError(
                file: "a.strings", position: at(1, 8),
                message: "expected the root of a .strings property list to be a <dict>, found an <array>")
        ) {
            try StringsPlistParser.parse(Array("<plist><array/></plist>".utf8), file: "a.strings", locale: "en")
        }
        #expect(
            throws: CatalogError(
                file: "b.strings", position: nil,
                message: "binary property list of 10 bytes: too short for its header and trailer")
        ) {
            try StringsPlistParser.parse(Array("bplist00\u{0}\u{1}".utf8), file: "b.strings", locale: "en")
        }
    }
}
