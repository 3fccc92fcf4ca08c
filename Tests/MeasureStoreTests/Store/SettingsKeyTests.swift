import Testing

@testable import Cache
@testable import MeasureStore

/// The settings key's canonical encoding and digest: a golden value, injectivity, and the parameter reader.
@Suite struct SettingsKeyTests {
    static let golden = SettingsKey(
        fonts: [FontIdentity(sha256: SHA256Digest(hexString: String(repeating: "ab", count: 32))!, faceIndex: 2)],
        pointSize: 17, maxWidth: -0.0,
        parameters: [
            SettingsParameter("usesLineFragmentOrigin", .bool(true)), SettingsParameter("tabInterval", .double(28.5)),
            SettingsParameter("lineBreakMode", .string("byWordWrapping")), SettingsParameter("n", .int(3)),
            SettingsParameter("label", .string("a\"b\\c")),
        ],
        engine: "0.1.0")

    /// The canonical text is written out by hand here, and its digest taken with coreutils:
    /// `printf '%s' '<the JSON>' | sha256sum`.
    @Test func canonicalJSONAndDigestAreStable() {
        let json =
            #"{"format":1,"engine":"0.1.0","fonts":[{"sha256":"abababababababababababababababababababababababababababababababab","faceIndex":2}],"pointSize":17.0,"maxWidth":0.0,"parameters":{"usesLineFragmentOrigin":true,"tabInterval":28.5,"lineBreakMode":"byWordWrapping","n":3,"label":"a\"b\\c"}}"#
        #expect(Self.golden.canonicalJSON == json)
        #expect(Self.golden.digest.hexString == "d000417d6d6d8a77743cf78ea6b6f0251299b1308eaf957180f91cfd704f0696")
    }

    @Test func everyFieldChangesTheDigest() {
        let base = StoreFixtures.key()
        let variants = [
            StoreFixtures.key(fonts: [StoreFixtures.font("B")]),
            StoreFixtures.key(fonts: [StoreFixtures.font("A", faceIndex: 1)]),
            StoreFixtures.key(fonts: [StoreFixtures.font("A"), StoreFixtures.font("B")]),
            StoreFixtures.key(pointSize: 17.000000000000004),
            StoreFixtures.key(maxWidth: 201),
            StoreFixtures.key(wraps: false),
            StoreFixtures.key(engine: "0.1.1"),
            SettingsKey(
                fonts: base.fonts, pointSize: 17, maxWidth: 200,
                parameters: [SettingsParameter("wraps", .bool(true)), SettingsParameter("tab", .int(28))],
                engine: "0.1.0"),
        ]
        let digests = Set(([base] + variants).map(\.digest))
        #expect(digests.count == variants.count + 1)
        // A font path or other metadata is not part of the key.
        #expect(StoreFixtures.key(fonts: [StoreFixtures.font("A", path: "/x")]).digest == base.digest)
    }

    @Test func parametersReadBackExactly() {
        let parameters =
            Self.golden.parameters + [
                SettingsParameter("tiny", .double(1e-05)), SettingsParameter("big", .double(1e+16)),
                SettingsParameter("negative", .int(-4)), SettingsParameter("control", .string("tab\there\u{1}")),
                SettingsParameter("off", .bool(false)), SettingsParameter("ünïcode", .string("名前")),
            ]
        let json = SettingsKey.parametersJSON(parameters)
        #expect(CanonicalJSON.parameters(json) == parameters)
        #expect(CanonicalJSON.parameters("{}") == [])
        #expect(CanonicalJSON.parameters("{\"a\":}") == nil)
        #expect(CanonicalJSON.parameters("{\"a\":1} trailing") == nil)
    }
}
