/// How big a machine fsmviz accepts, so a hostile file cannot exhaust time or memory.
///
/// Each limit breached is a ``MachineFileError`` (exit status 2 on the command line) that
/// names the limit, and how to raise it when the caller says so (``advice``). `nil` means no
/// limit.
public struct InputLimits: Hashable, Sendable {
    /// The largest file read, in bytes.
    public var fileSize: Int?
    /// The most states in one machine.
    public var states: Int?
    /// The most transitions in one machine.
    public var transitions: Int?
    /// The deepest nesting of states (a top-level state has depth 1).
    public var hierarchyDepth: Int?
    /// The longest identifier, label, guard or effect, in Unicode scalars.
    public var labelLength: Int?
    /// How the caller's user raises each limit, which a breach's message ends with; none by
    /// default, since only the caller knows (the command line names its flags).
    public var advice = Advice()

    /// How to raise each limit, in the caller's terms: `raise it with --max-states` ends a
    /// breach of ``InputLimits/states`` as `(raise it with --max-states)`.
    public struct Advice: Hashable, Sendable {
        /// How to raise ``InputLimits/fileSize``.
        public var fileSize: String?
        /// How to raise ``InputLimits/states``.
        public var states: String?
        /// How to raise ``InputLimits/transitions``.
        public var transitions: String?
        /// How to raise ``InputLimits/hierarchyDepth``.
        public var hierarchyDepth: String?
        /// How to raise ``InputLimits/labelLength``.
        public var labelLength: String?

        /// Advice for each limit; none where `nil`.
        public init(
            fileSize: String? = nil, states: String? = nil, transitions: String? = nil, hierarchyDepth: String? = nil,
            labelLength: String? = nil
        ) {
            self.fileSize = fileSize
            self.states = states
            self.transitions = transitions
            self.hierarchyDepth = hierarchyDepth
            self.labelLength = labelLength
        }

        /// `advice` as the end of a breach's message: ` (advice)`, or nothing; readers that
        /// check a limit themselves end their messages alike.
        public static func suffix(_ advice: String?) -> String {
            advice.map { " (\($0))" } ?? ""
        }
    }

    /// Creates limits; every parameter defaults to the standard limit.
    public init(
        fileSize: Int? = InputLimits.standard.fileSize, states: Int? = InputLimits.standard.states,
        transitions: Int? = InputLimits.standard.transitions,
        hierarchyDepth: Int? = InputLimits.standard.hierarchyDepth,
        labelLength: Int? = InputLimits.standard.labelLength
    ) {
        self.fileSize = fileSize
        self.states = states
        self.transitions = transitions
        self.hierarchyDepth = hierarchyDepth
        self.labelLength = labelLength
    }

    private init(standardFileSize: Int) {
        fileSize = standardFileSize
        states = 1_000_000
        transitions = 5_000_000
        hierarchyDepth = 256
        labelLength = MachineFileDecoder.maximumTextLength
    }

    /// The limits fsmviz applies unless told otherwise: far beyond any hand-written machine,
    /// well within what one process can lint and draw.
    public static let standard = InputLimits(standardFileSize: MachineFileLoader.defaultMaximumFileSize)

    /// No limits at all.
    public static let unlimited = InputLimits(
        fileSize: nil, states: nil, transitions: nil, hierarchyDepth: nil, labelLength: nil)

    /// Checks `machine`, read from `path`, against every limit.
    /// - Throws: ``MachineFileError`` at the first declaration over a limit.
    /// - Complexity: O(states + transitions), without recursion.
    public func check(_ machine: Machine, path: String) throws(MachineFileError) {
        func breach(_ location: SourceLocation?, _ message: String) -> MachineFileError {
            MachineFileError(path: path, location: location, message: message)
        }
        if let states, machine.states.count > states {
            throw breach(nil, "the machine has \(machine.states.count) states, more than the limit of \(states)" + Advice.suffix(advice.states))
        }
        if let transitions, machine.transitions.count > transitions {
            throw breach(
                nil,
                "the machine has \(machine.transitions.count) transitions, more than the limit of \(transitions)" + Advice.suffix(advice.transitions))
        }
        if let hierarchyDepth {
            let parents = machine.index.parents
            var depth = [Int](repeating: 0, count: parents.count)
            // Parents may be declared after their children, so depths are found by walking up
            // and filling in the walked path on the way back.
            var path: [Int] = []
            for start in parents.indices where depth[start] == 0 {
                path.removeAll(keepingCapacity: true)
                var current = start
                while current >= 0, depth[current] == 0 {
                    path.append(current)
                    current = parents[current]
                }
                var known = current >= 0 ? depth[current] : 0
                for state in path.reversed() {
                    known += 1
                    depth[state] = known
                    if known > hierarchyDepth {
                        throw breach(
                            machine.states[state].location,
                            "state '\(machine.states[state].id)' is nested \(known) levels deep, more than the limit of \(hierarchyDepth)"
                                + Advice.suffix(advice.hierarchyDepth))
                    }
                }
            }
        }
        if let labelLength {
            func check(_ text: String?, _ what: @autoclosure () -> String, _ location: SourceLocation?) throws(MachineFileError) {
                // No text has more scalars than UTF-8 bytes, whose count is known without a scan.
                guard let text, text.utf8.count > labelLength else { return }
                let length = text.unicodeScalars.count
                guard length > labelLength else { return }
                throw breach(
                    location,
                    "\(what()) is \(length) characters long, more than the limit of \(labelLength)" + Advice.suffix(advice.labelLength))
            }
            for state in machine.states {
                try check(state.id.rawValue, "the id of a state", state.location)
                try check(state.label, "the label of state '\(state.id)'", state.location)
                for effect in state.entryEffects { try check(effect, "an entry effect of state '\(state.id)'", state.location) }
                for effect in state.exitEffects { try check(effect, "an exit effect of state '\(state.id)'", state.location) }
            }
            for event in machine.events {
                try check(event.id.rawValue, "the id of an event", event.location)
                try check(event.label, "the label of event '\(event.id)'", event.location)
            }
            // By index: reading two fields in place spares copying (and retaining) a million
            // transitions' target lists.
            let transitions = machine.transitions
            for index in transitions.indices {
                try check(transitions[index].guardLabel, "a guard", transitions[index].location)
                for effect in transitions[index].effects { try check(effect, "an effect", transitions[index].location) }
            }
        }
    }
}
