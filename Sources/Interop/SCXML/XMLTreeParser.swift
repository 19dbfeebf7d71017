internal import FSMCore
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses XML into ``XMLTreeElement``s with FoundationXML's `XMLParser` (libxml2 underneath),
/// refusing what could read files or expand without bound.
///
/// Documents with a document type declaration are refused before libxml2 sees them: SCXML
/// needs none, and a DTD is where external entities and entity-expansion bombs are declared.
/// The parser also runs with external entities off, so even without that check an entity
/// that names a file or URL is never read.
struct XMLTreeParser {
    /// The deepest element nesting accepted.
    static let maximumDepth = 512

    /// Why a document was refused.
    struct Failure: Error {
        var message: String
        var location: SourceLocation?
    }

    /// Parses `bytes`. `refuseDocumentTypes` is off only in tests that check libxml2's own
    /// limits.
    static func parse(_ bytes: [UInt8], refuseDocumentTypes: Bool = true) throws(Failure) -> XMLTreeElement {
        if refuseDocumentTypes, let location = documentTypeDeclaration(in: bytes) {
            throw Failure(
                message: "document type declarations (<!DOCTYPE>) are not accepted: SCXML needs none, "
                    + "and a DTD can declare entities that read other files or expand without bound",
                location: location)
        }
        // FoundationXML traps on some invalid UTF-8 (found by fuzzing: a comment holding a
        // stray byte), so the bytes are checked before libxml2 sees them.
        if let location = MachineFileLoader.firstInvalidUTF8(in: bytes) {
            throw Failure(message: "file is not valid UTF-8 text; SCXML files must be UTF-8", location: location)
        }
        // FoundationXML also crashes on a processing instruction without data (`<?x?>`, found
        // by fuzzing: it hands libxml2's null data to strlen), so those are refused.
        if let location = processingInstructionWithoutData(in: bytes) {
            throw Failure(message: "processing instruction without data (such as <?name?>)", location: location)
        }
        let collector = Collector(bytes)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        let succeeded = parser.parse()
        if let failure = collector.failure { throw failure }
        guard succeeded, let root = collector.root else {
            let code = (parser.parserError as NSError?)?.code
            throw Failure(
                message: "not well-formed XML" + (code.map { " (libxml2 error \($0))" } ?? ""),
                location: SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        }
        return root
    }

    /// The position of a `<!DOCTYPE` in the prolog, skipping the XML declaration, processing
    /// instructions, comments and white space.
    /// The position of the first processing instruction whose data is empty (`<?name?>`,
    /// `<?name ?>`), outside comments and CDATA sections.
    static func processingInstructionWithoutData(in bytes: [UInt8]) -> SourceLocation? {
        var index = 0
        let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        let comment = Array("<!--".utf8)
        let cdata = Array("<![CDATA[".utf8)
        func skip(past terminator: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: terminator) { index += 1 }
            index = min(index + terminator.count, bytes.count)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let rest = bytes[index...]
            if rest.starts(with: comment) {
                skip(past: Array("-->".utf8))
            } else if rest.starts(with: cdata) {
                skip(past: Array("]]>".utf8))
            } else if rest.starts(with: Array("<?".utf8)) {
                let start = index
                index += 2
                while index < bytes.count, !whitespace.contains(bytes[index]), !bytes[index...].starts(with: Array("?>".utf8)) {
                    index += 1
                }
                while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
                if bytes[index...].starts(with: Array("?>".utf8)) { return SourceText(bytes).location(ofByte: start) }
                // The next `<?` is looked at even if it lies inside this one: libxml2 recovers
                // from a malformed XML declaration and may read a later `<?name?>` on its own
                // (found by fuzzing: `<?xml ... encoding=- ...` hid an `<?xl?>` from this scan).
                index = start + 2
            } else {
                index += 1
            }
        }
        return nil
    }

    static func documentTypeDeclaration(in bytes: [UInt8]) -> SourceLocation? {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func skip(past terminator: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: terminator) { index += 1 }
            index = min(index + terminator.count, bytes.count)
        }
        while index < bytes.count {
            let rest = bytes[index...]
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if rest.starts(with: Array("<?".utf8)) {
                // Only past its name: what follows is not trusted to end where this scan would
                // think (see processingInstructionWithoutData), so a `<!` inside is still found.
                index += 2
                while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "<")].contains(bytes[index]),
                    !bytes[index...].starts(with: Array("?>".utf8))
                {
                    index += 1
                }
                while index < bytes.count, !bytes[index...].starts(with: Array("?>".utf8)),
                    !bytes[index...].starts(with: Array("<!".utf8))
                {
                    index += 1
                }
                if bytes[index...].starts(with: Array("?>".utf8)) { index += 2 }
            } else if rest.starts(with: Array("<!--".utf8)) {
                skip(past: Array("-->".utf8))
            } else if rest.starts(with: Array("<!".utf8)) {
                return SourceText(bytes).location(ofByte: index)
            } else {
                return nil
            }
        }
        return nil
    }

    /// Builds the tree as libxml2 reports elements.
    private final class Collector: NSObject, XMLParserDelegate {
        let source: SourceText
        var stack: [(element: XMLTreeElement, scope: [String: String])] = []
        var root: XMLTreeElement?
        var failure: Failure?

        init(_ bytes: [UInt8]) {
            source = SourceText(bytes)
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard stack.count < XMLTreeParser.maximumDepth else {
                failure = Failure(
                    message: "elements are nested more than \(XMLTreeParser.maximumDepth) deep",
                    location: SourceLocation(line: parser.lineNumber, column: parser.columnNumber))
                parser.abortParsing()
                return
            }
            var scope = stack.last?.scope ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
            for (key, value) in attributes {
                if key == "xmlns" {
                    scope[""] = value
                } else if key.hasPrefix("xmlns:") {
                    scope[String(key.dropFirst(6))] = value
                }
            }
            let (prefix, local) = Self.split(elementName)
            var plain: [String: String] = [:]
            var qualified: [String: String] = [:]
            for (key, value) in attributes where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let (attributePrefix, attributeName) = Self.split(key)
                if let attributePrefix {
                    qualified[(scope[attributePrefix] ?? attributePrefix) + " " + attributeName] = value
                } else {
                    plain[attributeName] = value
                }
            }
            let location = source.startOfTag(endingAt: parser.lineNumber, column: parser.columnNumber)
            let element = XMLTreeElement(
                namespace: scope[prefix ?? ""] ?? "", name: local, attributes: plain, qualifiedAttributes: qualified,
                children: [], text: "", location: location)
            stack.append((element, scope))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let (element, _) = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].element.children.append(element)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].element.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].element.text += String(decoding: CDATABlock, as: UTF8.self)
        }

        private static func split(_ name: String) -> (prefix: String?, local: String) {
            guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }
    }
}
