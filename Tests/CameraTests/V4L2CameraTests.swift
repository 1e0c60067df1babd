@testable import Camera
import Foundation
import SleeveCore
import Testing

/// The Camera wrapper through the real libv4l2, on any machine: opening and
/// refusing. Capturing from a device is in V4L2DeviceTests.
struct V4L2CameraTests {
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

    @Test func bigEndianFourccIsWrittenAsV4L2DoesNotAsAGarbledByte() {
        // V4L2_PIX_FMT_Y16_BE: v4l2_fourcc_be('Y', '1', '6', ' '); vivid offers it.
        let y16 = UInt32(0x59) | UInt32(0x31) << 8 | UInt32(0x36) << 16 | UInt32(0x20) << 24
        #expect(V4L2Camera.fourcc(y16) == "Y16 ")
        #expect(V4L2Camera.fourcc(y16 | 1 << 31) == "Y16 -BE")
    }
}
