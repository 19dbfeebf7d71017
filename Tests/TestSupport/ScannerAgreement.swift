public import FSMCore
import PropertyBased
public import Testing

/// The differential property of a one-pass machine-file reader (JSON's, YAML's) against the
/// full parser and decoder, over random files that `document` writes from numbers.
public enum ScannerAgreement {
    /// Records an issue for each random file that `scan` reads into another machine than
    /// `decode` does, positions included, and for each file `decode` reads that `scan` leaves
    /// to it without `mayLeave` saying why it may; and unless at least `minimum` files were
    /// read by `scan` at all.
    public static func check(
        count: Int = 3000, document: (_ numbers: [Int]) -> String, scan: ([UInt8]) -> Machine?, decode: ([UInt8]) -> Machine?,
        mayLeave: ([UInt8]) -> Bool, atLeast minimum: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        let accepted = AcceptedCases()
        await propertyCheck(count: count, input: Gen.int(in: 0...1_000_000).array(of: 40...200)) { numbers in
            let bytes = Array(document(numbers).utf8)
            let reference = decode(bytes)
            let scanned = scan(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            if let scanned {
                accepted.add()
                #expect(scanned == reference, "\(text)", sourceLocation: sourceLocation)
            } else if reference != nil {
                #expect(mayLeave(bytes), "left a plain file to the decoder: \(text)", sourceLocation: sourceLocation)
            }
        }
        accepted.expect(atLeast: minimum, sourceLocation: sourceLocation)
    }

    /// `text` with one edit at the UTF-8 `offset`: the byte there deleted, or `byte` inserted.
    public static func edit(_ text: String, at offset: Int, inserting byte: UInt8?) -> String {
        var bytes = Array(text.utf8)
        if let byte { bytes.insert(byte, at: offset) } else { bytes.remove(at: offset) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
