#pragma once
#include <leptonica/allheaders.h>
#include <stdio.h>
#include <bits/types/cookie_io_functions_t.h>

// What the libraries leptonica calls (libjpeg, libpng, libtiff) print goes to C's
// `stderr` stream. Imaging's LibraryMessages puts a stream of its own there, built by
// glibc's fopencookie, which the C library declares only under _GNU_SOURCE.
extern FILE *fopencookie(void *cookie, const char *mode, cookie_io_functions_t functions);

/// C's `stderr` variable, which Swift sees as shared mutable state it cannot check.
static inline FILE **sleevescan_stderr_variable(void) { return &stderr; }
