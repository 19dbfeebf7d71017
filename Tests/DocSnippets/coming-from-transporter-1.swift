// What the Transporter guide's door takes from the app: its lock hardware and badge reader.
struct DoorHardware: Sendable {
    func retractLatchAndBolt() {}
}

struct BadgeReader: Sendable {
    var isAuthorized: Bool { true }
}

let door = DoorHardware()
let badge = BadgeReader()
