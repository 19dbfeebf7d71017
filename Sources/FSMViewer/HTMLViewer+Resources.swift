extension HTMLViewer {
    /// The page's script, `Resources/viewer.js`, embedded in the code at build time so the
    /// tool needs no resource bundle beside it (a static release binary travels alone). It
    /// reads the machine from the JSON element, indexes the drawing's parts once by their ids
    /// and `data-transition`, and from then on touches only what a selection names: pan and
    /// zoom set one transform per animation frame, whatever the drawing's size. Text from the
    /// machine reaches the page through `textContent` only.
    ///
    /// The leading newline puts the script on lines of its own in the page; the Content
    /// Security Policy's hash covers it.
    static let script = "\n" + String(decoding: PackageResources.viewer_js, as: UTF8.self)

    /// The page's style sheet, `Resources/viewer.css`, embedded as the script is. Colours are
    /// variables so the light/dark switch is one attribute on the root; dimming is one class
    /// on the SVG, so a selection restyles only what it names.
    static let style = "\n" + String(decoding: PackageResources.viewer_css, as: UTF8.self)
}
