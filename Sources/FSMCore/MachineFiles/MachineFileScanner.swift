/// Reads the common shape of a machine file straight into a ``Machine`` in one pass over its
/// values, without building a ``DocumentNode`` tree, and resolves every name to a number as it
/// is met instead of hashing strings again later. `Tokens` reads the syntax: JSON's bytes
/// (``JSONMachineTokens``) or libyaml's events (``YAMLMachineTokens``).
///
/// It gives up (returns `nil`) on anything outside that shape: names that are not ASCII, a
/// `lint` section, what each syntax leaves to its full parser, and every kind of mistake. The
/// loader then reads the file through the full parser and ``MachineFileDecoder``, which explain
/// problems with their positions, so errors have a single source. Whatever the scanner accepts,
/// it reads into the same machine as the decoder would (checked by `JSONMachineScannerTests`
/// and `YAMLMachineScannerTests`, and by the JSON and YAML fuzz targets).
/// - Complexity: O(values), without recursion; at most a few allocations per declaration.
struct MachineFileScanner<Tokens: MachineFileTokens> {
    private typealias Span = NameTable.Span

    private struct StateEntry {
        var name: Int
        var label: String?
        var isFinal: Bool
        var parent: Int?
        var initialChild: Int?
        var isParallel: Bool
        var pseudoState: PseudoState?
        var entryEffects: [String]
        var exitEffects: [String]
        var location: SourceLocation
    }

    private var tokens: Tokens
    private var stateNames: NameTable
    private var eventNames: NameTable
    private var states: [StateEntry] = []
    private var declaredEvents: [Event] = []
    private var declaredEventNames: [Int] = []
    private var hasEventList = false
    // Names by their number in `stateNames` and `eventNames`, made once each.
    private var stateNameIDs: [StateID] = []
    private var eventNameIDs: [EventID] = []
    // Transitions are made as they are read; what their names resolve to is settled at the end,
    // when every state has been declared: each one's source, event (-1 for none) and targets,
    // by name number.
    private var transitions: [Transition] = []
    private var transitionSources: [Int32] = []
    private var transitionEvents: [Int32] = []
    private var transitionTargetStart: [Int] = [0]
    private var transitionTargets: [Int32] = []
    private var scratchSources: [Int] = []
    private var scratchTargets: [Int] = []
    // Transitions into the same single state share one array: a large machine then holds an
    // array per state rather than one per transition.
    private var singleTargets: [[StateID]?] = []
    private var sourceMemo = NameTable.Memo()
    private var initialName: Int?
    private var name: String?
    private var summary: String?
    private let stateKeys = Keys<StateKey>()
    private let eventKeys = Keys<EventKey>()
    private let transitionKeys = Keys<TransitionKey>()

    /// The keys of one kind of object and their bytes, made once per scan: `allCases` makes
    /// a new array each time it is asked.
    private struct Keys<Key: MachineFileKey> {
        let cases = Key.allCases
        let bytes = Key.allCases.map { Array($0.rawValue.utf8) }

        /// Whether `seen`, a bit per key, has met `key`.
        func seen(_ key: Key, in seen: UInt16) -> Bool {
            guard let index = cases.firstIndex(of: key) else { return false }
            return seen & (1 << index) != 0
        }
    }

    /// The machine `tokens` read, or `nil` when the file needs the full decoder.
    /// - Parameter size: the file's size in bytes, which bounds how many transitions it holds.
    static func machine(reading tokens: Tokens, size: Int) -> Machine? {
        var scanner = MachineFileScanner(tokens: tokens, size: size)
        do {
            try scanner.scanDocument()
            return try scanner.makeMachine()
        } catch {
            return nil
        }
    }

    private init(tokens: Tokens, size: Int) {
        self.tokens = tokens
        stateNames = NameTable(bytes: tokens.nameBytes)
        eventNames = NameTable(bytes: tokens.nameBytes)
        // Room for as many transitions as a file of this size holds when written as people and
        // generators write them (more than 24 bytes each, in JSON as in YAML); a denser file
        // grows the arrays. Capacity that is never written costs no memory, while growing a
        // large array copies it.
        let most = size / 24
        transitions.reserveCapacity(most)
        transitionSources.reserveCapacity(most)
        transitionEvents.reserveCapacity(most)
        transitionTargetStart.reserveCapacity(most + 1)
        transitionTargets.reserveCapacity(most)
    }

    // MARK: The document

    private mutating func scanDocument() throws(ScanRefusal) {
        let keys = Keys<MachineKey>()
        let seen = try scanMapping(keys) { (scanner: inout Self, key: MachineKey) throws(ScanRefusal) in
            try scanner.scanMember(key)
        }
        try tokens.finish()
        guard initialName != nil, !states.isEmpty, keys.seen(.transitions, in: seen) else { throw ScanRefusal() }
    }

    private mutating func scanMember(_ key: MachineKey) throws(ScanRefusal) {
        switch key {
        case .schema:
            _ = try optionalText()
        case .version:
            // Only version 1 exists; anything else is the decoder's error to explain.
            if try tokens.skipNull() { return }
            let version = try tokens.integer()
            guard MachineFileDecoder.supportedVersions.contains(version) else { throw ScanRefusal() }
        case .name:
            name = try optionalText()
        case .description:
            summary = try optionalText()
        case .initial:
            let span = try tokens.name()
            initialName = internState(span)
        case .states:
            try scanSequence { (scanner: inout Self) throws(ScanRefusal) in try scanner.scanState() }
        case .events:
            if try tokens.skipNull() { return }
            hasEventList = true
            try scanSequence { (scanner: inout Self) throws(ScanRefusal) in try scanner.scanEvent() }
        case .transitions:
            try scanSequence { (scanner: inout Self) throws(ScanRefusal) in try scanner.scanTransition() }
        case .lint:
            // Suppressions are rare and small; the decoder reads them.
            guard try tokens.skipNull() else { throw ScanRefusal() }
        }
    }

    private mutating func scanState() throws(ScanRefusal) {
        let location = tokens.location()
        var entry = StateEntry(
            name: -1, label: nil, isFinal: false, parent: nil, initialChild: nil, isParallel: false,
            pseudoState: nil, entryEffects: [], exitEffects: [], location: location)
        if tokens.isAtText {
            let span = try tokens.name()
            entry.name = try declare(span)
            states.append(entry)
            return
        }
        try scanMapping(stateKeys) { (scanner: inout Self, key: StateKey) throws(ScanRefusal) in
            switch key {
            case .id:
                let span = try scanner.tokens.name()
                entry.name = try scanner.declare(span)
            case .label: entry.label = try scanner.optionalText()
            case .final: entry.isFinal = try scanner.tokens.bool()
            case .parent: entry.parent = try scanner.optionalStateName()
            case .initial: entry.initialChild = try scanner.optionalStateName()
            case .parallel: entry.isParallel = try scanner.tokens.bool()
            case .pseudo:
                guard let text = try scanner.optionalText() else { return }
                guard let kind = PseudoState(rawValue: text) else { throw ScanRefusal() }
                entry.pseudoState = kind
            case .entry: entry.entryEffects = try scanner.optionalTexts()
            case .exit: entry.exitEffects = try scanner.optionalTexts()
            }
        }
        guard entry.name >= 0, !(entry.isParallel && entry.initialChild != nil) else { throw ScanRefusal() }
        states.append(entry)
    }

    /// Interns a state's own name; a name declared twice is the decoder's error to report.
    private mutating func declare(_ span: Span) throws(ScanRefusal) -> Int {
        let name = internState(span)
        guard stateNames.declare(name) else { throw ScanRefusal() }
        return name
    }

    private mutating func scanEvent() throws(ScanRefusal) {
        let location = tokens.location()
        var name: Int?
        var label: String?
        if tokens.isAtText {
            name = internEvent(try tokens.name())
        } else {
            try scanMapping(eventKeys) { (scanner: inout Self, key: EventKey) throws(ScanRefusal) in
                switch key {
                case .id: name = scanner.internEvent(try scanner.tokens.name())
                case .label: label = try scanner.optionalText()
                }
            }
        }
        guard let name, eventNames.declare(name) else { throw ScanRefusal() }
        declaredEventNames.append(name)
        declaredEvents.append(Event(eventNameIDs[name], label: label, location: location))
    }

    private mutating func scanTransition() throws(ScanRefusal) {
        let location = tokens.location()
        scratchSources.removeAll(keepingCapacity: true)
        scratchTargets.removeAll(keepingCapacity: true)
        var event: Int?
        var guardLabel: String?
        var effects: [String] = []
        var computedTarget: String?
        var kind = TransitionKind.external
        try scanMapping(transitionKeys) { (scanner: inout Self, key: TransitionKey) throws(ScanRefusal) in
            switch key {
            case .from: try scanner.stateNameList(areSources: true)
            case .event:
                if !(try scanner.tokens.skipNull()) { event = scanner.internEvent(try scanner.tokens.name()) }
            case .to:
                // `null` and `[]` leave the transition targetless.
                if !(try scanner.tokens.skipNull()) { try scanner.stateNameList(areSources: false) }
            case .type:
                // An unknown type is the decoder's error to explain.
                guard let text = try scanner.optionalText() else { return }
                guard let named = TransitionKind(rawValue: text) else { throw ScanRefusal() }
                kind = named
            case .guard: guardLabel = try scanner.optionalText()
            case .effects: effects = try scanner.optionalTexts()
            case .computed: computedTarget = try scanner.optionalText()
            }
        }
        guard !scratchSources.isEmpty else { throw ScanRefusal() }
        let targetIDs: [StateID]
        if scratchTargets.isEmpty {
            targetIDs = []
        } else if scratchTargets.count == 1 {
            let target = scratchTargets[0]
            if let shared = singleTargets[target] {
                targetIDs = shared
            } else {
                targetIDs = [stateNameIDs[target]]
                singleTargets[target] = targetIDs
            }
        } else {
            targetIDs = scratchTargets.map { stateNameIDs[$0] }
        }
        let eventID = event.map { eventNameIDs[$0] }
        for source in scratchSources {
            transitions.append(
                Transition(
                    from: stateNameIDs[source], on: eventID, to: targetIDs, guard: guardLabel, effects: effects,
                    kind: kind, location: location, computedTarget: computedTarget))
            transitionSources.append(Int32(truncatingIfNeeded: source))
            transitionEvents.append(Int32(truncatingIfNeeded: event ?? -1))
            for target in scratchTargets { transitionTargets.append(Int32(truncatingIfNeeded: target)) }
            transitionTargetStart.append(transitionTargets.count)
        }
    }

    /// The number of a state name, made its identifier the first time it is met.
    private mutating func internState(_ span: Span, throughMemo: Bool = false) -> Int {
        let name = throughMemo ? stateNames.intern(span, memo: &sourceMemo) : stateNames.intern(span)
        if name == stateNameIDs.count {
            tokens.keepName(span)
            stateNameIDs.append(StateID(text(span)))
            singleTargets.append(nil)
        }
        return name
    }

    private mutating func internEvent(_ span: Span) -> Int {
        let name = eventNames.intern(span)
        if name == eventNameIDs.count {
            tokens.keepName(span)
            eventNameIDs.append(EventID(text(span)))
        }
        return name
    }

    /// Reads a mapping of `keys`, handing each key to `member`, which must read its value;
    /// unknown and repeated keys are the decoder's errors to explain. Returns the keys met, a
    /// bit each.
    @discardableResult
    private mutating func scanMapping<Key>(
        _ keys: Keys<Key>, _ member: (inout Self, Key) throws(ScanRefusal) -> Void
    ) throws(ScanRefusal) -> UInt16 {
        try tokens.beginMapping()
        var seen: UInt16 = 0
        var first = true
        while let index = try tokens.nextKey(among: keys.bytes, first: first) {
            first = false
            guard seen & (1 << index) == 0 else { throw ScanRefusal() }
            seen |= 1 << index
            try member(&self, keys.cases[index])
        }
        return seen
    }

    /// Reads a sequence, calling `element` to read each value.
    private mutating func scanSequence(_ element: (inout Self) throws(ScanRefusal) -> Void) throws(ScanRefusal) {
        try tokens.beginSequence()
        var first = true
        while try tokens.nextElement(first: first) {
            first = false
            try element(&self)
        }
    }

    /// A state name or a sequence of them (non-empty for sources), into the scratch list of
    /// sources or targets; a single source goes through the memo of the last one.
    private mutating func stateNameList(areSources: Bool) throws(ScanRefusal) {
        if tokens.isAtText {
            let span = try tokens.name()
            if areSources {
                scratchSources.append(internState(span, throughMemo: true))
            } else {
                scratchTargets.append(internState(span))
            }
            return
        }
        var count = 0
        try scanSequence { (scanner: inout Self) throws(ScanRefusal) in
            let span = try scanner.tokens.name()
            let name = scanner.internState(span)
            if areSources { scanner.scratchSources.append(name) } else { scanner.scratchTargets.append(name) }
            count += 1
        }
        guard count > 0 || !areSources else { throw ScanRefusal() }
    }

    // MARK: Building the machine

    private func makeMachine() throws(ScanRefusal) -> Machine {
        // Every state name used must be declared; numbers follow declaration order.
        var stateNumber = [Int](repeating: -1, count: stateNames.count)
        for (number, state) in states.enumerated() { stateNumber[state.name] = number }
        func number(_ name: Int) throws(ScanRefusal) -> Int {
            let number = stateNumber[name]
            guard number >= 0 else { throw ScanRefusal() }
            return number
        }
        guard let initialName else { throw ScanRefusal() }
        let initial = try number(initialName)
        let ids = states.map { stateNameIDs[$0.name] }

        var machineStates: [State] = []
        machineStates.reserveCapacity(states.count)
        for state in states {
            machineStates.append(
                State(
                    ids[stateNumber[state.name]], label: state.label, kind: state.isFinal ? .final : .normal,
                    parent: try state.parent.map { (name: Int) throws(ScanRefusal) in ids[try number(name)] },
                    isParallel: state.isParallel, pseudoState: state.pseudoState,
                    entryEffects: state.entryEffects, exitEffects: state.exitEffects, location: state.location))
        }
        guard machineStates[initial].parent == nil else { throw ScanRefusal() }
        try markInitial(initial, in: &machineStates)
        for (parent, state) in states.enumerated() {
            guard let childName = state.initialChild else { continue }
            let child = try number(childName)
            guard machineStates[child].parent == ids[parent] else { throw ScanRefusal() }
            try markInitial(child, in: &machineStates)
        }

        // Declared events first, then the others in order of first use, as `Machine` orders them.
        var events = declaredEvents
        var eventNumber = [Int](repeating: -1, count: eventNames.count)
        for (number, name) in declaredEventNames.enumerated() { eventNumber[name] = number }
        var sources: [Int] = []
        var eventNumbers: [Int] = []
        var targets: [Int] = []
        sources.reserveCapacity(transitions.count)
        eventNumbers.reserveCapacity(transitions.count)
        targets.reserveCapacity(transitionTargets.count)
        for (source, event) in zip(transitionSources, transitionEvents) {
            sources.append(try number(Int(source)))
            let name = Int(event)
            guard name >= 0 else {
                eventNumbers.append(-1)
                continue
            }
            if eventNumber[name] < 0 {
                guard !hasEventList else { throw ScanRefusal() }
                eventNumber[name] = events.count
                events.append(Event(eventNameIDs[name]))
            }
            eventNumbers.append(eventNumber[name])
        }
        for target in transitionTargets { targets.append(try number(Int(target))) }
        do {
            return try Machine(
                name: name, summary: summary, states: machineStates, events: events, transitions: transitions,
                resolved: Machine.ResolvedTransitions(
                    sources: sources, events: eventNumbers, targetStart: transitionTargetStart, targets: targets))
        } catch {
            throw ScanRefusal()
        }
    }

    private func markInitial(_ number: Int, in states: inout [State]) throws(ScanRefusal) {
        guard states[number].kind != .final else { throw ScanRefusal() }
        states[number].kind = .initial
    }

    // MARK: Values

    private mutating func optionalStateName() throws(ScanRefusal) -> Int? {
        if try tokens.skipNull() { return nil }
        return internState(try tokens.name())
    }

    private mutating func optionalText() throws(ScanRefusal) -> String? {
        if try tokens.skipNull() { return nil }
        return try tokens.text()
    }

    /// A text or a non-empty sequence of texts; none for null.
    private mutating func optionalTexts() throws(ScanRefusal) -> [String] {
        if try tokens.skipNull() { return [] }
        if tokens.isAtText { return [try tokens.text()] }
        var texts: [String] = []
        try scanSequence { (scanner: inout Self) throws(ScanRefusal) in
            guard scanner.tokens.isAtText else { throw ScanRefusal() }
            texts.append(try scanner.tokens.text())
        }
        guard !texts.isEmpty else { throw ScanRefusal() }
        return texts
    }

    /// The text of a name's ASCII bytes.
    private func text(_ span: Span) -> String {
        let bytes = tokens.nameBytes
        return String(unsafeUninitializedCapacity: span.count) { buffer in
            _ = buffer.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[span.start..<span.start + span.count]))
            return span.count
        }
    }
}
