// Resolvers: a switch on the state hands each case to a private function of the same file.
enum AuthState { case signedOut, signingIn, signedIn, failed }
enum AuthEvent { case signIn, succeed, fail, signOut }
struct AuthResolver {
    var state: AuthState = .signedOut
    func resolve(_ state: AuthState, _ event: AuthEvent) -> AuthState {
        switch state {
        case .signedOut: return resolveSignedOut(event, state)
        case .signingIn: return resolveSigningIn(event, state)
        case .signedIn, .failed:
            switch event {
            case .signOut: return .signedOut
            default: return state
            }
        }
    }
    private func resolveSignedOut(_ event: AuthEvent, _ state: AuthState) -> AuthState {
        switch event {
        case .signIn: return .signingIn
        default: return state
        }
    }
    private func resolveSigningIn(_ event: AuthEvent, _ state: AuthState) -> AuthState {
        switch event {
        case .succeed: return .signedIn
        case .fail: return .failed
        default: return state
        }
    }
}
