/// A reducer over an enum of actions: each case an event.
struct SettingsState { var theme: Theme = .system }

enum Theme { case system, light, dark }

enum SettingsAction { case followSystem, forceLight, forceDark }

func settingsReducer(action: SettingsAction, state: SettingsState?) -> SettingsState {
    var state = state ?? SettingsState()
    switch action {
    case .followSystem: state.theme = .system
    case .forceLight: state.theme = .light
    case .forceDark: state.theme = .dark
    }
    return state
}
