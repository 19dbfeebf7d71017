import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The code under test for one fuzz target; set once, before the driver starts.
nonisolated(unsafe) private var fuzzBody: (([UInt8]) -> Void)?

/// Runs libFuzzer's driver with the process's arguments, feeding each input to `body`.
///
/// libFuzzer's `main` cannot be used from SwiftPM (it links executables with its own `main`),
/// so the targets link the no-main archive and call its driver, as
/// `shared/notes/fuzzing-swift.md` records. A crash, trap or sanitizer report in `body` is a
/// finding; returning normally is a pass.
public func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Never {
    fuzzBody = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(
        LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            fuzzBody?(bytes)
            return 0
        })
}

/// Stops the fuzzer with a finding when `condition` does not hold.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("fuzz invariant broken: \(message())\n".utf8))
    abort()
}
