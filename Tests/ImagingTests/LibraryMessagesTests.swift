import Foundation
@testable import Imaging
import Testing

/// What the image libraries print while one thread decodes is that decode's, and
/// nothing another thread prints meanwhile is: a test runner's progress line or a
/// live loop's log once landed in a record's warnings.
@Suite struct LibraryMessagesTests {
    /// Prints as libjpeg, libpng and libtiff do: to whatever C's `stderr` is now.
    func say(_ line: String) {
        let variable = dlsym(nil, "stderr")!  // nil: RTLD_DEFAULT
        fputs(line, variable.assumingMemoryBound(to: UnsafeMutablePointer<FILE>.self).pointee)
    }

    @Test func anotherThreadsLineStaysOutOfTheCapture() {
        let (_, messages) = LibraryMessages.capturing { () -> Void in
            say("said while decoding\n")
            let done = DispatchSemaphore(value: 0)
            Thread { say("another thread's progress line\n"); done.signal() }.start()
            done.wait()
        }
        #expect(messages == ["said while decoding"])
    }

    @Test func twoThreadsCapturingAtOnceEachKeepTheirOwn() {
        let started = DispatchSemaphore(value: 0), finish = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var other: [String] = []
        Thread {
            other = LibraryMessages.capturing { () -> Void in
                say("second thread\n")
                started.signal()
                _ = finish.wait(timeout: .now() + 10)
            }.messages
            done.signal()
        }.start()
        // Without per-thread captures this one waits for the other's to end: time out, not hang.
        #expect(started.wait(timeout: .now() + 10) == .success)
        let (_, mine) = LibraryMessages.capturing { () -> Void in say("first thread\n") }
        finish.signal()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(mine == ["first thread"])
        #expect(other == ["second thread"])
    }

    @Test func aCaptureInsideACaptureKeepsItsOwnLines() {
        let (inner, outer) = LibraryMessages.capturing { () -> [String] in
            say("outer before\n")
            let inner = LibraryMessages.capturing { () -> Void in say("inner\n") }.messages
            say("outer after\n")
            return inner
        }
        #expect(inner == ["inner"])
        #expect(outer == ["outer before", "outer after"])
    }
}
