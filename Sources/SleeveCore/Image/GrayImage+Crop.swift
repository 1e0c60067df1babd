extension GrayImage {
    /// The pixels inside a rectangle normalised to the image, grown by `margin` (a
    /// fraction of the rectangle's height) on every side, clipped to the image.
    public func cropped(normalized r: Rect, margin: Double) -> GrayImage {
        let pad = r.height * margin
        let x0 = Int(((r.minX - pad) * Double(width)).rounded(.down))
        let y0 = Int(((r.minY - pad) * Double(height)).rounded(.down))
        let x1 = Int(((r.maxX + pad) * Double(width)).rounded(.up))
        let y1 = Int(((r.maxY + pad) * Double(height)).rounded(.up))
        return cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0).image
    }
}
