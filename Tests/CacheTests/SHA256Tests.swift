import Foundation
import Testing

@testable import Cache

/// SHA-256 against the example vectors of FIPS 180-2 (Appendix B) and the NIST CSRC examples — values from the
/// standard, cross-checked with coreutils `sha256sum`, not computed by the code under test.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        // 448 bits: the padding needs a second block.
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        // 896 bits: two blocks of message.
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func fipsExamples(message: String, digest: String) {
        #expect(SHA256.hash(message).hexString == digest)
        #expect(SHA256.hash(Array(message.utf8)).hexString == digest)
        // The Swift compression alone, where the processor's SHA extensions would otherwise do it.
        var portable = SHA256(portable: true)
        portable.update(Array(message.utf8))
        #expect(portable.finalize().hexString == digest)
    }

    /// The SHA extensions' compression (`CSHA256`, where this processor has them) and the Swift one agree on messages
    /// of every length up to three blocks and on longer ones fed in uneven pieces; the FIPS vectors above and the
    /// million a's pin both to the standard.
    @Test func theProcessorsExtensionsAndSwiftAgree() {
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...200) + [1_000, 4_096, 65_537, 1_000_003] {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var portable = SHA256(portable: true)
            var fast = SHA256()
            var offset = 0
            var piece = 3
            while offset < length {
                let end = min(length, offset + piece)
                portable.update(message[offset..<end])
                fast.update(message[offset..<end])
                offset = end
                piece = piece * 5 % 1_531 + 1
            }
            #expect(portable.finalize() == fast.finalize(), "length \(length)")
        }
    }

    @Test func aMillionAs() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString == expected)
        // The same message fed in uneven pieces that straddle block boundaries.
        var hasher = SHA256()
        var fed = 0
        var piece = 1
        while fed < 1_000_000 {
            let count = min(piece, 1_000_000 - fed)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            fed += count
            piece = piece * 7 % 997 + 1
        }
        #expect(hasher.finalize().hexString == expected)
        var portable = SHA256(portable: true)
        portable.update([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(portable.finalize().hexString == expected)
    }

    /// Every length around the padding boundaries (55, 56, 63, 64 bytes) agrees between one-shot and byte-by-byte.
    @Test func paddingBoundaries() {
        for length in 0...130 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var hasher = SHA256()
            for byte in message { hasher.update([byte]) }
            #expect(hasher.finalize() == SHA256.hash(message), "length \(length)")
        }
    }

    @Test func fileDigestEqualsSha256sum() throws {
        // coreutils: sha256sum /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (fonts-dejavu-core 2.37-6).
        let digest = try SHA256.hash(fileAt: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(digest.hexString == "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322")
        let error = #expect(throws: FileDigestError.self) { _ = try SHA256.hash(fileAt: "/no/such/font.ttf") }
        #expect(error?.errno == ENOENT)
    }

    @Test func digestBytesAndHexRoundTrip() throws {
        let digest = SHA256.hash("abc")
        #expect(digest.bytes.count == 32)
        #expect(digest.bytes.first == 0xba && digest.bytes.last == 0xad)
        #expect(SHA256Digest(bytes: digest.bytes) == digest)
        #expect(SHA256Digest(hexString: digest.hexString.uppercased()) == digest)
        #expect(SHA256Digest(hexString: "xyz") == nil)
        #expect(SHA256Digest(bytes: [1, 2, 3]) == nil)
        digest.withUnsafeBytes { #expect(Array($0) == digest.bytes) }
    }
}
