import FSMCore
import Foundation
import Testing

@testable import FSMInterop

#if canImport(Glibc)
    import Glibc
#endif

/// SCXML is parsed with external entities and DTDs refused: a file that tries to read another
/// file, or to expand entities without bound, fails fast, with a clear error, in flat memory.
@Suite struct XMLSafetyTests {
    static let secretPath: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsmviz-xml-secret-\(getpid()).txt")
        try? Data("TOP-SECRET".utf8).write(to: url)
        return url.path
    }()

    static var externalEntity: [UInt8] {
        Array(
            """
            <?xml version="1.0"?>
            <!DOCTYPE scxml [ <!ENTITY secret SYSTEM "file://\(secretPath)"> ]>
            <scxml xmlns="http://www.w3.org/2005/07/scxml" initial="a">
              <state id="a"><onentry><log expr="&secret;"/></onentry></state>
            </scxml>
            """.utf8)
    }

    /// Ten levels of ten references: a billion `lol`s, 3 GB, if expanded.
    static var billionLaughs: [UInt8] {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [\n  <!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            text += "  <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        text += "]>\n<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" initial=\"a\">\n"
        text += "  <state id=\"a\"><onentry><log expr=\"&lol9;\"/></onentry></state>\n</scxml>\n"
        return Array(text.utf8)
    }

    struct ResidentSetUnreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// The resident set size in bytes, from /proc. Throws when it cannot be read: a size of 0
    /// would make every growth check pass without measuring anything.
    static func residentBytes(statm: String = "/proc/self/statm") throws -> Int {
        guard let text = try? String(contentsOfFile: statm, encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }), pages > 0
        else { throw ResidentSetUnreadable(description: "cannot read the resident set size from \(statm)") }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs `body`, returning its error's message and how much the resident set grew: an
    /// expanded entity bomb shows in memory whatever the machine's speed, where a time limit
    /// would fail on a loaded machine and pass on a fast one.
    static func measure(_ body: () throws -> Void) throws -> (message: String?, growth: Int) {
        let before = try residentBytes()
        var message: String?
        do { try body() } catch let error as MachineFileError { message = error.description } catch { message = "\(error)" }
        return (message, try residentBytes() - before)
    }

    @Test func anUnreadableResidentSetIsAnErrorNotZero() {
        #expect(throws: ResidentSetUnreadable.self) { try Self.residentBytes(statm: "/proc/self/no-such-file") }
    }

    @Test func anExternalEntityIsRefusedWithoutReadingTheFile() throws {
        let result = try Self.measure { _ = try SCXMLImporter().read(Self.externalEntity, path: "xxe.scxml") }
        #expect(
            result.message
                == "xxe.scxml:2:1: error: document type declarations (<!DOCTYPE>) are not accepted: SCXML needs none, and a DTD can declare entities that read other files or expand without bound"
        )
    }

    @Test func anEntityExpansionBombIsRefusedInFlatMemory() throws {
        let result = try Self.measure { _ = try SCXMLImporter().read(Self.billionLaughs, path: "lol.scxml") }
        #expect(result.message?.hasPrefix("lol.scxml:2:1: error: document type declarations (<!DOCTYPE>) are not accepted") == true)
        #expect(result.growth < 16 * 1024 * 1024, "resident set grew by \(result.growth) bytes")
    }

    /// Defence in depth: without fsmviz's own check, libxml2 as FoundationXML configures it
    /// still neither reads the file nor expands the bomb.
    @Test func libxml2AloneNeitherReadsFilesNorExpandsBombs() throws {
        let external = try Self.measure {
            let imported = try SCXMLImporter().read(Self.externalEntity, path: "xxe.scxml", refuseDocumentTypes: false)
            #expect(!imported.machine.states.flatMap(\.entryEffects).joined().contains("TOP-SECRET"))
        }
        #expect(external.message?.contains("not well-formed XML") == true, "\(external.message ?? "accepted")")
        let bomb = try Self.measure { _ = try SCXMLImporter().read(Self.billionLaughs, path: "lol.scxml", refuseDocumentTypes: false) }
        #expect(bomb.message?.contains("not well-formed XML") == true, "\(bomb.message ?? "accepted")")
        #expect(bomb.growth < 16 * 1024 * 1024, "resident set grew by \(bomb.growth) bytes")
    }

    @Test func aDoctypeAfterCommentsAndProcessingInstructionsIsFound() {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a <!DOCTYPE in a comment is fine -->\n<?pi x?>\n<!DOCTYPE scxml>\n<scxml/>"
        #expect(XMLTreeParser.documentTypeDeclaration(in: Array(text.utf8)) == SourceLocation(line: 4, column: 1))
        #expect(XMLTreeParser.documentTypeDeclaration(in: Array("<!-- <!DOCTYPE x> --><scxml/>".utf8)) == nil)
    }

    @Test func malformedAndDeepDocumentsAreRefusedWithAPosition() {
        #expect(throws: MachineFileError.self) { try SCXMLImporter().read(Array("<scxml><state id='a'></scxml>".utf8), path: "bad.scxml") }
        let root = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\">"
        func nested(_ count: Int, _ open: String = "<state>") -> [UInt8] {
            Array((root + String(repeating: open, count: count) + String(repeating: "</state>", count: count) + "</scxml>").utf8)
        }
        do {
            _ = try SCXMLImporter().read(nested(600), path: "deep.scxml")
            Issue.record("a 600-deep document was accepted")
        } catch {
            #expect(error.message == "elements are nested more than 256 deep")
            // The root and 255 states fit; the 256th state is one too deep.
            #expect(error.location == SourceLocation(line: 1, column: root.count + 255 * "<state>".count + 1))
        }
        #expect(throws: Never.self) { try SCXMLImporter().read(nested(255), path: "deepest.scxml") }
        // Quoted `>` and `/>` inside attribute values neither end a tag nor make it empty.
        #expect(throws: MachineFileError.self) { try SCXMLImporter().read(nested(256, "<state a='/>'>"), path: "deep.scxml") }
    }
}
