import FSMAnalysis
public import FSMCore
public import FSMInterop

extension Linter {
    /// The source files of one run, read together, with the settings that govern each and the
    /// argument each came from.
    struct SourceFiles {
        private(set) var paths: [String] = []
        /// The settings of each file, by its name as diagnostics show it.
        private(set) var settings: [String: RuleSettings] = [:]
        /// Each argument's files as diagnostics show them, in argument order, for reporting an
        /// argument with no machine.
        private(set) var inputs: [(input: String, paths: [String])] = []
        /// The arguments that stood for machine files too, which are machines enough.
        var inputsWithMachineFiles: Set<String> = []

        mutating func add(_ path: String, input: String, settings: RuleSettings) {
            paths.append(path)
            // The reader names each machine's file as diagnostics show it (`<stdin>` for `-`).
            let shown = Diagnostic.displayPath(for: path)
            self.settings[shown] = settings
            if inputs.last?.input == input {
                inputs[inputs.count - 1].paths.append(shown)
            } else {
                inputs.append((input, [shown]))
            }
        }
    }

    /// Lints every machine in `sources`: one result per file that holds a finding, in the
    /// order the files were found, one per file or machine the reader left out (an input error
    /// for a file it cannot read, a warning for what it did not read), and an input error for an
    /// argument whose files hold no machine and left none out (a Swift file named beside others
    /// that give machines is read as part of their module, and is none).
    func lint(_ sources: SourceFiles, with reader: any ModuleMachineReader) -> [LintResult] {
        let reading = reader.reading(sources.paths, limits: limits)
        let found = reading.machines
        var results = reading.skipped.map { skipped in
            LintResult(path: skipped.path, errors: [Self.inputError(skipped, skipped.severity == .error ? .invalidMachine : .skippedInput)])
        }
        // A package holds dozens of machines, each analysed on its own: on every core.
        let analysed = found.map { (machine: $0, settings: sources.settings[$0.path] ?? RuleSettings()) }
            .concurrentMap(cost: \.machine.imported.machine.transitions.count) { machine, settings in
                let imported = settings.markingFinalStates(in: machine.imported)
                return settings.apply(
                    to: Self.unsupportedContent(in: imported)
                        + Analyzer(rules: settings.enabledRules).analyze(imported.machine, semantics: imported.semantics))
            }
        var byFile: [String: [Finding]] = [:]
        for (file, findings) in Self.named(zip(found, analysed).map { ($0, $1) }) {
            byFile[file, default: []] += findings
        }
        // A file the reader left out is reported as such, not as one without a machine.
        let holding = Set(
            found.flatMap { machine in
                [machine.path] + machine.imported.machine.states.compactMap(\.location?.file)
                    + machine.imported.machine.transitions.compactMap(\.location?.file)
            } + reading.skipped.map(\.path))
        // Swift files are read together, as one module: one that gives no machine of its own (a
        // protocol the machine conforms to, a base class of its states) is part of the others'.
        let readWithMachines = found.contains { $0.path.hasSuffix(".swift") }
        for (input, paths) in sources.inputs
        where !allowsNoMachines && !sources.inputsWithMachineFiles.contains(input) && !paths.contains(where: holding.contains)
            && !(readWithMachines && input.hasSuffix(".swift"))
        {
            results.append(
                LintResult(
                    path: input,
                    errors: [
                        Diagnostic(
                            path: input, location: nil,
                            message:
                                "no state machine in the Swift source here (docs/swift-source.md lists the styles fsmviz reads; "
                                + "'fsmviz list --explain \(input)' says what came close)",
                            code: .noMachineFiles)
                    ]))
        }
        // A rule misspelt in a `// fsmviz:disable` comment silences nothing: an input error where
        // it is written, once however many machines share the enum.
        var unknown: [String: [Diagnostic]] = [:]
        for machine in found {
            for var error in Self.unknownSuppressions(in: machine.imported.machine, path: machine.path) {
                error.path = error.location?.file ?? machine.path
                error.location?.file = nil
                if unknown[error.path]?.contains(error) != true { unknown[error.path, default: []].append(error) }
            }
        }
        let last = SourceLocation(line: .max, column: .max)
        let leftOut = Set(reading.skipped.map(\.path))
        for path in sources.paths.map(Diagnostic.displayPath(for:))
        where (holding.contains(path) && !leftOut.contains(path)) || byFile[path] != nil || unknown[path] != nil {
            // Sorted by position, stably, so rule order is kept among findings at one position.
            let findings = (byFile[path] ?? []).enumerated().sorted { lhs, rhs in
                let left = lhs.element.location ?? last
                let right = rhs.element.location ?? last
                return left != right ? left < right : lhs.offset < rhs.offset
            }.map(\.element)
            results.append(LintResult(path: path, findings: findings, errors: unknown[path] ?? []))
        }
        return results
    }
}

extension Linter {
    /// Each machine's findings by the file they are in, each printed once: where a file holds
    /// the states of several machines (two types sharing one enum, a module of many), a finding
    /// names the machine it is about, and one that several machines share names them all.
    static func named(_ analysed: [(machine: ModuleMachine, findings: [Finding])]) -> [(file: String, findings: [Finding])] {
        var machinesByFile: [String: Set<String>] = [:]
        for (machine, _) in analysed {
            for file in Set([machine.path] + machine.imported.machine.states.compactMap(\.location?.file)) {
                machinesByFile[file, default: []].insert(machine.name)
            }
        }
        var order: [String] = []
        var grouped: [String: [(finding: Finding, machines: [String])]] = [:]
        for (machine, findings) in analysed {
            for finding in findings {
                let file = finding.location?.file ?? machine.path
                if grouped[file] == nil { order.append(file) }
                if let same = grouped[file]?.firstIndex(where: { $0.finding == finding }) {
                    grouped[file]?[same].machines.append(machine.name)
                } else {
                    grouped[file, default: []].append((finding, [machine.name]))
                }
            }
        }
        return order.map { file in
            let shared = (machinesByFile[file]?.count ?? 0) > 1
            return (
                file,
                (grouped[file] ?? []).map { entry in
                    guard shared || entry.machines.count > 1 else { return entry.finding }
                    var finding = entry.finding
                    let names = entry.machines.map { "'\($0)'" }
                    finding.message += " (machine\(names.count > 1 ? "s" : "") \(names.joined(separator: ", ")))"
                    return finding
                }
            )
        }
    }

    /// The files `input` stands for, found by the search `lint` makes: the file itself, or the
    /// machine files (and the files `sourceReader` reads) below a directory, sorted, with hidden
    /// and linked directories skipped; and a warning at each entry the search had to leave out
    /// (a name that is not UTF-8), which makes a run over the files incomplete.
    public static func files(in input: String, sourceReader: (any ModuleMachineReader)?) -> (paths: [String], leftOut: [Diagnostic]) {
        let (files, results) = MachineFileSearch.expand(input, sourceExtensions: sourceReader?.fileExtensions ?? [])
        return (files.map(\.path), results.flatMap(\.errors).filter { $0.code == .skippedInput })
    }
}
