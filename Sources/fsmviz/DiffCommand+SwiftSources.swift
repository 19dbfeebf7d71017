import FSMAnalysis
import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource

extension FsmvizCommand.Diff {
    /// The entries of the machines in the Swift sources `old` and `new` hold (each a directory
    /// and the files found below it): each side's sources read as their modules, as every command reads them, and its machines paired by name
    /// (wherever their files went), then the rest by how alike they are
    /// (``/FSMAnalysis/MachinePairing``), as a type renamed keeps its machine. A machine is shown
    /// as `FILE#NAME`, its file relative to its side; a side whose sources do not read is an
    /// input error, and the other machines are still compared.
    func swiftEntries(
        old: (directory: String, files: [String]), oldName: String, new: (directory: String, files: [String]), status: inout ExitStatus
    ) throws -> [(key: String, entry: DirectoryDiffReport.Entry)] {
        let reader = SwiftSourceReader()
        let (oldFiles, newFiles) = (old.files, new.files)
        let (old, new) = (old.directory, new.directory)
        guard !oldFiles.isEmpty || !newFiles.isEmpty else { return [] }
        // Each file is read under the name it is shown by (`REF:PATH` for a revision's copy),
        // so that errors and the changes' positions name it so.
        func machines(_ files: [String], below directory: String, shownBelow shown: String) -> [ModuleMachine]? {
            let limits = limitOptions.limits
            do {
                var sources: [(path: String, bytes: [UInt8])] = []
                for file in files {
                    let bytes = try MachineFileLoader.read(path: file, maximumFileSize: limits.fileSize ?? .max, advice: limits.advice.fileSize)
                    sources.append((Self.join(shown, Self.relative(file, below: directory)), bytes))
                }
                return try reader.machines(reading: sources, limits: limits).machines
            } catch {
                Console.printError(error.description)
                status = max(status, .usage)
                return nil
            }
        }
        guard let oldMachines = machines(oldFiles, below: old, shownBelow: oldName),
            let newMachines = machines(newFiles, below: new, shownBelow: new)
        else { return [] }
        let pairs = Self.pairedByName(old: oldMachines, new: newMachines)
        var entries: [(key: String, entry: DirectoryDiffReport.Entry)] = []
        func shown(_ machine: ModuleMachine) -> String { machine.path + "#" + machine.name }
        let oldRelative = { (machine: ModuleMachine) in Self.relative(machine.path, below: oldName) }
        let newRelative = { (machine: ModuleMachine) in Self.relative(machine.path, below: new) }
        for (oldIndex, newIndex) in pairs.paired {
            let (oldMachine, newMachine) = (oldMachines[oldIndex], newMachines[newIndex])
            let entry = try pairEntry(
                old: oldMachine.imported, new: newMachine.imported, shown: (shown(oldMachine), shown(newMachine)),
                renamed: oldMachine.name != newMachine.name || oldRelative(oldMachine) != newRelative(newMachine),
                drawing: ReadingOptions.fileBaseName(of: newMachine.imported.machine), configuredAs: newMachine.path, status: &status)
            entries.append((newRelative(newMachine) + "#" + newMachine.name, entry))
        }
        for machine in pairs.newOnly.map({ newMachines[$0] }) {
            let entry = try oneSidedEntry(machine.imported, shown: shown(machine), configuredAs: machine.path, introduced: true)
            entries.append((newRelative(machine) + "#" + machine.name, entry))
        }
        for machine in pairs.oldOnly.map({ oldMachines[$0] }) {
            // A removed machine is configured as it would be where it was, in the new directory.
            let configuredAs = Self.join(new, oldRelative(machine))
            let entry = try oneSidedEntry(machine.imported, shown: shown(machine), configuredAs: configuredAs, introduced: false)
            entries.append((oldRelative(machine) + "#" + machine.name, entry))
        }
        return entries
    }

    /// Pairs of indices into `old` and `new`: same names first, then the most alike of the rest.
    static func pairedByName(
        old: [ModuleMachine], new: [ModuleMachine]
    ) -> (paired: [(old: Int, new: Int)], oldOnly: [Int], newOnly: [Int]) {
        let newByName = Dictionary(new.indices.map { (new[$0].name, $0) }) { first, _ in first }
        var paired: [(old: Int, new: Int)] = []
        var takenNew: Set<Int> = []
        for (oldIndex, machine) in old.enumerated() {
            if let newIndex = newByName[machine.name], takenNew.insert(newIndex).inserted { paired.append((oldIndex, newIndex)) }
        }
        let takenOld = Set(paired.map(\.old))
        let oldLeft = old.indices.filter { !takenOld.contains($0) }
        let newLeft = new.indices.filter { !takenNew.contains($0) }
        let alike = MachinePairing.pairs(old: oldLeft.map { old[$0].imported.machine }, new: newLeft.map { new[$0].imported.machine })
        paired += alike.map { (oldLeft[$0.old], newLeft[$0.new]) }
        let pairedOld = Set(paired.map(\.old))
        let pairedNew = Set(paired.map(\.new))
        return (paired, old.indices.filter { !pairedOld.contains($0) }, new.indices.filter { !pairedNew.contains($0) })
    }

    /// `path` relative to `directory`, when it is below it.
    static func relative(_ path: String, below directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
