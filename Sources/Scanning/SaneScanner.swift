internal import CSane
import Foundation

/// One open scanner; `deinit` cancels any scan and closes it.
///
/// Settings are made by reading each option's descriptor (type, unit, constraint)
/// and fitting the request to it; what the backend adjusted is reported back.
public final class SaneScanner {
    public let name: String
    /// Ctrl-C handling for this scanner's scans; hand it to the signal handler.
    public let interruption = ScanInterruption()
    private let handle: SANE_Handle
    private let session: SaneSession  // libsane must outlive the handle

    init(opening name: String, session: SaneSession) throws(ScannerError) {
        var h: SANE_Handle?
        let status = sane_open(name, &h)
        if status == SANE_STATUS_INVAL || (status == SANE_STATUS_GOOD && h == nil) {
            throw ScannerError(kind: .noSuchDevice, status: Int32(bitPattern: status.rawValue), operation: "sane_open",
                               reason: "no scanner of that name (run `sleevescan devices` to list them)")
        }
        try ScannerError.check(status, "sane_open")
        self.name = name
        self.session = session
        self.handle = h!
    }

    deinit {
        sane_cancel(handle)
        sane_close(handle)
    }

    // MARK: Options

    /// Every option the backend offers now (options come and go with the mode).
    public func options() -> [ScannerOption] {
        var count: SANE_Int = 0
        guard sane_control_option(handle, 0, SANE_ACTION_GET_VALUE, &count, nil) == SANE_STATUS_GOOD else { return [] }
        return (1..<max(1, count)).compactMap { i in
            sane_get_option_descriptor(handle, i).map { ScannerOption(index: i, $0.pointee) }
        }
    }

    public func option(named name: String) -> ScannerOption? {
        options().first { $0.name == name && $0.type != .group }
    }

    /// The option's value as text, as the backend reports it.
    public func value(of option: ScannerOption) -> String? {
        guard option.isReadable || option.isSettable, option.isActive else { return nil }
        switch option.type {
        case .string:
            var buf = [CChar](repeating: 0, count: max(option.size, 1) + 1)
            guard sane_control_option(handle, option.index, SANE_ACTION_GET_VALUE, &buf, nil) == SANE_STATUS_GOOD
            else { return nil }
            return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case .bool:
            var v: SANE_Word = 0
            guard sane_control_option(handle, option.index, SANE_ACTION_GET_VALUE, &v, nil) == SANE_STATUS_GOOD
            else { return nil }
            return v != 0 ? "yes" : "no"
        case .int, .fixed:
            var words = [SANE_Word](repeating: 0, count: max(1, option.size / MemoryLayout<SANE_Word>.size))
            guard sane_control_option(handle, option.index, SANE_ACTION_GET_VALUE, &words, nil) == SANE_STATUS_GOOD
            else { return nil }
            return words.map { option.type == .fixed ? Self.format(Double($0) / 65536) : String($0) }
                .joined(separator: ",")
        case .button, .group:
            return nil
        }
    }

    /// Sets an option from text, as `scanimage --NAME VALUE` would: numbers (fixed or
    /// int, per the descriptor), yes/no, strings from the allowed list, or presses a
    /// button. Returns the value the backend kept, which may differ (inexact).
    @discardableResult
    public func set(_ name: String, to text: String) throws(ScannerError) -> String? {
        guard let o = option(named: name) else {
            let known = options().filter { $0.isSettable && $0.type != .group }.map(\.name)
            throw ScannerError(kind: .badOption, operation: "set \(name)",
                               reason: "no option '\(name)' on this scanner (it has: \(known.joined(separator: ", ")))")
        }
        guard o.isSettable else {
            throw ScannerError(kind: .badOption, operation: "set \(name)", reason: "option '\(name)' cannot be set by software")
        }
        guard o.isActive else {
            throw ScannerError(kind: .badOption, operation: "set \(name)",
                               reason: "option '\(name)' is inactive in the current mode (another option enables it)")
        }
        func bad() -> ScannerError {
            ScannerError(kind: .badOption, operation: "set \(name)",
                         reason: "option '\(name)' must be \(o.allowedDescription), not '\(text)'")
        }
        switch o.type {
        case .bool:
            let yes = ["yes", "true", "1", "on"], no = ["no", "false", "0", "off"]
            guard yes.contains(text.lowercased()) || no.contains(text.lowercased()) else { throw bad() }
            var v: SANE_Word = yes.contains(text.lowercased()) ? 1 : 0
            try control(o, &v)
        case .int, .fixed:
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { throw bad() }
            var words = parts.map { Self.word(o.nearestAllowed($0!), fixed: o.type == .fixed) }
            let n = max(1, o.size / MemoryLayout<SANE_Word>.size)
            if words.count == 1, n > 1 { words = Array(repeating: words[0], count: n) }
            guard words.count == n else { throw bad() }
            try control(o, &words)
        case .string:
            var chosen = text
            if case let .strings(list) = o.constraint {
                guard let c = list.first(where: { $0 == text }) ?? o.choice(matching: [text]) else { throw bad() }
                chosen = c
            }
            var buf = [CChar](repeating: 0, count: max(o.size, chosen.utf8.count + 1))
            guard chosen.utf8.count < o.size else { throw bad() }
            _ = chosen.withCString { strcpy(&buf, $0) }
            try control(o, &buf)
        case .button:
            try control(o, nil as UnsafeMutableRawPointer?)
        case .group:
            throw bad()
        }
        return option(named: name).flatMap(value(of:))
    }

    private func control(_ o: ScannerOption, _ value: UnsafeMutableRawPointer?) throws(ScannerError) {
        var info: SANE_Int = 0
        try ScannerError.check(sane_control_option(handle, o.index, SANE_ACTION_SET_VALUE, value, &info), "set \(o.name)")
    }

    /// Colour or gray: picks the mode option's entry by its usual names. Returns the
    /// mode set, or nil when the backend has no mode option.
    @discardableResult
    public func setMode(_ mode: ColorMode) throws(ScannerError) -> String? {
        guard let o = option(named: "mode"), o.isSettable, o.isActive else { return nil }
        let names = mode == .color ? ["Color", "Colour", "RGB", "24bit Color"] : ["Gray", "Grey", "Grayscale", "8bit Gray"]
        guard let choice = o.choice(matching: names) else {
            throw ScannerError(kind: .badOption, operation: "set mode",
                               reason: "this scanner offers no \(mode) mode (it offers \(o.allowedDescription))")
        }
        return try set("mode", to: choice)
    }

    /// Sets the resolution (dpi) to the nearest the backend allows, for INT and
    /// FIXED options alike; returns the resolution kept, or nil if there is none.
    @discardableResult
    public func setResolution(_ dpi: Double) throws(ScannerError) -> Double? {
        guard let o = option(named: "resolution"), o.isSettable, o.isActive else { return nil }
        return try set("resolution", to: Self.format(o.nearestAllowed(dpi))).flatMap { Double($0) }
    }

    /// Scans `area`, or the whole bed when nil, clamped to the bed. Returns the
    /// area set, in millimetres.
    @discardableResult
    public func setArea(_ area: ScanArea?) throws(ScannerError) -> ScanArea? {
        let names = ["tl-x", "tl-y", "br-x", "br-y"]
        let opts = names.compactMap { option(named: $0) }
        guard opts.count == 4, opts.allSatisfy({ $0.isSettable && $0.isActive }) else {
            if area != nil {
                throw ScannerError(kind: .unsupported, operation: "set area",
                                   reason: "this scanner has no scan-area options (drop --area)")
            }
            return nil
        }
        guard opts.allSatisfy({ $0.unit == .millimetre }) else {
            throw ScannerError(kind: .unsupported, operation: "set area",
                               reason: "this scanner measures its scan area in \(opts[0].unit), not millimetres (drop --area)")
        }
        func bounds(_ o: ScannerOption) -> (Double, Double) {
            if case let .range(lo, hi, _) = o.constraint { return (lo, hi) }
            if case let .list(v) = o.constraint, let lo = v.min(), let hi = v.max() { return (lo, hi) }
            return (0, .greatestFiniteMagnitude)
        }
        let (xLo, _) = bounds(opts[0]), (yLo, _) = bounds(opts[1])
        let (_, xHi) = bounds(opts[2]), (_, yHi) = bounds(opts[3])
        // The backend would clamp a corner beyond its bed to the bed's edge: a 1×1 pixel
        // "scan" of nothing. An area that starts outside the bed is the user's mistake.
        if let a = area, xLo + a.left >= xHi || yLo + a.top >= yHi {
            throw ScannerError(kind: .badOption, operation: "set area", reason: String(
                format: "the area %g,%g starts outside the scan bed, which is %.0f×%.0f mm (check --area: LEFT,TOP,WIDTH,HEIGHT in millimetres)",
                a.left, a.top, xHi - xLo, yHi - yLo))
        }
        let target = area.map { a in
            (x0: xLo + a.left, y0: yLo + a.top, x1: xLo + a.left + a.width, y1: yLo + a.top + a.height)
        } ?? (x0: xLo, y0: yLo, x1: xHi, y1: yHi)
        // Far corner first: some backends refuse a top-left beyond the current bottom-right.
        try set("br-x", to: Self.format(opts[2].nearestAllowed(target.x1)))
        try set("br-y", to: Self.format(opts[3].nearestAllowed(target.y1)))
        try set("tl-x", to: Self.format(opts[0].nearestAllowed(target.x0)))
        try set("tl-y", to: Self.format(opts[1].nearestAllowed(target.y0)))
        return currentArea()
    }

    /// The scan area the backend holds now (after every option was set), in millimetres
    /// from the bed's corner; nil when it has no area options in millimetres.
    public func currentArea() -> ScanArea? {
        let names = ["tl-x", "tl-y", "br-x", "br-y"]
        let opts = names.compactMap { option(named: $0) }
        guard opts.count == 4, opts.allSatisfy({ $0.unit == .millimetre }) else { return nil }
        func low(_ o: ScannerOption) -> Double {
            if case let .range(lo, _, _) = o.constraint { return lo }
            if case let .list(v) = o.constraint, let lo = v.min() { return lo }
            return 0
        }
        let xLo = low(opts[0]), yLo = low(opts[1])
        let got = opts.map { value(of: $0).flatMap(Double.init) ?? 0 }
        return ScanArea(left: got[0] - xLo, top: got[1] - yLo, width: got[2] - got[0], height: got[3] - got[1])
    }

    /// Chooses the document feeder as the source when the backend offers one.
    /// Returns the source set, or nil when there is no feeder.
    @discardableResult
    public func selectFeeder() throws(ScannerError) -> String? {
        guard let o = option(named: "source"), o.isSettable, o.isActive,
              let adf = o.choice(matching: ["ADF", "Automatic Document Feeder", "Feeder", "ADF Front"])
        else { return nil }
        return try set("source", to: adf)
    }

    // MARK: Buttons

    /// The scanner's own buttons, as SANE exposes them: boolean options the
    /// hardware sets (`SANE_CAP_HARD_SELECT`) and software can read.
    public func buttons() -> [ScannerOption] {
        options().filter { $0.type == .bool && $0.isHardwareSet && $0.isReadable && $0.isActive }
    }

    /// Polls the buttons until one is pressed; returns its name, or nil when
    /// interrupted or there are no buttons.
    public func waitForButton(pollEvery seconds: Double = 0.1) -> String? {
        let buttons = buttons()
        guard !buttons.isEmpty else { return nil }
        while !interruption.isInterrupted {
            for b in buttons {
                var v: SANE_Word = 0
                if sane_control_option(handle, b.index, SANE_ACTION_GET_VALUE, &v, nil) == SANE_STATUS_GOOD, v != 0 {
                    return b.name
                }
            }
            Thread.sleep(forTimeInterval: seconds)
        }
        return nil
    }

    // MARK: Scanning

    /// Scans one page into memory (all frames of a three-pass scanner). A fault
    /// cancels the scan and throws; nothing partial is returned. Call again for
    /// the next page of a feeder, and `endScanning()` when done.
    public func scan() throws(ScannerError) -> ScannedImage {
        interruption.begin(handle)
        defer { interruption.end() }
        var planes: [SANE_Frame: [UInt8]] = [:]
        var params = SANE_Parameters()
        var readers: [BackendReaderThread.End] = []
        defer { startedReader = nil }
        repeat {
            var reader = BackendReaderThread(tag: BackendReaderThread.freshTag())
            startedReader = reader
            try checked(BackendReaderThread.starting(tag: reader.tag) { sane_start(handle) }, "sane_start")
            reader.look()
            try checked(sane_get_parameters(handle, &params), "sane_get_parameters")
            guard params.depth == 1 || params.depth == 8 || params.depth == 16 else {
                cancelUnfinished()
                throw ScannerError(kind: .unsupported, operation: "sane_get_parameters",
                                   reason: "the scanner sends \(params.depth)-bit samples, which are not supported (choose another --option depth=…)")
            }
            let raw = try readFrame(expected: Int(params.bytes_per_line) * max(0, Int(params.lines)), reader: &reader)
            planes[params.format] = Self.eightBit(raw, params)
            readers.append(reader.end)
        } while params.last_frame == 0
        lastPageReaders = readers
        let width = Int(params.pixels_per_line)
        if let rgb = planes[SANE_FRAME_RGB] {
            return ScannedImage(width: width, height: rgb.count / max(1, 3 * width), isColor: true, pixels: rgb)
        }
        if let r = planes[SANE_FRAME_RED], let g = planes[SANE_FRAME_GREEN], let b = planes[SANE_FRAME_BLUE] {
            let n = min(r.count, g.count, b.count)
            var rgb = [UInt8](repeating: 0, count: 3 * n)
            for i in 0..<n { rgb[3 * i] = r[i]; rgb[3 * i + 1] = g[i]; rgb[3 * i + 2] = b[i] }
            return ScannedImage(width: width, height: n / max(1, width), isColor: true, pixels: rgb)
        }
        let gray = planes[SANE_FRAME_GRAY] ?? []
        return ScannedImage(width: width, height: gray.count / max(1, width), isColor: false, pixels: gray)
    }

    /// Ends a scan or a run of feeder pages.
    public func endScanning() { sane_cancel(handle) }

    /// How each frame of the last page scanned ended its backend's reader thread
    /// (see `BackendReaderThread`): what the tests check the hold-back by.
    public private(set) var lastPageReaders: [BackendReaderThread.End] = []

    /// Reads one frame. Its last byte is held back until the backend's reader thread
    /// has ended: the read that takes it is the one that cancels that thread, and a
    /// cancel that lands while the thread frees memory hangs the process (see
    /// `BackendReaderThread`). With the page's size unknown (`lines` of -1) there is
    /// no last byte to hold back.
    private func readFrame(expected: Int, reader: inout BackendReaderThread) throws(ScannerError) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(expected)
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            if interruption.isInterrupted { try checked(SANE_STATUS_CANCELLED, "sane_read") }
            var ask = buffer.count
            if expected > 1 {
                let left = expected - data.count
                if left == 1 { reader.finish() } else if left > 1 { ask = min(ask, left - 1) }
            }
            var n: SANE_Int = 0
            let status = buffer.withUnsafeMutableBufferPointer { sane_read(handle, $0.baseAddress, SANE_Int(ask), &n) }
            if status == SANE_STATUS_EOF {
                // Some backends answer a cancel with EOF: what came so far is not a page.
                if interruption.isInterrupted { try checked(SANE_STATUS_CANCELLED, "sane_read") }
                guard expected == 0 || data.count >= expected else {
                    cancelUnfinished()
                    throw ScannerError(kind: .ioError, operation: "sane_read",
                                       reason: "the scanner ended the page after \(data.count) of \(expected) bytes (check its cable and power, then retry)")
                }
                return data
            }
            try checked(status, "sane_read")
            data.append(contentsOf: buffer[0..<Int(n)])
        }
    }

    /// The reader thread of the frame being scanned, while one is.
    private var startedReader: BackendReaderThread?

    /// Cancels a scan that has not ended, once its backend's reader thread (if any)
    /// is where a cancel cannot leave it holding a lock (`BackendReaderThread.settle`).
    private func cancelUnfinished() {
        startedReader?.settle()
        sane_cancel(handle)
    }

    /// Throws for a status other than GOOD, after `sane_cancel` (which SANE requires
    /// after a failed start or read); a Ctrl-C turns any failure into `.cancelled`.
    private func checked(_ status: SANE_Status, _ operation: String) throws(ScannerError) {
        guard status != SANE_STATUS_GOOD || interruption.isInterrupted else { return }
        cancelUnfinished()
        throw ScannerError(interruption.isInterrupted ? SANE_STATUS_CANCELLED : status, operation)
    }

    /// Rows of one frame trimmed to their pixels, as 8-bit samples.
    static func eightBit(_ raw: [UInt8], _ p: SANE_Parameters) -> [UInt8] {
        let bpl = Int(p.bytes_per_line), ppl = Int(p.pixels_per_line)
        guard bpl > 0, ppl > 0 else { return [] }
        let rows = raw.count / bpl
        let samples = p.format == SANE_FRAME_RGB ? 3 : 1
        var out = [UInt8](repeating: 0, count: rows * ppl * samples)
        for y in 0..<rows {
            let row = y * bpl
            for s in 0..<(ppl * samples) {
                let v: UInt8
                switch p.depth {
                case 1: v = raw[row + s / 8] & (0x80 >> UInt8(s % 8)) != 0 ? 0 : 255  // 1 is black
                case 16: v = raw[row + 2 * s + (UInt16(1).littleEndian == 1 ? 1 : 0)]  // host order: keep the high byte
                default: v = raw[row + s]
                }
                out[y * ppl * samples + s] = v
            }
        }
        return out
    }

    static func word(_ v: Double, fixed: Bool) -> SANE_Word {
        fixed ? SANE_Word((v * 65536).rounded()) : SANE_Word(v.rounded())
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.4f", v)
    }
}
