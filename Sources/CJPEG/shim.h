#ifndef SLEEVESCAN_CJPEG_SHIM_H
#define SLEEVESCAN_CJPEG_SHIM_H
/* libjpeg(-turbo) for the live loop's frame decode and a photo's two gray planes.
 * libjpeg reports a fatal error by calling error_exit, which must not return: it
 * longjmps back here. Swift cannot hold a jmp_buf, so the whole decode (setjmp
 * included) is this header's C, and Swift sees a plain call that returns a status. */
#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <jpeglib.h>

/* Status of the calls below. */
enum {
    SLEEVESCAN_JPEG_DONE = 0,
    /* A colour space other than YCbCr or gray (CMYK, YCCK), or not the size the caller
     * allocated for: left to a whole decode. */
    SLEEVESCAN_JPEG_NOT_HANDLED = 1,
    /* libjpeg gave up on the data. */
    SLEEVESCAN_JPEG_FAILED = 2,
    /* Only the size was read (no buffer, or one too small for it). */
    SLEEVESCAN_JPEG_SIZED = 3
};

struct sleevescan_jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void sleevescan_jpeg_fail(j_common_ptr info) {
    longjmp(((struct sleevescan_jpeg_failure *)info->err)->jump, 1);
}

/* Warnings (corrupt data libjpeg got past) are counted, not printed: a camera's bad
 * frame must not write to a headless station's terminal. */
static void sleevescan_jpeg_count_warning(j_common_ptr info, int level) {
    if (level < 0) info->err->num_warnings++;
}

/* Reads the header and the size of the luminance decoded at 1/denominator (into *width,
 * *height); then, when `pixels` holds at least that many bytes (`capacity`), decodes it
 * there (rows packed), with libjpeg's default (accurate integer) inverse DCT. Returns
 * SLEEVESCAN_JPEG_SIZED when it only read the size. */
static inline int sleevescan_jpeg_luminance(const unsigned char *data, unsigned long size, int denominator,
                                            unsigned char *pixels, size_t capacity, int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct sleevescan_jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = sleevescan_jpeg_fail;
    failure.manager.emit_message = sleevescan_jpeg_count_warning;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_FAILED;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space != JCS_YCbCr && info.jpeg_color_space != JCS_GRAYSCALE) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_NOT_HANDLED;
    }
    info.scale_num = 1;
    info.scale_denom = (unsigned int)denominator;
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_calc_output_dimensions(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    if (pixels == NULL || capacity < (size_t)info.output_width * info.output_height || info.output_components != 1) {
        jpeg_destroy_decompress(&info);
        return info.output_components == 1 ? SLEEVESCAN_JPEG_SIZED : SLEEVESCAN_JPEG_NOT_HANDLED;
    }
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * info.output_width;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) {
            jpeg_destroy_decompress(&info);
            return SLEEVESCAN_JPEG_FAILED;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return SLEEVESCAN_JPEG_DONE;
}

/* leptonica's luminance weights (L_RED_WEIGHT, L_GREEN_WEIGHT, L_BLUE_WEIGHT) and its
 * arithmetic, float products rounded by adding 0.5 in double, unfused: the gray plane
 * is the one pixConvertRGBToLuminance gives (checked pixel for pixel on x86-64; where
 * the library's compiler fuses the products, as gcc may on arm64, a level can differ
 * by one). */
#pragma STDC FP_CONTRACT OFF
static inline unsigned char sleevescan_luminance(unsigned int r, unsigned int g, unsigned int b) {
    return (unsigned char)(int)(0.3f * (float)r + 0.5f * (float)g + 0.2f * (float)b + 0.5);
}

/* A whole-size decode into two planes at once: the luminance, and for a colour image its
 * lightest channel (a coloured pen mark lifted towards the paper), the planes leptonica
 * gives through its 32-bit image and two conversions. Sizes first (`gray` NULL), as
 * above. *components is 1 for a gray JPEG (`lightest` left alone) or 3. Data that
 * decodes only with warnings (corrupt data libjpeg got past) is NOT_HANDLED: the
 * caller's leptonica decode reports what libjpeg said. */
static inline int sleevescan_jpeg_gray_planes(const unsigned char *data, unsigned long size,
                                              unsigned char *gray, unsigned char *lightest, size_t capacity,
                                              int *width, int *height, int *components) {
    struct jpeg_decompress_struct info;
    struct sleevescan_jpeg_failure failure;
    /* The colour row comes from libjpeg's own pool (freed with the decompressor): a
     * malloc'd one would be lost, or freed as garbage, after the longjmp. */
    JSAMPARRAY row = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = sleevescan_jpeg_fail;
    failure.manager.emit_message = sleevescan_jpeg_count_warning;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_FAILED;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space != JCS_YCbCr && info.jpeg_color_space != JCS_GRAYSCALE) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_NOT_HANDLED;
    }
    info.out_color_space = info.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_calc_output_dimensions(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *components = info.output_components;
    size_t w = info.output_width, n = w * info.output_height;
    if (gray == NULL || capacity < n || (info.output_components == 3 && lightest == NULL)) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_SIZED;
    }
    jpeg_start_decompress(&info);
    if (info.output_components == 3)
        row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, (JDIMENSION)(w * 3), 1);
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW target = info.output_components == 1 ? gray + y * w : row[0];
        if (jpeg_read_scanlines(&info, &target, 1) != 1) {
            jpeg_destroy_decompress(&info);
            return SLEEVESCAN_JPEG_FAILED;
        }
        if (info.output_components == 3) {
            unsigned char *g = gray + y * w, *l = lightest + y * w;
            const unsigned char *rgb = row[0];
            for (size_t x = 0; x < w; x++) {
                unsigned int r = rgb[3 * x], gr = rgb[3 * x + 1], b = rgb[3 * x + 2];
                g[x] = sleevescan_luminance(r, gr, b);
                unsigned int m = r > gr ? r : gr;
                l[x] = (unsigned char)(m > b ? m : b);
            }
        }
    }
    jpeg_finish_decompress(&info);
    int warned = info.err->num_warnings > 0;
    jpeg_destroy_decompress(&info);
    return warned ? SLEEVESCAN_JPEG_NOT_HANDLED : SLEEVESCAN_JPEG_DONE;
}

#endif
