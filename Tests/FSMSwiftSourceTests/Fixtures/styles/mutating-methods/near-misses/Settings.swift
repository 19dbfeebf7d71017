// Settings that methods set: a `model`, a display `mode`, a request's `mode`. No method moves
// them from a value it tested, so they are no machines.
enum Engine { case small, large }
enum DisplayMode { case light, dark, system }

final class SettingsModel {
    var model: Engine = .small
    var displayMode: DisplayMode = .system

    func pickLarge() { model = .large }
    func pickSmall() { model = .small }
    func useDark() { displayMode = .dark }
    func useLight() { displayMode = .light }
}

struct Request {
    enum Mode { case get, post }
    var mode: Mode = .get
    mutating func makePost() { mode = .post }
}
