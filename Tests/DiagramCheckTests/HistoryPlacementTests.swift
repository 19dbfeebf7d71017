import FSMCore
import FSMDOT
import FSMInterop
import Testing

/// A history state entered from outside its compound state stays with the compound's contents
/// when that draws better, instead of being ranked after the transition's source.
@Suite struct HistoryPlacementTests {
    /// `media-player.xstate.json`'s mini player expands back into `playback`'s history state.
    /// Ranked after the mini player, which is drawn below `session`, the history state sat at
    /// the bottom of the drawing and stretched `playback` down the whole of `session`.
    @Test func playbackKeepsItsHistoryStateAboveTheMiniPlayer() throws {
        let boxes = try CompoundStackingTests.boxes(
            of: ["session_2e_playback_2e_hist", "session_2e_playback_2e_seeking", "miniPlayer"], in: "media-player.xstate.json")
        let (history, seeking, miniPlayer) = (boxes[0], boxes[1], boxes[2])
        #expect(history.minY > miniPlayer.maxY, "\(boxes)")
        #expect(seeking.minY - history.maxY < 150, "the history state hangs near playback's other states: \(boxes)")
    }

    /// A call whose deep history state, written after its two regions, is entered from outside:
    /// Graphviz set it above the regions, or between them, where a reader takes it for a region
    /// out of order.
    static let call = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle">
          <state id="idle">
            <transition event="dial" target="call"/>
            <transition event="redial" target="resume"/>
          </state>
          <parallel id="call">
            <state id="voice" initial="talking">
              <state id="talking"><transition event="mute" target="muted"/></state>
              <state id="muted"><transition event="unmute" target="talking"/></state>
            </state>
            <state id="line" initial="connected">
              <state id="connected"><transition event="drop" target="idle"/></state>
            </state>
            <history id="resume" type="deep"/>
          </parallel>
        </scxml>
        """

    @Test func aParallelStatesHistoryStateFollowsItsRegionsInDocumentOrder() throws {
        let machine = try SCXMLImporter().read(Array(Self.call.utf8), path: "call.scxml").machine
        let boxes = try CompoundStackingTests.boxes(of: ["voice", "line", "resume"], in: machine)
        #expect(RegionArrangement.reading(of: boxes) != .outOfOrder, "\(boxes)")
    }
}
