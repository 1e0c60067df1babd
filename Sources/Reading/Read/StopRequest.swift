import Synchronization

/// One thread asking another to give up its work: set once, read between steps.
final class StopRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    func request() { requested.store(true, ordering: .relaxed) }

    var isRequested: Bool { requested.load(ordering: .relaxed) }
}
