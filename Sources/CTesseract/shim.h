#pragma once
// leptonica first: otherwise Pix imports as an opaque pointer here and a typed
// pointer in CLeptonica.
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
