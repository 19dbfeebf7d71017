public import FSMCore

/// An event added, removed or relabelled between two versions of a machine; events are
/// matched by identifier.
public struct EventChange: Hashable, Sendable {
    /// The event's identifier, the same in both versions.
    public var id: EventID
    /// The event in the old version; `nil` when it was added.
    public var old: Event?
    /// The event in the new version; `nil` when it was removed.
    public var new: Event?

    /// Creates a change; at least one of `old` and `new` must be given.
    public init(id: EventID, old: Event?, new: Event?) {
        self.id = id
        self.old = old
        self.new = new
    }

    /// Whether the event was added, removed or relabelled (changed).
    public var kind: ChangeKind { .between(old, new) }

    /// The same change from the other side.
    public var inverted: EventChange { EventChange(id: id, old: new, new: old) }
}
