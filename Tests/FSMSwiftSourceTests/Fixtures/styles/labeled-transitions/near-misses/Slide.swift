/// `from:to:` without an event is an animation, not a transition.
enum Edge { case leading, trailing }

struct Slider {
    func slide(from: Edge, to: Edge) {}

    func show() {
        slide(from: .leading, to: .trailing)
        slide(from: .trailing, to: .leading)
    }
}
