import DiagramCheck
import FSMCore
import FSMInterop
import FSMRendering
import Foundation

// Usage: diagram-check [--skip-unreadable] [--json] [--svg DIR | --png DIR] [--drawing DRAWING] FILE...
// Lays each machine out as `fsmviz render` does by default and prints what DiagramChecker
// finds in the drawing; with --svg or --png, also writes each drawing there, to look at.
// Exit status: 0 clean, 1 a finding, 2 a file that could not be checked.

var arguments = Array(CommandLine.arguments.dropFirst())
// Corpus files fsmviz refuses (other formats, data files) are counted rather than failing the run.
let skipsUnreadable = arguments.first == "--skip-unreadable"
if skipsUnreadable { arguments.removeFirst() }
let printsJSON = arguments.first == "--json"
if printsJSON { arguments.removeFirst() }
var skipped = 0
var drawings: (directory: String, format: RenderFormat)?
if arguments.count >= 2, let format = ["--svg": RenderFormat.svg, "--png": .png][arguments[0]] {
    drawings = (arguments[1], format)
    arguments.removeFirst(2)
}
// Each machine file, with the neutral drawing (`--drawing DRAWING FILE`) to check instead of its layout.
var checks: [(path: String, drawing: String?)] = []
var pendingDrawing: String?
var usageError = false
var index = 0
while index < arguments.count {
    if arguments[index] == "--drawing" {
        guard index + 1 < arguments.count, pendingDrawing == nil else {
            usageError = true
            break
        }
        pendingDrawing = arguments[index + 1]
        index += 2
        continue
    }
    checks.append((arguments[index], pendingDrawing))
    pendingDrawing = nil
    index += 1
}
if usageError || pendingDrawing != nil || checks.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    print(
        """
        usage: diagram-check [--skip-unreadable] [--json] [--svg DIR | --png DIR] [--drawing DRAWING] FILE...
        Lays each machine file (fsmviz machine file, SCXML or XState config) out as `fsmviz render`
        does by default and checks the drawing's geometry: transitions drawn from or to the wrong
        state, missing or merged transitions, detached, crossed or overlapping labels, parallel
        regions out of document order or as a staircase, aspect ratio beyond 3:1, edges through
        compound states that hold neither end, states covering less than 3% of the drawing. Each
        drawing's measures head its findings; with several files, the extremes over them all end
        the output.
        --drawing DRAWING checks, for the FILE after it, the drawing DRAWING describes in the
        neutral drawing format (docs/diagrams.md) instead of fsmviz's layout.
        --json prints each drawing's measures and findings as one JSON object a line instead.
        --skip-unreadable counts files fsmviz does not read as a machine instead of failing on them.
        --svg DIR (--png DIR) also writes each drawing to DIR as SVG (PNG), named after its file;
        a PNG is laid out again with the fonts installed, so its text may be sized otherwise than
        in the layout checked.
        Exit status: 0 no finding, 1 a finding, 2 a file that could not be checked.
        """)
    exit(arguments.contains("-h") || arguments.contains("--help") ? 0 : 2)
}

var status: Int32 = 0
var totals: [DiagramFinding.Kind: Int] = [:]
var reports: [DiagramReport] = []
let checker = DiagramChecker(minimumStateCoverage: 0.03)
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
for (path, drawing) in checks {
    do {
        let report = try drawing.map { try checker.check(file: path, drawing: $0) } ?? checker.check(file: path)
        if printsJSON {
            print(String(decoding: try encoder.encode(ReportLine(report, drawing: drawing)), as: UTF8.self))
        } else {
            print(report.text)
        }
        // Counted before the drawing is written, so a drawing that cannot be written still
        // leaves its findings in the summary and the exit status.
        for (kind, count) in report.counts { totals[kind, default: 0] += count }
        reports.append(report)
        if !report.findings.isEmpty, status == 0 { status = 1 }
        if let (directory, format) = drawings {
            let machine = try MachineReader.read(path: path).machine
            let bytes = try GraphvizRenderer().render(machine, format: format)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + "." + format.rawValue
            let folder = URL(fileURLWithPath: directory)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(bytes).write(to: folder.appendingPathComponent(name), options: .atomic)
            } catch {
                let target = folder.appendingPathComponent(name).path
                FileHandle.standardError.write(Data("\(path): error: cannot write \(target): \(error.localizedDescription)\n".utf8))
                status = 2
            }
        }
    } catch let error as DiagramCheckError where error.isUnreadableMachine && skipsUnreadable {
        skipped += 1
    } catch let error as DiagramCheckError where error.isUnreadableMachine {
        // A machine file's error already names its file, line and column.
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        status = 2
    } catch let error as MachineFileError {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        status = 2
    } catch {
        FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
        status = 2
    }
}
if checks.count > 1, !printsJSON {
    let summary = totals.keys.sorted().map { "\($0.rawValue) \(totals[$0] ?? 0)" }.joined(separator: ", ")
    let unread = skipped > 0 ? " (\(skipped) not machines fsmviz reads, skipped)" : ""
    print("\(checks.count - skipped) files\(unread): \(summary.isEmpty ? "clean" : summary)")
    print(DiagramReport.summary(of: reports))
}
exit(status)
