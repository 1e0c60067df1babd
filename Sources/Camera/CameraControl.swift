internal import CV4L2
import Foundation

/// One of the camera's controls (focus, exposure, or a driver's own), as the driver
/// describes it.
public struct CameraControl: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var minimum: Int
    public var maximum: Int
    public var defaultValue: Int
    /// A button acts when set; it has no value to read back.
    public var isButton: Bool
}

extension V4L2Camera {
    /// The controls the camera offers now, in the driver's order (disabled ones and
    /// class headings left out).
    public func controls() -> [CameraControl] {
        var out: [CameraControl] = []
        var id = SLEEVESCAN_CTRL_FLAG_NEXT_CTRL
        // The driver returns the next control after `id`; bounded in case one loops.
        for _ in 0..<1024 {
            var q = v4l2_queryctrl()
            q.id = id
            guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_QUERYCTRL, &q) == 0 else { break }
            id = q.id | SLEEVESCAN_CTRL_FLAG_NEXT_CTRL
            if q.flags & SLEEVESCAN_CTRL_FLAG_DISABLED != 0 || q.type == SLEEVESCAN_CTRL_TYPE_CTRL_CLASS { continue }
            out.append(CameraControl(id: q.id, name: Self.text(q.name), minimum: Int(q.minimum), maximum: Int(q.maximum),
                                     defaultValue: Int(q.default_value), isButton: q.type == SLEEVESCAN_CTRL_TYPE_BUTTON))
        }
        return out
    }

    /// The control called `name` (as `v4l2-ctl --list-ctrls` shows it, case ignored).
    public func control(named name: String) -> CameraControl? {
        controls().first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Sets a control (a button: presses it). The driver may clamp the value.
    public func setControl(_ control: CameraControl, to value: Int = 0) throws(CameraError) {
        var c = v4l2_control()
        c.id = control.id
        c.value = Int32(clamping: value)
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_S_CTRL, &c) == 0 else {
            throw CameraError.system(errno, "VIDIOC_S_CTRL")
        }
    }

    /// The control's current value.
    public func value(of control: CameraControl) throws(CameraError) -> Int {
        var c = v4l2_control()
        c.id = control.id
        guard sleevescan_v4l2_ioctl(fd, SLEEVESCAN_VIDIOC_G_CTRL, &c) == 0 else {
            throw CameraError.system(errno, "VIDIOC_G_CTRL")
        }
        return Int(c.value)
    }
}
