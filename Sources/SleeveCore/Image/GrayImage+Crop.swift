extension GrayImage {
    /// The pixels inside `x..<x+width, y..<y+height`, clipped to the image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> GrayImage {
        let x0 = max(0, min(self.width, x)), y0 = max(0, min(self.height, y))
        let x1 = max(x0, min(self.width, x + width)), y1 = max(y0, min(self.height, y + height))
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { out += pixels[(row * self.width + x0)..<(row * self.width + x1)] }
        return GrayImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }

    /// The pixels inside a rectangle normalised to the image, grown by `margin` (a
    /// fraction of the rectangle's height) on every side.
    public func cropped(normalized r: Rect, margin: Double) -> GrayImage {
        let pad = r.height * margin
        let x0 = Int(((r.minX - pad) * Double(width)).rounded(.down))
        let y0 = Int(((r.minY - pad) * Double(height)).rounded(.down))
        let x1 = Int(((r.maxX + pad) * Double(width)).rounded(.up))
        let y1 = Int(((r.maxY + pad) * Double(height)).rounded(.up))
        return cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
