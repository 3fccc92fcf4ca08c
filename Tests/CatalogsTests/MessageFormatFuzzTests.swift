import Testing

@testable import Catalogs

/// Damaged and random messages must be read (and expanded) or refused with an offset inside the message, never trap.
@Suite struct MessageFormatFuzzTests {
    static let seeds = [
        "{count, plural, offset:1 =0{No one} one{# guest} other{{host} and # guests}}",
        "{g, select, female{{n, selectordinal, one{#st} two{#nd} few{#rd} other{#th}}} other{it's '{'x'}'}}",
        "I don''t see {a}, {b, number, ::.00} or {d, date, 'on' EEE} é\u{2028}",
    ]

    /// Reads `text`; on an error, checks the offset is inside it. Expands what it reads.
    static func check(_ text: String) {
        do throws(MessageFormatError) {
            let message = try MessageFormatReader.read(text)
            _ = try? MessageFormatExpander(locale: "ru").expand(message, resolver: MessageFormatSamples())
        } catch {
            #expect(error.offset >= 0 && error.offset <= text.unicodeScalars.count, "\(error) in \(text)")
        }
    }

    @Test("every prefix and every one-scalar deletion of the seeds", arguments: seeds)
    func truncationsAndDeletions(_ seed: String) {
        let scalars = Array(seed.unicodeScalars)
        for cut in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<cut])
            Self.check(String(prefix))
            var deleted = String.UnicodeScalarView()
            deleted.append(contentsOf: scalars[..<cut])
            if cut < scalars.count { deleted.append(contentsOf: scalars[(cut + 1)...]) }
            Self.check(String(deleted))
        }
    }

    @Test func randomMessagesOfSyntaxCharacters() {
        // A fixed linear congruential generator (Knuth's MMIX constants): the same messages on every run.
        var state: UInt64 = 0x5EED
        let alphabet: [String] = [
            "{", "}", "'", "#", ",", " ", "=", "1", "a", "n", "plural", "select",
            "selectordinal", "other", "one", "offset:", "number", "é", "%", "\n",
        ]
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += alphabet[Int(state >> 33) % alphabet.count]
            }
            Self.check(text)
        }
    }
}
