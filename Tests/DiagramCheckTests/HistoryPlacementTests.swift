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
}
