import Testing
import XMLReading

/// The importer's byte filter: named elements dropped whole (their newlines kept), the
/// rest byte for byte, however the bytes are cut into pieces.
@Suite struct ElementSkipperTests {
    static let names = ["images", "videos", "notes", "extraartists"]

    static func filtered(_ text: String, pieces: Int) -> String {
        var skipper = ElementSkipper(names: names)
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let n = min(pieces, bytes.count - i)
            bytes.withUnsafeBufferPointer { skipper.filter(UnsafeBufferPointer(rebasing: $0[i..<(i + n)]), into: &out) }
            i += n
        }
        skipper.finish(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static let release = """
        <release id="1"><images><image uri="a>b" type='x"y'/></images><title>Noted</title>\
        <notes>Two\nlines &lt;/notes&gt; here</notes><note>kept</note><notesy>kept</notesy>\
        <videos/><tracklist><track><position>A</position><extraartists><artist><name>X</name></artist></extraartists>\
        <title>T</title></track></tracklist><videos embed="true">\n<video><title>v</title></video></videos>\
        <notes />\u{C4}</release>
        """
    static let kept = """
        <release id="1"><title>Noted</title>\n<note>kept</note><notesy>kept</notesy>\
        <tracklist><track><position>A</position><title>T</title></track></tracklist>\n\u{C4}</release>
        """

    @Test(arguments: [1, 2, 3, 5, 8, 13, 64, 4096])
    func namedElementsGoWholeAndTheRestStaysByteForByte(pieces: Int) {
        #expect(Self.filtered(Self.release, pieces: pieces) == Self.kept)
    }

    @Test func withoutNamesEverythingPasses() {
        var skipper = ElementSkipper(names: [])
        var out: [UInt8] = []
        let bytes = Array(Self.release.utf8)
        bytes.withUnsafeBufferPointer { skipper.filter($0, into: &out) }
        skipper.finish(into: &out)
        #expect(out == bytes)
    }

    @Test func aDocumentCutInsideADroppedElementEndsThereAndACutTagStaysAsItWas() {
        #expect(Self.filtered("<release><notes>never closed", pieces: 4) == "<release>")
        #expect(Self.filtered("<release><not", pieces: 4) == "<release><not")
    }

    @Test func anElementToDropRunningOnPastTheLimitStopsTheFilterAndIsNamed() {
        var skipper = ElementSkipper(names: Self.names, limit: 100)
        var out: [UInt8] = []
        let text = Array(("<release><notes>" + String(repeating: "<b>x</b>\n", count: 30)).utf8)
        text.withUnsafeBufferPointer { skipper.filter($0, into: &out) }
        #expect(skipper.overrun == "notes")
        // A closed element of the same size within the limit is dropped as ever.
        var within = ElementSkipper(names: Self.names, limit: 1000)
        var kept: [UInt8] = []
        (text + Array("</notes></release>".utf8)).withUnsafeBufferPointer { within.filter($0, into: &kept) }
        within.finish(into: &kept)
        #expect(within.overrun == nil)
        #expect(String(decoding: kept, as: UTF8.self) == "<release>" + String(repeating: "\n", count: 30) + "</release>")
    }
}
