@testable import DiscogsIndex
import SleeveCore
import Testing

/// Artists and tracks are packed into one text column each; the identify path unpacks
/// them for every candidate.
@Suite struct PackedColumnTests {
    static let tracks = [
        ReleaseFacts.TrackEntry(position: "A1", title: "Östermalm", duration: "4:45"),
        ReleaseFacts.TrackEntry(position: "", title: "", duration: ""),
        ReleaseFacts.TrackEntry(position: "B2", title: "Cafe\u{301} Хрусталь", duration: ""),
    ]

    @Test func unpackGivesBackWhatWasPackedEmptyFieldsAndAccentsIncluded() {
        let packed = IndexSchema.pack(Self.tracks) { ($0.position, $0.title, $0.duration) }
        // The column's bytes, as the import writes them into a row's buffer.
        #expect(packed == "A1\u{1F}Östermalm\u{1F}4:45\u{1E}\u{1F}\u{1F}\u{1E}B2\u{1F}Cafe\u{301} Хрусталь\u{1F}")
        #expect(IndexSchema.unpack(packed) == Self.tracks.map { [$0.position, $0.title, $0.duration] })
        // The same split as by Characters (what the column held before the byte split).
        let byCharacter = packed.split(separator: "\u{1E}", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
        #expect(IndexSchema.unpack(packed) == byCharacter)
        #expect(IndexSchema.unpack("") == [])
    }
}
