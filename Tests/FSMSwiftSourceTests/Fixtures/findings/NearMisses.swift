// Enums that look like a state type but are no machine, each for its own reason.
@MainActor
final class FeedLoader {
    enum LoadState { case idle, loading, loaded }
    // Set only in a callback its initializer sets up, which runs later from any state.
    private var state: LoadState = .idle

    init() {
        fetch { self.state = .loaded }
    }

    private func fetch(_ done: @escaping () -> Void) {}
}

struct Player {
    enum Phase { case stopped, playing }
    // Never assigned.
    let phase: Phase = .stopped
}

final class Appearance {
    enum DisplayMode { case light, dark }
    // Set from anywhere, never tested: a setting.
    var displayMode: DisplayMode = .light
    func useDark() { displayMode = .dark }
}

// No property holds it.
enum ConnectionStatus { case online, offline }
