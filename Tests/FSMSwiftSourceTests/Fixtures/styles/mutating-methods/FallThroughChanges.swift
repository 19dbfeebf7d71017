/// A method that changes the state in an `if` and then may change it again: where the first
/// test holds, the second runs in the state the first entered, and the first change is what the
/// event leaves only where the second does not happen.
actor FrameCompressor {
    enum SendState {
        case idle
        case sending
    }

    private var sendState: SendState = .idle

    func compress(size: Int, isFinal: Bool) -> Bool {
        let compresses = size >= 64 || !isFinal || self.sendState != .idle
        if compresses {
            if self.sendState == .idle {
                self.sendState = .sending
            }
            if isFinal {
                self.sendState = .idle
            }
            return true
        }
        return false
    }
}
