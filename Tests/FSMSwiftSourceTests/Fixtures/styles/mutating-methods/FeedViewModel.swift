// A view model whose loads finish in callbacks: each callback's changes belong to the method
// that sets it up, and start from the state that method left (`loading`), not from where it
// was called.
import Foundation

final class FeedViewModel: ObservableObject {
    enum State {
        case idle
        case loading
        case loaded([String])
        case failed(Error)
    }

    @Published private(set) var state: State = .idle
    private let service: FeedService
    private var timeout: DispatchWorkItem?

    init(service: FeedService) {
        self.service = service
    }

    func load() {
        guard case .idle = state else { return }
        state = .loading
        service.fetch { [weak self] result in
            DispatchQueue.main.async {
                switch result {
                case .success(let items): self?.state = .loaded(items)
                case .failure(let error): self?.state = .failed(error)
                }
            }
        }
    }

    func retry() {
        guard case .failed = state else { return }
        // Scheduled before the change below, it still runs after it.
        timeout = DispatchWorkItem { [weak self] in self?.state = .failed(FeedError.timedOut) }
        state = .loading
    }
}
