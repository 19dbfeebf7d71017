// Two targets of one package each declare a `Door`: Swift keeps them apart, and so must the reader.

struct Door {
    enum State { case closed, open }
    var state: State = .closed

    mutating func open() {
        switch state {
        case .closed: state = .open
        case .open: break
        }
    }

    mutating func close() {
        switch state {
        case .open: state = .closed
        case .closed: break
        }
    }
}
