internal import CLibXML2
internal import FSMCore

/// libxml2's streaming reader (`xmlTextReader`) over one document in memory: the only Swift
/// type that calls libxml2, so the C library's types and constants stay in this file.
///
/// Calling libxml2 directly instead of through FoundationXML leaves its callbacks to us, so
/// the null strings that crashed FoundationXML are simply handled. libxml2 is linked (module
/// `CLibXML2`, pkg-config `libxml-2.0`), so the compiler checks every call against its
/// headers; docs/performance.md measures what linking it adds to a start of `fsmviz`.
struct LibXML2: ~Copyable {
    /// The kinds of node the tree builder tells apart (libxml2's `xmlReaderTypes`).
    enum NodeType {
        case element, endElement, text, other
    }

    /// The parser options: never fetch anything over the network, and read as the encoding
    /// given, UTF-8, whatever the XML declaration says (a declared encoding would otherwise
    /// switch converters, whose errors libxml2 prints to standard error instead of reporting
    /// them to the reader).
    private static let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Sets up libxml2's global state once per process, before any thread parses.
    private static let initialized: Void = xmlInitParser()

    private let reader: xmlTextReaderPtr
    private let messages = Messages()

    /// Starts reading `characters` in place, as UTF-8; they must outlive the reader. `nil`
    /// when libxml2 cannot start (an empty buffer, no memory).
    init?(reading characters: UnsafeBufferPointer<CChar>) {
        _ = Self.initialized
        guard let size = Int32(exactly: characters.count),
            let reader = xmlReaderForMemory(characters.baseAddress, size, nil, "UTF-8", Self.options)
        else { return nil }
        self.reader = reader
        xmlTextReaderSetErrorHandler(
            reader,
            { argument, message, severity, _ in
                guard let argument, let message else { return }
                Unmanaged<Messages>.fromOpaque(argument).takeUnretainedValue().record(String(cString: message), severity: severity)
            },
            Unmanaged.passUnretained(messages).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Moves to the next node: 1 when there is one, 0 at the end of the document, less than 0
    /// on an error (see ``firstError``).
    func read() -> Int32 {
        xmlTextReaderRead(reader)
    }

    /// The kind of the current node.
    var nodeType: NodeType {
        switch xmlReaderTypes(rawValue: UInt32(bitPattern: xmlTextReaderNodeType(reader))) {
        case XML_READER_TYPE_ELEMENT: .element
        case XML_READER_TYPE_END_ELEMENT: .endElement
        case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_WHITESPACE,
            XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
            .text
        default: .other
        }
    }

    /// The qualified name of the current element or attribute.
    var name: String { Self.string(xmlTextReaderConstName(reader)) }

    /// The text of the current text node or attribute.
    var value: String { Self.string(xmlTextReaderConstValue(reader)) }

    /// Whether the current element is written `<name/>`: no end-element node follows.
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

    /// Moves to the current element's next attribute; false when there is none.
    func moveToNextAttribute() -> Bool {
        xmlTextReaderMoveToNextAttribute(reader) == 1
    }

    /// Where the parser is.
    var location: SourceLocation {
        SourceLocation(
            line: max(Int(xmlTextReaderGetParserLineNumber(reader)), 1),
            column: max(Int(xmlTextReaderGetParserColumnNumber(reader)), 1))
    }

    /// libxml2's first error or fatal error message, without its trailing newline.
    var firstError: String? { messages.first }

    private static func string(_ characters: UnsafePointer<xmlChar>?) -> String {
        characters.map { String(cString: $0) } ?? ""
    }

    /// What libxml2 reported through the reader's error callback.
    private final class Messages {
        private(set) var first: String?

        func record(_ message: String, severity: xmlParserSeverities) {
            guard first == nil, severity == XML_PARSER_SEVERITY_ERROR || severity == XML_PARSER_SEVERITY_VALIDITY_ERROR
            else { return }
            var message = message
            while message.last?.isNewline == true { message.removeLast() }
            first = message
        }
    }
}
