"""Reads PlantUML's drawing of a state machine from its SVG and writes what it shows in fsmviz's
neutral drawing format, for DiagramCheck to measure by the criteria it applies to fsmviz's own
drawings (docs/diagrams.md says what the format holds and how the criteria work).

scripts/diagram-compare is the command line and the table; this module holds the SVG reading,
the `.puml` reading that maps PlantUML's elements back to the machine, and nothing that judges
the drawing: no thresholds, no criteria.

    python3 scripts/lib/plantuml_drawing.py MACHINE.json DRAWING.puml DRAWING.svg

prints the neutral drawing of DRAWING.svg (MACHINE.json as `fsmviz convert FILE -o X.json`
writes it), and what could not be mapped on standard error.
"""

import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"

# ---------------------------------------------------------------------------------------------
# Geometry


class Box:
    __slots__ = ("x0", "y0", "x1", "y1")

    def __init__(self, x0, y0, x1, y1):
        self.x0, self.y0, self.x1, self.y1 = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)

    @staticmethod
    def around(points):
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Box(min(xs), min(ys), max(xs), max(ys)) if points else None

    @property
    def area(self):
        return (self.x1 - self.x0) * (self.y1 - self.y0)

    def contains(self, p):
        return self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1

    def contains_box(self, other, slack=0.5):
        return (other.x0 >= self.x0 - slack and other.y0 >= self.y0 - slack
                and other.x1 <= self.x1 + slack and other.y1 <= self.y1 + slack)

    def numbers(self):
        return [_number(self.x0), _number(self.y0), _number(self.x1), _number(self.y1)]


def _number(value):
    """A coordinate as the SVG writes it (PlantUML's SVG has no transforms, so nothing is
    rounded on the way), without a negative zero."""
    return value + 0.0


def _point(p):
    return [_number(p[0]), _number(p[1])]


def _multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _transform(text, base):
    m = base
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            n = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            n = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            n = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
        elif name == "matrix":
            n = tuple(v)
        else:
            continue
        m = _multiply(m, n)
    return m


def _apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def path_beziers(d):
    """The subpaths of an SVG path's `d` as cubic Béziers: a start point, then three control
    points per segment. A straight piece (`L`, `H`, `V`, `Z`, an arc's chord) is the cubic whose
    first control point is its start and second its end; a quadratic keeps its one control
    point twice."""
    tokens = re.findall(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?", d or "")
    paths, path, cmd, i = [], [], None, 0
    cur, start, last_ctrl = (0.0, 0.0), (0.0, 0.0), None

    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    def straight(p):
        nonlocal cur, last_ctrl
        path.extend([cur, p, p])
        last_ctrl, cur = cur, p

    while i < len(tokens):
        if re.match(r"[A-Za-z]", tokens[i]):
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if path:
                    straight(start)
                cur = start
                continue
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = cur if rel else (0.0, 0.0)
        if c == "M":
            if len(path) > 1:
                paths.append(path)
            cur = (ox + num(), oy + num())
            start, path, last_ctrl = cur, [cur], None
            cmd = "l" if rel else "L"
        elif c == "L":
            straight((ox + num(), oy + num()))
        elif c == "H":
            straight(((cur[0] if rel else 0) + num(), cur[1]))
        elif c == "V":
            straight((cur[0], (cur[1] if rel else 0) + num()))
        elif c in "CSQT":
            if c == "C":
                p1 = (ox + num(), oy + num())
                p2 = (ox + num(), oy + num())
            elif c == "S":
                p1 = (2 * cur[0] - last_ctrl[0], 2 * cur[1] - last_ctrl[1]) if last_ctrl else cur
                p2 = (ox + num(), oy + num())
            elif c == "Q":
                q = (ox + num(), oy + num())
                p1, p2 = q, q
            else:
                p1 = p2 = cur
            p3 = (ox + num(), oy + num())
            path.extend([p1, p2, p3])
            last_ctrl, cur = p2, p3
        elif c == "A":
            for _ in range(5):
                num()
            straight((ox + num(), oy + num()))
        else:
            i += 1
    if len(path) > 1:
        paths.append(path)
    return paths


# ---------------------------------------------------------------------------------------------
# SVG reading


class Element:
    """One drawing element of an SVG, in document order, with coordinates in the SVG's space."""

    def __init__(self, kind, node, matrix, groups):
        self.kind = kind  # tag, or "comment"
        self.node = node
        self.groups = groups  # the enclosing <g> elements, outermost first
        self.lines = []  # a path's Béziers' control points, another shape's outline
        self.box = None
        self.text = None
        attr = node.attrib if kind != "comment" else {}
        if kind == "path":
            self.lines = [[_apply(matrix, p) for p in line] for line in path_beziers(attr.get("d"))]
        elif kind in ("polygon", "polyline"):
            v = [float(x) for x in re.split(r"[\s,]+", attr.get("points", "").strip()) if x]
            self.lines = [[_apply(matrix, (v[k], v[k + 1])) for k in range(0, len(v) - 1, 2)]]
        elif kind == "rect":
            x, y = float(attr.get("x", 0)), float(attr.get("y", 0))
            w, h = float(attr.get("width", 0)), float(attr.get("height", 0))
            self.lines = [[_apply(matrix, p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))]]
        elif kind == "ellipse" or kind == "circle":
            cx, cy = float(attr.get("cx", 0)), float(attr.get("cy", 0))
            rx = float(attr.get("rx", attr.get("r", 0)))
            ry = float(attr.get("ry", attr.get("r", 0)))
            self.lines = [[_apply(matrix, p) for p in ((cx - rx, cy - ry), (cx + rx, cy + ry))]]
        elif kind == "line":
            self.lines = [[_apply(matrix, (float(attr.get("x1", 0)), float(attr.get("y1", 0)))),
                           _apply(matrix, (float(attr.get("x2", 0)), float(attr.get("y2", 0))))]]
        elif kind == "text":
            self._read_text(attr, matrix)
        if self.lines:
            self.box = Box.around([p for line in self.lines for p in line])

    def _read_text(self, attr, matrix):
        """A text as the neutral format places it: its baseline's anchor point, its width
        (PlantUML's `textLength`, to which it draws the text), font size and anchor."""
        self.text = "".join(self.node.itertext())
        self.size = float(re.sub(r"[^0-9.]", "", attr.get("font-size", "14")) or 14)
        if not attr.get("textLength"):
            raise ValueError(f"a text without textLength ({self.text!r}): not PlantUML's SVG")
        width = float(attr["textLength"]) * math.hypot(matrix[0], matrix[1])
        x, y = _apply(matrix, (float(attr.get("x", 0)), float(attr.get("y", 0))))
        anchor = attr.get("text-anchor", "start")
        self.line = {"x": _number(x), "y": _number(y), "width": _number(width), "size": self.size, "anchor": anchor}
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        self.baseline = ((left, y), (left + width, y))

    @property
    def attr(self):
        return self.node.attrib if self.kind != "comment" else {}


def read_svg(path):
    """The elements of the SVG at `path` in document order, and its width and height."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    with open(path, "rb") as f:
        root = ET.fromstring(f.read(), parser=parser)
    elements = []

    def walk(node, matrix, groups):
        for child in node:
            if child.tag is ET.Comment:
                elements.append(Element("comment", child, matrix, groups))
                continue
            tag = child.tag.replace(SVG, "")
            m = _transform(child.attrib.get("transform"), matrix)
            if tag in ("g", "a"):
                walk(child, m, groups + [child] if tag == "g" else groups)
            elif tag in ("path", "polygon", "polyline", "rect", "ellipse", "circle", "line", "text"):
                elements.append(Element(tag, child, m, groups))

    walk(root, IDENTITY, [])
    view = [float(v) for v in re.split(r"[\s,]+", root.attrib.get("viewBox", "").strip()) if v]
    if len(view) == 4:
        width, height = view[2], view[3]
    else:
        width = float(re.sub(r"[^0-9.]", "", root.attrib.get("width", "0")) or 0)
        height = float(re.sub(r"[^0-9.]", "", root.attrib.get("height", "0")) or 0)
    return elements, width, height


def tip_of(path_element, arrowheads):
    """The arrow tip of an edge: the point of its arrowhead polygons farthest along the direction
    the path arrives with (from its last control point apart from its end)."""
    line = path_element.lines[-1]
    end = line[-1]
    before = next((p for p in reversed(line[:-1]) if p != end), end)
    dx, dy = end[0] - before[0], end[1] - before[1]
    norm = math.hypot(dx, dy) or 1.0
    best, best_ahead = end, 0.0
    for head in arrowheads:
        for p in head.lines[0]:
            ahead = ((p[0] - end[0]) * dx + (p[1] - end[1]) * dy) / norm
            if ahead > best_ahead and math.hypot(p[0] - end[0], p[1] - end[1]) < 30:
                best, best_ahead = p, ahead
    return best


# ---------------------------------------------------------------------------------------------
# The machine


class Machine:
    """A machine as fsmviz's machine-file JSON (`fsmviz convert FILE -o X.json`) writes it,
    transitions numbered as fsmviz numbers them (several sources expanded in order)."""

    def __init__(self, document):
        self.name = document.get("name")
        self.states = {}
        self.order = []
        for raw in document["states"]:
            state = {"id": raw} if isinstance(raw, str) else dict(raw)
            self.states[state["id"]] = state
            self.order.append(state["id"])
        self.events = {}
        for raw in document.get("events") or []:
            event = {"id": raw} if isinstance(raw, str) else raw
            self.events[event["id"]] = event.get("label") or event["id"]
        self.transitions = []
        for raw in document.get("transitions") or []:
            sources = raw["from"] if isinstance(raw["from"], list) else [raw["from"]]
            targets = raw.get("to") or []
            targets = targets if isinstance(targets, list) else [targets]
            effects = raw.get("effects") or []
            effects = effects if isinstance(effects, list) else [effects]
            for source in sources:
                self.transitions.append({"source": source, "targets": targets, "event": raw.get("event"),
                                         "guard": raw.get("guard"), "effects": effects,
                                         "internal": raw.get("type") == "internal"})

    def parent(self, state):
        return self.states[state].get("parent")

    def ancestors(self, state):
        out, current = [], self.parent(state)
        while current is not None:
            out.append(current)
            current = self.parent(current)
        return out

    def children(self, parent):
        return [s for s in self.order if self.parent(s) == parent]

    def is_compound(self, state):
        return any(self.parent(s) == state for s in self.order)

    def depth(self, state):
        return len(self.ancestors(state))

    def keeps_source_active(self, number):
        """Targetless, or internal into the compound source's own descendants: no exit, no
        entry, drawn (by PlantUML's export) as a line inside the source."""
        t = self.transitions[number]
        if not t["targets"]:
            return True
        return t["internal"] and self.is_compound(t["source"]) and all(
            t["source"] in self.ancestors(target) for target in t["targets"])

    def mark(self, number):
        """Text a drawing of transition `number` must show: its event's label, else its guard,
        else its first effect."""
        t = self.transitions[number]
        if t["event"]:
            return self.events.get(t["event"], t["event"])
        return t["guard"] or (t["effects"][0] if t["effects"] else None)

    def describe(self, number):
        t = self.transitions[number]
        return f"{t['source']} --{t['event'] or ''}--> {', '.join(t['targets']) or '(targetless)'}"


# ---------------------------------------------------------------------------------------------
# PlantUML


def _puml_text(raw):
    """The text PlantUML draws for a name or label fsmviz wrote: `<U+XXXX>` decoded, `\\n` a
    line break."""
    text = re.sub(r"<U\+([0-9A-Fa-f]{4,6})>", lambda m: chr(int(m.group(1), 16)), raw)
    return text.replace("\\n", "\n")


class PumlFile:
    """What the `.puml` fsmviz wrote says: each state's PlantUML name, and for each transition
    its links (by the path ids PlantUML gives them) and whether it has a note."""

    def __init__(self, text, machine):
        self.name_of = {}  # state -> PlantUML name
        self.links = {}  # transition -> {"main": path id, "branches": [path ids], "note": bool}
        self.structural = []  # path ids of links that draw no transition ([*] arrows)
        lines = text.splitlines()
        declared = []
        stack = []  # the composite blocks the line is in
        body_start = len(lines)
        for k, line in enumerate(lines):
            s = line.strip()
            if not s and k > 0:
                body_start = k + 1
                break
            m = re.match(r'state\s+(?:"((?:[^"\\]|\\.)*)"\s+as\s+)?(\S+?)(\s*\{|\s+<<\w+>>)?$', s)
            if m and not (m.group(3) or "").strip().startswith("<<"):
                declared.append(m.group(2))
                if (m.group(3) or "").strip() == "{":
                    stack.append(m.group(2))
            elif s == "}":
                stack.pop()
            elif re.match(r"\S+\s+-->\s+\S+", s):
                self._link(s, None, None, block=stack[-1] if stack else None)
        # Declarations follow the machine's states depth first, children in document order.
        walk = []

        def visit(parent):
            for child in machine.children(parent):
                if machine.states[child].get("pseudo") == "initial":
                    continue
                walk.append(child)
                visit(child)

        visit(None)
        if len(walk) != len(declared):
            raise ValueError(f"the .puml declares {len(declared)} states, the machine has {len(walk)} to declare")
        self.name_of = dict(zip(walk, declared))
        self.state_of = {v: k for k, v in self.name_of.items()}
        self.text_of = {}
        for k, line in enumerate(lines[:body_start]):
            m = re.match(r'\s*state\s+"((?:[^"\\]|\\.)*)"\s+as\s+(\S+?)(\s*\{)?$', line)
            if m and m.group(2) in self.state_of:
                self.text_of[self.state_of[m.group(2)]] = _puml_text(m.group(1))
        for state, name in self.name_of.items():
            self.text_of.setdefault(state, name)
        # The transitions, in the machine's order; initial pseudo-states' links come first.
        body = [l.strip() for l in lines[body_start:] if l.strip() and l.strip() != "@enduml"]
        k = 0
        pseudo_initial = {s for s in machine.order if machine.states[s].get("pseudo") == "initial"}
        deferred = {}  # fork node of an initial pseudo-state -> its links' path ids
        declared_names = set(self.name_of.values())
        while k < len(body) and re.match(r"\S+\s+-->\s+\S+$", body[k]) and self._source_name(body[k]) not in declared_names:
            deferred.setdefault(self._source_name(body[k]), []).append(self._link(body[k], None, None))
            k += 1
        # An initial pseudo-state's transition is the [*] arrow of its parent's block, through
        # a fork node (declared as `state X <<fork>>` in the block) when it enters deeper.
        forks = [re.match(r"\s*state\s+(\S+)\s+<<fork>>$", l).group(1) for l in lines[:body_start]
                 if re.match(r"\s*state\s+(\S+)\s+<<fork>>$", l)]
        for number, t in enumerate(machine.transitions):
            if t["source"] not in pseudo_initial or not t["targets"]:
                continue
            parent = machine.parent(t["source"])
            start = "*start*" + self.name_of[parent] if parent else "*start"
            fork = next((f for f in forks if f in deferred and len(deferred[f]) == len(t["targets"])
                         and f"{start}->{f}" in self.structural), None)
            if fork:
                self.links[number] = {"main": f"{start}->{fork}", "branches": deferred.pop(fork), "note": False}
                forks.remove(fork)
            elif len(t["targets"]) == 1 and f"{start}->{self.name_of.get(t['targets'][0])}" in self.structural:
                self.links[number] = {"main": f"{start}->{self.name_of[t['targets'][0]]}", "branches": [], "note": False}
        for number, t in enumerate(machine.transitions):
            if t["source"] in pseudo_initial:
                continue
            entry = {"main": None, "branches": [], "note": False}
            if machine.keeps_source_active(number):
                # Listed inside its state with the state's effects: no link to map.
                self.links[number] = entry
                continue
            if len(t["targets"]) > 1 and k < len(body) and re.match(r"state\s+\S+\s+<<\w+>>$", body[k]):
                k += 1
            if k >= len(body) or not re.match(r"\S+\s+-->\s+\S+", body[k]):
                raise ValueError(f"the .puml has no link for transition {number} ({machine.describe(number)})")
            entry["main"] = self._link(body[k], number, "main")
            k += 1
            if len(t["targets"]) > 1:
                for _ in t["targets"]:
                    entry["branches"].append(self._link(body[k], number, "branch"))
                    k += 1
            if k < len(body) and body[k] == "note on link":
                entry["note"] = True
                while k < len(body) and body[k] != "end note":
                    k += 1
                k += 1
            self.links[number] = entry

    _seen = None

    @staticmethod
    def _source_name(line):
        return line.split()[0]

    def _link(self, line, number, role, block=None):
        """The path id PlantUML gives this link: `A->B`, then `A->B-1`, `A->B-2` for repeats;
        `[*]` is `*start*BLOCK` as a source and `*end*BLOCK` as a target (no suffix at the top)."""
        if self._seen is None:
            self._seen = {}
        m = re.match(r"(\S+)\s+-->\s+(\S+)", line)
        a, b = m.group(1), m.group(2)
        a = ("*start*" + block if block else "*start") if a == "[*]" else a
        b = ("*end*" + block if block else "*end") if b == "[*]" else b
        base = f"{a}->{b}"
        count = self._seen.get(base, 0)
        self._seen[base] = count + 1
        path_id = base if count == 0 else f"{base}-{count}"
        if number is None:
            self.structural.append(path_id)
        return path_id


def read_plantuml(svg_path, puml_text, machine):
    """PlantUML's drawing at `svg_path` in the neutral drawing format, and what could not be
    mapped. The mapping goes through the `.puml` fsmviz wrote. Links: each `<!--link A to B-->`
    comment is followed by the link's path, whose id (`A->B`, `A->B-1` for a repeat) names it,
    its arrowhead, its label's texts and a note's shape and texts. States carry no mark: a state
    is the box whose title text is the state's name as the .puml writes it, inside its parent's
    box at its depth."""
    elements, width, height = read_svg(svg_path)
    puml = PumlFile(puml_text, machine)
    unmapped = []
    state_boxes = _state_boxes(elements, puml, machine, unmapped)
    states = []
    for state in machine.order:
        if state not in state_boxes:
            continue
        entry = {"id": state, "box": state_boxes[state].numbers()}
        if machine.is_compound(state):
            entry["compound"] = True
        if machine.states[state].get("pseudo") == "initial":
            entry["start"] = True
        if machine.parent(state) is not None:
            entry["parent"] = machine.parent(state)
        listed = _listed(elements, state, state_boxes[state], machine)
        if listed:
            entry["listed"] = listed
        states.append(entry)
    edges, labels = _links(elements, puml, machine, unmapped)
    document = {"width": _number(width), "height": _number(height), "states": states, "edges": edges, "labels": labels}
    return document, unmapped


def _state_boxes(elements, puml, machine, unmapped):
    """Each state's box: a rect, then (for a composite) a plain inner rect and a rule, then its
    texts, titled by the largest font's lines; an initial pseudo-state's, the start dot of its
    parent's block."""
    boxes = []
    k = 0
    while k < len(elements):
        e = elements[k]
        if e.kind == "rect" and e.attr.get("fill", "").upper() != "#FFFFFF":
            j, texts = k + 1, []
            while j < len(elements) and (elements[j].kind in ("line", "text") or (
                    elements[j].kind == "rect" and elements[j].attr.get("fill", "").upper() == "#FFFFFF")):
                if elements[j].kind == "text":
                    texts.append(elements[j])
                j += 1
            if texts:
                size = max(t.size for t in texts)
                title = "\n".join(t.text for t in texts if t.size == size)
                boxes.append({"box": e.box, "title": title})
            k = j
            continue
        k += 1
    for b in boxes:
        b["depth"] = sum(1 for o in boxes if o is not b and o["box"].contains_box(b["box"]) and o["box"].area > b["box"].area)
    found, taken = {}, set()
    for state in sorted(machine.order, key=machine.depth):
        if machine.states[state].get("pseudo") == "initial":
            continue
        text = puml.text_of.get(state)
        parent = machine.parent(state)
        outer = found.get(parent) if parent else None
        candidates = [i for i, b in enumerate(boxes) if i not in taken and b["title"] == text
                      and (outer is None or outer.contains_box(b["box"])) and b["depth"] == machine.depth(state)]
        if len(candidates) == 1:
            taken.add(candidates[0])
            found[state] = boxes[candidates[0]]["box"]
        else:
            unmapped.append(f"state '{state}': {len(candidates)} boxes titled {text!r}")
    for state in machine.order:
        if machine.states[state].get("pseudo") != "initial":
            continue
        parent = machine.parent(state)
        outer = found.get(parent) if parent else None
        inner = [found[c] for c in machine.children(parent) if c in found and c != state]
        # The start dot (radius 10), not the bullseye of an end (radius 6 inside 10).
        dots = [e.box for e in elements if e.kind == "ellipse" and e.attr.get("fill", "").upper() == "#000000"
                and e.box.x1 - e.box.x0 > 16
                and (outer is None or outer.contains_box(e.box)) and not any(b.contains_box(e.box) for b in inner)]
        if len(dots) == 1:
            found[state] = dots[0]
        else:
            unmapped.append(f"initial pseudo-state '{state}': {len(dots)} start dots in its parent")
    return found


def _listed(elements, state, box, machine):
    """The transitions of `state` that stay inside it (targetless ones, internal ones into its
    own children) whose text is written inside its box, as fsmviz's export has PlantUML list
    them."""
    listed = []
    for number, t in enumerate(machine.transitions):
        mark = machine.mark(number)
        if t["source"] != state or not machine.keeps_source_active(number) or mark is None:
            continue
        if any(e.kind == "text" and mark in e.text and all(box.contains(p) for p in e.baseline) for e in elements):
            listed.append(number)
    return listed


def _links(elements, puml, machine, unmapped):
    """The edges and labels: the path after each link comment, and what follows it up to the
    next shape (its arrowheads, then its label's texts and a note's shape)."""
    owner = {}
    for number, entry in puml.links.items():
        if entry["main"]:
            # Into a fork or choice node when the transition has branches, else into its target.
            owner[entry["main"]] = (number, "source" if entry["branches"] else "main")
        for k2, b in enumerate(entry["branches"]):
            owner[b] = (number, k2)
    edges, labels, found = [], [], set()
    k = 0
    while k < len(elements):
        e = elements[k]
        if not (e.kind == "path" and e.attr.get("id") and (e.attr.get("fill") or "none") == "none"):
            k += 1
            continue
        pid = e.attr["id"]
        j, heads, texts, note = k + 1, [], [], []
        while j < len(elements) and elements[j].kind in ("polygon", "text", "path") and not (
                elements[j].kind == "path" and elements[j].attr.get("id")):
            x = elements[j]
            if x.kind == "polygon" and not texts and not note:
                heads.append(x)
            elif x.kind == "path" and x.attr.get("fill", "").upper() == "#FBFB77":
                note.append(x.box.numbers())
            elif x.kind == "text":
                texts.append(x.line)
            else:
                break
            j += 1
        found.add(pid)
        number, role = owner.get(pid, (None, None))
        edge = {"id": pid, "transitions": [] if number is None else [number], "part": "whole",
                "paths": [{"curve": "bezier", "points": [_point(p) for p in line]} for line in e.lines]}
        if heads and edge["paths"]:
            edge["paths"][-1]["arrow"] = _point(tip_of(e, heads))
        if number is not None:
            targets = machine.transitions[number]["targets"]
            if role == "source":
                edge["part"] = "source"
            elif role == "main":
                edge["target"] = targets[0]
            else:
                edge["part"], edge["target"] = "target", targets[role]
            # The label's texts and the note beside them are one Graphviz label in
            # PlantUML's layout: one box.
            if texts or note:
                labels.append({"transitions": [number], "texts": texts, "boxes": note})
        edges.append(edge)
        k = j
    for pid in owner:
        if pid not in found:
            unmapped.append(f"link {pid}: no path with that id")
    return edges, labels


# ---------------------------------------------------------------------------------------------
# Running the tools


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()[:500]}")
    return result


def load_machine(fsmviz, path, workdir, stem):
    out = os.path.join(workdir, stem + ".machine.json")
    run([fsmviz, "convert", path, "-o", out])
    with open(out) as f:
        return Machine(json.load(f))


def dumps(document):
    """The neutral drawing as JSON, one state, edge or label a line: a change to a drawing reads
    as a change to the lines it touches."""
    parts = [f'"height": {json.dumps(document["height"])}', f'"width": {json.dumps(document["width"])}']
    for key in ("edges", "labels", "states"):
        items = ",\n  ".join(json.dumps(item, sort_keys=True) for item in document[key])
        parts.append(f'"{key}": [\n  {items}\n ]' if items else f'"{key}": []')
    return "{\n " + ",\n ".join(parts) + "\n}"


def main(arguments):
    if len(arguments) != 3:
        print("usage: plantuml_drawing.py MACHINE.json DRAWING.puml DRAWING.svg", file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as f:
        machine = Machine(json.load(f))
    with open(arguments[1], encoding="utf-8") as f:
        document, unmapped = read_plantuml(arguments[2], f.read(), machine)
    print(dumps(document))
    for u in unmapped:
        print(f"unmapped: {u}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
