import FSMCore

/// fsmviz's position (with its file), not swift-syntax's type of the same name: every position
/// this module reports goes into a machine or a diagnostic.
typealias SourceLocation = FSMCore.SourceLocation
