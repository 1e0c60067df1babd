internal import CSane

/// One backend option as its descriptor states it: read, never assumed (resolution is
/// `FIXED` in the `test` backend and `INT` in most real ones).
public struct ScannerOption: Sendable, Equatable {
    public enum ValueType: Sendable, Equatable { case bool, int, fixed, string, button, group }
    public enum Unit: Sendable, Equatable { case none, pixel, bit, millimetre, dpi, percent, microsecond }
    public enum Constraint: Sendable, Equatable {
        case none
        /// Numbers as `Double` (fixed-point already converted); `step` 0 means any.
        case range(min: Double, max: Double, step: Double)
        case list([Double])
        case strings([String])
    }

    public var index: Int32
    public var name: String
    public var title: String
    public var type: ValueType
    public var unit: Unit
    /// Bytes of the value (strings: buffer size including the terminator).
    public var size: Int
    public var constraint: Constraint
    public var isActive: Bool
    /// Settable by software (`SANE_CAP_SOFT_SELECT`).
    public var isSettable: Bool
    /// Set by the hardware, such as a scan button (`SANE_CAP_HARD_SELECT`).
    public var isHardwareSet: Bool
    /// Readable (`SANE_CAP_SOFT_DETECT`).
    public var isReadable: Bool

    init(index: Int32, _ d: SANE_Option_Descriptor) {
        self.index = index
        name = SaneSession.string(d.name)
        title = SaneSession.string(d.title)
        switch d.type {
        case SANE_TYPE_BOOL: type = .bool
        case SANE_TYPE_INT: type = .int
        case SANE_TYPE_FIXED: type = .fixed
        case SANE_TYPE_STRING: type = .string
        case SANE_TYPE_BUTTON: type = .button
        default: type = .group
        }
        switch d.unit {
        case SANE_UNIT_PIXEL: unit = .pixel
        case SANE_UNIT_BIT: unit = .bit
        case SANE_UNIT_MM: unit = .millimetre
        case SANE_UNIT_DPI: unit = .dpi
        case SANE_UNIT_PERCENT: unit = .percent
        case SANE_UNIT_MICROSECOND: unit = .microsecond
        default: unit = .none
        }
        size = Int(d.size)
        let fixed = d.type == SANE_TYPE_FIXED
        func number(_ w: SANE_Word) -> Double { fixed ? Double(w) / 65536 : Double(w) }
        switch d.constraint_type {
        case SANE_CONSTRAINT_RANGE:
            if let r = d.constraint.range?.pointee {
                constraint = .range(min: number(r.min), max: number(r.max), step: number(r.quant))
            } else { constraint = .none }
        case SANE_CONSTRAINT_WORD_LIST:
            if let w = d.constraint.word_list {
                constraint = .list((0..<Int(w[0])).map { number(w[$0 + 1]) })
            } else { constraint = .none }
        case SANE_CONSTRAINT_STRING_LIST:
            var strings: [String] = []
            if var p = d.constraint.string_list {
                while let s = p.pointee { strings.append(String(cString: s)); p += 1 }
            }
            constraint = .strings(strings)
        default:
            constraint = .none
        }
        isActive = d.cap & SANE_Int(SANE_CAP_INACTIVE) == 0
        isSettable = d.cap & SANE_Int(SANE_CAP_SOFT_SELECT) != 0
        isHardwareSet = d.cap & SANE_Int(SANE_CAP_HARD_SELECT) != 0
        isReadable = d.cap & SANE_Int(SANE_CAP_SOFT_DETECT) != 0
    }

    /// The allowed number nearest to `value` (snapped to the range's step or the
    /// list's nearest entry), for numbers the user gives in round units.
    public func nearestAllowed(_ value: Double) -> Double {
        switch constraint {
        case let .range(lo, hi, step):
            var v = min(max(value, lo), hi)
            if step > 0 { v = lo + ((v - lo) / step).rounded() * step; if v > hi { v -= step } }
            return v
        case let .list(values):
            return values.min { abs($0 - value) < abs($1 - value) } ?? value
        default:
            return value
        }
    }

    /// The string choice matching `wanted` case-insensitively, or one containing it.
    public func choice(matching wanted: [String]) -> String? {
        guard case let .strings(list) = constraint else { return nil }
        for w in wanted {
            if let exact = list.first(where: { $0.caseInsensitiveCompare(w) == .orderedSame }) { return exact }
        }
        for w in wanted {
            if let part = list.first(where: { $0.range(of: w, options: .caseInsensitive) != nil }) { return part }
        }
        return nil
    }

    /// What the constraint allows, for messages: "75..1200 (step 1)", "Gray, Color".
    public var allowedDescription: String {
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        switch constraint {
        case .none: return type == .bool ? "yes or no" : "any \(type)"
        case let .range(lo, hi, step): return "\(n(lo))..\(n(hi))" + (step > 0 ? " (step \(n(step)))" : "")
        case let .list(v): return v.map(n).joined(separator: ", ")
        case let .strings(s): return s.joined(separator: ", ")
        }
    }
}

import Foundation
