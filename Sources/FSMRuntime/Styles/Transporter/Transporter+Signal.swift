extension Transporter {
    /// What a Transporter machine's runtime is sent: an event's name, or `activateState`'s
    /// request to move without one. Kept apart so no event name can be taken for an
    /// activation.
    enum Signal: Hashable, Sendable {
        case event(String)
        /// Moves to the state whose value is the payload.
        case activate
    }
}
