/// An axis-aligned rectangle with a top-left origin: `y` grows downwards.
///
/// Every box in the layout code is in one space: normalised to 0...1 of the page,
/// top-left origin. Conversion into that space happens once, in `CoordinateSpace`.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The part of the rectangle on the page (0…1 on both axes); a rectangle off the
    /// page comes back empty, never with a negative size.
    public var clippedToPage: Rect {
        let x0 = max(0, minX), y0 = max(0, minY), x1 = min(1, maxX), y1 = min(1, maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest rectangle that holds both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Length of the overlap of the two vertical extents (0 when they do not overlap).
    public func verticalOverlap(with other: Rect) -> Double {
        max(0, min(maxY, other.maxY) - max(minY, other.minY))
    }

    /// True when the vertical overlap exceeds half the smaller of the two heights:
    /// the test for "on the same baseline" used for label/value pairs.
    public func sharesRow(with other: Rect) -> Bool {
        verticalOverlap(with: other) > 0.5 * min(height, other.height)
    }

    public static func enclosing(_ rects: some Sequence<Rect>) -> Rect? {
        rects.reduce(nil) { partial, r in partial.map { $0.union(r) } ?? r }
    }
}
