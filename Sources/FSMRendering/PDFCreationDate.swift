/// Overwrites cairo's `/CreationDate (D:...)` entry with spaces, so the same machine gives
/// the same PDF bytes on every run. Same-length blanking keeps the cross-reference offsets
/// valid, and the entry is optional in PDF. (Cairo 1.16 ignores `SOURCE_DATE_EPOCH`.)
enum PDFCreationDate {
    /// Blanks the entry in `pdf`, if it has one.
    static func blank(in pdf: inout [UInt8]) {
        let key = Array("/CreationDate (".utf8)
        guard pdf.count >= key.count else { return }
        for start in 0...(pdf.count - key.count) where pdf[start..<start + key.count].elementsEqual(key) {
            guard let close = pdf[(start + key.count)...].firstIndex(of: UInt8(ascii: ")")) else { return }
            for index in start...close { pdf[index] = UInt8(ascii: " ") }
            return
        }
    }
}
