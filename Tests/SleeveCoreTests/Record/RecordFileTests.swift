import Foundation
import Testing
@testable import SleeveCore

/// The one lenient reader of written records, shared by identify and the catalogue:
/// whatever an older, newer or hand-edited record holds, the keys both need are read
/// when they are there and nil when they are not.
@Suite struct RecordFileTests {
    static func read(_ json: String) throws -> RecordFile {
        try JSONDecoder().decode(RecordFile.self, from: Data(json.utf8))
    }

    @Test func aRecordAsWrittenToday() throws {
        let r = try Self.read(#"""
            {"schemaVersion": 1, "kind": "sleeve",
             "source": {"path": "in/X.jpg", "width": 10, "height": 10, "sha256": "ab", "size": 3, "device": "file",
                        "capturedAt": "2026-12-01T10:00:00Z", "orientation": 1},
             "document": null,
             "barcodes": [{"symbology": "UPC-A", "value": "036000291452", "checksumValid": true, "addon": null,
                           "corners": [], "source": "text"}],
             "artist": "METALLICA", "title": "MASTER OF PUPPETS", "label": null, "catalogNumber": "60439-1",
             "tracks": [{"position": "A1", "title": "Battery", "duration": null}],
             "matrix": [], "disc": null, "lines": [{"text": "A1 Battery", "box": [0, 0, 1, 1], "confidence": 90}],
             "warnings": [], "timingsMs": {},
             "release": {"discogsId": 367959, "score": 0.9, "evidence": [], "candidates": [], "reason": null,
                         "canonical": {"artist": "Metallica", "title": "Master Of Puppets", "label": "Elektra",
                                       "catno": "60439-1", "country": "US", "year": 1986, "tracks": []}}}
            """#)
        #expect(r.kind == "sleeve" && !r.isDeadWax)
        #expect(r.source == RecordFile.Source(path: "in/X.jpg", sha256: "ab", capturedAt: "2026-12-01T10:00:00Z", width: 10, height: 10))
        #expect(r.disc == nil && !r.showsWholeDisc)
        #expect(r.barcodes == [.init(value: "036000291452", checksumValid: true, source: "text")])
        #expect(r.barcodes?.first?.isText == true)
        #expect(r.artist == "METALLICA" && r.title == "MASTER OF PUPPETS" && r.label == nil && r.catalogNumber == "60439-1")
        #expect(r.tracks == [.init(position: "A1", title: "Battery", duration: nil)])
        #expect(r.matrix == [] && r.lines?.map(\.text) == ["A1 Battery"])
        #expect(r.release?.discogsId == 367959)
        #expect(r.release?.canonical?.artist == "Metallica" && r.release?.canonical?.year == 1986)
        #expect(r.release?.canonical?.country == "US" && r.release?.canonical?.catno == "60439-1")
    }

    /// A record of an early version: no source, no release, no barcode `source`.
    @Test func anOlderRecordWithoutLaterKeys() throws {
        let r = try Self.read(#"{"kind": "deadwax", "barcodes": [{"value": "5012981255015"}], "matrix": [{"text": "A1"}]}"#)
        #expect(r.isDeadWax)
        #expect(r.source == nil && r.release == nil && r.artist == nil && r.tracks == nil && r.lines == nil)
        #expect(r.barcodes == [.init(value: "5012981255015", checksumValid: nil, source: nil)])
        #expect(r.barcodes?.first?.isText == false)
        #expect(r.matrix?.map(\.text) == ["A1"])
    }

    @Test func anEmptyObjectIsARecordWithNothingKnown() throws {
        let r = try Self.read("{}")
        #expect(r.kind == nil && r.source == nil && r.barcodes == nil && r.artist == nil && r.release == nil)
    }

    /// A value of the wrong type is nil, and a malformed element is skipped, without
    /// losing the rest of the record.
    @Test func wrongTypesAndMalformedElementsAreSkipped() throws {
        let r = try Self.read(#"""
            {"kind": 3, "artist": ["A"], "title": "T", "source": "x.jpg",
             "barcodes": [{"checksumValid": true}, "5012981255015", {"value": "96385074", "checksumValid": "yes"}],
             "tracks": [{"position": "A1"}, {"title": "Battery", "duration": 310}],
             "release": {"discogsId": true, "canonical": {"year": "1986", "artist": 5}}}
            """#)
        #expect(r.kind == nil && r.artist == nil && r.title == "T" && r.source == nil)
        #expect(r.barcodes == [.init(value: "96385074", checksumValid: nil, source: nil)])
        #expect(r.tracks == [.init(position: nil, title: "Battery", duration: nil)])
        #expect(r.release?.discogsId == nil)
        #expect(r.release?.canonical?.year == 1986 && r.release?.canonical?.artist == nil)
    }

    /// A Discogs id kept as a string of digits (by another tool) still names the release.
    @Test func aReleaseIdWrittenAsDigitsIsRead() throws {
        #expect(try Self.read(#"{"release": {"discogsId": "102"}}"#).release?.discogsId == 102)
        #expect(try Self.read(#"{"release": {"discogsId": "n/a"}}"#).release?.discogsId == nil)
        #expect(try Self.read(#"{"release": {"discogsId": null, "canonical": null}}"#).release == RecordFile.Release(discogsId: nil, canonical: nil))
    }

    /// Values of the identify eval's dead-wax photos: a whole disc (deadwax-7001-003,
    /// 1600×1200) and a close-up of the run-out, whose disc outline is not in the photo.
    @Test func aDeadWaxPhotoShowsTheWholeDiscWhenItsOutlineIsInTheFrame() throws {
        func deadWax(disc: String, width: Int = 1600, height: Int = 1200) throws -> RecordFile {
            try Self.read(#"{"kind": "deadwax", "source": {"width": \#(width), "height": \#(height)}, "disc": \#(disc)}"#)
        }
        let whole = try deadWax(disc: #"{"center": [863.1, 600.6], "radius": 467.0, "labelRadius": 159.0}"#)
        #expect(whole.disc == RecordFile.Disc(center: [863.1, 600.6], radius: 467.0))
        #expect(whole.showsWholeDisc)
        // The outline a few pixels past the frame (within 2% of its size): still in view.
        #expect(try deadWax(disc: #"{"center": [863.1, 600.6], "radius": 467.0}"#, height: 1062).showsWholeDisc)
        // Cut off by the frame, or not in the photo at all.
        #expect(try !deadWax(disc: #"{"center": [863.1, 600.6], "radius": 467.0}"#, height: 1000).showsWholeDisc)
        #expect(try !deadWax(disc: #"{"center": [2400.0, -300.0], "radius": null, "labelRadius": 900.0}"#).showsWholeDisc)
        // No size to hold it to, or a sleeve.
        #expect(try !Self.read(#"{"kind": "deadwax", "disc": {"center": [863.1, 600.6], "radius": 467.0}}"#).showsWholeDisc)
        #expect(try !Self.read(#"{"kind": "sleeve", "source": {"width": 1600, "height": 1200}, "disc": {"center": [800, 600], "radius": 400}}"#).showsWholeDisc)
    }

    @Test func notAnObjectIsNoRecord() {
        #expect(throws: (any Error).self) { try Self.read("[1, 2]") }
        #expect(throws: (any Error).self) { try Self.read("not json") }
    }

    /// The fields of a record just read are those its JSON gives back.
    @Test func aRecordJustReadGivesTheFieldsItsJSONWould() throws {
        var record = SleeveRecord(source: .init(path: "X.jpg", width: 1, height: 1, sha256: "cd", size: 1, device: "file",
                                                capturedAt: "2026-12-01T10:00:00Z"))
        record.artist = "A"
        record.catalogNumber = "C-1"
        record.barcodes = [Barcode(symbology: .ean13, value: "5012981255015", checksumValid: true, corners: [])]
        record.tracks = [.init(position: "A1", title: "T", duration: "3:00")]
        record.disc = .init(center: Point(x: 0.5, y: 0.5), radius: 0.4, labelRadius: 0.1)
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        #expect(try JSONDecoder().decode(RecordFile.self, from: e.encode(record)) == RecordFile(record))
    }
}
