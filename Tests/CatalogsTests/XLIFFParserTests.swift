import Testing

@testable import Catalogs

func parseXLIFF(_ xml: String, locale: String = "xx") throws -> CatalogDocument {
    try XLIFFParser.parse(Array(xml.utf8), file: "fr.xliff", locale: locale)
}

/// `key | variant | text | state | sourceText` for each entry.
func xliffRows(_ document: CatalogDocument) -> [String] {
    document.entries.map { "\($0.key) | \($0.variant) | \($0.text) | \($0.state ?? "-") | \($0.sourceText ?? "-")" }
}

/// `key | variant | reason` for each skipped record.
func xliffSkippedRows(_ document: CatalogDocument) -> [String] {
    document.skipped.map { "\($0.key) | \($0.variant) | \($0.reason)" }
}

@Suite struct XLIFFParserTests {
    /// An Xcode 15 export of a `.strings` file, as docs/semantics/catalog-formats.md §C4 describes it.
    static let stringsExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.2" build-num="15C500b"/>
            </header>
            <body>
              <trans-unit id="greeting" xml:space="preserve">
                <source>Hello, %@!</source>
                <target state="translated">Bonjour, %@ !</target>
                <note>Shown on the home screen.</note>
              </trans-unit>
              <trans-unit id="Delete file?&#10;This cannot be undone." xml:space="preserve">
                <source>Delete file?
        This cannot be undone.</source>
                <target state="needs-review-l10n">Supprimer le fichier ?
        Action irréversible.</target>
                <note/>
              </trans-unit>
              <trans-unit id="untranslated" xml:space="preserve">
                <source>Not yet</source>
                <note>No target yet.</note>
              </trans-unit>
              <trans-unit id="empty" xml:space="preserve">
                <source>Empty</source>
                <target state="new"></target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test("a .strings export: key = id, text = target, state, source; languages from <file>")
    func stringsExport() throws {
        let document = try parseXLIFF(Self.stringsExport)
        #expect(document.format == .xliff)
        #expect(document.sourceLocale == "en")
        #expect(
            document.entries == [
                CatalogEntry(
                    file: "fr.xliff", locale: "fr", key: "greeting", text: "Bonjour, %@ !", position: at(10, 36),
                    state: "translated", sourceText: "Hello, %@!", table: "App/en.lproj/Localizable.strings"),
                CatalogEntry(
                    file: "fr.xliff", locale: "fr", key: "Delete file?\nThis cannot be undone.",
                    text: "Supprimer le fichier ?\nAction irréversible.", position: at(16, 43),
                    state: "needs-review-l10n", sourceText: "Delete file?\nThis cannot be undone.",
                    table: "App/en.lproj/Localizable.strings"),
            ])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "fr.xliff", locale: "fr", key: "untranslated", position: at(20, 7),
                    reason: .noValue("no <target>")),
                SkippedEntry(
                    file: "fr.xliff", locale: "fr", key: "empty", position: at(26, 29),
                    reason: .noValue("empty <target>")),
            ])
    }

    @Test("a .stringsdict export is regrouped per key and expanded like the stringsdict")
    func stringsDictExport() throws {
        let document = try parseXLIFF(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="ru" datatype="plaintext">
                <body>
                  <trans-unit id="/common_member_count:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
                    <source>%#@COUNT@</source>
                    <target state="translated">%#@COUNT@</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/common_member_count:dict/COUNT:dict/one:dict/:string" xml:space="preserve">
                    <source>%1$d member</source>
                    <target state="translated">%1$d участник</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/common_member_count:dict/COUNT:dict/few:dict/:string" xml:space="preserve">
                    <source>%1$d members</source>
                    <target state="translated">%1$d участника</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/common_member_count:dict/COUNT:dict/many:dict/:string" xml:space="preserve">
                    <source>%1$d members</source>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/common_member_count:dict/COUNT:dict/other:dict/:string" xml:space="preserve">
                    <source>%1$d members</source>
                    <target state="needs-review-l10n">%1$d участника</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/[Generic/Count/Threads]:dict/GenericCountThreads:dict/one:dict/:string">
                    <source>%d thread</source>
                    <target state="translated">%d тред</target>
                  </trans-unit>
                  <trans-unit id="/[Generic/Count/Threads]:dict/GenericCountThreads:dict/other:dict/:string">
                    <source>%d threads</source>
                    <target state="translated">%d тредов</target>
                  </trans-unit>
                  <trans-unit id="/two_vars:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
                    <source>%1$#@files@ in %2$#@folders@</source>
                    <target>%2$#@folders@ : %1$#@files@</target>
                  </trans-unit>
                  <trans-unit id="/two_vars:dict/files:dict/one:dict/:string" xml:space="preserve">
                    <source>1 file</source>
                    <target>1 файл</target>
                  </trans-unit>
                  <trans-unit id="/two_vars:dict/files:dict/other:dict/:string" xml:space="preserve">
                    <source>%1$d files</source>
                    <target>%1$d файлов</target>
                  </trans-unit>
                  <trans-unit id="/two_vars:dict/folders:dict/one:dict/:string" xml:space="preserve">
                    <source>1 folder</source>
                    <target>1 папка</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>
            """)
        #expect(document.sourceLocale == "en")
        #expect(
            xliffRows(document) == [
                "common_member_count | COUNT.one | %1$d участник | translated | %1$d member",
                "common_member_count | COUNT.few | %1$d участника | translated | %1$d members",
                "common_member_count | COUNT.other | %1$d участника | needs-review-l10n | %1$d members",
                "[Generic/Count/Threads] | GenericCountThreads.one | %d тред | translated | %d thread",
                "[Generic/Count/Threads] | GenericCountThreads.other | %d тредов | translated | %d threads",
                "two_vars | folders.one/files.one | 1 папка : 1 файл | - | 1 file in 1 folder",
                "two_vars | folders.one/files.other | 1 папка : %1$d файлов | - | %1$d files in 1 folder",
            ])
        #expect(document.entries.allSatisfy { $0.locale == "ru" })
        #expect(document.entries[0].position == at(12, 36))
        #expect(xliffSkippedRows(document) == ["common_member_count | COUNT.many | no value: no <target>"])
    }

    /// Xcode's String Catalog ids (see `XLIFFUnitID`): plural, device, nested device → plural, substitutions
    /// (with a dotted name), keys containing `|==|`, device leaves with root substitutions.
    static let catalogExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="26.1.1" build-num="17B100"/>
            </header>
            <body>
              <trans-unit id="%lld items|==|plural.one" xml:space="preserve">
                <source>%lld item</source>
                <target state="translated">%lld Element</target>
              </trans-unit>
              <trans-unit id="%lld items|==|plural.other" xml:space="preserve">
                <source>%lld items</source>
                <target state="translated">%lld Elemente</target>
              </trans-unit>
              <trans-unit id="tap|==|device.ipad" xml:space="preserve">
                <source>Tap</source>
                <target state="translated">Tippen</target>
              </trans-unit>
              <trans-unit id="tap|==|device.mac" xml:space="preserve">
                <source>Click</source>
                <target state="translated">Klicken</target>
              </trans-unit>
              <trans-unit id="chained|==|device.iphone.plural.one" xml:space="preserve">
                <source>EN phone %lld one</source>
                <target state="translated">DE Telefon %lld eins</target>
              </trans-unit>
              <trans-unit id="chained|==|device.iphone.plural.other" xml:space="preserve">
                <source>EN phone %lld other</source>
                <target state="translated">DE Telefon %lld andere</target>
              </trans-unit>
              <trans-unit id="chained|==|device.other" xml:space="preserve">
                <source>en %lld fallback</source>
                <target state="translated">de %lld sonst</target>
              </trans-unit>
              <trans-unit id="multi" xml:space="preserve">
                <source>Birds %1$#@BIRDS@ yards %2$#@YARDS@</source>
                <target state="translated">Yards %2$#@YARDS@ Vögel %1$#@BIRDS@</target>
              </trans-unit>
              <trans-unit id="multi|==|substitutions.BIRDS.plural.one" xml:space="preserve">
                <source>%1$lld bird</source>
                <target state="translated">%1$lld Vogel</target>
              </trans-unit>
              <trans-unit id="multi|==|substitutions.BIRDS.plural.other" xml:space="preserve">
                <source>%1$lld birds</source>
                <target state="translated">%1$lld Vögel</target>
              </trans-unit>
              <trans-unit id="multi|==|substitutions.YARDS.plural.one" xml:space="preserve">
                <source>%2$lld yard</source>
                <target state="translated">%2$lld Yard</target>
              </trans-unit>
              <trans-unit id="multi|==|substitutions.YARDS.plural.other" xml:space="preserve">
                <source>%2$lld yards</source>
              </trans-unit>
              <trans-unit id="sub_DOT.NAME" xml:space="preserve">
                <source>en %1$#@DOT.NAME@</source>
                <target state="translated">de %1$#@DOT.NAME@</target>
              </trans-unit>
              <trans-unit id="sub_DOT.NAME|==|substitutions.@DOT.NAME@.plural.one" xml:space="preserve">
                <source>%lld single</source>
                <target state="translated">%lld einzeln</target>
              </trans-unit>
              <trans-unit id="literal|==|text" xml:space="preserve">
                <source>EN literal</source>
                <target state="translated">DE wörtlich</target>
              </trans-unit>
              <trans-unit id="varied|==|key|==|plural.one" xml:space="preserve">
                <source>EN varied %lld</source>
                <target state="translated">DE variiert %lld</target>
              </trans-unit>
              <trans-unit id="k|==|device.iphone" xml:space="preserve">
                <source>Tap %#@COUNT@</source>
                <target state="translated">Tippe %#@COUNT@</target>
              </trans-unit>
              <trans-unit id="k|==|device.other" xml:space="preserve">
                <source>Click %#@COUNT@</source>
                <target state="new">Klicke %#@COUNT@</target>
              </trans-unit>
              <trans-unit id="k|==|substitutions.COUNT.plural.one" xml:space="preserve">
                <source>once</source>
                <target state="translated">einmal</target>
              </trans-unit>
              <trans-unit id="k|==|substitutions.COUNT.plural.other" xml:space="preserve">
                <source>%lld times</source>
                <target state="translated">%lld-mal</target>
              </trans-unit>
              <trans-unit id="untranslated|==|plural.one" xml:space="preserve">
                <source>Source one %lld</source>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test("String Catalog ids map to our variants: plural.one, device.iphone/plural.one, NAME.one")
    func catalogExport() throws {
        let document = try parseXLIFF(Self.catalogExport)
        #expect(
            xliffRows(document) == [
                "%lld items | plural.one | %lld Element | translated | %lld item",
                "%lld items | plural.other | %lld Elemente | translated | %lld items",
                "tap | device.ipad | Tippen | translated | Tap",
                "tap | device.mac | Klicken | translated | Click",
                "chained | device.iphone/plural.one | DE Telefon %lld eins | translated | EN phone %lld one",
                "chained | device.iphone/plural.other | DE Telefon %lld andere | translated | EN phone %lld other",
                "chained | device.other | de %lld sonst | translated | en %lld fallback",
                "multi | YARDS.one/BIRDS.one | Yards %2$lld Yard Vögel %1$lld Vogel | translated"
                    + " | Birds %1$lld bird yards %2$lld yard",
                "multi | YARDS.one/BIRDS.other | Yards %2$lld Yard Vögel %1$lld Vögel | translated"
                    + " | Birds %1$lld birds yards %2$lld yard",
                "sub_DOT.NAME | DOT.NAME.one | de %lld einzeln | translated | en %lld single",
                "literal|==|text |  | DE wörtlich | translated | EN literal",
                "varied|==|key | plural.one | DE variiert %lld | translated | EN varied %lld",
                "k | device.iphone/COUNT.one | Tippe einmal | translated | Tap once",
                "k | device.iphone/COUNT.other | Tippe %lld-mal | translated | Tap %lld times",
                "k | device.other/COUNT.one | Klicke einmal | new | Click once",
                "k | device.other/COUNT.other | Klicke %lld-mal | new | Click %lld times",
            ])
        #expect(
            xliffSkippedRows(document) == [
                "multi | YARDS.other | no value: no <target>",
                "untranslated | plural.one | no value: no <target>",
            ])
        #expect(document.entries.allSatisfy { $0.locale == "de" })
        // A plain leaf points at its target; an expanded one at its outermost substitution form.
        #expect(document.entries[2].position == at(18, 36))
        #expect(document.entries[7].position == at(50, 36))
    }

    @Test("only substitution units (the key's own text not exported): one substitution stands for the text")
    func substitutionWithoutBase() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="ja"><body>
            <trans-unit id="n|==|substitutions.n.plural.other"><source>%lld posts</source>
            <target>%lld 件</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(xliffRows(document) == ["n | n.other | %lld 件 | - | %lld posts"])
    }

    @Test("locale: target-language, else the caller's (never the source language); xml:space inherited")
    func languagesAndSpace() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2">
              <file original="a" source-language="en"><body>
                <trans-unit id="collapsed"><source>  Hello
                   world </source><target>  Hallo
                  Welt  </target></trans-unit>
              </body></file>
              <file original="b"><body xml:space="preserve">
                <trans-unit id="kept"><source> x </source><target>  deux  espaces </target></trans-unit>
                <trans-unit id="inline"><source>a</source><target>Salut <g id="1">toi</g> !</target></trans-unit>
              </body></file>
            </xliff>
            """, locale: "fr-CA")
        #expect(document.sourceLocale == "en")
        #expect(
            xliffRows(document) == [
                "collapsed |  | Hallo Welt | - | Hello world",
                "kept |  |   deux  espaces  | - |  x ",
                "inline |  | Salut toi ! | - | a",
            ])
        #expect(document.entries.map(\.locale) == ["fr-CA", "fr-CA", "fr-CA"])
        // Without a target-language and without a locale from the path, the targets' language is unknown.
        let unknown = try parseXLIFF(
            """
            <xliff version="1.2"><file original="a" source-language="en"><body>
              <trans-unit id="k"><source>Hello</source><target>Hallo</target></trans-unit>
            </body></file></xliff>
            """, locale: "")
        #expect(unknown.entries.isEmpty)
        #expect(unknown.skipped.map(\.key) == ["k"])
    }

    @Test("a unit without an id is skipped as malformed; other units go on")
    func unitWithoutID() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="it"><body>
            <trans-unit><source>a</source><target>b</target></trans-unit>
            <trans-unit id="ok"><source>c</source><target>d</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(xliffRows(document) == ["ok |  | d | - | c"])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "fr.xliff", locale: "it", key: "", position: at(2, 1),
                    reason: .malformed("<trans-unit> without an id attribute"))
            ])
    }

    @Test("a stringsdict rule whose forms all lack targets is reported as missing values")
    func stringsDictWithoutTargets() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="it"><body>
            <trans-unit id="/k:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@ left</source>
            <target>%#@n@ rimasti</target></trans-unit>
            <trans-unit id="/k:dict/n:dict/one:dict/:string"><source>one</source></trans-unit>
            </body></file></xliff>
            """)
        #expect(document.entries.isEmpty)
        #expect(
            xliffSkippedRows(document) == [
                "k | n.one | no value: no <target>",
                "k |  | no value: no <target> for any form of n",
            ])
    }

    @Test("the root must be <xliff>; XML errors throw with positions")
    func errors() {
        #expect(
            throws: CatalogError(
                file: "fr.xliff", position: at(1, 1),
                message: "expected the root element <xliff>, found <resources>")
        ) {
            try parseXLIFF("<resources/>")
        }
        #expect(
            throws: CatalogError(
                file: "fr.xliff", position: at(2, 29),
                message: "mismatched end tag: expected </target> to close <target> opened at 2:20, found </source>")
        ) {
            try parseXLIFF("<xliff><file><body>\n<trans-unit id=\"a\"><target>x</source></trans-unit></body></file>")
        }
    }
}

@Suite struct XLIFFUnitIDTests {
    @Test(
        "unit ids Xcode writes, classified",
        arguments: [
            ("greeting", XLIFFUnitID.plain(key: "greeting")),
            ("a|==|plural.few", .variation(key: "a", path: ["plural.few"])),
            ("a|==|device.applevision", .variation(key: "a", path: ["device.applevision"])),
            ("a|==|device.iphone.plural.one", .variation(key: "a", path: ["device.iphone", "plural.one"])),
            ("a|==|substitutions.COUNT.plural.other", .substitution(key: "a", name: "COUNT", category: "other")),
            ("a|==|substitutions.@A..B@.plural.one", .substitution(key: "a", name: "A..B", category: "one")),
            ("x|==|y|==|plural.one", .variation(key: "x|==|y", path: ["plural.one"])),
            ("literal|==|text", .plain(key: "literal|==|text")),
            ("plain|==|unknown.x", .plain(key: "plain|==|unknown.x")),
            ("a|==|plural.several", .plain(key: "a|==|plural.several")),
            ("/k:dict/NSStringLocalizedFormatKey:dict/:string", .stringsDictFormat(key: "k")),
            ("/k:dict/COUNT:dict/one:dict/:string", .stringsDictEntry(key: "k", variable: "COUNT", entry: "one")),
            ("/a/b:c:dict/V:dict/other:dict/:string", .stringsDictEntry(key: "a/b:c", variable: "V", entry: "other")),
            ("/k:dict/Comment:dict/:string", .stringsDictOther(key: "k", name: "Comment")),
            ("/not a path", .plain(key: "/not a path")),
        ])
    func classify(id: String, expected: XLIFFUnitID) {
        #expect(XLIFFUnitID(id) == expected)
    }
}

@Suite struct XLIFFDuplicateTests {
    @Test func aRepeatedIdKeepsTheLaterUnitAndReportsTheEarlier() throws {
        let document = try parseXLIFF(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="one" xml:space="preserve"><source>One</source><target>Eins</target></trans-unit>
                  <trans-unit id="one" xml:space="preserve"><source>One</source><target>Ein</target></trans-unit>
                </body>
              </file>
            </xliff>
            """)
        #expect(document.entries.map(\.text) == ["Ein"])
        #expect(document.skipped.count == 1)
        #expect(document.skipped.first?.position.line == 5)
        #expect(document.skipped.first?.reason == .malformed("duplicate trans-unit id, overridden at line 6"))
    }
}
