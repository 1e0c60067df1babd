#ifndef SLEEVESCAN_CJPEG_SHIM_H
#define SLEEVESCAN_CJPEG_SHIM_H
/* libjpeg(-turbo) for the live loop's frame decode. libjpeg reports a fatal error by
 * calling error_exit, which must not return: it longjmps back here. Swift cannot hold a
 * jmp_buf, so the whole decode (setjmp included) is this header's C, and Swift sees
 * two plain calls that return a status. */
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
    SLEEVESCAN_JPEG_FAILED = 2
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

/* Reads the header: the size of the luminance decoded at 1/denominator. */
static inline int sleevescan_jpeg_scaled_size(const unsigned char *data, unsigned long size, int denominator,
                                              int *width, int *height) {
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
    int status = SLEEVESCAN_JPEG_NOT_HANDLED;
    if (info.jpeg_color_space == JCS_YCbCr || info.jpeg_color_space == JCS_GRAYSCALE) {
        info.scale_num = 1;
        info.scale_denom = (unsigned int)denominator;
        info.out_color_space = JCS_GRAYSCALE;
        jpeg_calc_output_dimensions(&info);
        *width = (int)info.output_width;
        *height = (int)info.output_height;
        status = SLEEVESCAN_JPEG_DONE;
    }
    jpeg_destroy_decompress(&info);
    return status;
}

/* Decodes the luminance at 1/denominator straight into `pixels` (width × height, rows
 * packed), libjpeg's default (accurate integer) inverse DCT. */
static inline int sleevescan_jpeg_luminance(const unsigned char *data, unsigned long size, int denominator,
                                            unsigned char *pixels, int width, int height, int *warnings) {
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
    if ((int)info.output_width != width || (int)info.output_height != height || info.output_components != 1) {
        jpeg_destroy_decompress(&info);
        return SLEEVESCAN_JPEG_NOT_HANDLED;
    }
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)width;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) {
            jpeg_destroy_decompress(&info);
            return SLEEVESCAN_JPEG_FAILED;
        }
    }
    *warnings = (int)failure.manager.num_warnings;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return SLEEVESCAN_JPEG_DONE;
}

#endif
