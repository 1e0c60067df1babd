import Foundation
@testable import SleeveCore

/// A small rendered record for the geometry tests: light background, dark vinyl with
/// groove ridges from `grooveFraction` out, a smooth dead-wax band, a light label,
/// seen under an affine squash (`disc` is the outline in the image).
struct SyntheticDisc {
    var disc = Ellipse(center: Point(x: 205, y: 152), semiMajor: 140, semiMinor: 120, angle: 0.3)
    var labelFraction = 0.34
    var grooveFraction = 0.5
    var width = 400, height = 300
    /// Bright marks (disc-frame angle, radius) drawn into the dead wax.
    var marks: [(angle: Double, radius: Double)] = []
    /// Grey of the label, of the dead wax, and of the grooves' dark lines and their ridges' height.
    var labelGrey = 190.0, deadWaxGrey = 40.0, grooveGrey = 25.0, ridge = 20.0

    /// A black label on black wax whose dead wax is a shade lighter than both
    /// label and grooves: the label's edge and the grooves' beginning step about as
    /// hard, in opposite directions.
    static var blackLabel: SyntheticDisc {
        var scene = SyntheticDisc()
        (scene.labelGrey, scene.deadWaxGrey, scene.grooveGrey, scene.ridge) = (22, 40, 15, 10)
        return scene
    }

    func render() -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 200)
        for y in 0..<height {
            for x in 0..<width {
                let u = disc.normalized(Point(x: Double(x), y: Double(y)))
                let r = (u.x * u.x + u.y * u.y).squareRoot()
                guard r <= 1 else { continue }
                var v: Double
                if r < labelFraction {
                    v = labelGrey
                } else if r < grooveFraction {
                    v = deadWaxGrey
                } else {
                    // Groove ridges, about 3 px apart in the image.
                    v = grooveGrey + ridge * (0.5 + 0.5 * cos(2 * Double.pi * r * disc.semiMajor / 3))
                }
                for m in marks {
                    let mx = m.radius * cos(m.angle), my = m.radius * sin(m.angle)
                    if (u.x - mx) * (u.x - mx) + (u.y - my) * (u.y - my) < 0.02 * 0.02 { v = 120 }
                }
                image[x, y] = UInt8(v)
            }
        }
        return image
    }
}
