import Camera
import Foundation
import SleeveCore
import Testing

/// The Camera wrapper through the real libv4l2. Opening and refusing work on any
/// machine; capturing needs a /dev/video* device and skips without one.
struct V4L2CameraTests {
    static let capturePaths = V4L2Camera.devicePaths()
    static let noCameraReason: Comment =
        "needs a /dev/video* capture device; this machine has none (the qemu job with the kernel's vivid camera runs it)"

    @Test func missingDeviceSaysHowToListCameras() {
        let error = #expect(throws: CameraError.self) { _ = try V4L2Camera(path: "/dev/video-sleevescan-none") }
        #expect(error?.kind == .noSuchDevice)
        #expect(error?.reason.contains("sleevescan devices") == true)
    }

    @Test func nonVideoDeviceIsRefusedClearly() {
        let error = #expect(throws: CameraError.self) { _ = try V4L2Camera(path: "/dev/null") }
        #expect(error?.kind == .notACaptureDevice)
        #expect(error?.operation == "VIDIOC_QUERYCAP")
    }

    @Test(.enabled(if: getuid() != 0, "root opens any file, so permission cannot be denied"))
    func unreadableDeviceSaysWhichGroupToJoin() throws {
        let path = NSTemporaryDirectory() + "sleevescan-video-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: CameraError.self) { _ = try V4L2Camera(path: path) }
        #expect(error?.kind == .permissionDenied)
        #expect(error?.reason.contains("group 'video'") == true)
    }

    @Test func largestSizeWithinTheLimitIsChosen() {
        let sizes = [FrameSize(width: 640, height: 480, framesPerSecond: [30]),
                     FrameSize(width: 1920, height: 1080, framesPerSecond: [30]),
                     FrameSize(width: 3264, height: 2448, framesPerSecond: [15]),
                     FrameSize(width: 1280, height: 720, framesPerSecond: [60])]
        #expect(FrameSize.best(of: sizes, maxWidth: 2000, maxHeight: 2000)?.width == 1920)
        #expect(FrameSize.best(of: sizes, maxWidth: 4000, maxHeight: 3000)?.width == 3264)
        // Nothing fits: the smallest size, the nearest to the limit from above.
        #expect(FrameSize.best(of: sizes, maxWidth: 320, maxHeight: 240)?.width == 640)
        #expect(FrameSize.best(of: [], maxWidth: 320, maxHeight: 240) == nil)
    }

    @Test(.enabled(if: !capturePaths.isEmpty, noCameraReason))
    func streamsFramesWithDriverSequenceAndTimestamps() throws {
        let source = try CameraSource(path: Self.capturePaths[0], maxWidth: 1280, maxHeight: 720, gray: false)
        let format = try #require(source.camera.format)
        #expect(format.width <= 1280 && format.height <= 720)
        var frames: [Frame] = []
        for _ in 0..<5 { if let f = try source.nextFrame() { frames.append(f) } }
        #expect(frames.count == 5)
        #expect(frames.allSatisfy { $0.format == .rgb24 && $0.width == format.width && $0.pixels.count == format.width * format.height * 3 })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.sequence < $1.sequence && $0.timestamp <= $1.timestamp })
    }

    @Test(.enabled(if: !capturePaths.isEmpty, noCameraReason))
    func enumeratesFormatsWithSizes() throws {
        let camera = try V4L2Camera(path: Self.capturePaths[0])
        let formats = camera.formats()
        #expect(!formats.isEmpty)
        #expect(formats.contains { !$0.sizes.isEmpty })
    }
}
