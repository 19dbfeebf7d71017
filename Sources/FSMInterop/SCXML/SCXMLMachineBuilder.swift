internal import FSMCore

/// Turns a parsed SCXML tree into a ``Machine``, collecting warnings for what it leaves out.
struct SCXMLMachineBuilder {
    let path: String
    private(set) var warnings: [InteropWarning] = []
    /// Every `<invoke>`, in document order, for the analysis of `done.invoke` events.
    private(set) var invocations: [MachineSemantics.Invocation] = []
    private var states: [State] = []
    private var transitions: [Transition] = []
    private var usedIDs: Set<String> = []
    private var summarizer = ExecutableContent()

    init(path: String) {
        self.path = path
    }

    private static let stateElements: Set<String> = ["state", "parallel", "final", "history"]

    mutating func build(_ root: XMLTreeElement) throws(MachineFileError) -> Machine {
        guard root.name == "scxml", root.namespace == SCXMLNamespaces.scxml || root.namespace.isEmpty else {
            throw MachineFileError(
                path: path, location: root.location,
                message: root.name == "scxml"
                    ? "the root element <scxml> is in the namespace '\(root.namespace)', not SCXML's (\(SCXMLNamespaces.scxml))"
                    : "the root element is <\(root.name)>, not SCXML's <scxml>")
        }
        if root.namespace.isEmpty {
            warn(root, "<scxml> is not in the SCXML namespace (\(SCXMLNamespaces.scxml)); read as SCXML anyway")
        }
        warnings += try SCXMLVocabulary.check(root, path: path)
        collectIDs(root)
        try visitChildren(of: root, parent: nil, parentIndex: nil)
        summarizer.warnings.forEach { warnings.append(Diagnostic.warning(path: path, location: $0.location, message: $0.message)) }
        // In file order; equal positions keep the order they were found in.
        warnings = warnings.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.element.location ?? SourceLocation(line: 0, column: 0)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        do {
            return try Machine(name: root.attributes["name"], states: states, transitions: transitions)
        } catch {
            throw MachineFileError(
                path: path, location: error.location ?? root.location, message: error.describedWithSuggestion(among: states))
        }
    }

    // MARK: - States

    /// Every explicit id, so generated ids never take one.
    private mutating func collectIDs(_ element: XMLTreeElement) {
        var pending = [element]
        while let next = pending.popLast() {
            if isSCXML(next), Self.stateElements.contains(next.name), let id = next.attributes["id"] { usedIDs.insert(id) }
            pending += next.children
        }
    }

    /// The id of a state element: its own, or one made from its position when it has none.
    private func id(of element: XMLTreeElement) -> String {
        element.attributes["id"] ?? "\(element.name)@\(element.location.line):\(element.location.column)"
    }

    private mutating func fresh(_ base: String) -> StateID {
        var candidate = base
        var suffix = 1
        while usedIDs.contains(candidate) {
            suffix += 1
            candidate = "\(base)\(suffix)"
        }
        usedIDs.insert(candidate)
        return StateID(candidate)
    }

    /// The states, transitions and initial entry inside `<scxml>`, `<state>` or `<parallel>`.
    private mutating func visitChildren(
        of element: XMLTreeElement, parent: StateID?, parentIndex: Int?
    ) throws(MachineFileError) {
        let childStates = childStates(of: element)
        let isParallel = element.name == "parallel"
        var initialChild: StateID?
        // The <initial> element initialEntry reads, if any; others are reported below.
        var readInitial: SourceLocation?
        if !childStates.isEmpty, !isParallel, element.attributes["initial"] == nil {
            readInitial = element.children.first { isSCXML($0) && $0.name == "initial" }?.location
        }
        if !childStates.isEmpty, !isParallel {
            initialChild = initialEntry(of: element, parent: parent, childStates: childStates)
        } else if element.attributes["initial"] != nil, element.name != "scxml" {
            warn(
                element,
                "'initial' on \(isParallel ? "a parallel" : "an atomic") state is ignored: \(isParallel ? "a parallel state enters all its regions" : "it has no child states")"
            )
        }
        for child in element.children {
            // Other namespaces are extensions (editor metadata such as Qt Creator's
            // <qt:editorinfo>) that change nothing fsmviz models: ignored quietly.
            guard isSCXML(child) else { continue }
            switch child.name {
            case "state", "parallel", "final", "history":
                try visitState(child, parent: parent, isInitial: initialChild.map { $0.rawValue == id(of: child) } ?? false)
            case "transition" where parent != nil && element.name != "scxml":
                visitTransition(child, source: StateID(id(of: element)))
            case "onentry", "onexit":
                if let index = parentIndex {
                    let effects = summarizer.summarize(child.children)
                    if child.name == "onentry" { states[index].entryEffects += effects } else { states[index].exitEffects += effects }
                } else {
                    warn(child, "<\(child.name)> is not supported inside <scxml>; ignored")
                }
            case "initial":
                if child.location != readInitial, element.attributes["initial"] == nil {
                    warn(child, "<initial> is ignored: only the first one inside a compound <state> chooses its initial state")
                }
            case "datamodel":
                warn(child, "<datamodel> is not analysed: fsmviz reads conditions as opaque guards")
            case "invoke":
                if let parent {
                    // With `idlocation` or no `id` the interpreter makes the id up.
                    invocations.append(.init(state: parent, id: child.attributes["idlocation"] == nil ? child.attributes["id"] : nil))
                }
                warn(child, "<invoke> is not supported: the invoked service and the events it sends are not modelled")
            case "donedata":
                warn(child, "<donedata> is not supported: the data a final state returns is not modelled")
            case "script" where element.name == "scxml":
                warn(child, "a global <script> is not supported: it is not run or drawn")
            default:
                warn(child, "<\(child.name)> is not supported inside <\(element.name)>; ignored")
            }
        }
    }

    /// Works out what entering `element` enters: the child to mark initial, or (adding an
    /// initial pseudo-state) the deeper or several states its `initial` names.
    private mutating func initialEntry(
        of element: XMLTreeElement, parent: StateID?, childStates: [XMLTreeElement]
    ) -> StateID? {
        var targets: [String]
        var effects: [String] = []
        var location = element.location
        let initialElements = element.children.filter { isSCXML($0) && $0.name == "initial" }
        if let attribute = element.attributes["initial"] {
            targets = SCXMLList.items(attribute)
            if let extra = initialElements.first {
                warn(extra, "<initial> is ignored: the 'initial' attribute of <\(element.name)> already names the initial state")
            }
        } else if let initial = initialElements.first {
            location = initial.location
            let transition = initial.children.first { isSCXML($0) && $0.name == "transition" }
            targets = transition.map { SCXMLList.items($0.attributes["target"] ?? "") } ?? []
            effects = transition.map { summarizer.summarize($0.children) } ?? []
            if transition == nil { warn(initial, "<initial> has no <transition>; entering the first child instead") }
        } else {
            targets = []
        }
        if targets.isEmpty { targets = [id(of: childStates[0])] }
        let direct = Set(childStates.map { id(of: $0) })
        let isFinal = childStates.first { id(of: $0) == targets[0] }.map(isFinalState) ?? false
        if targets.count == 1, direct.contains(targets[0]), effects.isEmpty, !isFinal {
            return StateID(targets[0])
        }
        // Deeper or several targets: an initial pseudo-state whose transition enters them.
        let pseudo = fresh(parent.map { "\($0).initial" } ?? "initial")
        states.append(State(pseudo, kind: .initial, parent: parent, pseudoState: .initial, location: location))
        transitions.append(
            Transition(from: pseudo, on: nil, to: targets.map { StateID($0) }, effects: effects, location: location))
        return pseudo
    }

    private mutating func visitState(_ element: XMLTreeElement, parent: StateID?, isInitial: Bool) throws(MachineFileError) {
        let id = StateID(id(of: element))
        checkDraftFinal(element)
        var state = State(
            id, label: element.attribute("label", namespace: SCXMLNamespaces.fsmviz),
            kind: isFinalState(element) ? .final : (isInitial ? .initial : .normal), parent: parent,
            isParallel: element.name == "parallel", location: element.location)
        if element.name == "history" {
            state.pseudoState = element.attributes["type"] == "deep" ? .deepHistory : .history
            states.append(state)
            for child in element.children where isSCXML(child) {
                if child.name == "transition" {
                    visitTransition(child, source: id)
                } else {
                    warn(child, "<\(child.name)> is not supported inside <history>; ignored")
                }
            }
            return
        }
        states.append(state)
        try visitChildren(of: element, parent: id, parentIndex: states.count - 1)
    }

    private mutating func visitTransition(_ element: XMLTreeElement, source: StateID) {
        let events = SCXMLList.items(element.attributes["event"] ?? "")
        let targets = SCXMLList.items(element.attributes["target"] ?? "")
        let effects = summarizer.summarize(element.children)
        var kind = TransitionKind.external
        if let type = element.attributes["type"] {
            if let named = TransitionKind(rawValue: type) {
                kind = named
            } else {
                warn(element, "transition type '\(type)' is neither 'internal' nor 'external'; read as 'external'")
            }
        }
        let triggers: [EventID?] = events.isEmpty ? [nil] : events.map { EventID($0) }
        for event in triggers {
            // No target is a targetless transition: it runs its content and changes no state.
            transitions.append(
                Transition(
                    from: source, on: event, to: targets.map { StateID($0) }, guard: element.attributes["cond"],
                    effects: effects, kind: kind, location: element.location))
        }
    }

    // MARK: - Helpers

    /// Whether `element` is a final state: a `<final>`, or an atomic `<state final="true">` as
    /// an earlier draft of SCXML wrote one (and Apache Commons SCXML still reads).
    private func isFinalState(_ element: XMLTreeElement) -> Bool {
        element.name == "final"
            || (element.name == "state" && element.attributes["final"] == "true" && !hasChildStates(element))
    }

    private func hasChildStates(_ element: XMLTreeElement) -> Bool { !childStates(of: element).isEmpty }

    /// The `<state>`, `<parallel>` and `<final>` elements directly inside `element`.
    private func childStates(of element: XMLTreeElement) -> [XMLTreeElement] {
        element.children.filter { isSCXML($0) && ["state", "parallel", "final"].contains($0.name) }
    }

    /// Reports a draft's `final` attribute that is not read as a final state.
    private mutating func checkDraftFinal(_ element: XMLTreeElement) {
        guard element.name == "state", let value = element.attributes["final"] else { return }
        if value == "true", hasChildStates(element) {
            warn(element, "final=\"true\" is ignored on a <state> with child states: only an atomic state can be final")
        } else if value != "true", value != "false" {
            warn(element, "final=\"\(value)\" is neither 'true' nor 'false'; read as 'false'")
        }
    }

    private func isSCXML(_ element: XMLTreeElement) -> Bool {
        element.namespace == SCXMLNamespaces.scxml || element.namespace.isEmpty
    }

    private mutating func warn(_ element: XMLTreeElement, _ message: String) {
        warnings.append(Diagnostic.warning(path: path, location: element.location, message: message))
    }
}
