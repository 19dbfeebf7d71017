import FSMCore
import Foundation
import TestSupport
import Testing

@testable import FSMInterop

/// Inputs the fuzzers (scripts/fuzz) found crashing fsmviz, kept so the fix stays fixed.
@Suite struct FuzzRegressionTests {
    static let directory = Golden.fixtures().appendingPathComponent("regressions")

    /// A comment with a stray non-UTF-8 byte made FoundationXML's parser trap.
    @Test func invalidUTF8InAnSCXMLCommentIsAClearError() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("fuzz-invalid-utf8-in-comment.scxml")))
        #expect(
            throws: MachineFileError(
                path: "crash.scxml", location: SourceLocation(line: 2, column: 69),
                message: "file is not valid UTF-8 text; SCXML files must be UTF-8")
        ) {
            try SCXMLImporter().read(bytes, path: "crash.scxml")
        }
    }
}

extension FuzzRegressionTests {
    /// A processing instruction without data (`<?xm?>`) made FoundationXML read a null string.
    /// libxml2 is now called directly, so the file gets libxml2's own diagnosis, and such
    /// instructions, which are well-formed, are read where they may stand.
    @Test func anEmptyProcessingInstructionIsReadOrRefusedForItsOwnReason() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("fuzz-empty-processing-instruction.scxml")))
        #expect(
            throws: MachineFileError(
                path: "crash.scxml", location: SourceLocation(line: 6, column: 1),
                message: "not well-formed XML: Comment not terminated")
        ) {
            try SCXMLImporter().read(bytes, path: "crash.scxml")
        }
        let fine =
            #"<?xml version="1.0"?><?xml-stylesheet href="a.xsl"?><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a"><!-- <?x?> --><?x?><state id="a"><?y ?></state></scxml>"#
        let imported = try SCXMLImporter().read(Array(fine.utf8), path: "fine.scxml")
        #expect(imported.machine.states.map(\.id.description) == ["a"])
    }

    /// A malformed XML declaration (`encoding=-`) whose `?>` came only at a later `<?xl?>`: libxml2
    /// recovered, read `<?xl?>` as an instruction without data and FoundationXML crashed.
    @Test func aBrokenDeclarationIsAClearError() throws {
        let bytes = try [UInt8](
            Data(contentsOf: Self.directory.appendingPathComponent("fuzz-processing-instruction-after-broken-declaration.scxml")))
        #expect(
            throws: MachineFileError(
                path: "crash.scxml", location: SourceLocation(line: 1, column: 31),
                message: "not well-formed XML: String not started expecting ' or \"")
        ) {
            try SCXMLImporter().read(bytes, path: "crash.scxml")
        }
        let hidden = #"<?xml version="1.0" encoding=- <!DOCTYPE scxml [<!ENTITY a "b">]> ?><scxml/>"#
        #expect(XMLTreeParser.documentTypeDeclaration(in: Array(hidden.utf8)) != nil, "a DOCTYPE inside a broken declaration is found")
    }
}
