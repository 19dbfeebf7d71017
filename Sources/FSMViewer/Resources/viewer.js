"use strict";
(() => {
  const data = JSON.parse(document.getElementById("fsmviz-machine").textContent);
  const root = document.documentElement;
  const stage = document.getElementById("stage");
  const svg = stage.querySelector("svg");
  const details = document.getElementById("details");
  const search = document.getElementById("search");
  const matches = document.getElementById("matches");
  if (!svg) return;

  // Graphviz sizes the drawing in points; the view's transform does all the scaling.
  const box = svg.viewBox.baseVal;
  svg.setAttribute("width", box.width);
  svg.setAttribute("height", box.height);

  const states = new Map(data.states.map((state) => [state.element, state]));
  const parts = new Map();
  for (const part of svg.querySelectorAll("[data-transition]")) {
    const number = Number(part.dataset.transition);
    if (!parts.has(number)) parts.set(number, []);
    parts.get(number).push(part);
  }
  const outgoing = new Map();
  const incoming = new Map();
  const add = (map, key, value) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(value);
  };
  data.transitions.forEach((transition, number) => {
    add(outgoing, transition.source, number);
    for (const target of new Set(transition.targets)) add(incoming, target, number);
  });
  const drawn = (element) => document.getElementById(element);

  // Pan and zoom: one transform on the SVG, applied at most once per frame.
  // While the view moves the drawing is one composited layer, redrawn sharp at its new
  // scale once it rests.
  let view = { x: 0, y: 0, k: 1 };
  let frame = 0;
  let resting = 0;
  const apply = () => {
    frame = 0;
    svg.style.transform = `translate(${view.x}px,${view.y}px) scale(${view.k})`;
  };
  const schedule = () => {
    svg.classList.add("moving");
    clearTimeout(resting);
    resting = setTimeout(() => svg.classList.remove("moving"), 200);
    if (!frame) frame = requestAnimationFrame(apply);
  };
  const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
  const zoomAt = (factor, x, y) => {
    const k = clamp(view.k * factor, 0.01, 40);
    view = { x: x - ((x - view.x) * k) / view.k, y: y - ((y - view.y) * k) / view.k, k };
    schedule();
  };
  const zoomCentre = (factor) => {
    const area = stage.getBoundingClientRect();
    zoomAt(factor, area.width / 2, area.height / 2);
  };
  const fit = () => {
    const area = stage.getBoundingClientRect();
    const k = clamp(Math.min(area.width / box.width, area.height / box.height) * 0.96, 0.01, 2);
    view = { x: (area.width - box.width * k) / 2, y: (area.height - box.height * k) / 2, k };
    schedule();
  };
  // Centres an element, zoomed so it fills about a quarter of the view.
  const focusOn = (element) => {
    if (!element) return;
    const area = stage.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    const width = Math.max(rect.width / view.k, 1);
    const height = Math.max(rect.height / view.k, 1);
    const x = (rect.left - area.left - view.x) / view.k + width / 2;
    const y = (rect.top - area.top - view.y) / view.k + height / 2;
    const k = clamp(Math.min(area.width / (width * 4), area.height / (height * 4), 1.5), 0.01, 40);
    view = { x: area.width / 2 - x * k, y: area.height / 2 - y * k, k };
    schedule();
  };

  let drag = null;
  let dragged = false;
  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, from: { ...view } };
    dragged = false;
  });
  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 4) return;
    dragged = true;
    stage.classList.add("dragging");
    view = { ...drag.from, x: drag.from.x + dx, y: drag.from.y + dy };
    schedule();
  });
  window.addEventListener("pointerup", () => {
    drag = null;
    stage.classList.remove("dragging");
  });
  stage.addEventListener("wheel", (event) => {
    event.preventDefault();
    const area = stage.getBoundingClientRect();
    const lines = event.deltaMode === 1 ? 16 : 1;
    zoomAt(Math.exp(-event.deltaY * lines * 0.0015), event.clientX - area.left, event.clientY - area.top);
  }, { passive: false });

  // Selection: everything dimmed but what is lit.
  let lit = [];
  const light = (element, picked) => {
    if (!element) return;
    element.classList.add("lit");
    if (picked) element.classList.add("picked");
    lit.push(element);
  };
  const clear = () => {
    for (const element of lit) element.classList.remove("lit", "picked");
    lit = [];
    svg.classList.remove("dim");
  };
  const lightTransition = (number, picked) => {
    const transition = data.transitions[number];
    for (const part of parts.get(number) || []) light(part, picked);
    light(drawn(transition.source));
    for (const target of transition.targets) light(drawn(target));
  };

  const node = (tag, text, className) => {
    const element = document.createElement(tag);
    if (text !== undefined) element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const link = (text, action) => {
    const button = node("button", text, "link");
    button.type = "button";
    button.addEventListener("click", action);
    return button;
  };
  const stateName = (element) => {
    const state = states.get(element);
    if (!state) return element;
    return state.label === state.id ? state.id : `${state.label} (${state.id})`;
  };
  const stateLink = (element) => link(stateName(element), () => selectState(element, true));
  const describe = (number) => {
    const transition = data.transitions[number];
    const words = [transition.event !== null ? transition.event : "(automatic)"];
    if (transition.guard !== null) words.push(`[${transition.guard}]`);
    if (transition.effects.length) words.push(`/ ${transition.effects.join(", ")}`);
    return words.join(" ");
  };
  const transitionItem = (number, other) => {
    const item = node("li");
    item.append(link(describe(number), () => selectTransition(number, true)));
    if (other.length) {
      item.append(node("span", " — ", "muted"));
      other.forEach((element, index) => {
        if (index) item.append(", ");
        item.append(stateLink(element));
      });
    }
    return item;
  };
  const show = (...content) => details.replaceChildren(...content);

  const selectState = (element, move) => {
    clear();
    svg.classList.add("dim");
    light(drawn(element), true);
    const out = outgoing.get(element) || [];
    const into = incoming.get(element) || [];
    for (const number of [...out, ...into]) lightTransition(number);
    const state = states.get(element);
    const list = (numbers, ends) => {
      const items = node("ul");
      for (const number of numbers) items.append(transitionItem(number, ends(data.transitions[number])));
      return numbers.length ? items : node("p", "none", "muted");
    };
    const content = [node("h2", state ? state.label : element)];
    if (state && state.label !== state.id) content.push(node("p", `id: ${state.id}`, "muted"));
    if (state && state.at !== null) content.push(node("p", `declared at ${state.at}`, "muted"));
    if (state && state.parent) {
      const parent = node("p", "in ", "muted");
      parent.append(stateLink(state.parent));
      content.push(parent);
    }
    content.push(node("h2", `Outgoing (${out.length})`), list(out, (t) => t.targets));
    content.push(node("h2", `Incoming (${into.length})`), list(into, (t) => [t.source]));
    show(...content);
    if (move) focusOn(drawn(element));
  };

  const selectTransition = (number, move) => {
    clear();
    svg.classList.add("dim");
    lightTransition(number, true);
    const transition = data.transitions[number];
    const content = [node("h2", `Transition ${number}`), node("p", describe(number))];
    const field = (name, value) => {
      const line = node("p");
      line.append(node("strong", `${name}: `), value);
      content.push(line);
    };
    if (transition.event !== null) field("event", transition.event);
    if (transition.guard !== null) field("guard", transition.guard);
    if (transition.effects.length) field("effects", transition.effects.join(", "));
    if (transition.computed !== null) field("target computed by", transition.computed);
    if (transition.at !== null) field("declared at", transition.at);
    const source = node("p");
    source.append(node("strong", "from: "), stateLink(transition.source));
    content.push(source);
    const targets = node("p");
    targets.append(node("strong", "to: "));
    transition.targets.forEach((target, index) => {
      if (index) targets.append(", ");
      targets.append(stateLink(target));
    });
    if (!transition.targets.length) targets.append("(no target: it changes no state)");
    content.push(targets);
    show(...content);
    if (move) focusOn((parts.get(number) || [])[0] || drawn(transition.source));
  };

  const selectEvent = (event) => {
    clear();
    svg.classList.add("dim");
    const numbers = [];
    data.transitions.forEach((transition, number) => {
      if (transition.event === event) numbers.push(number);
    });
    for (const number of numbers) lightTransition(number, true);
    const items = node("ul");
    for (const number of numbers) items.append(transitionItem(number, [data.transitions[number].source]));
    show(node("h2", `Event ${event}`), node("p", `${numbers.length} transitions`, "muted"), items);
    focusOn((parts.get(numbers[0]) || [])[0]);
  };

  const selectFinding = (finding) => {
    clear();
    svg.classList.add("dim");
    for (const number of finding.transitions) lightTransition(number, true);
    for (const element of finding.path) light(drawn(element));
    for (const element of finding.states) light(drawn(element), true);
    const content = [node("h2", finding.rule), node("p", finding.message)];
    if (finding.witness !== null) content.push(node("p", finding.witness, "muted"));
    const named = node("ul");
    for (const element of finding.states) {
      const item = node("li");
      item.append(stateLink(element));
      named.append(item);
    }
    if (finding.states.length) content.push(named);
    show(...content);
    focusOn(drawn(finding.states[0] || finding.path[finding.path.length - 1]));
  };

  stage.addEventListener("click", (event) => {
    if (dragged) return;
    const picked = event.target.closest("[data-transition],[data-state]");
    if (!picked) {
      clear();
      return;
    }
    if (picked.dataset.transition !== undefined) selectTransition(Number(picked.dataset.transition), false);
    else selectState(picked.id, false);
  });

  // Search over state ids, labels and events; Enter takes the highlighted match.
  const events = [...new Set(data.transitions.map((t) => t.event).filter((e) => e !== null))].sort();
  let found = [];
  let active = 0;
  const choose = (match) => {
    matches.hidden = true;
    if (match.state) selectState(match.state, true);
    else selectEvent(match.event);
  };
  const mark = () => {
    [...matches.children].forEach((item, index) => item.setAttribute("aria-selected", String(index === active)));
  };
  search.addEventListener("input", () => {
    const query = search.value.trim().toLowerCase();
    found = [];
    active = 0;
    if (query) {
      for (const state of data.states) {
        if (state.id.toLowerCase().includes(query) || state.label.toLowerCase().includes(query)) {
          found.push({ state: state.element, text: stateName(state.element), kind: "state" });
        }
      }
      for (const event of events) {
        if (event.toLowerCase().includes(query)) found.push({ event, text: event, kind: "event" });
      }
      // Exact names first, then the rest in the machine's order.
      const exact = (match) => (match.text.toLowerCase() === query || (match.state && states.get(match.state).id.toLowerCase() === query) ? 0 : 1);
      found = found.map((match, index) => ({ match, index })).sort((a, b) => exact(a.match) - exact(b.match) || a.index - b.index).map((entry) => entry.match);
    }
    const shown = found.slice(0, 50);
    matches.replaceChildren(...shown.map((match) => {
      const item = node("li");
      item.setAttribute("role", "option");
      item.append(node("span", match.kind, "kind"), " ", match.text);
      item.addEventListener("mousedown", (event) => {
        event.preventDefault();
        choose(match);
      });
      return item;
    }));
    if (found.length > shown.length) matches.append(node("li", `… ${found.length - shown.length} more`, "muted"));
    matches.hidden = !found.length;
    mark();
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      active = clamp(active + (event.key === "ArrowDown" ? 1 : -1), 0, Math.min(found.length, 50) - 1);
      mark();
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (found[active]) choose(found[active]);
    } else if (event.key === "Escape") {
      matches.hidden = true;
      search.blur();
    }
  });
  search.addEventListener("blur", () => {
    matches.hidden = true;
  });

  document.addEventListener("keydown", (event) => {
    if (event.target === search || event.ctrlKey || event.metaKey || event.altKey) return;
    const step = 80;
    const actions = {
      ArrowLeft: () => { view.x += step; schedule(); },
      ArrowRight: () => { view.x -= step; schedule(); },
      ArrowUp: () => { view.y += step; schedule(); },
      ArrowDown: () => { view.y -= step; schedule(); },
      "+": () => zoomCentre(1.25),
      "=": () => zoomCentre(1.25),
      "-": () => zoomCentre(0.8),
      "0": fit,
      f: fit,
      "/": () => search.focus(),
      Escape: clear,
    };
    const action = actions[event.key];
    if (!action || event.target.tagName === "BUTTON" && event.key === "Enter") return;
    event.preventDefault();
    action();
  });
  document.getElementById("zoom-in").addEventListener("click", () => zoomCentre(1.25));
  document.getElementById("zoom-out").addEventListener("click", () => zoomCentre(0.8));
  document.getElementById("fit").addEventListener("click", fit);

  // Light and dark: the system's choice until the switch overrides it.
  const themeButton = document.getElementById("theme");
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const isDark = () => (root.dataset.theme ? root.dataset.theme === "dark" : system.matches);
  const label = () => {
    themeButton.textContent = isDark() ? "Light" : "Dark";
  };
  themeButton.addEventListener("click", () => {
    root.dataset.theme = isDark() ? "light" : "dark";
    label();
  });
  system.addEventListener("change", label);
  label();

  // The drawing of a change ('fsmviz diff -o page.html'): its unchanged parts can fade.
  const changesButton = document.getElementById("changes-only");
  if (svg.querySelector(".added, .removed, .changed")) {
    changesButton.hidden = false;
    changesButton.addEventListener("click", () => {
      changesButton.setAttribute("aria-pressed", String(svg.classList.toggle("changes-only")));
    });
  }

  if (data.findings.length) {
    const list = document.getElementById("finding-list");
    for (const finding of data.findings) {
      const item = node("li", undefined, finding.severity);
      item.append(node("span", finding.severity, `severity ${finding.severity}`));
      item.append(link(`${finding.rule}: ${finding.message}`, () => selectFinding(finding)));
      list.append(item);
    }
    document.getElementById("findings").hidden = false;
  }

  window.addEventListener("resize", fit);
  // Served by 'fsmviz watch --serve' (never from a file): reload after each render,
  // keeping the view.
  const live = root.dataset.liveReload !== undefined;
  const kept = live && sessionStorage.getItem("fsmviz-view");
  if (kept) view = JSON.parse(kept);
  else fit();
  apply();
  if (live) {
    new EventSource("/events").addEventListener("message", () => {
      sessionStorage.setItem("fsmviz-view", JSON.stringify(view));
      location.reload();
    });
  }
})();
