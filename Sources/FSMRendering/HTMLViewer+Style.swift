extension HTMLViewer {
    /// The page's style sheet. Colours are variables so the light/dark switch is one attribute
    /// on the root; dimming is one class on the SVG, so a selection restyles only what it
    /// names.
    static let style = """

        :root{color-scheme:light;--bg:#ffffff;--fg:#1f2933;--muted:#5c6773;--line:#d0d7de;--panel:#f6f8fa;--accent:#d9480f;--pick:#1c7ed6;--error:#c92a2a;--warning:#e67700;--info:#1971c2}
        :root[data-theme=dark]{color-scheme:dark;--bg:#1e1e1e;--fg:#e6edf3;--muted:#9aa5b1;--line:#3d444d;--panel:#252a31;--accent:#ff922b;--pick:#74c0fc;--error:#ff6b6b;--warning:#ffa94d;--info:#74c0fc}
        @media (prefers-color-scheme: dark){:root:not([data-theme=light]){color-scheme:dark;--bg:#1e1e1e;--fg:#e6edf3;--muted:#9aa5b1;--line:#3d444d;--panel:#252a31;--accent:#ff922b;--pick:#74c0fc;--error:#ff6b6b;--warning:#ffa94d;--info:#74c0fc}}
        *{box-sizing:border-box}
        html,body{height:100%;margin:0}
        body{display:flex;flex-direction:column;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
        header{display:flex;align-items:center;gap:8px;padding:6px 10px;border-bottom:1px solid var(--line);background:var(--panel)}
        h1{font-size:16px;margin:0 8px 0 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:30vw}
        h2{font-size:14px;margin:12px 0 6px}
        button{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:2px 8px;cursor:pointer}
        button:hover,button:focus-visible{border-color:var(--pick)}
        #search-box{position:relative;flex:1;max-width:420px}
        #search{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:3px 8px}
        #matches{position:absolute;z-index:2;left:0;right:0;top:100%;margin:2px 0 0;padding:0;list-style:none;max-height:60vh;overflow:auto;background:var(--bg);border:1px solid var(--line);border-radius:4px;box-shadow:0 4px 12px rgba(0,0,0,.2)}
        #matches li{padding:3px 8px;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        #matches li[aria-selected=true]{background:var(--panel);color:var(--pick)}
        #matches .kind{color:var(--muted);font-size:12px}
        main{flex:1;display:flex;min-height:0}
        #stage{flex:1;position:relative;overflow:hidden;cursor:grab;touch-action:none;outline:none}
        #stage:focus-visible{box-shadow:inset 0 0 0 2px var(--pick)}
        #stage.dragging{cursor:grabbing}
        #stage>svg{position:absolute;left:0;top:0;transform-origin:0 0;user-select:none}
        #stage [data-state],#stage [data-transition]{cursor:pointer}
        #panel{width:340px;max-width:45vw;overflow:auto;padding:8px 12px;border-left:1px solid var(--line);background:var(--panel)}
        #panel ul,#panel ol{margin:4px 0;padding-left:18px}
        #panel li{margin:2px 0}
        #panel .hint,#panel .muted{color:var(--muted)}
        #panel button.link{border:none;background:none;padding:0;color:var(--pick);text-align:left;cursor:pointer}
        #panel button.link:hover{text-decoration:underline}
        #panel code{font-size:12px}
        #finding-list li.error::marker{color:var(--error)}
        #finding-list li.warning::marker{color:var(--warning)}
        #finding-list li.info::marker{color:var(--info)}
        .severity{font-weight:600;margin-right:4px}
        .severity.error{color:var(--error)}.severity.warning{color:var(--warning)}.severity.info{color:var(--info)}
        #stage>svg.moving{will-change:transform}
        svg.dim #graph0{fill-opacity:.15;stroke-opacity:.15}
        svg.dim #graph0 .lit{fill-opacity:1;stroke-opacity:1}
        svg .lit.edge path,svg .lit.edge polygon{stroke:var(--accent);stroke-width:2}
        svg .lit.edge polygon{fill:var(--accent)}
        svg .picked>path,svg .picked>polygon,svg .picked>ellipse,svg .picked>g>a>path,svg .picked>g>a>polygon{stroke:var(--pick);stroke-width:3}
        svg .picked.edge path,svg .picked.edge polygon{stroke:var(--pick)}
        #changes-only[aria-pressed=true]{border-color:var(--pick);color:var(--pick)}
        svg.changes-only .unchanged{opacity:.12}

        """
}
