/// A private step only the initializer starts runs from the state the machine starts in; a
/// looping one, from any state its loop leaves.
final class Transcriber {
    enum State { case loadingModel, ready, listening }

    private(set) var state: State = .loadingModel

    init() {
        Task { [weak self] in await self?.loadModel() }
    }

    private func loadModel() async {
        defer { state = .ready }
        await Model.shared.load()
    }

    func listen() {
        guard state == .ready else { return }
        state = .listening
    }

    func stop() {
        guard state == .listening else { return }
        state = .ready
    }
}

enum Model {
    static let shared = Loader()
}

struct Loader {
    func load() async {}
}
