#pragma once
// libv4l2's open/ioctl are variadic and the VIDIOC_* requests and v4l2_fourcc are
// function-like macros: none of them import into Swift. These fixed-signature
// wrappers and constants are the whole bridge.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

static inline int sleevescan_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int sleevescan_v4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }

static const unsigned long SLEEVESCAN_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long SLEEVESCAN_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long SLEEVESCAN_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long SLEEVESCAN_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long SLEEVESCAN_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long SLEEVESCAN_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long SLEEVESCAN_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long SLEEVESCAN_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long SLEEVESCAN_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long SLEEVESCAN_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long SLEEVESCAN_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long SLEEVESCAN_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long SLEEVESCAN_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long SLEEVESCAN_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long SLEEVESCAN_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long SLEEVESCAN_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

static const unsigned int SLEEVESCAN_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24;
static const unsigned int SLEEVESCAN_PIX_FMT_GREY = V4L2_PIX_FMT_GREY;
static const unsigned int SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE = V4L2_BUF_TYPE_VIDEO_CAPTURE;
static const unsigned int SLEEVESCAN_MEMORY_MMAP = V4L2_MEMORY_MMAP;
static const unsigned int SLEEVESCAN_FIELD_ANY = V4L2_FIELD_ANY;
static const unsigned int SLEEVESCAN_CAP_VIDEO_CAPTURE = V4L2_CAP_VIDEO_CAPTURE;
static const unsigned int SLEEVESCAN_CAP_STREAMING = V4L2_CAP_STREAMING;
static const unsigned int SLEEVESCAN_CAP_DEVICE_CAPS = V4L2_CAP_DEVICE_CAPS;
static const unsigned int SLEEVESCAN_FRMSIZE_TYPE_DISCRETE = V4L2_FRMSIZE_TYPE_DISCRETE;
static const unsigned int SLEEVESCAN_FRMIVAL_TYPE_DISCRETE = V4L2_FRMIVAL_TYPE_DISCRETE;
static const unsigned int SLEEVESCAN_FMT_FLAG_EMULATED = V4L2_FMT_FLAG_EMULATED;
static const unsigned int SLEEVESCAN_BUF_FLAG_ERROR = V4L2_BUF_FLAG_ERROR;
static const unsigned int SLEEVESCAN_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
static const unsigned int SLEEVESCAN_CTRL_FLAG_DISABLED = V4L2_CTRL_FLAG_DISABLED;
static const unsigned int SLEEVESCAN_CTRL_TYPE_CTRL_CLASS = V4L2_CTRL_TYPE_CTRL_CLASS;
static const unsigned int SLEEVESCAN_CTRL_TYPE_BUTTON = V4L2_CTRL_TYPE_BUTTON;
