import Application
import Foundation

// Tesseract's OpenMP threads make it 5-8× slower on small machines, and OpenMP reads
// OMP_THREAD_LIMIT only at process start: set it and start again, before any work.
if getenv("OMP_THREAD_LIMIT") == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // exec failed (no /proc): carry on, slower.
}

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
