import Foundation
import Testing

@testable import Catalogs

/// What the app displays for XLIFF's inline elements, XLIFF 2.0 files, templates and the locale in a file name. The
/// expected texts are written from the specifications: XLIFF 1.2 §2.5 (inline elements: `<g>`/`<mrk>` wrap text,
/// `<x/>`/`<ph>` stand for a code put in at run time, `<bpt>`/`<ept>`/`<it>` hold native codes not displayed,
/// `ctype="lb"` is a line break), XLIFF 2.0 §4.2.2 (a unit's text is its segments and ignorables in order; `srcLang`,
/// `trgLang` on the root) and §4.3.2 (`<ph/>`, `<pc>`, `<sc/>`/`<ec/>`, `<cp hex/>`), and Angular's serializers
/// (`INTERPOLATION` placeholders without `ctype`/`type`, tags with one).
@Suite struct XLIFFInlineAndVersionTests {
    static func unit12(_ id: String, _ target: String, space: String = " xml:space=\"preserve\"") -> String {
        "<trans-unit id=\"\(id)\"\(space)><source>s</source><target>\(target)</target></trans-unit>"
    }

    /// `@angular/localize` writes a `ctype` only for tags in its map: a numbered tag (`START_LINK_1`), a self-closing
    /// one (`TAG_IMG`) and a control-flow block (`START_BLOCK_IF`) have none, and are markup that shows nothing, not
    /// values (each was measured as a sample name: "Siehe A und Alexandra FeatherstonehaughB").
    @Test("Angular's markup without a ctype shows nothing; its interpolations are values")
    func angularMarkupWithoutCtype() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="de" original="ng2.template"><body>
            <trans-unit id="links" datatype="html"><source>s</source><target>Siehe \
            <x id="START_LINK" ctype="x-a" equiv-text="&lt;a href=&quot;a&quot;&gt;"/>A<x id="CLOSE_LINK" \
            ctype="x-a" equiv-text="&lt;/a&gt;"/> und <x id="START_LINK_1" equiv-text="&lt;a href=&quot;b&quot;&gt;"/>\
            B<x id="CLOSE_LINK" ctype="x-a" equiv-text="&lt;/a&gt;"/> <x id="TAG_IMG_1" \
            equiv-text="&lt;img src=&quot;x&quot;/&gt;"/><x id="INTERPOLATION_1" equiv-text="{{ n }}"/></target>\
            </trans-unit>
            <trans-unit id="block" datatype="html"><source>s</source><target><x id="START_BLOCK_IF" \
            equiv-text="@if (x) {"/> Änderung mit Währungseffekt <x id="CLOSE_BLOCK_IF" equiv-text="}"/>\
            <x id="START_BLOCK_ELSE" equiv-text="@else {"/> Änderung <x id="CLOSE_BLOCK_ELSE" equiv-text="}"/>\
            </target></trans-unit>
            </body></file></xliff>
            """)
        #expect(
            document.entries.map { "\($0.key)=\($0.text)" } == [
                "links=Siehe A und B %@", "block=Änderung mit Währungseffekt Änderung",
            ])
        let version2 = try parseXLIFF(
            """
            <xliff version="2.0" srcLang="en" trgLang="de"><file id="ngi18n" original="ng.template">\
            <unit id="u"><segment><source>s</source><target>Siehe <ph id="0" equiv="START_LINK_1" \
            disp="&lt;a&gt;"/>B<ph id="1" equiv="CLOSE_LINK" disp="&lt;/a&gt;"/> <ph id="2" equiv="INTERPOLATION" \
            disp="{{ n }}"/></target></segment></unit></file></xliff>
            """)
        #expect(version2.entries.map(\.text) == ["Siehe B %@"])
    }

    @Test("XLIFF 1.2 inline elements: text kept, values as %@, line breaks as LF, native code dropped")
    func inline12() throws {
        let units = [
            Self.unit12("g", "Tippe <g id=\"1\">hier</g> jetzt"),
            Self.unit12("x", "Letzte <x id=\"INTERPOLATION\" equiv-text=\"{{ n }}\"/> Tage"),
            Self.unit12("x-lb", "Zeile 1<x id=\"LINE_BREAK\" ctype=\"lb\" equiv-text=\"&lt;br/&gt;\"/>Zeile 2"),
            Self.unit12(
                "x-tag",
                "<x id=\"START_BOLD_TEXT\" ctype=\"x-b\" equiv-text=\"&lt;b&gt;\"/>Fett"
                    + "<x id=\"CLOSE_BOLD_TEXT\" ctype=\"x-b\"/>er Text"),
            Self.unit12("bpt", "<bpt id=\"1\">&lt;b&gt;</bpt>Fett<ept id=\"1\">&lt;/b&gt;</ept>er Text"),
            Self.unit12("it-bx", "a<it id=\"1\" pos=\"open\">&lt;i&gt;</it>b<bx id=\"2\"/>c<ex id=\"2\"/>d"),
            Self.unit12("ph-printf", "Löschen <ph id=\"1\">%@</ph>?"),
            Self.unit12("ph-code", "Hallo <ph id=\"1\">{0}</ph>!"),
            Self.unit12("ph-format", "a<ph id=\"1\" ctype=\"x-img\">&lt;img src=\"x\"/&gt;</ph>b"),
            Self.unit12("ph-sub", "a<ph id=\"1\">&lt;img alt=\"<sub>Alt</sub>\"&gt;</ph>b"),
            Self.unit12("ph-br", "a<ph id=\"1\">&lt;br/&gt;</ph>b"),
            Self.unit12("mrk", "Ein <mrk mtype=\"protected\">Firefox</mrk> Ding"),
            Self.unit12("nested", "a <g id=\"1\">b <x id=\"2\"/> c</g> d", space: ""),
            Self.unit12("collapse-lb", "  eins \n <x id=\"1\" ctype=\"lb\"/>  zwei  ", space: ""),
        ]
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="de"><body>
            \(units.joined(separator: "\n"))
            </body></file></xliff>
            """)
        #expect(
            document.entries.map { "\($0.key)=\($0.text)" } == [
                "g=Tippe hier jetzt",
                "x=Letzte %@ Tage",
                "x-lb=Zeile 1\nZeile 2",
                "x-tag=Fetter Text",
                "bpt=Fetter Text",
                "it-bx=abcd",
                "ph-printf=Löschen %@?",
                "ph-code=Hallo %@!",
                "ph-format=ab",
                "ph-sub=ab",
                "ph-br=a\nb",
                "mrk=Ein Firefox Ding",
                "nested=a b %@ c d",
                "collapse-lb=eins\nzwei",
            ])
        #expect(document.skipped.isEmpty)
    }

    /// Xcode 10 exported units without `xml:space="preserve"` (a real `de.xliff` of macgo-player/bluray-player-l10n:
    /// `UNREGISTRIERTE VERSION` and `Wasserzeichen entfernen` on two lines of one `<target>`), and reads their text
    /// back as written: a file whose `<tool>` is Xcode or whose `original` is an Apple catalog keeps its white space,
    /// unless it says `xml:space="default"`; any other file's is collapsed as before.
    @Test("a file Xcode exported keeps its line feeds and spaces without xml:space")
    func xcodeExportsKeepTheirWhiteSpace() throws {
        let units =
            Self.unit12("banner", "UNREGISTRIERTE VERSION\nWasserzeichen entfernen", space: "")
            + Self.unit12("pad", "Name:  %@ ", space: "")
        func texts(_ fileAttributes: String, header: String = "") throws -> [String] {
            try parseXLIFF(
                "<xliff version=\"1.2\"><file source-language=\"en\" target-language=\"de\" \(fileAttributes)>"
                    + header + "<body>" + units + "</body></file></xliff>"
            ).entries.map(\.text)
        }
        let asWritten = ["UNREGISTRIERTE VERSION\nWasserzeichen entfernen", "Name:  %@ "]
        let collapsed = ["UNREGISTRIERTE VERSION Wasserzeichen entfernen", "Name: %@"]
        let xcodeTool =
            "<header><tool tool-id=\"com.apple.dt.xcode\" tool-name=\"Xcode\" tool-version=\"10.1\"/></header>"
        #expect(try texts("original=\"x\" datatype=\"plaintext\"", header: xcodeTool) == asWritten)
        #expect(try texts("original=\"App/en.lproj/Localizable.strings\" datatype=\"plaintext\"") == asWritten)
        #expect(try texts("original=\"App/en.lproj/Localizable.stringsdict\"") == asWritten)
        #expect(try texts("original=\"Base.lproj/Main.storyboard\"") == asWritten)
        // What the file says wins; other tools' files (Angular's `ng.template`, Symfony's) collapse.
        #expect(
            try texts("original=\"App/en.lproj/Localizable.strings\" xml:space=\"default\"", header: xcodeTool)
                == collapsed)
        // (Their `%` is text, written `%%` for the expander: `percentSigns`.)
        let collapsedText = ["UNREGISTRIERTE VERSION Wasserzeichen entfernen", "Name: %%@"]
        #expect(try texts("original=\"ng2.template\" datatype=\"plaintext\"") == collapsedText)
        #expect(
            try texts(
                "original=\"file.ext\"", header: "<header><tool tool-id=\"symfony\" tool-name=\"Symfony\"/></header>")
                == collapsedText)
    }

    @Test("an empty <target> and a missing one are told apart")
    func emptyAndMissingTargets() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="de"><body>
            <trans-unit id="none"><source>a</source></trans-unit>
            <trans-unit id="empty"><source>b</source><target/></trans-unit>
            <trans-unit id="blank"><source>c</source><target>   </target></trans-unit>
            </body></file></xliff>
            """)
        #expect(document.entries.isEmpty)
        #expect(
            xliffSkippedRows(document) == [
                "none |  | no value: no <target>", "empty |  | no value: empty <target>",
                "blank |  | no value: empty <target>",
            ])
    }

    /// An XLIFF 2.0 file as Angular's `ng extract-i18n --format xlf2` writes it once translated, with the elements
    /// of §4.2.2 and §4.3.2 it can hold.
    static let version2 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="ja">
          <file id="ngi18n" original="ng.template">
            <notes><note>file note, never measured</note></notes>
            <unit id="plain">
              <notes><note category="location">src/app.html:3</note></notes>
              <segment state="translated"><source>Settings</source><target>設定</target></segment>
            </unit>
            <unit id="ph"><segment state="final">
              <source>Hello <ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/>!</source>
              <target>こんにちは<ph id="0" equiv="INTERPOLATION" disp="{{ name }}"/>！</target>
            </segment></unit>
            <unit id="pc"><segment>
              <source>Tap <pc id="0" equivStart="START_LINK" equivEnd="CLOSE_LINK" type="link">here</pc></source>
              <target><pc id="0" equivStart="START_LINK" equivEnd="CLOSE_LINK" type="link">ここ</pc>をタップ</target>
            </segment></unit>
            <unit id="codes"><segment>
              <source>a<sc id="1" type="fmt"/>b<ec startRef="1"/><ph id="2" type="fmt" equiv="LINE_BREAK"/>c<cp hex="0009"/>d</source>
              <target>x<sc id="1" type="fmt"/>y<ec startRef="1"/><ph id="2" type="fmt" subType="xlf:lb"/>z<cp hex="0009"/>w<ph id="3" type="image"/><cp hex="+41"/><cp hex="D800"/></target>
            </segment></unit>
            <unit id="multi">
              <segment id="s1" state="reviewed"><source>One.</source><target>一つ。</target></segment>
              <ignorable><source> </source></ignorable>
              <segment id="s2" state="translated"><source>Two.</source><target>二つ。</target></segment>
            </unit>
            <group id="g"><group id="inner">
              <unit id="grouped"><segment><source>Grouped</source><target>グループ</target></segment></unit>
            </group></group>
            <unit id="partly">
              <segment><source>Done.</source><target>済み。</target></segment>
              <segment state="initial"><source>Not yet.</source></segment>
            </unit>
            <unit id="initial"><segment state="initial"><source>Untranslated</source></segment></unit>
            <unit id="preserved" xml:space="preserve"><segment><source> a </source><target>  あ  い </target></segment></unit>
          </file>
        </xliff>
        """

    @Test("XLIFF 2.0: root languages, segments and ignorables joined, groups, inline codes, states")
    func version2() throws {
        let document = try parseXLIFF(Self.version2, locale: "de")
        #expect(document.sourceLocale == "en-US")
        #expect(Set(document.entries.map(\.locale)) == ["ja"])
        #expect(
            xliffRows(document) == [
                "plain |  | 設定 | translated | Settings",
                "ph |  | こんにちは%@！ | final | Hello %@!",
                "pc |  | ここをタップ | - | Tap here",
                "codes |  | xy\nz\tw\u{FFFD}\u{FFFD} | - | ab\nc\td",
                "multi |  | 一つ。 二つ。 | reviewed | One. Two.",
                "grouped |  | グループ | - | Grouped",
                "preserved |  |   あ  い  | - |  a ",
            ])
        #expect(
            xliffSkippedRows(document) == [
                "partly |  | no value: no <target>", "initial |  | no value: no <target>",
            ])
        // Positions (columns counted by hand in the text above): the first target's text; an untranslated unit's tag.
        #expect(document.entries.first?.position == at(7, 68))
        #expect(document.skipped.first?.position == at(29, 5))
    }

    @Test("a template (no target language, no targets) is its source language's text; with targets it stays unknown")
    func templates() throws {
        let angular12 = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" datatype="plaintext" original="ng2.template"><body>
            <trans-unit id="a" datatype="html"><source>Last <x id="INTERPOLATION"/> days</source></trans-unit>
            <trans-unit id="b" datatype="html"><source>Profile</source><note priority="1" from="description">d</note></trans-unit>
            </body></file></xliff>
            """, locale: "")
        #expect(xliffRows(angular12) == ["a |  | Last %@ days | - | -", "b |  | Profile | - | -"])
        #expect(angular12.entries.map(\.locale) == ["en", "en"])
        #expect(angular12.entries.first?.position == at(2, 44))  // the source's text
        let angular20 = try parseXLIFF(
            """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US">
            <file id="ngi18n" original="ng.template"><unit id="a"><segment><source>Hi</source></segment></unit></file>
            </xliff>
            """, locale: "")
        #expect(xliffRows(angular20) == ["a |  | Hi | - | -"])
        #expect(angular20.entries.map(\.locale) == ["en-US"])
        // Named for its source language (`messages.en.xlf`), still a template; named for another, an untranslated
        // file of that language.
        let template = """
            <xliff version="1.2"><file source-language="en"><body>
            <trans-unit id="a"><source>Hello</source></trans-unit>
            </body></file></xliff>
            """
        #expect(xliffRows(try parseXLIFF(template, locale: "en")) == ["a |  | Hello | - | -"])
        // `messages.en.xlf` holding Angular's default `en-US` source is its template too (`en` matches `en-US`).
        let enUS = try parseXLIFF(template.replacingOccurrences(of: "\"en\"", with: "\"en-US\""), locale: "en")
        #expect(xliffRows(enUS) == ["a |  | Hello | - | -"])
        #expect(enUS.entries.map(\.locale) == ["en-US"])
        let german = try parseXLIFF(template, locale: "de")
        #expect(german.entries.isEmpty)
        #expect(xliffSkippedRows(german) == ["a |  | no value: no <target>"])
        #expect(german.skipped.map(\.locale) == ["de"])
        // One target is enough to make it a translation whose language is unknown: reported, never measured as the
        // source language.
        let unknown = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en"><body>
            <trans-unit id="a"><source>Hello</source></trans-unit>
            <trans-unit id="b"><source>Bye</source><target>Tschüss</target></trans-unit>
            </body></file></xliff>
            """, locale: "")
        #expect(unknown.entries.isEmpty)
        #expect(unknown.skipped.map(\.key) == ["a", "b"])
        // The locale from the file name (`messages.es.xlf`) makes the targets that language's.
        let named = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en"><body>
            <trans-unit id="b"><source>Bye</source><target>Adiós</target></trans-unit>
            </body></file></xliff>
            """, locale: "es")
        #expect(xliffRows(named) == ["b |  | Adiós | - | Bye"])
        #expect(named.entries.map(\.locale) == ["es"])
    }

    @Test("a % is text outside Xcode's exports (Angular, 2.0); Xcode's text is printf")
    func percentSigns() throws {
        let expander = PlaceholderExpander(syntax: .apple)
        // Angular's 1.2 (mempool's Hungarian and Turkish): "95%-a" is shown as written, and "%" before a run-time
        // value is a percent sign before the value, not part of a specifier.
        let angular = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="hu" datatype="plaintext" original="ng2.template"><body>
            <trans-unit id="below"><source>below 95%</source><target>95%-a alá</target></trans-unit>
            <trans-unit id="share"><source>% of supply</source><target>(arzın %<x id="INTERPOLATION"/>'i)</target></trans-unit>
            <trans-unit id="off"><source>s</source><target>10%d  5%s</target></trans-unit>
            <trans-unit id="icu"><source>{VAR_PLURAL, plural, other {50% off}}</source><target>{VAR_PLURAL, plural, other {<x id="INTERPOLATION"/>% Rabatt}}</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(
            angular.entries.map { "\($0.key)=\(expander.expand($0.text).text)" } == [
                "below=95%-a alá",
                "share=(arzın %\(expander.expand("%@").text)'i)",
                "off=10%d 5%s",
                "icu=\(expander.expand("%@").text)% Rabatt",
            ])
        #expect(angular.entries[0].text == "95%%-a alá")
        #expect(angular.entries[3].sourceText.map { expander.expand($0).text } == "50% off")
        // XLIFF 2.0, even in an ignorable or written as `<cp hex="25"/>`.
        let two = try parseXLIFF(
            """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f">
            <unit id="u"><segment><source>50% off</source><target>Rabatt 50%d<cp hex="25"/>a</target></segment><ignorable><source> 5%</source></ignorable></unit>
            </file></xliff>
            """)
        #expect(two.entries.map { expander.expand($0.text).text } == ["Rabatt 50%d%a 5%"])
        // Symfony's (a tool other than Xcode in the header): text.
        let symfony = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="de" original="file.ext"><header><tool tool-id="symfony" tool-name="Symfony"/></header><body>
            <trans-unit id="n"><source>%count% left</source><target>%count% übrig</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(symfony.entries.map { expander.expand($0.text).text } == ["%count% übrig"])
        // Xcode's export (its tool, or an Apple catalog as its original, even with another tool) and a file that says
        // neither: printf, `%d` a number, `%%` a percent sign.
        for header in [
            "<file original=\"en.lproj/Localizable.strings\" source-language=\"en\" target-language=\"de\"><body>",
            "<file original=\"x\" source-language=\"en\" target-language=\"de\"><header><tool tool-id=\"com.apple.dt.xcode\" tool-name=\"Xcode\"/></header><body>",
            "<file original=\"Localizable.strings\" source-language=\"en\" target-language=\"de\"><header><tool tool-id=\"lokalise\"/></header><body>",
            "<file source-language=\"en\" target-language=\"de\"><body>",
        ] {
            let xcode = try parseXLIFF(
                """
                <xliff version="1.2">\(header)
                <trans-unit id="n"><source>%d%% off</source><target>%d%% Rabatt</target></trans-unit>
                </body></file></xliff>
                """)
            #expect(xcode.entries.map(\.text) == ["%d%% Rabatt"])
            #expect(expander.expand(xcode.entries[0].text).text == "\(expander.expand("%d").text)% Rabatt")
        }
    }

    @Test("an ICU plural or select in a unit (Angular's VAR_PLURAL units) is one entry per case, as in ARB")
    func icuMessages() throws {
        let document = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="de"><body>
            <trans-unit id="days" datatype="html">
              <source>{VAR_PLURAL, plural, =0 {none} =1 {one day} other {<x id="INTERPOLATION" equiv-text="{{ n }}"/> days}}</source>
              <target>{VAR_PLURAL, plural, =0 {keine} =1 {ein Tag} other {<x id="INTERPOLATION" equiv-text="{{ n }}"/> Tage}}</target>
            </trans-unit>
            <trans-unit id="who"><source>{VAR_SELECT, select, male {he} other {they}}</source>
              <target>{VAR_SELECT, select, male {er} female {sie} other {l'équipe à 50 %}}</target></trans-unit>
            <trans-unit id="broken"><source>{VAR_PLURAL, plural, =1 {x}}</source><target>{VAR_PLURAL, plural, =1 {y}}</target></trans-unit>
            <trans-unit id="plain"><source>{{a}} b</source><target>{x} y, {z}</target></trans-unit>
            </body></file></xliff>
            """)
        #expect(
            xliffRows(document) == [
                "days | VAR_PLURAL.=0 | keine | - | none",
                "days | VAR_PLURAL.=1 | ein Tag | - | one day",
                "days | VAR_PLURAL.other | %@ Tage | - | %@ days",
                "who | VAR_SELECT.male | er | - | he",
                "who | VAR_SELECT.female | sie | - | they",  // the source has no female case: its other
                "who | VAR_SELECT.other | l'équipe à 50 %% | - | they",
                // Not MessageFormat (a plural needs `other`): measured as written, as before.
                "broken |  | {VAR_PLURAL, plural, =1 {y}} | - | {VAR_PLURAL, plural, =1 {x}}",
                "plain |  | {x} y, {z} | - | {{a}} b",
            ])
        // Nested: a case the source lacks falls back to the source's `other` within the cases kept so far.
        let nested = try parseXLIFF(
            """
            <xliff version="1.2"><file source-language="en" target-language="ru"><body><trans-unit id="n">
            <source>{g, select, male {{n, plural, one {he has 1} other {he has many}}} other {{n, plural, one {they 1} other {they many}}}}</source>
            <target>{g, select, male {{n, plural, one {у него 1} few {у него 3} other {у него много}}} other {{n, plural, one {у них 1} other {у них много}}}}</target>
            </trans-unit></body></file></xliff>
            """)
        #expect(
            nested.entries.map { "\($0.variant)=\($0.sourceText ?? "-")" } == [
                "g.male/n.one=he has 1", "g.male/n.few=he has many", "g.male/n.other=he has many",
                "g.other/n.one=they 1", "g.other/n.other=they many",
            ])
        #expect(XLIFFMessageFormat.hasSelection("a { n ,\n plural , one {x}}"))
        #expect(!XLIFFMessageFormat.hasSelection("{n, number} {select} {a, plurals, x}"))
    }

    @Test(
        "the locale an XLIFF file's name gives",
        arguments: [
            ("messages.de.xlf", "de"), ("messages.fr-CA.xlf", "fr-CA"), ("validators.pt_BR.xlf", "pt-BR"),
            ("messages.zh-Hant-TW.xlf", "zh-Hant-TW"), ("app.en.XLIFF", "en"), ("de.xliff", nil), ("my.xlf", nil),
            ("no.xliff", nil), ("messages.xlf", nil), ("focus-ios.xliff", nil), ("ui.xlf", nil),
            ("messages.xx.xlf", nil), ("strings.12.xlf", nil), (".de.xlf", nil),
        ] as [(String, String?)])
    func fileNameLocale(name: String, expected: String?) {
        #expect(CatalogDiscovery.xliffFileLocale(name) == expected)
        let source = CatalogDiscovery.classify("src/locale/" + name, defaultLocale: "en", sourceLocale: "en")
        #expect(source?.format == .xliff)
        #expect(source?.locale == (expected ?? ""))
    }
}
