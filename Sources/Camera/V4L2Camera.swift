internal import CV4L2
import Foundation
import SleeveCore

/// One open V4L2 capture device through libv4l2 (which converts MJPEG and YUYV to
/// the RGB or gray we ask for). `deinit` stops streaming, unmaps and closes.
public final class V4L2Camera {
    public let path: String
    public let driver: String
    public let card: String
    let fd: Int32
    private var buffers: [(start: UnsafeMutableRawPointer, length: Int)] = []
    private var streaming = false
    public private(set) var format: NegotiatedFormat?
    /// Buffers the driver handed back marked as failed (a corrupt or partial frame):
    /// requeued and never returned as frames.
    public private(set) var discardedBuffers = 0

    /// Opens `path` and checks it can capture video by streaming.
    public init(path: String) throws(CameraError) {
        // libv4l2 refuses a file that is not a V4L2 device inside v4l2_open, with an
        // errno that hides why: a plain open first tells missing and forbidden apart.
        let probe = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard probe >= 0 else { throw CameraError.system(errno, "open") }
        close(probe)
        let fd = sleevescan_v4l2_open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == ENOTTY || e == EINVAL {
                throw CameraError(kind: .notACaptureDevice, errno: e, operation: "VIDIOC_QUERYCAP",
                                  reason: "not a V4L2 video device (give a /dev/videoN that `sleevescan devices` lists)")
            }
            throw CameraError.system(e, "v4l2_open")
        }
        // Keep fd in a local until every check passed: a throwing init would not close it.
        var cap = v4l2_capability()
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QUERYCAP, &cap) == 0 else {
            let e = errno
            v4l2_close(fd)
            if e == ENOTTY {
                throw CameraError(kind: .notACaptureDevice, errno: e, operation: "VIDIOC_QUERYCAP",
                                  reason: "not a V4L2 video device (give a /dev/videoN that `sleevescan devices` lists)")
            }
            throw CameraError.system(e, "VIDIOC_QUERYCAP")
        }
        let caps = cap.capabilities & SLEEVESCAN_CAP_DEVICE_CAPS != 0 ? cap.device_caps : cap.capabilities
        guard caps & SLEEVESCAN_CAP_VIDEO_CAPTURE != 0 else {
            v4l2_close(fd)
            throw CameraError(kind: .notACaptureDevice, operation: "VIDIOC_QUERYCAP",
                              reason: "not a video capture device (a camera's metadata or output node; try the next /dev/videoN)")
        }
        guard caps & SLEEVESCAN_CAP_STREAMING != 0 else {
            v4l2_close(fd)
            throw CameraError(kind: .noStreaming, operation: "VIDIOC_QUERYCAP",
                              reason: "the camera does not support streaming I/O, which sleevescan needs")
        }
        self.fd = fd
        self.path = path
        driver = Self.text(cap.driver)
        card = Self.text(cap.card)
    }

    deinit {
        if streaming { var type = Int32(SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE); _ = sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_STREAMOFF, &type) }
        for b in buffers { v4l2_munmap(b.start, b.length) }
        v4l2_close(fd)
    }

    /// The formats the camera (and libv4l2's conversions) offer, with sizes and rates.
    public func formats() -> [CameraFormat] {
        var out: [CameraFormat] = []
        for index in 0..<UInt32(64) {
            var desc = v4l2_fmtdesc()
            desc.index = index
            desc.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_ENUM_FMT, &desc) == 0 else { break }
            out.append(CameraFormat(fourcc: Self.fourcc(desc.pixelformat), description: Self.text(desc.description),
                                    isEmulated: desc.flags & SLEEVESCAN_FMT_FLAG_EMULATED != 0,
                                    sizes: sizes(desc.pixelformat)))
        }
        return out
    }

    private func sizes(_ pixelformat: UInt32) -> [FrameSize] {
        var out: [FrameSize] = []
        for index in 0..<UInt32(256) {
            var s = v4l2_frmsizeenum()
            s.index = index
            s.pixel_format = pixelformat
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_ENUM_FRAMESIZES, &s) == 0 else { break }
            if s.type == SLEEVESCAN_FRMSIZE_TYPE_DISCRETE {
                let w = s.discrete.width, h = s.discrete.height
                out.append(FrameSize(width: Int(w), height: Int(h), framesPerSecond: rates(pixelformat, w, h)))
            } else {
                // Stepwise or continuous: its smallest and largest sizes stand for it.
                let sw = s.stepwise
                out.append(FrameSize(width: Int(sw.min_width), height: Int(sw.min_height), framesPerSecond: []))
                out.append(FrameSize(width: Int(sw.max_width), height: Int(sw.max_height), framesPerSecond: []))
                break
            }
        }
        return out
    }

    private func rates(_ pixelformat: UInt32, _ w: UInt32, _ h: UInt32) -> [Double] {
        var out: [Double] = []
        for index in 0..<UInt32(64) {
            var i = v4l2_frmivalenum()
            i.index = index
            i.pixel_format = pixelformat
            i.width = w
            i.height = h
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_ENUM_FRAMEINTERVALS, &i) == 0,
                  i.type == SLEEVESCAN_FRMIVAL_TYPE_DISCRETE else { break }
            if i.discrete.numerator > 0 { out.append(Double(i.discrete.denominator) / Double(i.discrete.numerator)) }
        }
        return out
    }

    /// Asks for the largest size the camera natively offers within the limit, in
    /// RGB or gray (libv4l2 converts), and accepts what the driver adjusts.
    @discardableResult
    public func negotiate(maxWidth: Int, maxHeight: Int, gray: Bool) throws(CameraError) -> NegotiatedFormat {
        let native = formats().filter { !$0.isEmulated }
        let all = native.isEmpty ? formats() : native
        guard let size = FrameSize.best(of: all.flatMap(\.sizes), maxWidth: maxWidth, maxHeight: maxHeight) else {
            throw CameraError(kind: .noUsableFormat, operation: "VIDIOC_ENUM_FMT",
                              reason: "the camera lists no frame sizes (check it with v4l2-ctl --list-formats-ext)")
        }
        return try negotiate(width: size.width, height: size.height, gray: gray)
    }

    /// Asks for exactly `width` × `height` in RGB or gray; the driver may adjust the
    /// size (to its nearest) and the result says so.
    @discardableResult
    public func negotiate(width: Int, height: Int, gray: Bool) throws(CameraError) -> NegotiatedFormat {
        var f = v4l2_format()
        f.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
        f.fmt.pix.width = UInt32(width)
        f.fmt.pix.height = UInt32(height)
        f.fmt.pix.pixelformat = gray ? SLEEVESCAN_PIX_FMT_GREY : SLEEVESCAN_PIX_FMT_RGB24
        f.fmt.pix.field = SLEEVESCAN_FIELD_ANY
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_S_FMT, &f) == 0 else { throw CameraError.system(errno, "VIDIOC_S_FMT") }
        let got = NegotiatedFormat(width: Int(f.fmt.pix.width), height: Int(f.fmt.pix.height),
                                   bytesPerLine: Int(f.fmt.pix.bytesperline), fourcc: Self.fourcc(f.fmt.pix.pixelformat),
                                   requested: (width, height))
        guard got.fourcc == Self.fourcc(SLEEVESCAN_PIX_FMT_RGB24) || got.fourcc == Self.fourcc(SLEEVESCAN_PIX_FMT_GREY) else {
            throw CameraError(kind: .noUsableFormat, operation: "VIDIOC_S_FMT",
                              reason: "the camera's formats cannot be converted to RGB or gray by libv4l2 (it offers \(formats().map(\.fourcc).joined(separator: ", ")))")
        }
        format = got
        return got
    }

    /// Asks for the camera's own MJPEG or YUYV, untouched by libv4l2, at the largest
    /// native size within the limit: the live loop decodes a JPEG's luminance at the
    /// size its analysis reads (a fraction of libv4l2's whole-frame conversion) and
    /// takes a YUYV frame's Y bytes as they are. MJPEG only with `jpeg` (the caller
    /// can decode it). Nil when the camera offers neither at that size: then
    /// `negotiate(…, gray:)` converts, as before.
    @discardableResult
    public func negotiateNative(maxWidth: Int, maxHeight: Int, jpeg: Bool) throws(CameraError) -> NegotiatedFormat? {
        let native = formats().filter { !$0.isEmulated }
        guard let size = FrameSize.best(of: native.flatMap(\.sizes), maxWidth: maxWidth, maxHeight: maxHeight) else { return nil }
        for code in jpeg ? ["MJPG", "YUYV"] : ["YUYV"] {
            guard native.contains(where: { $0.fourcc == code && $0.sizes.contains { $0.width == size.width && $0.height == size.height } })
            else { continue }
            var f = v4l2_format()
            f.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
            f.fmt.pix.width = UInt32(size.width)
            f.fmt.pix.height = UInt32(size.height)
            f.fmt.pix.pixelformat = Self.fourcc(code)
            f.fmt.pix.field = SLEEVESCAN_FIELD_ANY
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_S_FMT, &f) == 0 else { throw CameraError.system(errno, "VIDIOC_S_FMT") }
            let got = NegotiatedFormat(width: Int(f.fmt.pix.width), height: Int(f.fmt.pix.height),
                                       bytesPerLine: Int(f.fmt.pix.bytesperline), fourcc: Self.fourcc(f.fmt.pix.pixelformat),
                                       requested: (size.width, size.height))
            // A driver that substituted another format: try the next, else convert.
            guard got.fourcc == code else { continue }
            format = got
            return got
        }
        return nil
    }

    /// Maps `count` driver buffers and starts streaming into them.
    public func startStreaming(buffers count: Int = 4) throws(CameraError) {
        guard format != nil else { preconditionFailure("negotiate a format before streaming") }
        var req = v4l2_requestbuffers()
        req.count = UInt32(count)
        req.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
        req.memory = SLEEVESCAN_MEMORY_MMAP
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_REQBUFS, &req) == 0 else { throw CameraError.system(errno, "VIDIOC_REQBUFS") }
        guard req.count >= 2 else {
            throw CameraError(kind: .other, operation: "VIDIOC_REQBUFS", reason: "the camera granted only \(req.count) buffer(s); two or more are needed")
        }
        for i in 0..<req.count {
            var b = v4l2_buffer()
            b.index = i
            b.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
            b.memory = SLEEVESCAN_MEMORY_MMAP
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QUERYBUF, &b) == 0 else { throw CameraError.system(errno, "VIDIOC_QUERYBUF") }
            let p = v4l2_mmap(nil, Int(b.length), PROT_READ | PROT_WRITE, MAP_SHARED, fd, Int64(b.m.offset))
            guard let p, p != MAP_FAILED else { throw CameraError.system(errno, "mmap") }
            buffers.append((p, Int(b.length)))
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QBUF, &b) == 0 else { throw CameraError.system(errno, "VIDIOC_QBUF") }
        }
        var type = Int32(SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE)
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_STREAMON, &type) == 0 else { throw CameraError.system(errno, "VIDIOC_STREAMON") }
        streaming = true
    }

    /// The next frame, waiting at most `timeout` seconds: a stalled camera is an
    /// error, not a hang. Sequence and timestamp are the driver's. A camera negotiated
    /// in MJPEG gives its frames through `nextCapture` (they need decoding).
    public func nextFrame(timeout: Double) throws(CameraError) -> Frame {
        switch try nextCapture(timeout: timeout) {
        case let .pixels(frame):
            return frame
        case .jpeg:
            throw CameraError(kind: .noUsableFormat, operation: "VIDIOC_DQBUF",
                              reason: "the camera was negotiated in MJPEG: its frames need a JPEG decoder (nextCapture)")
        }
    }

    /// The next buffer as it came: pixels (GREY or RGB as libv4l2 converted them, or a
    /// YUYV frame's Y bytes as gray), or a camera's own JPEG, copied out of the driver's buffer.
    public func nextCapture(timeout: Double) throws(CameraError) -> CapturedFrame {
        guard let format, streaming else { preconditionFailure("start streaming first") }
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, Int32(timeout * 1000))
            if n < 0 {
                if errno == EINTR { continue }
                throw CameraError.system(errno, "poll")
            }
            if n == 0 {
                throw CameraError(kind: .timedOut, operation: "poll",
                                  reason: "no frame within \(String(format: "%g", timeout)) s (is the lens covered or the camera stalled? replug it)")
            }
            if p.revents & Int16(POLLERR | POLLHUP) != 0 && p.revents & Int16(POLLIN) == 0 {
                throw CameraError.system(ENODEV, "poll")
            }
            var b = v4l2_buffer()
            b.type = SLEEVESCAN_BUF_TYPE_VIDEO_CAPTURE
            b.memory = SLEEVESCAN_MEMORY_MMAP
            if sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_DQBUF, &b) != 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw CameraError.system(errno, "VIDIOC_DQBUF")
            }
            // A buffer the driver failed to fill holds a corrupt or partial frame:
            // give it back and wait for the next one.
            if b.flags & SLEEVESCAN_BUF_FLAG_ERROR != 0 {
                discardedBuffers += 1
                guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QBUF, &b) == 0 else { throw CameraError.system(errno, "VIDIOC_QBUF") }
                continue
            }
            let frame = copyFrame(b, format)
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QBUF, &b) == 0 else { throw CameraError.system(errno, "VIDIOC_QBUF") }
            return frame
        }
    }

    private func copyFrame(_ b: v4l2_buffer, _ f: NegotiatedFormat) -> CapturedFrame {
        let t = Double(b.timestamp.tv_sec) + Double(b.timestamp.tv_usec) / 1e6
        let src = UnsafeRawBufferPointer(start: buffers[Int(b.index)].start, count: min(Int(b.bytesused), buffers[Int(b.index)].length))
        switch f.fourcc {
        case "MJPG":
            return .jpeg([UInt8](src), sequence: Int(b.sequence), timestamp: t)
        case "YUYV":
            let y = Self.lumaOfYUYV(src, width: f.width, height: f.height, bytesPerLine: f.bytesPerLine)
            return .pixels(Frame(pixels: y, width: f.width, height: f.height, format: .gray8, sequence: Int(b.sequence), timestamp: t))
        default:
            return .pixels(copyPixels(b, f))
        }
    }

    /// The Y bytes of packed YUYV (Y0 U Y1 V per two pixels), rows `bytesPerLine`
    /// apart: the frame's luminance with no colour conversion. Rows the buffer does
    /// not hold stay black.
    public static func lumaOfYUYV(_ src: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int) -> [UInt8] {
        let stride = max(bytesPerLine, width * 2)
        let rows = min(height, src.count / max(1, stride))
        var out = [UInt8](repeating: 0, count: width * height)
        guard rows > 0, width > 0, let base = src.baseAddress else { return out }
        // Plain pointers: no per-byte bounds check even in a debug build (the vivid
        // guest runs one, emulated), for 2 million pixels a 1080p frame.
        let from = base.assumingMemoryBound(to: UInt8.self)
        out.withUnsafeMutableBufferPointer { dst in
            var to = dst.baseAddress!
            for y in 0..<rows {
                var p = from + y * stride
                for _ in 0..<width {
                    to.pointee = p.pointee
                    to += 1
                    p += 2
                }
            }
        }
        return out
    }

    private func copyPixels(_ b: v4l2_buffer, _ f: NegotiatedFormat) -> Frame {
        let gray = f.fourcc == "GREY"
        let rowBytes = f.width * (gray ? 1 : 3)
        let stride = max(f.bytesPerLine, rowBytes)
        let src = buffers[Int(b.index)].start.assumingMemoryBound(to: UInt8.self)
        let rows = min(f.height, Int(b.bytesused) / max(1, stride))
        var pixels = [UInt8](repeating: 0, count: rowBytes * f.height)
        pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<rows { (dst.baseAddress! + y * rowBytes).update(from: src + y * stride, count: rowBytes) }
        }
        let t = Double(b.timestamp.tv_sec) + Double(b.timestamp.tv_usec) / 1e6
        return Frame(pixels: pixels, width: f.width, height: f.height, format: gray ? .gray8 : .rgb24,
                     sequence: Int(b.sequence), timestamp: t)
    }

    /// `/dev/video*` nodes present now, in number order.
    public static func devicePaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return names.filter { $0.hasPrefix("video") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { "/dev/\($0)" }
    }

    /// The code of "MJPG", "YUYV" (four ASCII characters, the first in the low byte).
    static func fourcc(_ code: String) -> UInt32 {
        code.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// "YUYV"; a big-endian variant (bit 31 set) as v4l2-ctl writes it: "Y16 -BE".
    static func fourcc(_ v: UInt32) -> String {
        let bigEndian: UInt32 = 1 << 31
        let code = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: (v & ~bigEndian) >> (8 * $0)) }, as: UTF8.self)
        return v & bigEndian != 0 ? code + "-BE" : code
    }

    static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// A camera as a frame source: opened, negotiated and streaming.
public final class CameraSource: FrameSource {
    public let camera: V4L2Camera
    public var timeout: Double
    public var deviceName: String { camera.path }

    /// `native` (gray only): the camera's own YUYV, or MJPEG with `jpeg` (see
    /// `V4L2Camera.negotiateNative`), before libv4l2's conversion to gray.
    public init(path: String, maxWidth: Int, maxHeight: Int, gray: Bool, native: Bool = false, jpeg: Bool = false,
                buffers: Int = 4, timeout: Double = 5) throws(CameraError) {
        camera = try V4L2Camera(path: path)
        self.timeout = timeout
        let nativeFormat = gray && native ? try camera.negotiateNative(maxWidth: maxWidth, maxHeight: maxHeight, jpeg: jpeg) : nil
        if nativeFormat == nil { try camera.negotiate(maxWidth: maxWidth, maxHeight: maxHeight, gray: gray) }
        try camera.startStreaming(buffers: buffers)
    }

    /// The next buffer as it came (a JPEG when negotiated in MJPEG); unplugging as in `nextFrame`.
    public func nextCapture() throws -> CapturedFrame {
        do {
            return try camera.nextCapture(timeout: timeout)
        } catch where error.kind == .disconnected {
            throw FrameSourceError(kind: .disconnected, reason: error.reason)
        }
    }

    /// The unplug error (ENODEV) comes out as `FrameSourceError.disconnected`, which
    /// the live loop answers by reopening the device; other faults keep their own type.
    public func nextFrame() throws -> Frame? {
        do {
            return try camera.nextFrame(timeout: timeout)
        } catch where error.kind == .disconnected {
            throw FrameSourceError(kind: .disconnected, reason: error.reason)
        }
    }
}
