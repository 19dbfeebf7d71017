// A table keyed by (state, event) pairs through a typealias of a generic pair, one key twice.
enum Light {
    case red, green, amber
}

enum Signal {
    case next, fault
}

struct Pair<A: Hashable, B: Hashable>: Hashable {
    let first: A
    let second: B
    init(_ first: A, _ second: B) {
        self.first = first
        self.second = second
    }
}

struct Crossing {
    typealias Key = Pair<Light, Signal>
    var light = Light.red

    let table: [Key: Light] = [
        Key(.red, .next): .green,
        Key(.green, .next): .amber,
        Key(.amber, .next): .red,
        Key(.green, .fault): .red,
        Key(.amber, .next): .green,
    ]
}
