#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time the calling thread has used: work done, where a wall clock also counts the
/// time the thread waited for a core. Budgets measured with it give the same result on
/// a busy machine as on an idle one; benchmarks use it for one core's work per frame.
public enum ThreadCPUClock {
    public static func milliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
