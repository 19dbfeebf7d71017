/// A handler that works out where a shutdown ends from the state it starts in, then finishes
/// there: the local holds one target in each state, and what follows reads it there.
final class TLSShutdown {
    enum ConnectionState {
        case active
        case closing
        case unwrapping
        case outputClosed
        case closed
        case unwrapped
    }

    enum Step { case incomplete, complete, failed }

    private var state: ConnectionState = .active

    func close(output: Bool) {
        guard case .active = state else { return }
        state = output ? .outputClosed : .closing
    }

    func unwrap() {
        if case .active = state { state = .unwrapping }
    }

    func shutdownStep(_ result: Step) {
        let target: ConnectionState
        switch state {
        case .outputClosed:
            target = .outputClosed
        case .closing:
            target = .closed
        case .unwrapping:
            target = .unwrapped
        default:
            return
        }

        switch result {
        case .incomplete:
            if case .outputClosed = target {
                state = target
            }
        case .complete:
            state = target
            switch target {
            case .closed:
                finishClosing()
            case .unwrapped:
                print("unwrapped")
            default:
                break
            }
        case .failed:
            state = .closed
        }
    }

    private func finishClosing() {
        state = .closed
    }
}

/// A method that switches on the result it is given hands a case to a private step: the step
/// is read there, not taken for an event of its own.
final class Teardown {
    enum Phase { case running, draining, stopped }
    enum Outcome { case drained, failed }

    private var phase: Phase = .running

    func drain() {
        guard case .running = phase else { return }
        phase = .draining
    }

    func finish(_ outcome: Outcome) {
        guard case .draining = phase else { return }
        switch outcome {
        case .drained:
            phase = .stopped
        case .failed:
            stop()
        }
    }

    private func stop() {
        phase = .stopped
    }
}
