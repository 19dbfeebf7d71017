// RxAutomaton's rows with predicates as their from-operands.
import RxAutomaton

enum Session {
    case out, signingIn, signedIn, signingOut
}

enum SessionInput {
    case signIn, signedIn, signOut, expire, kick
}

final class SessionController {
    var isAdmin = false

    func makeAutomaton() -> Automaton<Session, SessionInput> {
        let canExpire: (Session) -> Bool = [.signingIn, .signedIn].contains
        let mayKick: (Session) -> Bool = { _ in self.isAdmin }
        let mappings: [Automaton<Session, SessionInput>.NextMapping] = [
            .signIn | .out => .signingIn | .empty(),
            .signedIn | .signingIn => .signedIn | .empty(),
            .signOut | .signedIn => .signingOut | .empty(),
            .expire | canExpire => .out | .empty(),
            .kick | mayKick => .out | .empty(),
        ]
        return Automaton(state: .out, input: inputs, mapping: reduce(mappings))
    }
}
