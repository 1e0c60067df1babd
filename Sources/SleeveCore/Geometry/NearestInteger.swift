/// `Int(v.rounded())` (halves away from zero) without the libm call: `rounded()` is a
/// function call on baseline x86-64, and the detector's Hough vote and line sampling
/// round millions of times a second. Exact: truncation is exact, and so is the
/// fraction left (`v` minus its integer part), so the comparison with ½ decides as
/// `rounded()` does. NaN and out-of-range values trap, as `Int(v.rounded())` does.
@inline(__always)
func nearestInteger(_ v: Float) -> Int {
    let whole = Int(v)
    let rest = v - Float(whole)
    return rest >= 0.5 ? whole + 1 : (rest <= -0.5 ? whole - 1 : whole)
}

@inline(__always)
func nearestInteger(_ v: Double) -> Int {
    let whole = Int(v)
    let rest = v - Double(whole)
    return rest >= 0.5 ? whole + 1 : (rest <= -0.5 ? whole - 1 : whole)
}
