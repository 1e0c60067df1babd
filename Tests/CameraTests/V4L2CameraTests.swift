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

    @Test func theLuminanceOfYUYVIsEveryOtherByteRowByRowSkippingThePadding() {
        // 3×2 pixels, Y0 U Y1 V packed, rows padded to 8 bytes; the last pixel of a row
        // pairs with a chroma byte of its own.
        let yuyv: [UInt8] = [10, 128, 11, 129, 12, 130, 0xEE, 0xEE,
                             20, 128, 21, 129, 22, 130, 0xEE, 0xEE]
        let y = yuyv.withUnsafeBytes { V4L2Camera.lumaOfYUYV($0, width: 3, height: 2, bytesPerLine: 8) }
        #expect(y == [10, 11, 12, 20, 21, 22])
        // A buffer cut short: the rows it holds, black below.
        let cut = yuyv.prefix(8).withUnsafeBytes { V4L2Camera.lumaOfYUYV($0, width: 3, height: 2, bytesPerLine: 8) }
        #expect(cut == [10, 11, 12, 0, 0, 0])
    }

    @Test func fourCharacterCodesGoBothWays() {
        #expect(V4L2Camera.fourcc("YUYV") == UInt32(0x59) | UInt32(0x55) << 8 | UInt32(0x59) << 16 | UInt32(0x56) << 24)
        #expect(V4L2Camera.fourcc(V4L2Camera.fourcc("MJPG")) == "MJPG")
    }

    @Test func bigEndianFourccIsWrittenAsV4L2DoesNotAsAGarbledByte() {
        // V4L2_PIX_FMT_Y16_BE: v4l2_fourcc_be('Y', '1', '6', ' '); vivid offers it.
        let y16 = UInt32(0x59) | UInt32(0x31) << 8 | UInt32(0x36) << 16 | UInt32(0x20) << 24
        #expect(V4L2Camera.fourcc(y16) == "Y16 ")
        #expect(V4L2Camera.fourcc(y16 | 1 << 31) == "Y16 -BE")
    }
}
