public import FSMCore

/// Something an importer or exporter could not carry over faithfully, such as an SCXML
/// element fsmviz does not model: a warning ``/FSMCore/Diagnostic`` (made with
/// `Diagnostic.warning(path:location:message:)`). The machine is still usable; the warning
/// says what it lacks.
public typealias InteropWarning = Diagnostic
