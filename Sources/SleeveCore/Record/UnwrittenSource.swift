extension SleeveRecord.Source {
    /// The source of a frame read before it is written (a live frame, a scanner page):
    /// its size and device are known; path, digest, size on disk and capture time are
    /// filled in when the record sink writes the picture.
    public static func unwritten(width: Int, height: Int, device: String) -> Self {
        Self(path: "", width: width, height: height, sha256: "", size: 0, device: device, capturedAt: "")
    }
}
