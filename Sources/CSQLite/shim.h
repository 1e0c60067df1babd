#pragma once
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import:
// bind text and blobs through these so SQLite copies them before the call returns.
static inline int sqlite_bind_text_copy(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}
static inline int sqlite_bind_blob_copy(sqlite3_stmt *s, int i, const void *bytes, int n) {
    return sqlite3_bind_blob(s, i, bytes, n, SQLITE_TRANSIENT);
}

// SQLITE_STATIC: SQLite reads the caller's bytes in place (no copy), so they must stay
// valid until the statement has stepped and its bindings are cleared. A zero-length
// value without a buffer is still the empty text, not NULL.
static inline int sqlite_bind_text_borrowed(sqlite3_stmt *s, int i, const unsigned char *text, int n) {
    return sqlite3_bind_text(s, i, text ? (const char *)text : "", n, SQLITE_STATIC);
}
