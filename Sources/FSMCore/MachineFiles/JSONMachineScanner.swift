/// Reads the common shape of a JSON machine file straight into a ``Machine`` in one pass over
/// its bytes, without building a ``DocumentNode`` tree, and resolves every name to a number as
/// it is met instead of hashing strings again later.
///
/// It gives up (returns `nil`) on anything outside that shape: escapes in strings, names that
/// are not ASCII, a `lint` section, and every kind of mistake. The loader then reads the file
/// through ``JSONDocumentParser`` and ``MachineFileDecoder``, which explain problems with their
/// positions, so errors have a single source. Whatever the scanner accepts, it reads into the
/// same machine as the decoder would (checked by `JSONMachineScannerTests` and by the JSON
/// fuzz target).
/// - Complexity: O(bytes), without recursion; at most a few allocations per declaration.
struct JSONMachineScanner {
    /// Why the scanner stopped; the full decoder reads the file instead.
    private struct Unsupported: Error {}

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

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var position = PositionCounter(start: 0)

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

    /// The machine in `bytes`, or `nil` when the file needs the full decoder.
    static func machine(in bytes: UnsafeBufferPointer<UInt8>) -> Machine? {
        var scanner = JSONMachineScanner(bytes: bytes)
        do {
            try scanner.scanDocument()
            return try scanner.makeMachine()
        } catch {
            return nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        stateNames = NameTable(bytes: bytes)
        eventNames = NameTable(bytes: bytes)
        // No transition takes fewer bytes than this; capacity that is never written costs no
        // memory, while growing a large array copies it.
        let most = bytes.count / 24
        transitions.reserveCapacity(most)
        transitionSources.reserveCapacity(most)
        transitionEvents.reserveCapacity(most)
        transitionTargetStart.reserveCapacity(most + 1)
        transitionTargets.reserveCapacity(most)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            position = PositionCounter(start: 3)
        }
    }

    // MARK: The document

    private mutating func scanDocument() throws(Unsupported) {
        skipWhitespace()
        var seen: UInt16 = 0
        let keys = Keys<MachineKey>()
        try scanObject { (scanner: inout JSONMachineScanner, key: Span) throws(Unsupported) in
            try scanner.scanMember(scanner.field(key, among: keys, seen: &seen))
        }
        skipWhitespace()
        guard offset == bytes.count, initialName != nil, !states.isEmpty, keys.seen(.transitions, in: seen) else {
            throw Unsupported()
        }
    }

    private mutating func scanMember(_ key: MachineKey) throws(Unsupported) {
        switch key {
        case .schema:
            _ = try optionalText()
        case .version:
            // Only version 1 exists; anything else is the decoder's error to explain.
            guard consume("1") else { throw Unsupported() }
        case .name:
            name = try optionalText()
        case .description:
            summary = try optionalText()
        case .initial:
            let span = try nameSpan()
            initialName = internState(span)
        case .states:
            try scanArray { (scanner: inout JSONMachineScanner) throws(Unsupported) in try scanner.scanState() }
        case .events:
            if consume("null") { return }
            hasEventList = true
            try scanArray { (scanner: inout JSONMachineScanner) throws(Unsupported) in try scanner.scanEvent() }
        case .transitions:
            try scanArray { (scanner: inout JSONMachineScanner) throws(Unsupported) in try scanner.scanTransition() }
        case .lint:
            // Suppressions are rare and small; the decoder reads them.
            guard consume("null") else { throw Unsupported() }
        }
    }

    private mutating func scanState() throws(Unsupported) {
        let location = currentLocation()
        var entry = StateEntry(
            name: -1, label: nil, isFinal: false, parent: nil, initialChild: nil, isParallel: false,
            pseudoState: nil, entryEffects: [], exitEffects: [], location: location)
        if peek == UInt8(ascii: "\"") {
            let span = try nameSpan()
            entry.name = try declare(span)
            states.append(entry)
            return
        }
        var seen: UInt16 = 0
        try scanObject { (scanner: inout JSONMachineScanner, key: Span) throws(Unsupported) in
            switch try scanner.field(key, among: scanner.stateKeys, seen: &seen) {
            case .id:
                let span = try scanner.nameSpan()
                entry.name = try scanner.declare(span)
            case .label: entry.label = try scanner.optionalText()
            case .final: entry.isFinal = try scanner.optionalBool()
            case .parent: entry.parent = try scanner.optionalStateName()
            case .initial: entry.initialChild = try scanner.optionalStateName()
            case .parallel: entry.isParallel = try scanner.optionalBool()
            case .pseudo:
                guard let text = try scanner.optionalText() else { return }
                guard let kind = PseudoState(rawValue: text) else { throw Unsupported() }
                entry.pseudoState = kind
            case .entry: entry.entryEffects = try scanner.optionalTexts()
            case .exit: entry.exitEffects = try scanner.optionalTexts()
            }
        }
        guard entry.name >= 0, !(entry.isParallel && entry.initialChild != nil) else { throw Unsupported() }
        states.append(entry)
    }

    /// Interns a state's own name; a name declared twice is the decoder's error to report.
    private mutating func declare(_ span: Span) throws(Unsupported) -> Int {
        let name = internState(span)
        guard stateNames.declare(name) else { throw Unsupported() }
        return name
    }

    private mutating func scanEvent() throws(Unsupported) {
        let location = currentLocation()
        var nameSpan: Span?
        var label: String?
        if peek == UInt8(ascii: "\"") {
            nameSpan = try self.nameSpan()
        } else {
            var seen: UInt16 = 0
            try scanObject { (scanner: inout JSONMachineScanner, key: Span) throws(Unsupported) in
                switch try scanner.field(key, among: scanner.eventKeys, seen: &seen) {
                case .id: nameSpan = try scanner.nameSpan()
                case .label: label = try scanner.optionalText()
                }
            }
        }
        guard let nameSpan else { throw Unsupported() }
        let name = internEvent(nameSpan)
        guard eventNames.declare(name) else { throw Unsupported() }
        declaredEventNames.append(name)
        declaredEvents.append(Event(eventNameIDs[name], label: label, location: location))
    }

    private mutating func scanTransition() throws(Unsupported) {
        let location = currentLocation()
        scratchSources.removeAll(keepingCapacity: true)
        scratchTargets.removeAll(keepingCapacity: true)
        var event: Int?
        var guardLabel: String?
        var effects: [String] = []
        var computedTarget: String?
        var kind = TransitionKind.external
        var seen: UInt16 = 0
        try scanObject { (scanner: inout JSONMachineScanner, key: Span) throws(Unsupported) in
            switch try scanner.field(key, among: scanner.transitionKeys, seen: &seen) {
            case .from: try scanner.stateNameList(areSources: true)
            case .event:
                if let span = try scanner.optionalNameSpan() { event = scanner.internEvent(span) }
            case .to:
                // `null` and `[]` leave the transition targetless.
                if !scanner.consume("null") { try scanner.stateNameList(areSources: false) }
            case .type:
                // An unknown type is the decoder's error to explain.
                guard let text = try scanner.optionalText() else { return }
                guard let named = TransitionKind(rawValue: text) else { throw Unsupported() }
                kind = named
            case .guard: guardLabel = try scanner.optionalText()
            case .effects: effects = try scanner.optionalTexts()
            case .computed: computedTarget = try scanner.optionalText()
            }
        }
        guard !scratchSources.isEmpty else { throw Unsupported() }
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
            stateNameIDs.append(StateID(text(span)))
            singleTargets.append(nil)
        }
        return name
    }

    private mutating func internEvent(_ span: Span) -> Int {
        let name = eventNames.intern(span)
        if name == eventNameIDs.count { eventNameIDs.append(EventID(text(span))) }
        return name
    }

    /// Which of `fields` `key` is, refusing unknown and repeated keys.
    /// The key `span` names among `keys`, which `seen` (a bit per key) must not have met yet.
    private func field<Key>(_ span: Span, among keys: Keys<Key>, seen: inout UInt16) throws(Unsupported) -> Key {
        guard let index = keys.bytes.firstIndex(where: { matches(span, $0) }), seen & (1 << index) == 0 else {
            throw Unsupported()
        }
        seen |= 1 << index
        return keys.cases[index]
    }

    /// A state name or an array of them (non-empty for sources), into the scratch list of
    /// sources or targets; a single source goes through the memo of the last one.
    private mutating func stateNameList(areSources: Bool) throws(Unsupported) {
        if peek == UInt8(ascii: "\"") {
            let span = try nameSpan()
            if areSources {
                scratchSources.append(internState(span, throughMemo: true))
            } else {
                scratchTargets.append(internState(span))
            }
            return
        }
        var count = 0
        try scanArray { (scanner: inout JSONMachineScanner) throws(Unsupported) in
            let span = try scanner.nameSpan()
            let name = scanner.internState(span)
            if areSources { scanner.scratchSources.append(name) } else { scanner.scratchTargets.append(name) }
            count += 1
        }
        guard count > 0 || !areSources else { throw Unsupported() }
    }

    // MARK: Building the machine

    private func makeMachine() throws(Unsupported) -> Machine {
        // Every state name used must be declared; numbers follow declaration order.
        var stateNumber = [Int](repeating: -1, count: stateNames.count)
        for (number, state) in states.enumerated() { stateNumber[state.name] = number }
        func number(_ name: Int) throws(Unsupported) -> Int {
            let number = stateNumber[name]
            guard number >= 0 else { throw Unsupported() }
            return number
        }
        guard let initialName else { throw Unsupported() }
        let initial = try number(initialName)
        let ids = states.map { stateNameIDs[$0.name] }

        var machineStates: [State] = []
        machineStates.reserveCapacity(states.count)
        for state in states {
            machineStates.append(
                State(
                    ids[stateNumber[state.name]], label: state.label, kind: state.isFinal ? .final : .normal,
                    parent: try state.parent.map { (name: Int) throws(Unsupported) in ids[try number(name)] },
                    isParallel: state.isParallel, pseudoState: state.pseudoState,
                    entryEffects: state.entryEffects, exitEffects: state.exitEffects, location: state.location))
        }
        guard machineStates[initial].parent == nil else { throw Unsupported() }
        try markInitial(initial, in: &machineStates)
        for (parent, state) in states.enumerated() {
            guard let childName = state.initialChild else { continue }
            let child = try number(childName)
            guard machineStates[child].parent == ids[parent] else { throw Unsupported() }
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
                guard !hasEventList else { throw Unsupported() }
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
            throw Unsupported()
        }
    }

    private func markInitial(_ number: Int, in states: inout [State]) throws(Unsupported) {
        guard states[number].kind != .final else { throw Unsupported() }
        states[number].kind = .initial
    }

    // MARK: Values

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Consumes `literal` if the input continues with it.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let span = Span(start: offset, count: literal.utf8CodeUnitCount)
        guard offset + span.count <= bytes.count, matches(span, literal) else { return false }
        offset += span.count
        return true
    }

    private func matches(_ span: Span, _ expected: [UInt8]) -> Bool {
        span.count == expected.count
            && expected.withUnsafeBufferPointer { expected in
                bytesEqual(bytes.baseAddress! + span.start, expected.baseAddress!, span.count)
            }
    }

    private func matches(_ span: Span, _ literal: StaticString) -> Bool {
        span.count == literal.utf8CodeUnitCount
            && literal.withUTF8Buffer { expected in
                bytesEqual(bytes.baseAddress! + span.start, expected.baseAddress!, span.count)
            }
    }

    /// Reads `{ "key": value, ... }`, handing each key to `member`, which must read its value.
    private mutating func scanObject(
        _ member: (inout JSONMachineScanner, Span) throws(Unsupported) -> Void
    ) throws(Unsupported) {
        guard consume("{") else { throw Unsupported() }
        skipWhitespace()
        if consume("}") { return }
        while true {
            skipWhitespace()
            let (key, _) = try stringSpan()
            skipWhitespace()
            guard consume(":") else { throw Unsupported() }
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            if consume(",") { continue }
            guard consume("}") else { throw Unsupported() }
            return
        }
    }

    /// Reads `[ value, ... ]`, calling `element` to read each value.
    private mutating func scanArray(_ element: (inout JSONMachineScanner) throws(Unsupported) -> Void) throws(Unsupported) {
        guard consume("[") else { throw Unsupported() }
        skipWhitespace()
        if consume("]") { return }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            if consume(",") { continue }
            guard consume("]") else { throw Unsupported() }
            return
        }
    }

    /// A string's contents, without escapes, and whether they are all ASCII.
    private mutating func stringSpan() throws(Unsupported) -> (Span, isASCII: Bool) {
        guard consume("\"") else { throw Unsupported() }
        let start = offset
        var high: UInt8 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                if high >= 0x80 { position.sawNonASCII() }
                return (Span(start: start, count: offset - 1 - start), high < 0x80)
            }
            // Escapes are left to the full parser, as are control characters (its errors).
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw Unsupported() }
            high |= byte
            offset += 1
        }
        throw Unsupported()
    }

    /// An ASCII name: names are compared byte for byte, which only matches how Swift compares
    /// strings (by canonical equivalence) when they are ASCII.
    private mutating func nameSpan() throws(Unsupported) -> Span {
        let (span, isASCII) = try stringSpan()
        guard isASCII, span.count > 0 else { throw Unsupported() }
        return span
    }

    private mutating func optionalNameSpan() throws(Unsupported) -> Span? {
        if consume("null") { return nil }
        return try nameSpan()
    }

    private mutating func optionalStateName() throws(Unsupported) -> Int? {
        guard let span = try optionalNameSpan() else { return nil }
        return internState(span)
    }

    private mutating func optionalText() throws(Unsupported) -> String? {
        if consume("null") { return nil }
        let (span, isASCII) = try stringSpan()
        if isASCII { return text(span) }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[span.start..<span.start + span.count]), as: UTF8.self) else {
            throw Unsupported()
        }
        return text
    }

    /// A string or a non-empty array of strings; none for `null`.
    private mutating func optionalTexts() throws(Unsupported) -> [String] {
        if consume("null") { return [] }
        if peek == UInt8(ascii: "\"") { return [try optionalText() ?? ""] }
        var texts: [String] = []
        try scanArray { (scanner: inout JSONMachineScanner) throws(Unsupported) in
            guard scanner.peek == UInt8(ascii: "\""), let text = try scanner.optionalText() else { throw Unsupported() }
            texts.append(text)
        }
        guard !texts.isEmpty else { throw Unsupported() }
        return texts
    }

    private mutating func optionalBool() throws(Unsupported) -> Bool {
        if consume("true") { return true }
        if consume("false") || consume("null") { return false }
        throw Unsupported()
    }

    /// The text of ASCII bytes.
    private func text(_ span: Span) -> String {
        String(unsafeUninitializedCapacity: span.count) { buffer in
            _ = buffer.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[span.start..<span.start + span.count]))
            return span.count
        }
    }

    // MARK: Positions

    private mutating func skipWhitespace() {
        position.skipWhitespace(in: bytes, from: &offset)
    }

    /// The line and column of the current byte, as ``JSONDocumentParser`` reports them.
    private mutating func currentLocation() -> SourceLocation {
        position.location(of: offset, in: bytes)
    }
}
