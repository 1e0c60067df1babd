import Camera
import Foundation
import SleeveCore
import Testing

/// Capture from a real V4L2 device. These machines have none, so the tests skip;
/// CI runs them in a qemu guest against the kernel's virtual camera, vivid
/// (.ci/vivid.sh). Serialized: they share one device, and the fault tests change
/// its state (a stall, an unplug) for whoever else is streaming.
@Suite(.serialized)
struct V4L2DeviceTests {
    /// The first node that opens as a capture device.
    static let capturePath: String? = V4L2Camera.devicePaths().first { (try? V4L2Camera(path: $0)) != nil }
    static let noCamera: Comment =
        "needs a /dev/video* capture device; this machine has none (the qemu job with the kernel's vivid camera runs it)"
    /// Controls of the capture device; vivid's fault injection is found by name.
    static let controlNames: Set<String> = {
        guard let capturePath, let camera = try? V4L2Camera(path: capturePath) else { return [] }
        return Set(camera.controls().map(\.name))
    }()
    static let dropped = "Percentage of Dropped Buffers", disconnect = "Disconnect", dqbufError = "Inject V4L2_BUF_FLAG_ERROR"
    static func needs(_ control: String) -> Bool { controlNames.contains(control) }

    private func open() throws -> V4L2Camera { try V4L2Camera(path: #require(Self.capturePath)) }

    /// Opened, negotiated small in RGB, and streaming.
    private func streaming() throws -> V4L2Camera {
        let camera = try open()
        try camera.negotiate(maxWidth: 320, maxHeight: 240, gray: false)
        try camera.startStreaming()
        return camera
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func capabilityQueryNamesTheDriverAndCard() throws {
        let camera = try open()
        #expect(!camera.driver.isEmpty)
        #expect(!camera.card.isEmpty)
        #expect(camera.path == Self.capturePath)
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func enumeratesFormatsWithSizesAndRates() throws {
        let formats = try open().formats()
        let native = formats.filter { !$0.isEmulated }
        #expect(!native.isEmpty)
        #expect(native.contains { !$0.sizes.isEmpty })
        #expect(formats.allSatisfy { $0.sizes.allSatisfy { $0.width > 0 && $0.height > 0 && $0.framesPerSecond.allSatisfy { $0 > 0 } } })
        // Codes are printable ASCII (big-endian variants as "Y16 -BE", not a stray byte).
        #expect(formats.allSatisfy { $0.fourcc.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 } })
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func aListedSizeIsGrantedAsAsked() throws {
        let camera = try open()
        let listed = try #require(camera.formats().flatMap(\.sizes).min { $0.pixels < $1.pixels })
        let got = try camera.negotiate(width: listed.width, height: listed.height, gray: false)
        #expect(!got.wasAdjusted)
        #expect(got.width == listed.width && got.height == listed.height)
        #expect(got.fourcc == "RGB3")
        #expect(got.bytesPerLine >= got.width * 3)
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func anUnlistedSizeIsAdjustedByTheDriverAndSaysSo() throws {
        let camera = try open()
        let listed = Set(camera.formats().flatMap(\.sizes).map { "\($0.width)x\($0.height)" })
        // Odd and prime: no camera lists it.
        let got = try camera.negotiate(width: 1009, height: 701, gray: true)
        #expect(got.wasAdjusted)
        #expect(got.requested == (1009, 701))
        #expect(listed.contains("\(got.width)x\(got.height)"))
        #expect(got.fourcc == "GREY")
        // The adjusted size is the one frames arrive in.
        try camera.startStreaming()
        let frame = try camera.nextFrame(timeout: 5)
        #expect(frame.width == got.width && frame.height == got.height && frame.pixels.count == got.width * got.height)
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func streamsAHundredFramesWithIncreasingSequenceAndTimestamps() throws {
        let camera = try streaming()
        let format = try #require(camera.format)
        var frames: [Frame] = []
        for _ in 0..<100 { frames.append(try camera.nextFrame(timeout: 5)) }
        #expect(frames.count == 100)
        #expect(frames.allSatisfy { $0.format == .rgb24 && $0.width == format.width && $0.pixels.count == format.width * format.height * 3 })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        // A picture, not an untouched buffer.
        #expect(Set(frames[50].pixels).count > 1)
    }

    @Test(.enabled(if: capturePath != nil, noCamera))
    func streamsThroughTheFrameSourceAtALargerSize() throws {
        let source = try CameraSource(path: #require(Self.capturePath), maxWidth: 1280, maxHeight: 720, gray: false)
        let format = try #require(source.camera.format)
        #expect(format.width <= 1280 && format.height <= 720)
        var frames: [Frame] = []
        for _ in 0..<5 { if let f = try source.nextFrame() { frames.append(f) } }
        #expect(frames.count == 5)
        #expect(frames.allSatisfy { $0.pixels.count == format.width * format.height * 3 })
    }

    /// The live loop's camera: vivid offers YUYV itself, so its frames come as their Y
    /// bytes, gray, with no libv4l2 conversion; close to what that conversion gives.
    @Test(.enabled(if: capturePath != nil, noCamera))
    func aNativeYUYVCameraGivesItsLuminanceAsGrayFrames() throws {
        let path = try #require(Self.capturePath)
        let native = try CameraSource(path: path, maxWidth: 640, maxHeight: 480, gray: true, native: true)
        let format = try #require(native.camera.format)
        #expect(format.fourcc == "YUYV")
        var frames: [Frame] = []
        for _ in 0..<5 { if let f = try native.nextFrame() { frames.append(f) } }
        #expect(frames.count == 5)
        #expect(frames.allSatisfy { $0.format == .gray8 && $0.width == format.width && $0.pixels.count == format.width * format.height })
        #expect(Set(frames[4].pixels).count > 1)
        guard case .pixels = try native.nextCapture() else { Issue.record("a YUYV buffer came as a JPEG"); return }
    }

    @Test(.enabled(if: needs(dropped), "needs vivid's '\(dropped)' control to stall the stream"))
    func aStalledStreamHitsThePollTimeoutAndRecovers() throws {
        let camera = try streaming()
        let drop = try #require(camera.control(named: Self.dropped))
        defer { try? camera.setControl(drop, to: drop.defaultValue) }
        _ = try camera.nextFrame(timeout: 5)
        try camera.setControl(drop, to: 100)
        #expect(try camera.value(of: drop) == 100)
        // Buffers filled before the stall may still come out; then nothing does.
        var stall: CameraError?
        for _ in 0..<10 {
            do { _ = try camera.nextFrame(timeout: 1) } catch { stall = error; break }
        }
        #expect(stall?.kind == .timedOut)
        #expect(stall?.operation == "poll")
        #expect(stall?.reason.contains("no frame within 1 s") == true)
        try camera.setControl(drop, to: 0)
        let after = try camera.nextFrame(timeout: 5)
        #expect(after.pixels.count > 0)
    }

    @Test(.enabled(if: needs(dqbufError), "needs vivid's '\(dqbufError)' control"))
    func aBufferTheDriverFlagsAsFailedIsNotDeliveredAsAFrame() throws {
        let camera = try streaming()
        _ = try camera.nextFrame(timeout: 5)
        #expect(camera.discardedBuffers == 0)
        try camera.setControl(#require(camera.control(named: Self.dqbufError)))
        var frames: [Frame] = []
        for _ in 0..<6 { frames.append(try camera.nextFrame(timeout: 5)) }
        #expect(camera.discardedBuffers == 1)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    }

    /// Streams, then pulls vivid's plug: the next frame must fail as an unplug.
    private func unplugMidStream() throws -> CameraError? {
        let camera = try streaming()
        for _ in 0..<3 { _ = try camera.nextFrame(timeout: 5) }
        try camera.setControl(#require(camera.control(named: Self.disconnect)))
        // Returning closes the last handle, which lets vivid come back as a replugged camera does.
        return #expect(throws: CameraError.self) { _ = try camera.nextFrame(timeout: 5) }
    }

    @Test(.enabled(if: needs(disconnect), "needs vivid's '\(disconnect)' control"))
    func anUnplugMidStreamIsTheCleanDisconnectError() throws {
        let error = try unplugMidStream()
        #expect(error?.kind == .disconnected)
        #expect(error?.errno == ENODEV)
        #expect(error?.reason.contains("plug it back in") == true)
    }

    @Test(.enabled(if: needs(disconnect), "needs vivid's '\(disconnect)' control"))
    func reopeningAfterAnUnplugStreamsAgain() throws {
        _ = try unplugMidStream()
        let camera = try streaming()
        let frames = try (0..<5).map { _ in try camera.nextFrame(timeout: 5) }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    }

    /// Radio, VBI and video output nodes: V4L2 devices that cannot capture video.
    static let nonCaptureNodes: [String] = {
        let dev = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        let radioAndVBI = dev.filter { $0.hasPrefix("radio") || $0.hasPrefix("vbi") }
        // vivid names its output node "vivid-000-vid-out".
        let outputs = dev.filter { name in
            name.hasPrefix("video")
                && ((try? String(contentsOfFile: "/sys/class/video4linux/\(name)/name", encoding: .utf8)) ?? "").contains("vid-out")
        }
        return (radioAndVBI + outputs).sorted().map { "/dev/\($0)" }
    }()

    @Test(.enabled(if: !nonCaptureNodes.isEmpty, "needs a radio, VBI or video output node (vivid makes them)"))
    func nonCaptureNodesAreRefusedClearly() {
        for path in Self.nonCaptureNodes {
            let error = #expect(throws: CameraError.self, "\(path)") { _ = try V4L2Camera(path: path) }
            #expect(error?.kind == .notACaptureDevice, "\(path)")
            #expect(error?.reason.contains("not a video capture device") == true, "\(path): \(error?.reason ?? "")")
        }
    }
}
