public import FSMCore

/// Which part of a huge machine to draw: compound states below a depth collapsed into single
/// nodes, and the neighbourhood of one state.
///
/// Selecting is a pure transformation of the machine into a ``DiagramView``. Collapsing comes
/// first: transitions into or out of hidden nested states are redrawn from and to the collapsed
/// state, and those that stay inside it disappear. The focus then keeps the states at most
/// `radius` transitions away from the focused state (or from the collapsed state that hides it),
/// in either direction; a compound state also reaches its children in one step, and the
/// compound states around a kept state are drawn as clusters around it. Transitions cut by the
/// edge of the view are counted per state, for stubs; a compound state none of whose children
/// are in view is drawn collapsed.
/// - Complexity: O(states + transitions) time and memory, without recursion.
public struct DiagramSelection: Hashable, Sendable {
    /// The radius the command line uses when none is given.
    public static let defaultRadius = 2

    /// The state whose neighbourhood to draw, or `nil` for the whole machine.
    public var focus: StateID?
    /// How many transitions away from the focus a state may be and still be drawn.
    public var radius: Int
    /// The deepest level drawn (top-level states are at depth 1); compound states at this
    /// depth are drawn as single nodes. `nil` draws every level.
    public var collapseDepth: Int?

    /// Creates a selection; the defaults select everything.
    public init(focus: StateID? = nil, radius: Int = defaultRadius, collapseDepth: Int? = nil) {
        self.focus = focus
        self.radius = radius
        self.collapseDepth = collapseDepth
    }

    /// Everything, as ``DiagramView/init(whole:)`` draws it.
    public static let whole = DiagramSelection()

    /// Whether the selection keeps every state.
    public var isWhole: Bool { focus == nil && collapseDepth == nil }

    /// The view of `machine` this selection describes.
    /// - Throws: ``DiagramSelectionError`` for an unknown focus, a negative radius or a
    ///   collapse depth below 1.
    public func view(of machine: Machine) throws(DiagramSelectionError) -> DiagramView {
        guard radius >= 0 else { throw .negativeRadius(radius) }
        if let collapseDepth, collapseDepth < 1 { throw .collapseDepthTooSmall(collapseDepth) }
        var focusNumber: Int?
        if let focus {
            guard let number = machine.number(of: focus) else {
                let suggestion = Suggestion.closest(to: focus.rawValue, among: machine.states.lazy.map(\.id.rawValue))
                throw .unknownFocus(focus, suggestion: suggestion.map { StateID($0) })
            }
            focusNumber = number
        }
        if isWhole { return DiagramView(whole: machine) }

        let index = machine.index
        let count = machine.states.count
        let hierarchy = StateHierarchy(index, count: count)
        // The state each state is drawn as: itself, or the collapsed ancestor it folds into.
        var representative = Array(0..<count)
        if let collapseDepth {
            for state in hierarchy.topDown {
                let parent = index.parents[state]
                if parent >= 0, hierarchy.depth[state] > collapseDepth { representative[state] = representative[parent] }
            }
        }
        let graph = FoldedTransitions(index, transitionCount: machine.transitions.count, representative: representative)

        var shown = [Bool](repeating: false, count: count)
        if let focusNumber {
            let inReach = graph.neighbourhood(
                of: representative[focusNumber], radius: radius, index: index, representative: representative)
            for state in 0..<count where inReach[state] {
                // Ancestors frame the state as clusters; stop at the first one already drawn.
                var current = state
                while current >= 0, !shown[current] {
                    shown[current] = true
                    current = index.parents[current]
                }
            }
        } else {
            for state in 0..<count where representative[state] == state { shown[state] = true }
        }

        var collapsed: [Int: Int] = [:]
        for state in 0..<count where shown[state] && hierarchy.descendants[state] > 0 {
            if !index.children(of: state).contains(where: { shown[$0] }) {
                collapsed[state] = hierarchy.descendants[state]
            }
        }
        return graph.cut(
            machine: machine, shown: shown, collapsed: collapsed,
            initial: machine.number(of: machine.initialState).map { representative[$0] })
    }
}
