// Relations between cases that are not moves: related colors, and a test that is no move.
enum Swatch { case red, orange, yellow, green, blue }

struct Palette {
    static let neighbours: [Swatch: [Swatch]] = [
        .red: [.orange],
        .orange: [.red, .yellow],
        .yellow: [.orange, .green],
    ]

    func isWarm(_ first: Swatch, _ second: Swatch) -> Bool {
        switch (first, second) {
        case (.red, .orange), (.orange, .yellow): return true
        default: return false
        }
    }
}
