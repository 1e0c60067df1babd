import Foundation
import Testing
@testable import SleeveCore

/// The record's `release` keeps every key, null when absent (DESIGN.md: absent values are
/// null, never left out). A canonical track without a duration lost its `duration` key.
@Suite struct IdentificationEncodingTests {
    @Test func absentValuesAreNullNotLeftOut() throws {
        let none = Identification(discogsId: nil, score: 0, evidence: [], candidates: [
            .init(discogsId: 7, score: 0.4, artist: "A", title: "T", catno: nil, country: nil, year: nil),
        ], canonical: nil, reason: "no clear margin")
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(none)) as? [String: Any])
        #expect(json["discogsId"] is NSNull && json["canonical"] is NSNull)
        let candidate = try #require((json["candidates"] as? [[String: Any]])?.first)
        #expect(candidate["catno"] is NSNull && candidate["country"] is NSNull && candidate["year"] is NSNull)

        let track = Identification.Canonical.Track(position: "A1", title: "Untimed", duration: nil)
        let t = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(track)) as? [String: Any])
        #expect(Set(t.keys) == ["position", "title", "duration"])
        #expect(t["duration"] is NSNull)
    }
}
