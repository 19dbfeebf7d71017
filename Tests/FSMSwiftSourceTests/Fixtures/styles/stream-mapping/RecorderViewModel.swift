import RxCocoa
import RxSwift

/// An RxSwift view model whose record button steps the state, fed back into its relay.
final class RecorderViewModel {
    enum Mode { case ready, recording, reviewing }

    struct Input {
        let recordButton: ControlEvent<Void>
        let discard: Signal<Void>
    }

    private let disposeBag = DisposeBag()

    func bind(_ input: Input) -> Driver<Mode> {
        let mode = BehaviorRelay<Mode>(value: .ready)

        input.recordButton.withLatestFrom(mode)
            .map { current -> Mode in
                switch current {
                case .ready: return .recording
                case .recording: return .reviewing
                case .reviewing: return .reviewing
                }
            }
            .bind(to: mode)
            .disposed(by: disposeBag)

        input.discard.withLatestFrom(mode.asSignal(onErrorJustReturn: .ready))
            .map { current -> Mode in
                switch current {
                case .reviewing: .ready
                case .ready, .recording: current
                }
            }
            .emit(to: mode)
            .disposed(by: disposeBag)

        return mode.asDriver()
    }
}
