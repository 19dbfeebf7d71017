// What the EFStateMachine guide's example takes from its view controller: the label it updates.
@MainActor final class Label {
    var text = ""
}

@MainActor let infoLabel = Label()
