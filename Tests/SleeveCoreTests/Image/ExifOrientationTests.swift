import Testing
@testable import SleeveCore

/// Phones store portraits as landscapes with an Orientation tag; reading the stored
/// pixels read every phone photo of a sleeve sideways (issue: real sleeves).
@Suite struct ExifOrientationTests {
    /// A minimal JPEG prefix: SOI, an APP0, an APP1 Exif segment whose first directory
    /// holds `entries`, then SOS. Only the headers matter to the reader.
    static func jpeg(orientation: UInt16?, bigEndian: Bool = false, extraEntryFirst: Bool = true) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { bigEndian ? [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } : [0, 8, 16, 24].map { UInt8((v >> $0) & 0xFF) } }
        var entries: [[UInt8]] = []
        if extraEntryFirst { entries.append(u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]) }  // Make "ABC"
        if let o = orientation { entries.append(u16(0x0112) + u16(3) + u32(1) + u16(o) + [0, 0]) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        tiff += u32(8) + u16(UInt16(entries.count)) + entries.flatMap { $0 } + u32(0)
        let app1 = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let app0: [UInt8] = [0xFF, 0xE0, 0, 7, 0x4A, 0x46, 0x49, 0x46, 0]
        return [0xFF, 0xD8] + app0 + [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
            + [0xFF, 0xDA, 0, 2]
    }

    @Test func readsOrientationFromJPEGExifInBothByteOrders() {
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: 6)) == .rotatedClockwise)
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: 8, bigEndian: true)) == .rotatedCounterclockwise)
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: 3, extraEntryFirst: false)) == .upsideDown)
    }

    @Test func noTagOrABadValueIsNil() {
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: nil)) == nil)
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: 0)) == nil)
        #expect(ExifOrientation.read(from: Self.jpeg(orientation: 9)) == nil)
        #expect(ExifOrientation.read(from: [0x89, 0x50, 0x4E, 0x47]) == nil)
    }

    @Test func truncatedOrLyingHeadersAreNotReadPastTheirEnd() {
        let whole = Self.jpeg(orientation: 6)
        for cut in stride(from: 0, to: whole.count - 4, by: 1) {
            _ = ExifOrientation.read(from: Array(whole[..<cut]))  // must not trap
        }
        var lying = whole
        lying[13] = 0xFF  // APP1 length far beyond the data
        #expect(ExifOrientation.read(from: lying) == nil)
    }

    @Test func readsOrientationFromATIFFsFirstDirectory() {
        // A TIFF file is the Exif payload without the JPEG around it.
        let jpeg = Self.jpeg(orientation: 6)
        let tiff = Array(jpeg[(2 + 9 + 4 + 6)...].dropLast(4))
        #expect(ExifOrientation.read(from: tiff) == .rotatedClockwise)
    }

    /// An image larger than one tile of the turn, with ragged edges, against each
    /// pixel looked up on its own.
    @Test(arguments: ExifOrientation.allCases)
    func turnsLargeImagesAsPixelByPixel(_ o: ExifOrientation) {
        let w = 131, h = 70
        let img = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / w) })
        let turned = img.turnedUpright(o).image
        #expect(turned.width == (o.swapsSides ? h : w) && turned.height == (o.swapsSides ? w : h))
        var wrong = 0
        for v in 0..<turned.height {
            for u in 0..<turned.width {
                let s = o.storedPixel(u: u, v: v, width: w, height: h)
                if turned[u, v] != img[s.x, s.y] { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(o): \(wrong) pixels")
    }

    /// A 3×2 image whose pixels are their stored index, turned by each orientation.
    @Test func turnsPixelsUprightForEveryOrientation() {
        let img = GrayImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])
        let expected: [ExifOrientation: (w: Int, h: Int, px: [UInt8])] = [
            .upright: (3, 2, [0, 1, 2, 3, 4, 5]),
            .mirrored: (3, 2, [2, 1, 0, 5, 4, 3]),
            .upsideDown: (3, 2, [5, 4, 3, 2, 1, 0]),
            .mirroredUpsideDown: (3, 2, [3, 4, 5, 0, 1, 2]),
            .transposed: (2, 3, [0, 3, 1, 4, 2, 5]),
            .rotatedClockwise: (2, 3, [3, 0, 4, 1, 5, 2]),
            .transverse: (2, 3, [5, 2, 4, 1, 3, 0]),
            .rotatedCounterclockwise: (2, 3, [2, 5, 1, 4, 0, 3]),
        ]
        for o in ExifOrientation.allCases {
            let turned = img.turnedUpright(o)
            #expect(turned.image.width == expected[o]!.w && turned.image.height == expected[o]!.h, "\(o)")
            #expect(turned.image.pixels == expected[o]!.px, "\(o)")
            // The map sends each upright pixel centre onto its stored pixel centre.
            for v in 0..<turned.image.height {
                for u in 0..<turned.image.width {
                    let p = turned.toStored.apply(Point(x: Double(u) + 0.5, y: Double(v) + 0.5))
                    let stored = img[Int(p.x), Int(p.y)]
                    #expect(stored == turned.image[u, v], "\(o) at \(u),\(v)")
                }
            }
        }
    }
}
