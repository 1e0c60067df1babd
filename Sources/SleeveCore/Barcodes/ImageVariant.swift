#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image derived from a source image, with the map from its pixels back to the
/// source's: what a decoder is handed when the plain image does not decode.
public struct ImageVariant: Sendable {
    public var image: GrayImage
    public var toSource: AffineMap
    /// What was done, for diagnostics ("region 1, ×2, sharpened").
    public var name: String

    public init(_ image: GrayImage, toSource: AffineMap = .identity, name: String = "plain") {
        self.image = image
        self.toSource = toSource
        self.name = name
    }

    /// The region cropped out and turned so its bars stand upright: a quarter turn when
    /// they lie flat, then the remaining small angle.
    public static func upright(_ region: BarcodeRegion, of source: GrayImage, name: String) -> ImageVariant {
        let r = region.rect
        let crop = source.cropped(x: Int(r.x), y: Int(r.y), width: Int(r.width.rounded(.up)), height: Int(r.height.rounded(.up)))
        var v = ImageVariant(crop.image, toSource: crop.toSource, name: name)
        var theta = region.gradientAngle
        if abs(theta) > .pi / 4 {
            v = v.then(v.image.rotatedQuarterClockwise(), "quarter turn")
            // A clockwise quarter turn turns the gradient direction by +π/2 as well.
            theta += theta < 0 ? .pi / 2 : -.pi / 2
        }
        // Turning the image by −θ brings a gradient at θ to the x axis (upright bars).
        // A thin crop turned by up to 45° spans a square of its length (a 30000×40 crop
        // would be 450 megapixels): turn only while the result stays within a bound.
        if abs(theta) > 0.05, rotatedPixels(v.image, by: theta) <= maxRotatedPixels(crop: v.image.pixels.count) {
            v = v.then(v.image.rotated(radians: -theta), "rotated")
        }
        return v
    }

    /// Most pixels an upright-turned crop may have: four times the crop, or 16
    /// megapixels (a barcode filling a 12-megapixel photo, turned), whichever is more.
    static func maxRotatedPixels(crop: Int) -> Int { max(4 * crop, 16_000_000) }

    /// Pixels of `image` turned by `radians` (its bounding box, as `rotated(radians:)` makes it).
    static func rotatedPixels(_ image: GrayImage, by radians: Double) -> Int {
        let cs = abs(cos(radians)), sn = abs(sin(radians)), w = Double(image.width), h = Double(image.height)
        return Int((w * cs + h * sn).rounded(.up)) * Int((w * sn + h * cs).rounded(.up))
    }

    /// A further geometric step: its map is composed with this variant's.
    public func then(_ step: (image: GrayImage, toSource: AffineMap), _ what: String) -> ImageVariant {
        ImageVariant(step.image, toSource: toSource.after(step.toSource), name: "\(name), \(what)")
    }

    /// A further tone step: the geometry is unchanged.
    public func then(_ image: GrayImage, _ what: String) -> ImageVariant {
        ImageVariant(image, toSource: toSource, name: "\(name), \(what)")
    }

    /// Points in this variant's pixels, in the source's.
    public func sourcePoints(_ points: [Point]) -> [Point] { points.map(toSource.apply) }
}
