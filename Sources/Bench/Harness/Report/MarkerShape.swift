/// The shapes `SVGCanvas.marker` draws, so that series stay distinguishable without colour.
enum MarkerShape: Sendable {
    case circle, square, diamond, triangle
}
