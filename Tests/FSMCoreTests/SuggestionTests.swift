import FSMCore
import Testing

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("trnsitions", "transitions"), ("Laoding", "Loading"), ("stats", "states"), ("INITIAL", "initial"),
    ])
    func suggestsTheClosestCandidate(typo: String, expected: String) {
        let candidates = ["initial", "states", "transitions", "Loading", "Empty"]
        #expect(Suggestion.closest(to: typo, among: candidates) == expected)
    }

    @Test func suggestsNothingForUnrelatedWords() {
        #expect(Suggestion.closest(to: "banana", among: ["initial", "states"]) == nil)
        #expect(Suggestion.hint(for: "banana", among: ["initial"]) == "")
    }
}
