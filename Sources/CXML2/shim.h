#pragma once
// Debian builds libxml2 with ICU, and its encoding.h then includes ICU's headers, which
// define the same C types as Foundation's own ICU module differently: a Swift file
// that sees both modules fails to build. Only the encoding handler's private fields
// depend on this switch, and nothing here uses them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <zlib.h>

// gzFile is a pointer to an incomplete struct that Swift imports as OpaquePointer;
// these keep the zlib calls the reader needs in one place, with plain types.
static inline void *xml_gz_open(const char *path) { return (void *)gzopen(path, "rb"); }
static inline int xml_gz_read(void *gz, char *buffer, int len) { return gzread((gzFile)gz, buffer, (unsigned)len); }
static inline int xml_gz_close(void *gz) { return gzclose((gzFile)gz); }
// Bytes of the file (compressed) consumed so far: progress and ETA against its size.
static inline long long xml_gz_offset(void *gz) { return (long long)gzoffset((gzFile)gz); }
static inline const char *xml_gz_error(void *gz) { int n = 0; return gzerror((gzFile)gz, &n); }
// A bigger zlib buffer (the default is 8 KB): fewer read calls on a 10 GB dump.
static inline int xml_gz_buffer(void *gz, unsigned size) { return gzbuffer((gzFile)gz, size); }
// xmlFree is a global function-pointer variable, which Swift 6 refuses to touch
// (shared mutable state): free libxml2's strings through this.
static inline void xml_free(void *p) { xmlFree(p); }
// XML_SAX2_MAGIC is a macro of a type Swift does not import: the SAX2 handler marker.
static const unsigned int xml_sax2_magic = XML_SAX2_MAGIC;
