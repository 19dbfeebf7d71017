internal import FSMCore

/// The elements and attributes of the SCXML namespace, so a misspelling is an error rather
/// than a silently missing transition.
///
/// Only names in the SCXML namespace (and, as SCXML documents write them, unprefixed
/// attributes of SCXML elements) are checked. Elements and attributes of other namespaces
/// are extensions, such as Qt Creator's `<qt:editorinfo>`, and are left alone; so are the
/// contents of `<content>` and `<data>`, which are arbitrary data. An unknown attribute of an
/// element that makes the machine's structure (a state, a transition, `<scxml>` itself) is an
/// error, since the drawing would be wrong without it; of executable content and data, which
/// only feed effect texts, it is an error when close to one the element takes (a misspelling)
/// and otherwise what an engine or an earlier draft of SCXML added (uscxml's `<data type>`),
/// and only a warning. An earlier draft's `<state final="true">` is read.
enum SCXMLVocabulary {
    /// Each element of the W3C recommendation with its attributes.
    static let attributes: [String: Set<String>] = [
        "scxml": ["initial", "name", "version", "datamodel", "binding", "exmode"],
        "state": ["id", "initial"],
        // Not SCXML's on <parallel>, which enters every region; the builder says so when it
        // ignores one (PySCXML writes them).
        "parallel": ["id", "initial"],
        "transition": ["event", "cond", "target", "type"],
        "initial": [],
        "final": ["id"],
        "onentry": [],
        "onexit": [],
        "history": ["id", "type"],
        "raise": ["event"],
        "if": ["cond"],
        "elseif": ["cond"],
        "else": [],
        "foreach": ["array", "item", "index"],
        "log": ["label", "expr"],
        "datamodel": [],
        "data": ["id", "src", "expr"],
        "assign": ["location", "expr"],
        "donedata": [],
        "content": ["expr"],
        "param": ["name", "expr", "location"],
        "script": ["src"],
        "send": [
            "event", "eventexpr", "target", "targetexpr", "type", "typeexpr", "id", "idlocation", "delay",
            "delayexpr", "namelist",
        ],
        "cancel": ["sendid", "sendidexpr"],
        "invoke": ["type", "typeexpr", "src", "srcexpr", "id", "idlocation", "namelist", "autoforward"],
        "finalize": [],
    ]

    /// Elements whose children are data, not SCXML.
    private static let opaqueContent: Set<String> = ["content", "data"]

    /// Attributes that an earlier draft of SCXML defined and fsmviz reads: `<state final="true">`
    /// is a final state, and `<assign name>` names what `location` names now.
    private static let draftAttributes: [String: Set<String>] = ["state": ["final"], "assign": ["name"]]

    /// The elements whose attributes make the machine's structure: states, transitions and
    /// the document itself.
    private static let structural: Set<String> = ["scxml", "state", "parallel", "final", "history", "initial", "transition"]

    /// Checks `root` and every SCXML element below it, and returns a warning for each attribute
    /// of executable content or data that SCXML does not define and that is close to none it
    /// does, in document order.
    /// - Throws: ``MachineFileError`` at the first unknown element, unknown attribute of a
    ///   structural element or misspelled attribute, in document order, with the nearest known
    ///   name when one is close.
    static func check(_ root: XMLTreeElement, path: String) throws(MachineFileError) -> [InteropWarning] {
        var warnings: [InteropWarning] = []
        var pending = [root]
        while let element = pending.popLast() {
            guard element.namespace == SCXMLNamespaces.scxml || element.namespace.isEmpty else { continue }
            guard let known = attributes[element.name] else {
                throw MachineFileError(
                    path: path, location: element.location,
                    message: "<\(element.name)> is not an SCXML element"
                        + Suggestion.hint(for: element.name, among: attributes.keys.sorted()))
            }
            for name in element.attributes.keys.sorted() where !known.contains(name) && !name.hasPrefix("xmlns") {
                if draftAttributes[element.name]?.contains(name) == true { continue }
                let hint = Suggestion.hint(for: name, among: known.sorted())
                guard hint.isEmpty, !structural.contains(element.name) else {
                    throw MachineFileError(
                        path: path, location: element.location,
                        message: "<\(element.name)> has no attribute '\(name)'" + (known.isEmpty ? " (it takes none)" : hint))
                }
                warnings.append(
                    Diagnostic.warning(
                        path: path, location: element.location,
                        message: "<\(element.name)> has no attribute '\(name)' in SCXML"
                            + (known.isEmpty ? " (it takes none)" : "") + "; ignored"))
            }
            if !opaqueContent.contains(element.name) { pending += element.children.reversed() }
        }
        return warnings
    }
}
