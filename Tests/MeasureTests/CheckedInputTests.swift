import Foundation
import Testing

@testable import Measure

/// The throwing faces of the entry points that trap on impossible values: a client passing a user's point size,
/// width or button size gets a `MeasureInputError` in words instead of a process killed by `preconditionFailure`.
@Suite struct CheckedInputTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test(arguments: [
        (0.0, "pointSize must be a positive number of points, at most 10000; got 0.0"),
        (-1, "pointSize must be a positive number of points, at most 10000; got -1.0"),
        (.nan, "pointSize must be a positive number of points, at most 10000; got nan"),
        (.infinity, "pointSize must be a positive number of points, at most 10000; got inf"),
        (1e300, "pointSize must be a positive number of points, at most 10000; got 1e+300"),
    ])
    func impossiblePointSizesThrow(size: Double, message: String) throws {
        let cascade = try FontCascade(loading: [FontSource(path: Self.dejaVu)])
        #expect(throws: MeasureInputError(message)) { try TextMeasurer(checking: cascade, pointSize: size) }
        #expect(MeasureInputError(message).localizedDescription == message)
    }

    @Test(arguments: [-1.0, .nan, 1e300])
    func impossibleWidthsThrow(width: Double) throws {
        let cascade = try FontCascade(loading: [FontSource(path: Self.dejaVu)])
        do {
            _ = try TextMeasurer(checking: cascade, pointSize: 14, options: MeasureOptions(maxWidth: width))
            Issue.record("maxWidth \(width) made a measurer")
        } catch {
            #expect(error.message.hasPrefix("maxWidth must be"), "\(error)")
        }
    }

    /// Possible values make the measurer `init` makes: the same size, by hand 28729 × 14 / 2048 wide, 2 lines.
    @Test func possibleValuesMeasureAsInitDoes() throws {
        let cascade = try FontCascade(loading: [FontSource(path: Self.dejaVu)])
        let checked = try TextMeasurer(checking: cascade, pointSize: 14, options: MeasureOptions(maxWidth: 200))
        let size = checked.measure("hello world hello world hello world")
        #expect(size.width == 28729 * 14 / 2048.0 && size.lineCount == 2)
    }

    @Test func anImpossibleButtonThrows() throws {
        let button = ButtonLayout(size: Size(width: -10, height: .nan), imageSize: Size(width: 20, height: 20))
        #expect(throws: MeasureInputError.self) { try button.checkedLayout() }
        let fine = ButtonLayout(size: Size(width: 100, height: 40), imageSize: Size(width: 20, height: 20))
        #expect(try fine.checkedLayout() == fine.layout())
    }

    /// `ButtonConfigurationLayout` names what its `layout()` would trap on, and `checkedLayout()` throws it (it had
    /// no check: values from a file reached the preconditions).
    @Test(arguments: [
        (ButtonConfigurationLayout(size: Size(width: -1, height: 40)), "the button's size must be within 0…"),
        (ButtonConfigurationLayout(size: Size(width: 100, height: 40), imagePadding: .nan), "imagePadding must be"),
        (
            ButtonConfigurationLayout(size: Size(width: 100, height: 40), imageReservation: -1),
            "imageReservation must be within 0…"
        ),
        (
            ButtonConfigurationLayout(
                size: Size(width: 100, height: 40),
                styleInsets: DirectionalEdgeInsets(top: 0, leading: .infinity, bottom: 0, trailing: 0)),
            "styleInsets must each be within"
        ),
        (
            ButtonConfigurationLayout(size: Size(width: 100, height: 40), title: .size(Size(width: -3, height: 10))),
            "a title's size must be finite and not negative"
        ),
    ])
    func anImpossibleConfigurationThrows(button: ButtonConfigurationLayout, message: String) {
        #expect(button.inputProblem?.hasPrefix(message) == true, "\(String(describing: button.inputProblem))")
        #expect(throws: MeasureInputError.self) { try button.checkedLayout() }
    }

    @Test func aPossibleConfigurationLaysOutAsLayoutDoes() throws {
        let fine = ButtonConfigurationLayout(
            size: Size(width: 100, height: 40), imageSize: Size(width: 20, height: 20),
            title: .size(Size(width: 30, height: 12)), imagePadding: 4)
        #expect(fine.inputProblem == nil)
        #expect(try fine.checkedLayout() == fine.layout())
    }
}
