import FSMRendering
import Testing

@testable import fsmviz

/// What the command line proposes beside a refused layout: its own flags, which the library's
/// refusal does not name, and only the proposals that would finish.
@Suite struct LayoutRefusalMessageTests {
    @Test func transitionsOverTheBoundProposeTheEngineAndTheFlagThatRaisesIt() {
        let message = LayoutRefusal(engine: .dot, transitions: 700, limit: 600).commandLineMessage
        #expect(message.hasPrefix(LayoutRefusal(engine: .dot, transitions: 700, limit: 600).description + "; use '--engine sfdp'"))
        #expect(message.hasSuffix("or raise the limit with --max-layout-transitions (--no-limit lifts it)"))
    }

    @Test func whatWouldNotFinishIsNotProposed() {
        let message = LayoutRefusal(engine: .sfdp, states: 9_000, limit: 8_000, autoFinishes: false).commandLineMessage
        #expect(!message.contains("--engine"))
        #expect(message.contains("'--focus STATE --radius N'"))
        #expect(message.hasSuffix("or lift the limit with --no-limit"))
    }

    @Test func otherRenderErrorsAreReportedAsTheLibrarySaysThem() {
        let error = RenderError.contextUnavailable
        #expect(error.commandLineMessage == error.description)
        #expect(RenderError.refused(LayoutRefusal(engine: .dot, transitions: 700, limit: 600)).commandLineMessage.contains("--no-limit"))
    }
}
