#if canImport(Glibc)
    import Glibc
#endif

/// libxml2's streaming reader (`xmlTextReader`), opened with `dlopen` the first time an SCXML
/// document is read.
///
/// Linking libxml2 would load it, and the ICU it depends on, into every fsmviz process: about
/// a millisecond of every start, mostly spent relocating ICU, for a format most runs never
/// read. Calling libxml2 directly instead of through FoundationXML also leaves its callbacks
/// to us, so the null strings that crashed FoundationXML are simply handled.
struct LibXML2: @unchecked Sendable {
    /// `xmlTextReaderPtr`.
    typealias Reader = OpaquePointer
    /// `xmlTextReaderErrorFunc`: argument, message, severity, locator.
    typealias ErrorHandler = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, OpaquePointer?) -> Void

    /// `xmlReaderForMemory`: buffer, size, URL, encoding, options.
    typealias ReaderForMemory = @convention(c) (
        UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32
    ) -> Reader?
    typealias ReaderAction = @convention(c) (Reader?) -> Void
    typealias ReaderQuery = @convention(c) (Reader?) -> Int32
    typealias ReaderString = @convention(c) (Reader?) -> UnsafePointer<CChar>?
    typealias SetErrorHandler = @convention(c) (Reader?, ErrorHandler?, UnsafeMutableRawPointer?) -> Void

    /// `xmlReaderTypes` values the tree builder uses.
    enum NodeType: Int32 {
        case element = 1
        case text = 3
        case cdata = 4
        case whitespace = 13
        case significantWhitespace = 14
        case endElement = 15
    }

    /// The parser options: `XML_PARSE_NONET` (never fetch anything over the network) and
    /// `XML_PARSE_IGNORE_ENC` (read as the encoding given, UTF-8, whatever the XML declaration
    /// says: a declared encoding would otherwise switch converters, whose errors libxml2 prints
    /// to standard error instead of reporting them to the reader).
    static let options: Int32 = 1 << 11 | 1 << 21

    let readerForMemory: ReaderForMemory
    let freeReader: ReaderAction
    let read: ReaderQuery
    let nodeType: ReaderQuery
    let name: ReaderString
    let value: ReaderString
    let isEmptyElement: ReaderQuery
    let moveToNextAttribute: ReaderQuery
    let lineNumber: ReaderQuery
    let columnNumber: ReaderQuery
    let setErrorHandler: SetErrorHandler

    /// The library, or why it could not be opened; loaded once per process.
    static let shared: Result<LibXML2, LoadFailure> = load()

    /// Why libxml2 could not be used.
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static func load() -> Result<LibXML2, LoadFailure> {
        let soname = "libxml2.so.2"
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(LoadFailure(description: "reading SCXML needs libxml2 (\(soname)), which could not be loaded: \(reason)"))
        }
        func symbol<Function>(_ name: String) throws(LoadFailure) -> Function {
            guard let address = dlsym(handle, name) else { throw LoadFailure(description: "\(soname) lacks \(name)") }
            return unsafeBitCast(address, to: Function.self)
        }
        do throws(LoadFailure) {
            let initParser: @convention(c) () -> Void = try symbol("xmlInitParser")
            let library = try LibXML2(
                readerForMemory: symbol("xmlReaderForMemory"), freeReader: symbol("xmlFreeTextReader"),
                read: symbol("xmlTextReaderRead"), nodeType: symbol("xmlTextReaderNodeType"),
                name: symbol("xmlTextReaderConstName"), value: symbol("xmlTextReaderConstValue"),
                isEmptyElement: symbol("xmlTextReaderIsEmptyElement"),
                moveToNextAttribute: symbol("xmlTextReaderMoveToNextAttribute"),
                lineNumber: symbol("xmlTextReaderGetParserLineNumber"),
                columnNumber: symbol("xmlTextReaderGetParserColumnNumber"),
                setErrorHandler: symbol("xmlTextReaderSetErrorHandler"))
            // Sets up libxml2's global state once, before any thread parses.
            initParser()
            return .success(library)
        } catch {
            return .failure(error)
        }
    }
}
