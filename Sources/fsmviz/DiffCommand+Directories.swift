import FSMAnalysis
import FSMCore
import FSMInterop
import FSMLint
import FSMSwiftSource
import Foundation

extension FsmvizCommand.Diff {
    /// Compares two directories (or a directory and its version in git) machine file by
    /// machine file, reports each change, and draws each changed machine into `-o`'s directory.
    func runDirectories() throws {
        let newDirectory = paths[paths.count - 1]
        guard let against else {
            try compareDirectories(old: paths[0], oldName: paths[0], new: newDirectory, renames: nil)
            return
        }
        let revision = GitRevision(reference: against)
        try revision.withDirectoryCopy(of: newDirectory) { copy, complete in
            let renames: [(old: String, new: String)]
            do throws(GitRevision.Failure) {
                renames = try revision.renames(in: newDirectory)
            } catch {
                Console.printError(PrintableText.escaped("error: \(error.message)"))
                throw ExitStatus.usage.exitCode
            }
            try compareDirectories(
                old: copy, oldName: "\(against):\(newDirectory)", new: newDirectory, renames: renames, complete: complete)
        }
    }

    /// Pairs the machine files below `old` and `new` by their relative paths, then by
    /// `renames` (git's) or, without them, by how alike the machines are
    /// (``/FSMAnalysis/MachinePairing``); reports named with `oldName` for the old side. A side
    /// not `complete` (an entry refused, with its warning) exits with status 4 at least.
    private func compareDirectories(
        old: String, oldName: String, new: String, renames: [(old: String, new: String)]?, complete: Bool = true
    ) throws {
        let reader = SwiftSourceReader()
        let (oldFound, oldLeftOut) = Self.files(in: old)
        let (newFound, newLeftOut) = Self.files(in: new)
        var status: ExitStatus = complete ? .success : .incomplete
        for leftOut in oldLeftOut + newLeftOut {
            if !reading.quiet { Console.printError(leftOut.description) }
            status = .incomplete
        }
        let oldFiles = oldFound.filter { !reader.reads($0) }
        let newFiles = newFound.filter { !reader.reads($0) }
        let oldSet = Set(oldFiles)
        let newSet = Set(newFiles)
        var pairs: [(old: String, new: String)] = oldFiles.filter(newSet.contains).map { ($0, $0) }
        var oldOnly = oldFiles.filter { !newSet.contains($0) }
        var newOnly = newFiles.filter { !oldSet.contains($0) }
        var machines: [String: ImportedMachine] = [:]
        /// Reads one side's file once, or notes the input error and returns `nil`.
        func machine(_ relative: String, oldSide: Bool) -> ImportedMachine? {
            let key = (oldSide ? "old/" : "new/") + relative
            if let known = machines[key] { return known }
            let path = Self.join(oldSide ? old : new, relative)
            do {
                let read = try readOrExit(path, as: oldSide ? Self.join(oldName, relative) : nil)
                machines[key] = read
                return read
            } catch {
                status = max(status, .usage)
                return nil
            }
        }
        if let renames {
            let oldLeft = Set(oldOnly)
            let newLeft = Set(newOnly)
            pairs += renames.filter { oldLeft.contains($0.old) && newLeft.contains($0.new) }
        } else if !oldOnly.isEmpty, !newOnly.isEmpty {
            let oldReadable = oldOnly.filter { machine($0, oldSide: true) != nil }
            let newReadable = newOnly.filter { machine($0, oldSide: false) != nil }
            pairs += MachinePairing.pairs(
                old: oldReadable.compactMap { machines["old/" + $0]?.machine },
                new: newReadable.compactMap { machines["new/" + $0]?.machine }
            ).map { (oldReadable[$0.old], newReadable[$0.new]) }
        }
        let pairedOld = Set(pairs.map(\.old))
        let pairedNew = Set(pairs.map(\.new))
        oldOnly.removeAll(where: pairedOld.contains)
        newOnly.removeAll(where: pairedNew.contains)

        var entries: [(key: String, entry: DirectoryDiffReport.Entry)] = []
        for pair in pairs {
            let oldPath = Self.join(old, pair.old)
            let newPath = Self.join(new, pair.new)
            let oldShown = Self.join(oldName, pair.old)
            let renamed = pair.old != pair.new
            // Byte-identical files are the same machine: no need to read them.
            if !renamed, let bytes = FileManager.default.contents(atPath: oldPath), bytes == FileManager.default.contents(atPath: newPath) {
                entries.append((pair.new, DirectoryDiffReport.Entry(oldPath: oldShown, newPath: newPath, diff: MachineDiff())))
                continue
            }
            guard let oldMachine = machine(pair.old, oldSide: true), let newMachine = machine(pair.new, oldSide: false) else { continue }
            let entry = try pairEntry(
                old: oldMachine, new: newMachine, shown: (oldShown, newPath), renamed: renamed, drawing: pair.new, configuredAs: newPath,
                status: &status)
            entries.append((pair.new, entry))
        }
        for name in newOnly {
            guard let added = machine(name, oldSide: false) else { continue }
            let path = Self.join(new, name)
            entries.append((name, try oneSidedEntry(added, shown: path, configuredAs: path, introduced: true)))
        }
        for name in oldOnly {
            guard let removed = machine(name, oldSide: true) else { continue }
            // A removed machine is configured as it would be where it was, in the new directory.
            entries.append((name, try oneSidedEntry(removed, shown: Self.join(oldName, name), configuredAs: Self.join(new, name), introduced: false)))
        }
        entries += try swiftEntries(
            old: (old, oldFound.filter(reader.reads).map { Self.join(old, $0) }), oldName: oldName,
            new: (new, newFound.filter(reader.reads).map { Self.join(new, $0) }), status: &status)
        let report = DirectoryDiffReport(
            oldPath: oldName, newPath: new, entries: entries.sorted { $0.key < $1.key }.map(\.entry))
        var outcome: ExitStatus = report.hasChanges ? .findings : .success
        if let failOn {
            outcome = report.entries.contains { $0.findings?.introduces(atLeast: failOn) == true } ? .findings : .success
        }
        status = max(status, outcome, emit(report.render(format)))
        if status != .success { throw status.exitCode }
    }

    /// The entry of a machine both sides hold (`shown` by those names): its diff, drawn into
    /// `-o`'s directory as `drawing` (a path below it, without extension) when it changed, and,
    /// with `--lint`, the delta of its findings, configured as the file `configuredAs`.
    func pairEntry(
        old: ImportedMachine, new: ImportedMachine, shown: (old: String, new: String), renamed: Bool, drawing: String,
        configuredAs path: String, status: inout ExitStatus
    ) throws -> DirectoryDiffReport.Entry {
        let diff = MachineDiff(from: old.machine, to: new.machine)
        if !renamed { warnIfUnrelated(old.machine, new.machine, oldName: shown.old, newName: shown.new) }
        var picture: String?
        if let output, !diff.isEmpty {
            let format = drawingFormat ?? .svg
            let destination = Self.join(output, drawing + "." + format.fileExtension)
            status = max(status, draw(diff, old: old.machine, new: new.machine, to: destination))
            picture = destination
        }
        let findings = try lint ? findingDelta(old: old, new: new, configuredAs: path) : nil
        return DirectoryDiffReport.Entry(oldPath: shown.old, newPath: shown.new, diff: diff, renamed: renamed, picture: picture, findings: findings)
    }

    /// The entry of a machine only one side has, `shown` by that name: with `--lint`, all its
    /// findings are introduced (an added machine) or fixed (a removed one).
    func oneSidedEntry(
        _ machine: ImportedMachine, shown: String, configuredAs path: String, introduced: Bool
    ) throws -> DirectoryDiffReport.Entry {
        var delta: FindingDelta?
        if lint {
            let findings = Linter.findings(of: machine, settings: try lintSettings(configuredAs: path))
            delta = introduced ? FindingDelta(old: [], new: findings) : FindingDelta(old: findings, new: [])
        }
        return introduced
            ? DirectoryDiffReport.Entry(newPath: shown, machine: machine.machine, findings: delta)
            : DirectoryDiffReport.Entry(oldPath: shown, machine: machine.machine, findings: delta)
    }

    /// The machine files and Swift sources below `directory`, as `lint` searches it, relative to
    /// it, sorted, and a warning at each entry the search left out.
    private static func files(in directory: String) -> (paths: [String], leftOut: [Diagnostic]) {
        let found = Linter.files(in: directory, sourceReader: SwiftSourceReader())
        return (found.paths.map { relative($0, below: directory) }, found.leftOut)
    }

    static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
