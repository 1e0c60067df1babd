import Foundation
import SQLite
import Testing

/// The wrapper against real database files through Debian's libsqlite3.
@Suite struct SQLiteDatabaseTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString).db").path
    }

    @Test func valuesRoundTripThroughAFileAndSurviveReopening() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let db = try SQLiteDatabase(path: path)
            try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
            let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
            try db.transaction {
                try insert.run([.integer(1 << 40), .real(12.5), .text("Mötley Crüe – ☃"), .blob([0, 1, 255]), .null])
                try insert.run([.integer(-3), .real(0), .text(""), .blob([]), .null])
            }
            #expect(db.lastInsertRowID == 2)
        }
        let db = try SQLiteDatabase(path: path, readOnly: true)
        let rows = try db.query("SELECT i, r, s, b, n FROM t ORDER BY rowid")
        #expect(rows[0] == [.integer(1 << 40), .real(12.5), .text("Mötley Crüe – ☃"), .blob([0, 1, 255]), .null])
        #expect(rows[1][0] == .integer(-3) && rows[1][2] == .text(""))
        #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1, 1, 'x', NULL, NULL)") }
    }

    @Test func borrowedTextIsStoredAsGivenAndItsBindingsDoNotOutliveTheCall() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (i INTEGER, s TEXT, e TEXT, n TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
        for (i, text) in ["Mötley Crüe – ☃", "Ab"].enumerated() {
            // A buffer that lives only for this call, and an empty one (no storage).
            try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(SQLiteError) in
                try insert.runBorrowing { (p) throws(SQLiteError) in
                    try p.integer(Int64(i), at: 1)
                    try p.text(bytes, at: 2)
                    try p.text(UnsafeBufferPointer(start: nil, count: 0), at: 3)
                    try p.null(at: 4)
                }
            }
        }
        // The bindings were cleared: stepping again inserts NULLs, not stale bytes.
        try insert.step()
        let rows = try db.query("SELECT i, s, e, n FROM t ORDER BY rowid")
        #expect(rows == [[.integer(0), .text("Mötley Crüe – ☃"), .text(""), .null],
                         [.integer(1), .text("Ab"), .text(""), .null],
                         [.null, .null, .null, .null]])
        let error = #expect(throws: SQLiteError.self) {
            try insert.runBorrowing { (p) throws(SQLiteError) in try p.integer(1, at: 5) }
        }
        #expect(error?.operation == "bind parameter 5")
    }

    @Test func aFailedTransactionLeavesNothingBehind() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        do {
            try db.transaction {
                try insert.run([.text("a")])
                try insert.run([.text("a")])  // violates the key
            }
            Issue.record("the duplicate key was accepted")
        } catch let e as SQLiteError {
            #expect(e.isConstraint)
        }
        #expect(try db.query("SELECT count(*) FROM t") == [[.integer(0)]])
    }

    @Test func errorsNameTheOperationAndFileProblems() throws {
        #expect {
            try SQLiteDatabase(path: "/nonexistent-dir/x.db")
        } throws: { e in
            (e as? SQLiteError)?.description.contains("open /nonexistent-dir/x.db") == true
        }
        let db = try SQLiteDatabase(path: ":memory:")
        #expect {
            try db.prepare("SELEC nothing")
        } throws: { e in
            (e as? SQLiteError)?.description.contains("SELEC nothing") == true
        }
    }

    /// Identify matches OCR'd titles by trigram; Debian's SQLite must have FTS5 with it.
    @Test func fts5TrigramTokenizerFindsSubstrings() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE VIRTUAL TABLE titles USING fts5(title, tokenize='trigram')")
        let insert = try db.prepare("INSERT INTO titles(rowid, title) VALUES (?, ?)")
        try insert.run([.integer(1), .text("Master of Puppets")])
        try insert.run([.integer(2), .text("Ride the Lightning")])
        let hits = try db.query("SELECT rowid FROM titles WHERE titles MATCH ?", [.text("\"uppet\"")])
        #expect(hits == [[.integer(1)]])
    }
}
