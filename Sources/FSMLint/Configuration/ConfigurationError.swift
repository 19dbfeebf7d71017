public import FSMCore

/// A configuration file that cannot be read or says something fsmviz does not understand: an
/// error ``/FSMCore/Diagnostic`` naming the configuration file.
public typealias ConfigurationError = Diagnostic
