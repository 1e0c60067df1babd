import Catalogue
import Foundation
import Postgres
import SQLite
import Testing

// Nested in CatalogueDatabaseTests, whose .serialized trait then covers it too: two of
// that suite's tests stop the PostgreSQL test server mid-run, which would cut the
// connections of this suite's PostgreSQL case if the two ran at the same time.
extension CatalogueDatabaseTests {
    /// Search through the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL) finds
    /// exactly what a substring scan of the same text finds: the items whose fields contain
    /// the text, case aside, wildcards and quotes literal, newest first.
    @Suite(.serialized) struct CatalogueSearchIndexTests {
        /// (artist, title, catno, barcode) of the items, entered in this order, capture times ascending.
        static let items: [(String?, String?, String?, String?)] = [
            ("Metallica", "Master of Puppets", "60439-1", "0075596043918"),
            ("Kate Bush", "Hounds of Love", "EMC 2403", nil),
            ("Björk", "Homogenic", "TPLP 71", "5016958032223"),
            ("Motörhead", "Ace Of Spades", "BRON 531", nil),
            ("\"Weird Al\" Yankovic", "Dare To Be Stupid", "BFZ 40048", nil),
            ("100% Pure", "under_score", "A_B-1", nil),
            ("Back\\Slash", "Per Cent %", nil, nil),
            ("The Persuader", "Stockholm", "SK 032", "4012345678901"),
            ("Sigur Rós", "Ágætis Byrjun", "FAT 11", nil),
            (nil, nil, "SK 0321", nil),
            ("Puppets Of Love", nil, nil, "0075596043918"),
        ]

        static let queries = [
            "puppets", "PUPPETS", "of", "o", "ov", "of love", "björk", "BJÖRK", "ör", "örh", "\"weird", "al\"", "\"",
            "100%", "%", "_", "a_b", "\\", "back\\s", "sk 032", "sk 0321", "6043", "0075596043918", "ágæt", "ÁGÆTIS",
            "nothing-like-this", "f", "  ", "er c", "ock",
        ]

        /// The reference: every item's fields joined, lowercased, searched in memory.
        static func expected(_ query: String) -> [Int64] {
            let q = query.lowercased()
            return items.enumerated().filter { _, f in
                [f.0, f.1, f.2, f.3].compactMap { $0 }.joined(separator: "\u{1F}").lowercased().contains(q)
            }.map { Int64($0.offset + 1) }.reversed()
        }

        static func fill(_ c: Catalogue) throws {
            for (i, f) in items.enumerated() {
                try c.enter(Sidecars.entry(i + 1, artist: f.0, title: f.1, catno: f.2, barcode: f.3,
                                           capturedAt: String(format: "2026-12-01T10:%02d:00Z", i)))
            }
        }

        @Test(arguments: TestDatabases.backends)
        func theIndexFindsWhatAScanFinds(backend: String) throws {
            let db = try TestDatabases.fresh(backend)
            defer { db.cleanUp() }
            let c = try Catalogue(url: db.url, station: "A")
            #expect(c.searchIndex == (backend == "sqlite" ? "fts5 trigram" : "pg_trgm"))
            try Self.fill(c)
            // Older items that match none of the queries, so that the catalogue is bigger
            // than the window of newest items a search reads first: the hits beyond it come
            // from the index.
            for n in 1000..<1600 {
                try c.enter(Sidecars.entry(n, artist: "Qqq", capturedAt: "2026-11-30T09:00:00Z"))
            }
            // 50 (the status page's limit): the window is the newest 500 items.
            for q in Self.queries {
                #expect(try c.search(q, limit: 50).map(\.id) == Self.expected(q), "\(q)")
            }
            #expect(try c.search("of", limit: 2).map(\.id) == Array(Self.expected("of").prefix(2)))
            // Dealer fields are searched too, and a changed note replaces the old one in the index.
            try c.set("4", DealerChanges.parse(["notes=Seam split, \"ringwear\"", "location=Crate B7"]).get())
            #expect(try c.search("ringwear").map(\.id) == [4])
            #expect(try c.search("crate b7").map(\.id) == [4])
            try c.set("4", DealerChanges.parse(["notes=clean copy"]).get())
            #expect(try c.search("ringwear").isEmpty)
            #expect(try c.search("clean cop").map(\.id) == [4])
            // An item entered again with new fields (identified since) is found by them.
            try c.enter(Sidecars.entry(2, artist: "Kate Bush", title: "Hounds of Love", catno: "EMC 2403", release: 377,
                                       capturedAt: "2026-12-01T10:01:00Z"))
            #expect(try c.search("canon kate").map(\.id) == [2])
            #expect(try c.search("377").map(\.id) == [2])
            // Removed items leave the index.
            #expect(try c.remove(station: "A") == Self.items.count + 600)
            #expect(try c.search("puppets").isEmpty)
        }

        @Test func aCatalogueMadeBeforeTheIndexIsIndexedWhenOpened() throws {
            let db = try TestDatabases.fresh("sqlite")
            defer { db.cleanUp() }
            try Self.fill(try Catalogue(url: db.url, station: "A"))
            // As a catalogue written by the version without the index.
            guard case let .sqlite(path) = db.url else { return }
            let raw = try SQLiteDatabase(path: path)
            try raw.execute("""
                DROP TRIGGER catalogue_search_insert; DROP TRIGGER catalogue_search_update; DROP TRIGGER catalogue_search_delete;
                DROP TABLE catalogue_search
                """)
            let c = try Catalogue(url: db.url, station: "A")
            #expect(c.searchIndex == "fts5 trigram")
            for q in Self.queries {
                #expect(try c.search(q).map(\.id) == Self.expected(q), "\(q)")
            }
        }
    }
}
