/// The one conversion from an engine's pixel boxes into the layout space
/// (normalised 0...1, top-left origin). Call it at the boundary, nowhere else.
public enum CoordinateSpace {
    public enum Origin: Sendable {
        /// y grows downwards from the top edge (tesseract, leptonica, zbar).
        case topLeft
        /// y grows upwards from the bottom edge (Apple Vision, PDF).
        case bottomLeft
    }

    /// Converts a pixel rectangle `(x, y, width, height)` in an image of the given
    /// size into the normalised top-left space.
    public static func normalize(
        x: Double, y: Double, width: Double, height: Double,
        imageWidth: Int, imageHeight: Int, origin: Origin
    ) -> Rect {
        let w = Double(max(1, imageWidth)), h = Double(max(1, imageHeight))
        let top: Double
        switch origin {
        case .topLeft: top = y
        case .bottomLeft: top = h - (y + height)
        }
        return Rect(x: x / w, y: top / h, width: width / w, height: height / h)
    }

    /// Converts a rectangle already normalised but with a bottom-left origin.
    public static func flipNormalized(_ r: Rect) -> Rect {
        Rect(x: r.x, y: 1 - (r.y + r.height), width: r.width, height: r.height)
    }
}
