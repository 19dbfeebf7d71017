// A state tree on fsmviz's runtime (Amplify's style there): its diagram is declared beside it.
import FSMRuntime

enum UploadNode: Hashable, Sendable {
    case upload
    case idle
    case sending
    case sendingHeaders
    case sendingBody
    case done
}

enum UploadEventKind: Hashable, Sendable {
    case start, headersSent, bodySent, cancel, retry
}

struct UploadTree {
    static let diagram = Amplify.StateDiagram<UploadNode, UploadEventKind>(
        name: "Upload",
        nodes: [
            .init(.upload, initial: .idle),
            .init(.idle, label: "Idle", parent: .upload),
            .init(.sending, label: "Sending", parent: .upload, initial: .sendingHeaders),
            .init(.sendingHeaders, parent: .sending),
            .init(.sendingBody, parent: .sending),
            .init(.done, parent: .upload, isFinal: true),
        ],
        events: [.init(.start, label: "start(file)"), .init(.cancel)],
        transitions: [
            .init(on: .start, from: .idle, to: .sending, effects: ["open connection"]),
            .init(on: .headersSent, from: .sendingHeaders, to: .sendingBody),
            .init(on: .bodySent, from: .sendingBody, to: .done, guard: "all bytes acknowledged"),
            .init(on: .cancel, from: [.sendingHeaders, .sendingBody], to: [.idle]),
            // A node the diagram does not declare: the runtime refuses it, so it is left out.
            .init(on: .retry, from: .failed, to: .sending),
        ])

    // Not a diagram: a node list alone, with no transitions.
    static let nodesOnly = [UploadNode.idle, .sending]
}
