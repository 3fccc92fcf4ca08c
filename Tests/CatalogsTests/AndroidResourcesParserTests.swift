import Testing

@testable import Catalogs

func parseAndroid(_ body: String) throws -> CatalogDocument {
    let root =
        "<resources xmlns:tools=\"http://schemas.android.com/tools\" "
        + "xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">"
    let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(root)\n\(body)\n</resources>\n"
    return try AndroidResourcesParser.parse(Array(xml.utf8), file: "values-fr/strings.xml", locale: "fr")
}

/// The text of the one `<string name="s">` holding `value`, or nil when it was skipped.
func androidText(_ value: String) throws -> String? {
    try parseAndroid("<string name=\"s\">\(value)</string>").entries.first?.text
}

/// The reason the one `<string name="s">` holding `value` was skipped.
func androidSkipReason(_ value: String) throws -> SkippedEntry.Reason? {
    try parseAndroid("<string name=\"s\">\(value)</string>").skipped.first?.reason
}

@Suite struct AndroidResourcesParserTests {
    @Test("strings, plurals and string arrays; other resource types ignored; positions at the value")
    func grammar() throws {
        let document = try parseAndroid(
            """
                <!-- Section -->
                <string name="app_name" translatable="false">AntennaPod</string>
                <string name="hello" formatted="false" tools:ignore="UnusedResources">Bonjour %s</string>
                <color name="accent">#FF0000</color>
                <dimen name="gap">8dp</dimen>
                <integer name="max">3</integer>
                <bool name="on">true</bool>
                <integer-array name="ints"><item>1</item></integer-array>
                <plurals name="episodes">
                    <item quantity="one">%d épisode</item>
                    <item quantity="many">%d d\\'épisodes</item>
                    <item quantity="other">%d épisodes</item>
                </plurals>
                <string-array name="speeds">
                    <item>Lent</item>
                    <item>Rapide</item>
                </string-array>
                <item type="string" name="typed">Typé</item>
                <plurals name="fixed" translatable="false"><item quantity="other">x</item></plurals>
                <string-array name="ids" translatable="false"><item>a</item><item>b</item></string-array>
            """)
        #expect(document.format == .androidXML)
        #expect(
            document.entries.map { "\($0.key) \($0.variant)=\($0.text)" } == [
                "hello =Bonjour %s",
                "episodes plural.one=%d épisode",
                "episodes plural.many=%d d'épisodes",
                "episodes plural.other=%d épisodes",
                "speeds item.0=Lent",
                "speeds item.1=Rapide",
                "typed =Typé",
            ])
        #expect(document.entries.allSatisfy { $0.file == "values-fr/strings.xml" && $0.locale == "fr" })
        #expect(document.entries[0].position == at(5, 75))
        #expect(document.entries[1].position == at(12, 30))
        #expect(
            document.skipped.map { "\($0.key) \($0.reason)" } == [
                "app_name not translatable", "fixed not translatable", "ids not translatable",
            ])
        #expect(document.skipped[0].position == at(4, 5))
    }

    @Test(
        "translatable=\"false\" on <resources> marks the whole file, as Android lint reads it; an element may say otherwise"
    )
    func untranslatableFile() throws {
        // NewPipe's res/values/settings_keys.xml: preference keys, never shown, marked once on the root.
        let xml = """
            <resources translatable="false">
                <string name="last_used_preferences_version">last_used_preferences_version</string>
                <string-array name="theme_values"><item>light</item><item>dark</item></string-array>
                <plurals name="count"><item quantity="other">%d</item></plurals>
                <string name="shown" translatable="true">Shown</string>
                <string name="alias">@string/last_used_preferences_version</string>
            </resources>
            """
        let document = try AndroidResourcesParser.parse(
            Array(xml.utf8), file: "values/settings_keys.xml", locale: "en")
        #expect(document.entries.map { "\($0.key)=\($0.text)" } == ["shown=Shown"])
        #expect(
            document.skipped.map { "\($0.key) \($0.reason)" } == [
                "last_used_preferences_version not translatable", "theme_values not translatable",
                "count not translatable", "alias not translatable",
            ])
        // Any other value of the root's attribute leaves the file translatable.
        let other = try AndroidResourcesParser.parse(
            Array("<resources translatable=\"true\"><string name=\"a\">A</string></resources>".utf8),
            file: "values/strings.xml", locale: "en")
        #expect(other.entries.map(\.text) == ["A"])
    }

    @Test(
        "ASCII white space collapses to one space and is trimmed at both ends; other spaces are kept, as aapt2 keeps them"
    )
    func whitespace() throws {
        #expect(try androidText("\n   Hello,\n\t  world  \n") == "Hello, world")
        // (VT and FF are ASCII white space too, but XML 1.0 allows neither in a document: expat, aapt2's parser,
        // refuses the file, and so does this reader — `HostileXMLTests.rawControlCharacters`.)
        #expect(try androidText("a\t\r\n b") == "a b")
        // aapt2's StringBuilder::AppendText collapses a code point only when it is ASCII and `isspace`: the em space,
        // the ideographic space (Wikipedia's values-ja), the thin space (Simple Calendar's values-fr `tâches\u2009?`),
        // NEL and the line separator reach the app as written.
        #expect(try androidText("a\u{2003}\u{2003}b\u{2008}c") == "a\u{2003}\u{2003}b\u{2008}c")
        #expect(try androidText("か?\u{3000}提案 \u{2009}?\u{85}x\u{2028}y") == "か?\u{3000}提案 \u{2009}?\u{85}x\u{2028}y")
        #expect(try androidText("\u{3000}a\u{3000}") == "\u{3000}a\u{3000}")
    }

    @Test("product variants are told apart (AOSP's `product=\"tablet\"`); the default product is the key's value")
    func productVariants() throws {
        let document = try parseAndroid(
            """
                <string name="wifi_settings" product="tablet">Tablet-WLAN</string>
                <string name="wifi_settings" product="default">Telefon-WLAN</string>
                <string name="storage" product="nosdcard">USB-Speicher</string>
                <string name="storage">SD-Karte</string>
                <plurals name="apps" product="tablet"><item quantity="one">%d App</item></plurals>
                <string name="ref">@string/wifi_settings</string>
            """)
        #expect(
            document.entries.map { "\($0.key)|\($0.variant)|\($0.text)" } == [
                "wifi_settings|product.tablet|Tablet-WLAN", "wifi_settings||Telefon-WLAN",
                "storage|product.nosdcard|USB-Speicher", "storage||SD-Karte", "apps|product.tablet/plural.one|%d App",
                "ref||Telefon-WLAN",
            ])
        #expect(document.skipped.isEmpty)
    }

    @Test("HTML written with entities is rendered as its CDATA spelling is (Wikipedia's about_wmf)")
    func htmlWithEntities() throws {
        let document = try parseAndroid(
            """
                <string name="about_wmf"><![CDATA[A product of the <a href="https://wikimediafoundation.org/">Wikimedia Foundation</a>]]></string>
                <string name="about_wmf_de">Ein Produkt der &lt;a href="https://wikimediafoundation.org/"&gt;Wikimedia Foundation&lt;/a&gt;</string>
                <string name="bold">&lt;b&gt;%1$s&lt;/b&gt; hat &lt;br/&gt;geantwortet</string>
                <string name="less">a &lt; b &gt; c, &lt;3, &lt;name&gt;</string>
            """)
        #expect(
            document.entries.map(\.text) == [
                "A product of the Wikimedia Foundation", "Ein Produkt der Wikimedia Foundation",
                "%1$s hat \ngeantwortet", "a < b > c, <3, <name>",
            ])
        #expect(AndroidHTML.containsTag("x <B>y</B>") && AndroidHTML.containsTag("<h2>t</h2>"))
        #expect(!AndroidHTML.containsTag("<bold> <brr> < b> <") && !AndroidHTML.containsTag("i <3 u"))
        // A tag's name followed by words that are no attributes is text: Corsican "<U destinatariu hè
        // scunnisciutu>" (thunderbird-android values-co) was measured as nothing. Attributes with values, a
        // self-closing slash and a name never closed by ">" are told apart.
        #expect(!AndroidHTML.containsTag("<U destinatariu hè scunnisciutu>"))
        #expect(AndroidHTML.containsTag("<a href=\"x\">y</a>") && AndroidHTML.containsTag("a<br />b"))
        #expect(AndroidHTML.containsTag("<font color=red>r</font>") && !AndroidHTML.containsTag("a <b and c"))
        let corsican = try parseAndroid(
            #"<string name="unknown_recipient">&lt;U destinatariu hè scunnisciutu&gt;</string>"#)
        #expect(corsican.entries.map(\.text) == ["<U destinatariu hè scunnisciutu>"])
    }

    /// A typed `<array>` whose items are text is read as a `<string-array>` (thunderbird-android's funding tiers,
    /// shown with `stringArrayResource`, were dropped without a word); drawables, colours, numbers and dimensions are
    /// not text and are passed over, keeping each text item's place in its variant.
    @Test("typed arrays: text items are entries, other items passed over")
    func typedArrays() throws {
        let document = try parseAndroid(
            """
                <string name="gold">Gold</string>
                <array name="tiers"><item>Einmalig</item><item>@string/gold</item><item>@drawable/coin</item>\
            <item>Monatlich</item></array>
                <array name="icons"><item>@drawable/a</item><item>?attr/b</item><item>#FF0000</item>\
            <item>12dp</item><item>3</item><item>-1.5</item></array>
            """)
        #expect(
            document.entries.map { "\($0.key)|\($0.variant)|\($0.text)" } == [
                "gold||Gold", "tiers|item.0|Einmalig", "tiers|item.1|Gold", "tiers|item.3|Monatlich",
            ])
        #expect(document.skipped.isEmpty)
    }

    @Test("no-break spaces are kept: they are meant (French 'Note : …')")
    func noBreakSpaces() throws {
        #expect(try androidText("Note\u{A0}: ok\u{202F}!") == "Note\u{A0}: ok\u{202F}!")
    }

    @Test("double quotes keep white space and allow apostrophes, and disappear")
    func doubleQuotes() throws {
        #expect(try androidText("\"  Keep   these  \"") == "  Keep   these  ")
        #expect(try androidText("\"That's it\" and more") == "That's it and more")
        #expect(try androidText("\"Une erreur est survenue : \"") == "Une erreur est survenue : ")
    }

    @Test("escapes: \\' \\\" \\\\ \\n \\t \\@ \\? \\uXXXX, and any other escaped character is itself")
    func escapes() throws {
        #expect(
            try androidText(#"l\'app \"x\" a\\b 1\n2\t3 \@home \?attr \u0041\u00e9 \z"#)
                == "l'app \"x\" a\\b 1\n2\t3 @home ?attr Aé z")
    }

    @Test("\\u0020 at the end is a real, kept space")
    func escapedTrailingSpace() throws {
        #expect(try androidText(#"An error occurred during syncing:\u0020"#) == "An error occurred during syncing: ")
    }

    @Test("a \\u surrogate pair is one scalar; a lone surrogate or bad hex skips the entry with the reason")
    func unicodeEscapes() throws {
        #expect(try androidText(#"\uD83E\uDDD8"#) == "🧘")
        #expect(try androidText(#"\uD83D\uDDC4\uFE0F"#) == "🗄\u{FE0F}")
        #expect(
            try androidSkipReason(#"\uD83E x"#)
                == .malformed(
                    #"lone surrogate \uD83E: a high surrogate must be followed by a \uDC00–\uDFFF escape"#))
        #expect(
            try androidSkipReason(#"\uDDD8"#)
                == .malformed(
                    #"lone surrogate \uDDD8: a low surrogate needs a \uD800–\uDBFF before it"#))
        #expect(
            try androidSkipReason(#"\u00G1"#)
                == .malformed(#"invalid unicode escape \u00G: expected four hex digits"#))
    }

    @Test("an unescaped apostrophe outside double quotes is what aapt2 rejects: that entry is skipped")
    func unescapedApostrophe() throws {
        let document = try parseAndroid("<string name=\"bad\">It's</string>\n<string name=\"good\">Fine</string>")
        #expect(document.entries.map(\.key) == ["good"])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "values-fr/strings.xml", locale: "fr", key: "bad", position: at(3, 20),
                    reason: .malformed(
                        #"unescaped apostrophe: aapt2 rejects ' outside double quotes (write \' or put the text in "…")"#
                    ))
            ])
    }

    @Test("XML entities are decoded before Android processing")
    func entities() throws {
        #expect(try androidText("Backup &amp; restore") == "Backup & restore")
        #expect(try androidText("Please wait&#8230;") == "Please wait…")
        #expect(try androidText("&quot;quoted&quot; stays") == "quoted stays")
    }

    @Test("markup is stripped keeping its text; xliff:g keeps its content")
    func markup() throws {
        #expect(try androidText("<b>Bold</b> and <i>it</i> <u>u</u>") == "Bold and it u")
        #expect(try androidText("Hello <xliff:g id=\"name\" example=\"Bob\">%1$s</xliff:g>!") == "Hello %1$s!")
        #expect(
            try androidText("<font color=\"red\">A</font><a href=\"x\">B</a><annotation k=\"v\">C</annotation>")
                == "ABC")
    }

    @Test("with markup aapt2 does not trim, and quote state ends at each tag")
    func markupResetsState() throws {
        #expect(try androidText(" <b>x</b> ") == " x ")
        #expect(try androidText("\"a <b>b</b> c\"") == "a b c")
    }

    @Test("CDATA: escapes still apply, then its HTML is flattened (tags out, <br> → line feed, entities decoded)")
    func cdata() throws {
        // aapt2 makes `\n` a line feed; `Html.fromHtml` shows it as a space, as any white space in HTML text.
        #expect(
            try androidText("<![CDATA[<i>%1$s</i> connecté. <br/><br/>Ciao &amp; \\\"bye\\\"\\nend]]>")
                == "%1$s connecté. \n\nCiao & \"bye\" end")
        #expect(try androidText("<![CDATA[a<br>b<BR />c 1 < 2]]>") == "a\nb\nc 1 < 2")
    }

    /// aapt2 compiles CDATA and the same text written with entities to one string, which the app can show only one
    /// way: whether it is HTML is decided on that string — a tag `Html.fromHtml` knows, or an entity — so both
    /// spellings measure the same. thunderbird-android's `openpgp_key_using_no_name` is
    /// `"Using key: <![CDATA[<no name>]]>"`: `getString` gives `Using key: <no name>`.
    @Test("CDATA and entities: one compiled string, one measure; CDATA without HTML is text as written")
    func cdataAndEntitiesAgree() throws {
        for (cdata, entities, expected) in [
            ("\"Using key: <![CDATA[<no name>]]>\"", "Using key: &lt;no name&gt;", "Using key: <no name>"),
            ("<![CDATA[Fish &amp; chips]]>", "Fish &amp;amp; chips", "Fish & chips"),
            ("<![CDATA[a < b and c > d]]>", "a &lt; b and c &gt; d", "a < b and c > d"),
            ("<![CDATA[<b>Bold</b> text]]>", "&lt;b&gt;Bold&lt;/b&gt; text", "Bold text"),
            ("<![CDATA[Wait&#8230;]]>", "Wait&amp;#8230;", "Wait…"),
            ("<![CDATA[AT&T & co]]>", "AT&amp;T &amp; co", "AT&T & co"),
        ] {
            #expect(try androidText(cdata) == expected, "\(cdata)")
            #expect(try androidText(entities) == expected, "\(entities)")
        }
    }

    @Test("@string/ references resolve within the file, forwards too; others are skipped as no value")
    func references() throws {
        let document = try parseAndroid(
            """
            <string name="alias">@string/target</string>
            <string name="target">Cible</string>
            <string name="brand" translatable="false">AntennaPod</string>
            <string name="uses_brand">@string/brand</string>
            <string name="chain">@string/alias</string>
            <string name="missing">@string/nowhere</string>
            <string name="framework">@android:string/ok</string>
            <string name="null">@null</string>
            <string name="empty">@empty</string>
            <string name="escaped">\\@string/target</string>
            <string name="not_a_reference">@ home</string>
            <plurals name="p"><item quantity="other">@string/target</item></plurals>
            """)
        #expect(
            document.entries.map { "\($0.key)=\($0.text)" } == [
                "alias=Cible", "target=Cible", "uses_brand=AntennaPod", "chain=Cible", "empty=",
                "escaped=@string/target", "not_a_reference=@ home", "p=Cible",
            ])
        #expect(document.entries[0].position == at(3, 22))
        #expect(
            document.skipped.map { "\($0.key) \($0.reason)" } == [
                "brand not translatable",
                "framework no value: @android:string/ok is not a string this file defines",
                "null no value: @null is not a string this file defines",
                "missing no value: @string/nowhere is not a string this file defines",
            ])
    }

    @Test("a plural item with a missing or unknown quantity is skipped; a resource without a name too")
    func malformedItems() throws {
        let document = try parseAndroid(
            """
            <plurals name="p"><item quantity="several">x</item><item>y</item><item quantity="one">z</item></plurals>
            <string>nameless</string>
            """)
        #expect(document.entries.map { "\($0.key) \($0.variant)=\($0.text)" } == ["p plural.one=z"])
        #expect(
            document.skipped.map { "\($0.key) \($0.reason)" } == [
                #"p malformed: <item> in <plurals> with quantity="several": expected zero, one, two, few, many or other"#,
                "p malformed: <item> in <plurals> with no quantity: expected zero, one, two, few, many or other",
                " malformed: <string> without a name attribute",
            ])
    }

    @Test("an empty string is an empty entry")
    func emptyString() throws {
        let document = try parseAndroid("<string name=\"a\"></string><string name=\"b\"/>")
        #expect(document.entries.map(\.text) == ["", ""])
        #expect(document.entries[1].position == at(3, 27))
    }

    @Test("the root must be <resources>")
    func root() {
        #expect(
            throws: CatalogError(
                file: "strings.xml", position: at(2, 1),
                message: "expected the root element <resources>, found <plist>")
        ) {
            try AndroidResourcesParser.parse(
                Array("<?xml version=\"1.0\"?>\n<plist/>".utf8), file: "strings.xml",
                locale: "en")
        }
    }

    @Test("malformed XML throws with its position")
    func malformedXML() {
        #expect(
            throws: CatalogError(
                file: "strings.xml", position: at(1, 33),
                message: "mismatched end tag: expected </b> to close <b> opened at 1:29, found </string>")
        ) {
            try AndroidResourcesParser.parse(
                Array("<resources><string name=\"a\"><b>x</string></resources>".utf8),
                file: "strings.xml", locale: "en")
        }
    }
}

@Suite struct AndroidHTMLTests {
    @Test("tags removed, <br> variants become line feeds, entities decoded, stray < and & kept")
    func flatten() {
        #expect(AndroidHTML.flatten("<b>a</b><br>b<br/>c<br />d") == "a\nb\nc\nd")
        #expect(AndroidHTML.flatten("&lt;x&gt; &amp; &quot;&apos; &#65;&#x42; &nbsp;") == "<x> & \"' AB \u{A0}")
        #expect(AndroidHTML.flatten("1 < 2 & 3 &unknown; <!-- c -->") == "1 < 2 & 3 &unknown; ")
        #expect(AndroidHTML.flatten("<bright>x</bright></br>") == "x")
    }

    /// AOSP `Html.java`, `HtmlToSpannedConverter` in `FROM_HTML_MODE_LEGACY`, worked by hand: `characters` turns
    /// each space or line feed into one space unless the text so far is empty or ends in one; a block's start and end
    /// tags call `appendNewlines(text, 2)`, which adds line feeds until the text ends in two (none to an empty text).
    @Test("white space as Html.fromHtml folds it, blocks as paragraphs")
    func whiteSpaceAndBlocks() {
        #expect(AndroidHTML.flatten("Line1<br>Line2\nLine3") == "Line1\nLine2 Line3")
        #expect(AndroidHTML.flatten("  a \n\n  b  ") == "a b ")
        #expect(AndroidHTML.flatten("<p>Para one</p><p>Para two</p>") == "Para one\n\nPara two\n\n")
        #expect(AndroidHTML.flatten("Intro<ul><li>one</li><li>two</li></ul>End") == "Intro\n\none\n\ntwo\n\nEnd")
        #expect(AndroidHTML.flatten("<h1>Title</h1>\nBody <div>x</div>") == "Title\n\nBody \n\nx\n\n")
        // After a line break, white space is dropped; `&nbsp;` is not white space; `&#10;` is.
        #expect(AndroidHTML.flatten("a<br> b&nbsp; c&#10;d") == "a\nb\u{A0} c d")
    }
}
