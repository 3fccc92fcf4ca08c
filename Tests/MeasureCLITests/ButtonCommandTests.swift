import Foundation
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// `measure button`, run in-process. Expected frames are worked out by hand in each test (docs/semantics/button-layout.md §B2's arithmetic).
@Suite struct ButtonCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: ["button"] + arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func rect(_ value: Any?) -> [Double]? {
        guard let object = value as? [String: Double] else { return nil }
        return ["x", "y", "width", "height"].compactMap { object[$0] }
    }

    func insets(_ value: Any?) -> [Double]? {
        guard let object = value as? [String: Double] else { return nil }
        return ["top", "left", "bottom", "right"].compactMap { object[$0] }
    }

    /// The seed's button: 300 × 50, title 我是一个按钮, an image (32 × 32 here; the seed's "tupian" has no size).
    static let seed = ["--width", "300", "--height", "50", "--image", "32x32", "--title", "我是一个按钮", "--size", "18"]

    /// A title alone and an image alone (button-layout.md §B4): a 54 × 21.5 title in a 335 × 50 button is centred
    /// at x (335 − 54) / 2 = 140.5, y (50 − 21.5) / 2 = 14.25 rounded up to the 2× pixel grid (§B2.6), 14.5, and with
    /// `fill` at x 0, the whole content rectangle its own (the width was the
    /// empty image's, 281, when `--image` was required); a 32 × 32 image alone is centred at (151.5, 9).
    @Test func aTitleAloneAndAnImageAlone() throws {
        let title = ["--width", "335", "--height", "50", "--title-width", "54", "--title-height", "21.5", "--json"]
        let centred = try object(run(title).output)
        #expect(centred["image"] is NSNull)
        #expect(rect(centred["title"]) == [140.5, 14.5, 54, 21.5])
        let filled = try object(run(title + ["--alignment", "fill"]).output)
        #expect(rect(filled["title"])?.first == 0)
        let image = try object(run(["--width", "335", "--height", "50", "--image", "32x32", "--json"]).output)
        #expect(rect(image["image"]) == [151.5, 9, 32, 32])
        #expect(image["title"] is NSNull)
    }

    /// A title with characters no font of the cascade has is measured as .notdef boxes and said so on standard
    /// error, as `measure text` says it (DejaVu Sans has no ideographs: six boxes, silently, before).
    @Test func aTitleWithoutGlyphsIsSaidToBe() throws {
        let result = run(Self.seed + ["--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--json"])
        #expect(result.status == 0)
        #expect(result.error.hasPrefix("warning: 6 characters in 1 string have no font in the cascade"))
        #expect(result.error.contains("U+6211 CJK UNIFIED IDEOGRAPH-6211"))
        let covered = run(["--width", "300", "--height", "50", "--title", "Hello", "--size", "18"])
        #expect(covered.status == 0 && covered.error.isEmpty)
    }

    /// `measure text` counts grapheme clusters without a font (`missingGlyphs`) and names their code points: where a
    /// cluster holds several of them, the warning says clusters ("1 character … has no font: U+0356 …, U+0355 …,
    /// U+0359 …" read as a miscount).
    @Test func theWarningCountsWhatItNames() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let marks = Workspace.run(
            ["text", "a\u{356}\u{355}\u{359}", "--font", dejaVu, "--size", "17", "--width", "0", "--json"])
        #expect(marks.status == 0)
        #expect(marks.output.contains("\"missingGlyphs\": 1"))
        #expect(marks.error.hasPrefix("warning: 1 character cluster in 1 string has no font in the cascade"))
        #expect(marks.error.contains("U+0356 COMBINING RIGHT ARROWHEAD AND UP ARROWHEAD BELOW, U+0355"))
        let thai = Workspace.run(["text", "กข", "--font", dejaVu, "--size", "17", "--width", "0"])
        #expect(thai.error.hasPrefix("warning: 2 characters in 1 string have no font in the cascade"))
    }

    /// The drawing holds every rectangle it draws: image insets of 400 pt on a 100 pt button make an inset
    /// rectangle of negative width, drawn at x = 400 (its left inset), which the view box stopped short of.
    @Test func theDrawingHoldsAnInsetRectangleOfNegativeWidth() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("b.svg").path
        let result = run([
            "--width", "100", "--height", "50", "--image", "32x32", "--title-width", "40", "--title-height", "20",
            "--image-insets", "0,400,0,0", "--svg", file,
        ])
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.contains("<rect x=\"400\""))
        let viewBox = try #require(svg.firstMatch(of: #/viewBox="([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+)"/#))
        let numbers = [viewBox.output.1, viewBox.output.3].compactMap { Double($0) }
        // Its right edge (min-x + width) is at or past 400, the rectangle's x.
        #expect(numbers.count == 2 && numbers[0] + numbers[1] >= 400)
    }

    /// A truncated title is drawn from its leading edge: the left for a left-to-right title (its glyphs start at the
    /// frame's x, 0), the right for a right-to-left one (they start left of the frame and end at its right edge, so
    /// the first words stay in sight; they were drawn from the left, cutting "שלום עולם").
    @Test func aTruncatedRightToLeftTitleKeepsItsBeginning() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func titleStart(_ title: String) throws -> Double {
            let file = directory.appendingPathComponent("t.svg").path
            let result = run(["--width", "200", "--height", "44", "--title", title, "--size", "17", "--svg", file])
            #expect(result.status == 0, "\(result.error)")
            let svg = try String(contentsOfFile: file, encoding: .utf8)
            let group = try #require(
                svg.firstMatch(of: #/clip-path="url\(#tc\)"><g transform="translate\(([-0-9.]+),/#))
            return try #require(Double(group.output.1))
        }
        #expect(try titleStart("Save the current document and all of its attachments") == 0)
        #expect(try titleStart("שלום עולם זהו טקסט עברי ארוך מאוד") < -50)
        #expect(try titleStart("مرحبا بكم في التطبيق الجديد للبودكاست") < 0)
    }

    /// Inputs within their limits whose recipe needs insets beyond them: a readable error and status 1, not a trap.
    @Test func aRecipeWhoseInsetsAreOutOfRangeIsAnError() {
        let result = run([
            "--width", "100", "--height", "44", "--image", "24x24", "--title-width", "50", "--title-height", "20",
            "--recipe", "image-top", "--spacing", "999990",
        ])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.error.hasPrefix(
                "measure: the image-top recipe needs title insets (top 1000014.0, left -24.0, bottom 0.0, right 0.0)"))
        #expect(result.error.contains("beyond the ±1000000 pt"))
    }

    @Test func theSeedsButton() throws {
        let result = run(Self.seed + ["--json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try object(result.output)
        // The title in the default cascade: six Noto Sans CJK SC ideographs of 18 pt = 108 wide, one line
        // (1160 + 288) / 1000 × 18 = 26.064 high → 26.5 on the 2× grid. The group 32 + 108 = 140 is centred:
        // image.x = (300 − 140) / 2 = 80, title.x = 112. Down: image (50 − 32) / 2 = 9; title (50 − 26.5) / 2 = 11.75
        // = 23.5 px, half up to 24 px = 12.
        #expect(rect(json["image"]) == [80, 9, 32, 32])
        #expect(rect(json["title"]) == [112, 12, 108, 26.5])
        #expect(json["titleTruncated"] as? Bool == false)
        #expect(json["imageSqueezed"] as? Bool == false)
        #expect(json["recipe"] == nil)
    }

    @Test func theSeedsRecipePutsTheImageAboveTheTitle() throws {
        let result = run(Self.seed + ["--recipe", "image-top", "--json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try object(result.output)
        // The seed's insets: title (ih, −iw, 0, 0) = (32, −32, 0, 0); image (−th, 0, 0, −tw) = (−26.5, 0, 0, −108).
        #expect(json["recipe"] as? String == "image-top")
        #expect(json["spacing"] as? Double == 0)
        #expect(insets(json["titleEdgeInsets"]) == [32, -32, 0, 0])
        #expect(insets(json["imageEdgeInsets"]) == [-26.5, 0, 0, -108])
        // Centred, each moves half: image x 80 + 54 = 134 = (300 − 32) / 2, y 9 − 13.25 = −4.25 → −8.5 px, half up
        // → −4; title x 112 − 16 = 96 = (300 − 108) / 2, y 11.75 + 16 = 27.75 → 55.5 px → 28 = −4 + 32: touching.
        #expect(rect(json["image"]) == [134, -4, 32, 32])
        #expect(rect(json["title"]) == [96, 28, 108, 26.5])
    }

    @Test func textOutput() {
        let result = run([
            "--width", "335", "--height", "40", "--image", "32x32", "--title-width", "54",
            "--title-height", "21.5",
        ])
        #expect(result.status == 0)
        // docs/semantics/button-layout.md §B2: image.x (335 − 86) / 2 = 124.5, title.x 156.5; title.y (40 − 21.5) / 2 = 9.25 → 9.5.
        #expect(
            result.output == """
                image: x 124.5, y 4, width 32, height 32
                title: x 156.5, y 9.5, width 54, height 21.5
                title truncated: no
                image squeezed: no

                """)
    }

    @Test func insetsMoveElementsByHalfWhenCentred() throws {
        // docs/semantics/button-layout.md §B2.3: imageEdgeInsets.left 50 → image.x 149.5; titleEdgeInsets.right 100 → title.x 106.5. An inset
        // list may start with a minus sign without "=".
        let result = run([
            "--width", "335", "--height", "40", "--image", "32x32", "--title-width", "54",
            "--title-height", "21.5", "--image-insets", "0,50,0,0", "--title-insets", "-2,0,0,100",
            "--json",
        ])
        #expect(result.status == 0, "\(result.error)")
        let json = try object(result.output)
        #expect(rect(json["image"]) == [149.5, 4, 32, 32])
        // Down, the title's rectangle is −2…40 (42 high): −2 + (42 − 21.5) / 2 = 8.25 (9.25 − 2 / 2) = 16.5 px → 8.5.
        #expect(rect(json["title"]) == [106.5, 8.5, 54, 21.5])
    }

    @Test func contentInsetsAlignmentAndTheNarrowCases() throws {
        // Content insets 0,20,0,0 with left alignment: the group starts at 20.
        var json = try object(
            run([
                "--width", "335", "--height", "40", "--image", "32x32", "--title-width", "54",
                "--title-height", "21.5", "--content-insets", "0,20,0,0", "--alignment", "left",
                "--json",
            ]).output)
        #expect(rect(json["image"])?.first == 20 && rect(json["title"])?.first == 52)
        // 60 wide: the image keeps 32, the title gets 28 and is truncated.
        json = try object(
            run([
                "--width", "60", "--height", "40", "--image", "32x32", "--title-width", "54",
                "--title-height", "21.5", "--json",
            ]).output)
        #expect(rect(json["title"]) == [32, 9.5, 28, 21.5])
        #expect(json["titleTruncated"] as? Bool == true && json["imageSqueezed"] as? Bool == false)
        // 20 wide: only the image, squeezed to 20.
        json = try object(
            run([
                "--width", "20", "--height", "40", "--image", "32x32", "--title-width", "54",
                "--title-height", "21.5", "--json",
            ]).output)
        #expect(rect(json["image"]) == [0, 4, 20, 32])
        #expect(json["imageSqueezed"] as? Bool == true)
    }

    @Test func imageRightWithSpacing() throws {
        let result = run([
            "--width", "300", "--height", "40", "--image", "32x32", "--title-width", "54",
            "--title-height", "21.5", "--recipe", "image-right", "--spacing", "6",
        ])
        // Centred pair 54 + 6 + 32 = 92 at 104: title 139 → 104 (−35), image 107 → 164 (+57).
        #expect(
            result.output == """
                image: x 164, y 4, width 32, height 32
                title: x 104, y 9.5, width 54, height 21.5
                title truncated: no
                image squeezed: no
                recipe: image-right, spacing 6
                titleEdgeInsets: top 0, left -35, bottom 0, right 35
                imageEdgeInsets: top 0, left 57, bottom 0, right -57

                """)
    }

    static let sized = ["--width", "100", "--height", "40", "--image", "32x32"]

    static let usageErrors: [([String], String)] = [
        (
            ["--width", "100", "--height", "40", "--image", "32by32", "--title-width", "1", "--title-height", "1"],
            "--image expects WIDTHxHEIGHT in points, each 0…1000000, such as 32x32, got '32by32'"
        ),
        (
            sized + ["--title", "a", "--size", "12", "--title-width", "3", "--title-height", "4"],
            "give the title as --title TEXT or as --title-width and --title-height, not both"
        ),
        (
            ["--width", "100", "--height", "40"],
            "give an image (--image WxH), a title (--title TEXT --size PT, or --title-width and --title-height), or both"
        ),
        (sized + ["--recipe", "image-top"], "--recipe places the image and the title against each other: give both"),
        (
            ["--width", "100", "--height", "40", "--title-width", "3", "--title-height", "4", "--recipe", "image-top"],
            "--recipe places the image and the title against each other: give both"
        ),
        (sized + ["--title", "a"], "--title needs --size"),
        (sized + ["--title", "a", "--size", "0"], "--size must be a positive number of points"),
        (sized + ["--title-width", "3", "--title-height", "4", "--size", "12"], "apply to --title only"),
        (sized + ["--title-width", "3"], "--title-width and --title-height go together"),
        (
            sized + ["--title-width", "-3", "--title-height", "4"],
            "--title-width must be between 0 and 1000000 points; got -3.0"
        ),
        (
            sized + ["--title-width", "3", "--title-height", "4", "--spacing", "2"],
            "--spacing applies to --recipe only"
        ),
        (
            sized + [
                "--title-width", "3", "--title-height", "4", "--recipe", "image-top", "--title-insets", "1,2,3,4",
            ],
            "--recipe chooses the image and title insets itself"
        ),
        (
            sized + ["--title-width", "3", "--title-height", "4", "--recipe", "image-left"],
            "--recipe expects one of image-top, image-bottom, image-right, got 'image-left'"
        ),
        (
            sized + ["--title-width", "3", "--title-height", "4", "--alignment", "middle"],
            "--alignment expects one of center, left, right, fill, leading, trailing, got 'middle'"
        ),
        (
            sized + ["--title-width", "3", "--title-height", "4", "--content-insets", "1,2,3"],
            "--content-insets expects four numbers TOP,LEFT,BOTTOM,RIGHT"
        ),
        (
            ["--width", "-1", "--height", "40", "--image", "1x1", "--title-width", "3", "--title-height", "4"],
            "--width must be between 0 and 1000000 points; got -1.0"
        ),
        (
            ["--height", "40", "--image", "1x1", "--title-width", "3", "--title-height", "4"],
            "missing required option '--width <pt>'"
        ),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitWith64(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("USAGE: measure button"))
        #expect(result.output.isEmpty)
    }

    @Test func aMissingFontExitsWith1() {
        let result = run(Self.sized + ["--title", "a", "--size", "12", "--font", "/no/such.ttf"])
        #expect(result.status == 1)
        #expect(result.error == "measure: font file not found: /no/such.ttf\n")
    }

    @Test func theCommandIsListed() {
        let sink = CapturingOutputSink()
        #expect(CommandRunner.run(MeasureCommand.self, arguments: ["--help"], output: sink) == 0)
        #expect(sink.standardOutput.contains("  button "))
    }
}
