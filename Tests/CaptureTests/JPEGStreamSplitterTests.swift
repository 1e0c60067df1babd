import SleeveCore
import Testing

struct JPEGStreamSplitterTests {
    /// A minimal JPEG-shaped byte run: SOI, an APP segment, SOS with entropy data, EOI.
    static func jpeg(app: [UInt8] = [0xAA, 0xBB], scan: [UInt8] = [0x11, 0x22]) -> [UInt8] {
        let appLength = UInt8(app.count + 2)
        return [0xFF, 0xD8, 0xFF, 0xE0, 0x00, appLength] + app + [0xFF, 0xDA, 0x00, 0x02] + scan + [0xFF, 0xD9]
    }

    @Test func splitsConcatenatedJPEGs() {
        let a = Self.jpeg(), b = Self.jpeg(scan: [0x33])
        let chunks = JPEGStreamSplitter.chunks(in: a + b)
        #expect(chunks == [.frame(0..<a.count), .frame(a.count..<(a.count + b.count))])
    }

    @Test func endMarkerInsideAThumbnailDoesNotEndTheFrame() {
        // An EXIF thumbnail in APP1 carries its own FF D8 … FF D9.
        let a = Self.jpeg(app: [0xFF, 0xD8, 0x01, 0xFF, 0xD9, 0x02])
        #expect(JPEGStreamSplitter.chunks(in: a) == [.frame(0..<a.count)])
    }

    @Test func stuffedBytesAndRestartMarkersStayInsideTheScan() {
        let a = Self.jpeg(scan: [0x11, 0xFF, 0x00, 0x22, 0xFF, 0xD3, 0x44])
        #expect(JPEGStreamSplitter.chunks(in: a) == [.frame(0..<a.count)])
    }

    @Test func bytesBetweenFramesAreSkipped() {
        let a = Self.jpeg()
        let data = [0x00, 0x42] + a + [0x13, 0x37] + a
        #expect(JPEGStreamSplitter.chunks(in: data) == [.frame(2..<(2 + a.count)), .frame((4 + a.count)..<(4 + 2 * a.count))])
    }

    @Test func cutOffLastFrameIsTruncatedAndEarlierFramesKept() {
        let a = Self.jpeg()
        for cut in 1..<a.count {
            let data = a + a.prefix(cut)
            let chunks = JPEGStreamSplitter.chunks(in: data)
            if cut == 1 {
                // A lone FF is not the start of a frame.
                #expect(chunks == [.frame(0..<a.count)])
            } else {
                #expect(chunks == [.frame(0..<a.count), .truncated(start: a.count)], "cut after \(cut) bytes")
            }
        }
    }

    @Test func emptyDataHasNoFrames() {
        #expect(JPEGStreamSplitter.chunks(in: [UInt8]()) == [])
        #expect(JPEGStreamSplitter.next(in: [UInt8](), from: 0) == .end)
    }
}
