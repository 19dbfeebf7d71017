internal import FSMCore

/// Parses XML into ``XMLTreeElement``s with libxml2's streaming reader, refusing what could
/// read files or expand without bound.
///
/// Documents with a document type declaration are refused before libxml2 sees them: SCXML
/// needs none, and a DTD is where external entities and entity-expansion bombs are declared.
/// libxml2 also runs without network access, DTD loading or entity substitution, so even
/// without that check an entity that names a file or URL is never read.
struct XMLTreeParser {
    /// The deepest element nesting accepted: libxml2's own limit (without `XML_PARSE_HUGE`,
    /// which would lift its other limits too).
    static let maximumDepth = 256

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
        // libxml2 would name the encoding problem less plainly, and the reader hands back
        // names and text as UTF-8.
        if let location = MachineFileLoader.firstInvalidUTF8(in: bytes) {
            throw Failure(message: "file is not valid UTF-8 text; SCXML files must be UTF-8", location: location)
        }
        let source = SourceText(bytes)
        // XML allows no NUL character; libxml2 would take NULs near the start for UTF-16 or
        // UCS-4 and print its conversion errors to standard error (found by fuzzing).
        if let nul = bytes.firstIndex(of: 0) {
            throw Failure(message: "not well-formed XML: a NUL character, which XML does not allow", location: source.location(ofByte: nul))
        }
        let elementStarts: [Int]
        switch source.elementStarts(nestedAtMost: maximumDepth) {
        case .success(let starts): elementStarts = starts
        case .failure(let tooDeep):
            throw Failure(
                message: "elements are nested more than \(maximumDepth) deep", location: source.location(ofByte: tooDeep.offset))
        }
        guard !bytes.isEmpty else {
            throw Failure(message: "not well-formed XML: the document is empty", location: SourceLocation(line: 1, column: 1))
        }
        // The reader reads the buffer in place, so it must not outlive this call.
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try buffer.withMemoryRebound(to: CChar.self) { characters throws(Failure) in
                guard let reader = LibXML2(reading: characters) else {
                    throw Failure(message: "libxml2 could not start reading the document", location: nil)
                }
                return try read(reader, source: source, elementStarts: elementStarts)
            }
        }
    }

    /// Drives `reader` to the end of the document, building the tree.
    /// - Parameter elementStarts: Where each element's start tag begins, in document order:
    ///   libxml2 reports elements in that order.
    private static func read(
        _ reader: borrowing LibXML2, source: SourceText, elementStarts: [Int]
    ) throws(Failure) -> XMLTreeElement {
        var tree = TreeBuilder()
        var elementNumber = 0
        while true {
            let status = reader.read()
            if status == 0 { break }
            guard status > 0 else {
                throw Failure(message: "not well-formed XML" + (reader.firstError.map { ": " + $0 } ?? ""), location: reader.location)
            }
            switch reader.nodeType {
            case .element:
                let name = reader.name
                let isEmpty = reader.isEmptyElement
                var attributes: [(name: String, value: String)] = []
                while reader.moveToNextAttribute() {
                    attributes.append((reader.name, reader.value))
                }
                let start = elementStarts.indices.contains(elementNumber) ? elementStarts[elementNumber] : 0
                elementNumber += 1
                tree.start(name, attributes: attributes, at: source.location(ofByte: start))
                if isEmpty { tree.end() }
            case .endElement:
                tree.end()
            case .text:
                tree.append(reader.value)
            case .other:
                break
            }
        }
        guard let root = tree.root else {
            throw Failure(message: "not well-formed XML: no root element", location: reader.location)
        }
        return root
    }

    /// The position of a `<!DOCTYPE` in the prolog, skipping the XML declaration, processing
    /// instructions, comments and white space.
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
                // think (libxml2 recovers from a malformed XML declaration and may read past a
                // later `?>`; found by fuzzing), so a `<!` inside is still found.
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

    /// Builds the tree as libxml2 reports elements, resolving namespace prefixes.
    private struct TreeBuilder {
        private var stack: [(element: XMLTreeElement, scope: [String: String])] = []
        private(set) var root: XMLTreeElement?

        mutating func start(_ qualifiedName: String, attributes: [(name: String, value: String)], at location: SourceLocation) {
            var scope = stack.last?.scope ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
            for (key, value) in attributes {
                if key == "xmlns" {
                    scope[""] = value
                } else if key.hasPrefix("xmlns:") {
                    scope[String(key.dropFirst(6))] = value
                }
            }
            let (prefix, local) = Self.split(qualifiedName)
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
            let element = XMLTreeElement(
                namespace: scope[prefix ?? ""] ?? "", name: local, attributes: plain, qualifiedAttributes: qualified,
                children: [], text: "", location: location)
            stack.append((element, scope))
        }

        mutating func end() {
            guard let (element, _) = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].element.children.append(element)
            }
        }

        mutating func append(_ text: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].element.text += text
        }

        private static func split(_ name: String) -> (prefix: String?, local: String) {
            guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }
    }
}
