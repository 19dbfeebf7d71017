// A view controller whose state any caller sets through one method, from any state, to the
// value it is given: a setting, though its name says state.
open class StatefulViewController {
    public enum State { case initial, loading, displaying, failed, empty }

    open var currentState = State.initial

    open func updateView(forState state: State) {
        self.currentState = state
    }
}
