/// A colour photo's channels as second chances for the label's edge. Gray weighs
/// red, green and blue into one brightness, so a label that differs from coloured
/// wax in hue but not in brightness (a purple label on brown wax: gray 99 against
/// 96, blue 160 against 35) has no step in gray at all; in one of its channels the
/// step is plain.
public enum ColourPlanes {
    /// The planes that tell something gray does not: those whose pixels differ from
    /// gray's by at least `minimumMeanDifference` levels on average (sampled every
    /// `stride`-th pixel). A black disc under a white lamp has channels that all
    /// repeat gray, and searching them again would only cost time. Planes of
    /// another size than gray's are left out.
    public static func distinct(from gray: GrayImage, planes: [GrayImage], minimumMeanDifference: Double = 4,
                                stride: Int = 7) -> [GrayImage] {
        planes.filter { plane in
            guard plane.width == gray.width, plane.height == gray.height, !gray.pixels.isEmpty else { return false }
            var total = 0, count = 0
            var i = 0
            while i < gray.pixels.count {
                total += abs(Int(plane.pixels[i]) - Int(gray.pixels[i]))
                count += 1
                i += max(1, stride)
            }
            return Double(total) / Double(count) >= minimumMeanDifference
        }
    }
}
