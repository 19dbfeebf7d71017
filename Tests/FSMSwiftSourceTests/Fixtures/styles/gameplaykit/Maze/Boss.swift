import GameplayKit

// A machine that is a GKStateMachine subclass, whose states allow every state but some.
final class BossAsleep: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        !(stateClass is BossAsleep.Type) && stateClass != BossDefeated.self
    }
}

final class BossAwake: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool {
        return stateClass != BossAwake.self
    }
}

final class BossDefeated: GKState {
    override func isValidNextState(_ stateClass: AnyClass) -> Bool { false }
}

final class BossMachine: GKStateMachine {
    init() {
        super.init(states: [BossAsleep(), BossAwake(), BossDefeated()])
        enter(BossAsleep.self)
    }
}

final class Arena {
    let boss = BossMachine()

    func hit() {
        boss.enter(BossDefeated.self)
    }
}
