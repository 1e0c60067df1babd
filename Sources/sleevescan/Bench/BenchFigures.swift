/// How every benchmark prints its figures: medians and percentiles, two decimals.
enum BenchFigures {
    static func percentile(_ v: [Double], _ q: Double) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))]
    }

    static func fmt(_ v: Double) -> String { String(format: "%.2f", v) }
}
