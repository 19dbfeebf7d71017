// What the DDStateMachine guide's snippets take from the app: its sync service and clock.
import Foundation

struct SyncService: Sendable {
    func doSync() async -> Bool { true }
}

let service = SyncService()

func now() -> Date { Date() }
