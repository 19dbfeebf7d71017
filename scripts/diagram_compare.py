"""Measures state-machine drawings from their SVG geometry alone, for fsmviz and PlantUML alike.

scripts/diagram-compare is the command line; this module holds the geometry, the two readers
that map an SVG back to the machine it draws, the criteria and the table. The criteria are
those of fsmviz's DiagramChecker (Sources/DiagramCheck), applied to SVG instead of Graphviz's
JSON, with the same code and thresholds for every drawing:

- wrong state: an edge of the transition leaving its source starts more than TOLERANCE off the
  source's box, or an arrow tip lies more than TOLERANCE off its target's box, or the point lies
  on another state's box (a node within TOLERANCE, or well inside a cluster) that is not an
  ancestor of the state it should be on;
- missing: the transition has no drawing, or one of its targets no arrow into it (a targetless
  transition counts as drawn when a text inside its source's box names it);
- merged: one drawn element stands for several transitions;
- detached label: a label farther than LABEL_DISTANCE from every path of its own transition
  (Béziers sampled);
- crossed label: a path of another edge (another transition's, or an edge drawing none, such as
  a start arrow) runs through the label's box shrunk by OVERLAP_MARGIN;
- overlapping labels: two labels of different transitions whose boxes, shrunk by OVERLAP_MARGIN,
  intersect;
- regions out of order: a parallel state whose regions, in document order, read neither like
  text (left to right along rows, rows top to bottom) nor by columns (top to bottom, columns
  left to right); a single row or column is the simple case (neighbours may reach TOLERANCE
  into each other);
- through unrelated compounds: a path of a transition runs through a compound state's box,
  shrunk by TOLERANCE, that holds neither its source nor any of its targets (counted once per
  transition and compound state);
- detours: a transition with one target, between states neither of which holds the other, whose
  paths (through its label) are longer than DETOUR_LENGTH and more than DETOUR times the straight
  distance from where it leaves its source to its arrow's tip;
- aspect ratio: the SVG's longer side over its shorter;
- states cover: the share of the SVG's area covered by the boxes of states that are not
  compound (a compound state's box is mostly its children's).

Text boxes: a text's width is its `textLength` when the SVG gives one (PlantUML draws its text
to exactly that length), otherwise estimated from Helvetica's advance widths, as Graphviz
estimates them; its height runs from 0.78 em above the baseline to 0.22 em below.
"""

import json
import math
import os
import re
import subprocess
import xml.etree.ElementTree as ET

TOLERANCE = 3.0
LABEL_DISTANCE = 15.0
DETOUR = 3.0
DETOUR_LENGTH = 150.0
OVERLAP_MARGIN = 1.0
BEZIER_STEPS = 12
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

    def union(self, other):
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))

    def expanded(self, by):
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    @property
    def area(self):
        return (self.x1 - self.x0) * (self.y1 - self.y0)

    def contains(self, p):
        return self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1

    def contains_box(self, other, slack=0.5):
        return (other.x0 >= self.x0 - slack and other.y0 >= self.y0 - slack
                and other.x1 <= self.x1 + slack and other.y1 <= self.y1 + slack)

    def distance(self, p):
        dx = max(self.x0 - p[0], 0, p[0] - self.x1)
        dy = max(self.y0 - p[1], 0, p[1] - self.y1)
        return math.hypot(dx, dy)

    def intersects(self, other):
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def intersects_segment(self, a, b):
        """Whether the segment a-b passes through the box's interior (Liang-Barsky clipping)."""
        t0, t1 = 0.0, 1.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        for p, q in ((-dx, a[0] - self.x0), (dx, self.x1 - a[0]), (-dy, a[1] - self.y0), (dy, self.y1 - a[1])):
            if p == 0:
                if q < 0:
                    return False
            else:
                t = q / p
                if p < 0:
                    t0 = max(t0, t)
                else:
                    t1 = min(t1, t)
                if t0 > t1:
                    return False
        return True

    def distance_to_polyline(self, line):
        if len(line) == 1:
            return self.distance(line[0])
        return min(self._segment_distance(a, b) for a, b in zip(line, line[1:]))

    def _segment_distance(self, a, b):
        if self.intersects_segment(a, b):
            return 0.0
        corners = [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]
        best = min(self.distance(a), self.distance(b))
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = dx * dx + dy * dy
        if length > 0:
            for c in corners:
                t = max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / length))
                best = min(best, math.hypot(a[0] + t * dx - c[0], a[1] + t * dy - c[1]))
        return best

    def __repr__(self):
        return f"({self.x0:.0f},{self.y0:.0f})-({self.x1:.0f},{self.y1:.0f})"


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


def _bezier(p0, p1, p2, p3):
    out = []
    for i in range(1, BEZIER_STEPS + 1):
        t = i / BEZIER_STEPS
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def path_polylines(d):
    """The subpaths of an SVG path's `d` as polylines, Béziers sampled, plus the direction
    (last control point) each subpath arrives with."""
    tokens = re.findall(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?", d or "")
    lines, line, cmd, i = [], [], None, 0
    cur, start, last_ctrl = (0.0, 0.0), (0.0, 0.0), None
    arrivals = []

    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        if re.match(r"[A-Za-z]", tokens[i]):
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if line:
                    line.append(start)
                cur = start
                continue
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = cur if rel else (0.0, 0.0)
        if c == "M":
            if len(line) > 1:
                lines.append(line)
                arrivals.append(last_ctrl)
            cur = (ox + num(), oy + num())
            start, line, last_ctrl = cur, [cur], None
            cmd = "l" if rel else "L"
        elif c == "L":
            p = (ox + num(), oy + num())
            last_ctrl, cur = cur, p
            line.append(p)
        elif c == "H":
            p = ((cur[0] if rel else 0) + num(), cur[1])
            last_ctrl, cur = cur, p
            line.append(p)
        elif c == "V":
            p = (cur[0], (cur[1] if rel else 0) + num())
            last_ctrl, cur = cur, p
            line.append(p)
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
            line.extend(_bezier(cur, p1, p2, p3))
            last_ctrl = p2 if p2 != p3 else (p1 if p1 != p3 else cur)
            cur = p3
        elif c == "A":
            for _ in range(5):
                num()
            p = (ox + num(), oy + num())
            last_ctrl, cur = cur, p
            line.append(p)
        else:
            i += 1
    if line:
        lines.append(line)
        arrivals.append(last_ctrl)
    return lines, arrivals


# Helvetica's advance widths (per 1000 em) for ASCII 32-126; 556 for anything else.
_HELVETICA = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
              556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
              1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
              667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
              333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
              556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584]


def text_width(text, size):
    return sum(_HELVETICA[ord(ch) - 32] if 32 <= ord(ch) <= 126 else 556 for ch in text) * size / 1000


# ---------------------------------------------------------------------------------------------
# SVG reading


class Element:
    """One drawing element of an SVG, in document order, with coordinates in the SVG's space."""

    def __init__(self, kind, node, matrix, groups):
        self.kind = kind  # tag, or "comment"
        self.node = node
        self.groups = groups  # the enclosing <g> elements, outermost first
        self.lines = []
        self.arrivals = []
        self.box = None
        self.text = None
        self.comment = node.text if kind == "comment" else None
        attr = node.attrib if kind != "comment" else {}
        if kind == "path":
            lines, arrivals = path_polylines(attr.get("d"))
            self.lines = [[_apply(matrix, p) for p in line] for line in lines]
            self.arrivals = [_apply(matrix, p) if p else None for p in arrivals]
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
            self.lines = [[_apply(matrix, (cx + rx * math.cos(k * math.pi / 8), cy + ry * math.sin(k * math.pi / 8)))
                           for k in range(17)]]
        elif kind == "line":
            self.lines = [[_apply(matrix, (float(attr.get("x1", 0)), float(attr.get("y1", 0)))),
                           _apply(matrix, (float(attr.get("x2", 0)), float(attr.get("y2", 0))))]]
        elif kind == "text":
            self.text = "".join(node.itertext())
            size = float(re.sub(r"[^0-9.]", "", attr.get("font-size", "14")) or 14)
            width = float(attr["textLength"]) if attr.get("textLength") else text_width(self.text, size)
            x, y = float(attr.get("x", 0)), float(attr.get("y", 0))
            anchor = attr.get("text-anchor", "start")
            x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            corners = [_apply(matrix, p) for p in ((x0, y - 0.78 * size), (x0 + width, y + 0.22 * size))]
            self.box = Box(corners[0][0], corners[0][1], corners[1][0], corners[1][1])
            self.size = size
        if self.lines and not self.box:
            self.box = Box.around([p for line in self.lines for p in line])

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
    the path arrives with, or the path's end when it has no arrowhead."""
    line = path_element.lines[-1]
    end = line[-1]
    before = path_element.arrivals[-1] if path_element.arrivals else None
    if before is None or before == end:
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

    def display(self, state):
        s = self.states[state]
        if s.get("pseudo") == "deep-history":
            return "H*"
        if s.get("pseudo") == "history":
            return "H"
        return s.get("label") or state

    def regions(self, state):
        return [c for c in self.children(state) if not self.states[c].get("pseudo")]

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

    def has_label(self, number):
        t = self.transitions[number]
        return bool(t["event"] or t["guard"] or t["effects"])

    def describe(self, number):
        t = self.transitions[number]
        return f"{t['source']} --{t['event'] or ''}--> {', '.join(t['targets']) or '(targetless)'}"


# ---------------------------------------------------------------------------------------------
# A drawing, as either reader maps it


class Drawing:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.state_boxes = {}  # state -> [Box]; the first is the state's outline
        self.leaving = {}  # transition -> [start point]
        self.entering = {}  # transition -> {target index: tip point}
        self.lines = []  # (polyline, frozenset of transitions it draws; empty for none)
        self.labels = {}  # transition -> [Box] (its texts; a PlantUML note is one more)
        self.carriers = {}  # element key -> set of transitions it draws
        self.texts = []  # (Box, text) of every text, for targetless transitions listed in a state
        self.unmapped = []  # what the reader could not map, for the report

    def edges_of(self, number):
        return [line for line, owners in self.lines if number in owners]


def read_fsmviz(svg_path, machine):
    """Maps an fsmviz SVG through its ids and data attributes (docs/diagrams.md)."""
    elements, width, height = read_svg(svg_path)
    drawing = Drawing(width, height)
    by_group = {}
    for e in elements:
        if e.kind == "text":
            drawing.texts.append((e.box, e.text))
        if not e.groups:
            continue
        group = next((g for g in reversed(e.groups) if g.attrib.get("class")), None)
        if group is not None:
            by_group.setdefault(id(group), (group, []))[1].append(e)
    edges = {}  # element id -> (transitions, paths, arrowheads)
    for group, parts in by_group.values():
        gid = group.attrib.get("id", "")
        classes = group.attrib.get("class", "").split()
        shapes = [p for p in parts if p.kind != "text"]
        if "state" in classes and group.attrib.get("data-state") is not None and re.fullmatch(r"state-[A-Za-z0-9_]+", gid):
            box = Box.around([pt for s in shapes for line in s.lines for pt in line])
            if box:
                drawing.state_boxes.setdefault(group.attrib["data-state"], []).append(box)
            continue
        numbers = frozenset(int(n) for n in group.attrib.get("data-transition", "").split() if n.isdigit())
        if numbers:
            drawing.carriers[gid] = set(numbers)
        if "edge" in classes:
            paths = [p for p in shapes if p.kind == "path"]
            for p in paths:
                for line in p.lines:
                    drawing.lines.append((line, numbers))
            if numbers and paths:
                edges[gid] = (numbers, paths, [p for p in shapes if p.kind == "polygon"])
        elif "transition-label" in classes and numbers:
            texts = [p.box for p in parts if p.kind == "text"]
            if texts:
                box = texts[0]
                for b in texts[1:]:
                    box = box.union(b)
                for n in numbers:
                    drawing.labels.setdefault(n, []).append(box)
    for gid, (numbers, paths, heads) in sorted(edges.items()):
        match = re.fullmatch(r"transition-(\d+)(?:-target-(\d+))?", gid)
        if not match:
            continue
        number = int(match.group(1))
        if match.group(2) is not None:
            drawing.entering.setdefault(number, {})[int(match.group(2))] = tip_of(paths[-1], heads)
            continue
        drawing.leaving.setdefault(number, []).append(paths[0].lines[0][0])
        # Labels as tooltips: the transition's one edge runs from its source to its target.
        targets = machine.transitions[number]["targets"] if number < len(machine.transitions) else []
        if len(targets) == 1 and f"transition-{number}-label" not in drawing.carriers \
                and f"transition-{number}-target-0" not in edges:
            drawing.entering.setdefault(number, {})[0] = tip_of(paths[-1], heads)
    return drawing


# PlantUML -------------------------------------------------------------------------------------


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
    """Maps a PlantUML SVG through the `.puml` fsmviz wrote. Links: each `<!--link A to B-->`
    comment is followed by the link's path, whose id (`A->B`, `A->B-1` for a repeat) names it,
    its arrowhead, its label's texts and a note's shape and texts. States carry no mark: a state
    is the box whose title text is the state's name as the .puml writes it, inside its parent's
    box at its depth."""
    elements, width, height = read_svg(svg_path)
    drawing = Drawing(width, height)
    puml = PumlFile(puml_text, machine)
    for e in elements:
        if e.kind == "text":
            drawing.texts.append((e.box, e.text))
    # Boxes with their title texts: a rect, then (for a composite) a plain inner rect and a
    # rule, then its texts; the title is the largest font's lines.
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
    taken = set()
    for state in sorted(machine.order, key=machine.depth):
        if machine.states[state].get("pseudo") == "initial":
            continue
        text = puml.text_of.get(state)
        parent = machine.parent(state)
        outer = drawing.state_boxes.get(parent, [None])[0] if parent else None
        candidates = [i for i, b in enumerate(boxes) if i not in taken and b["title"] == text
                      and (outer is None or outer.contains_box(b["box"])) and b["depth"] == machine.depth(state)]
        if len(candidates) == 1:
            taken.add(candidates[0])
            drawing.state_boxes[state] = [boxes[candidates[0]]["box"]]
        else:
            drawing.unmapped.append(f"state '{state}': {len(candidates)} boxes titled {text!r}")
    # Initial pseudo-states: the start dot of their parent's block.
    for state in machine.order:
        if machine.states[state].get("pseudo") != "initial":
            continue
        parent = machine.parent(state)
        outer = drawing.state_boxes.get(parent, [None])[0] if parent else None
        inner = [drawing.state_boxes[c][0] for c in machine.children(parent) if c in drawing.state_boxes and c != state]
        # The start dot (radius 10), not the bullseye of an end (radius 6 inside 10).
        dots = [e.box for e in elements if e.kind == "ellipse" and e.attr.get("fill", "").upper() == "#000000"
                and e.box.x1 - e.box.x0 > 16
                and (outer is None or outer.contains_box(e.box)) and not any(b.contains_box(e.box) for b in inner)]
        if len(dots) == 1:
            drawing.state_boxes[state] = dots
        else:
            drawing.unmapped.append(f"initial pseudo-state '{state}': {len(dots)} start dots in its parent")
    # Links: the path after each link comment, and what follows it up to the next shape.
    owner = {}
    for number, entry in puml.links.items():
        if entry["main"]:
            owner[entry["main"]] = (number, "main")
        for k2, b in enumerate(entry["branches"]):
            owner[b] = (number, k2)
    found = set()
    k = 0
    while k < len(elements):
        e = elements[k]
        if e.kind == "path" and e.attr.get("id") and (e.attr.get("fill") or "none") == "none":
            pid = e.attr["id"]
            j, heads, texts, note = k + 1, [], [], []
            while j < len(elements) and elements[j].kind in ("polygon", "text", "path") and not (
                    elements[j].kind == "path" and elements[j].attr.get("id")):
                x = elements[j]
                if x.kind == "polygon" and not texts and not note:
                    heads.append(x)
                elif x.kind == "path" and x.attr.get("fill", "").upper() == "#FBFB77":
                    note.append(x.box)
                elif x.kind == "text":
                    texts.append(x.box)
                else:
                    break
                j += 1
            found.add(pid)
            number, role = owner.get(pid, (None, None))
            owners = frozenset() if number is None else frozenset([number])
            for line in e.lines:
                drawing.lines.append((line, owners))
            if number is not None:
                drawing.carriers[pid] = {number}
                t = machine.transitions[number]
                if role == "main":
                    drawing.leaving.setdefault(number, []).append(e.lines[0][0])
                    if len(t["targets"]) == 1:
                        drawing.entering.setdefault(number, {})[0] = tip_of(e, heads)
                else:
                    drawing.entering.setdefault(number, {})[role] = tip_of(e, heads)
                # The label's texts and the note beside them are one Graphviz label in
                # PlantUML's layout: one box.
                pieces = texts + note
                if pieces:
                    box = pieces[0]
                    for b in pieces[1:]:
                        box = box.union(b)
                    drawing.labels.setdefault(number, []).append(box)
            k = j
            continue
        k += 1
    for pid in owner:
        if pid not in found:
            drawing.unmapped.append(f"link {pid}: no path with that id")
    return drawing


# ---------------------------------------------------------------------------------------------
# The criteria

COLUMNS = ["wrong", "missing", "merged", "detached", "crossed", "overlapping", "regions", "unrelated", "detours"]
HEADINGS = {"wrong": "wrong state", "missing": "missing", "merged": "merged", "detached": "detached labels",
            "crossed": "crossed labels", "overlapping": "overlapping labels", "regions": "regions out of order",
            "unrelated": "through unrelated compounds", "detours": "detours"}


def _reads_in_order(boxes, across):
    """Whether the boxes come in reading order: across=True like text (left to right along a
    row, rows top to bottom; one row is a plain left-to-right order, one box per row top to
    bottom), across=False by columns. Neighbours may reach TOLERANCE into each other."""
    def flip(b):
        return b if across else Box(b.y0, b.x0, b.y1, b.x1)
    boxes = [flip(b) for b in boxes]
    row_bottom = boxes[0].y1
    for a, b in zip(boxes, boxes[1:]):
        if b.x0 >= a.x1 - TOLERANCE and b.y0 < row_bottom - TOLERANCE:
            row_bottom = max(row_bottom, b.y1)
        elif b.y0 >= row_bottom - TOLERANCE:
            row_bottom = b.y1
        else:
            return False
    return True


def measure(machine, drawing):
    """Counts per criterion (transitions, labels or parallel states), with a finding per count."""
    findings = {c: [] for c in COLUMNS}

    def problem(point, state):
        boxes = drawing.state_boxes.get(state)
        if not boxes:
            return f"'{state}' is not drawn"
        intruder = None
        ancestors = set(machine.ancestors(state))
        for other, other_boxes in drawing.state_boxes.items():
            if other == state or other in ancestors:
                continue
            compound = machine.is_compound(other)
            for b in other_boxes:
                inside = b.expanded(-TOLERANCE).contains(point) if compound else b.distance(point) <= TOLERANCE
                if inside and (intruder is None or b.area < intruder[1]):
                    intruder = (other, b.area)
        distance = min(b.distance(point) for b in boxes)
        if distance > TOLERANCE:
            return f"{distance:.0f} pt off '{state}'" + (f", on '{intruder[0]}'" if intruder else "")
        return f"on '{intruder[0]}' inside '{state}'" if intruder else None

    for number, t in enumerate(machine.transitions):
        name = machine.describe(number)
        owned = [k for k, v in drawing.carriers.items() if number in v]
        shared = sorted({n for k in owned for n in drawing.carriers[k]} - {number})
        if shared:
            findings["merged"].append(f"{name}: drawn with transition(s) {shared}")
        if not t["targets"] or (machine.keeps_source_active(number) and not owned):
            if drawing.entering.get(number) and not t["targets"]:
                findings["wrong"].append(f"{name}: targetless, drawn as an edge into a state")
                continue
            mark = machine.mark(number)
            boxes = drawing.state_boxes.get(t["source"], [])
            listed = mark is not None and any(
                mark in text and any(b.contains_box(box, slack=TOLERANCE) for b in boxes) for box, text in drawing.texts)
            if not listed and not drawing.leaving.get(number):
                findings["missing"].append(f"{name}: not listed inside its state")
            continue
        if not owned:
            findings["missing"].append(f"{name}: no drawing")
            continue
        wrong = []
        starts = drawing.leaving.get(number, [])
        if not starts:
            wrong.append("no edge leaves its source")
        for p in starts:
            issue = problem(p, t["source"])
            if issue:
                wrong.append(f"starts at ({p[0]:.0f},{p[1]:.0f}), {issue}")
        tips = drawing.entering.get(number, {})
        absent = []
        for k, target in enumerate(t["targets"]):
            if k not in tips:
                absent.append(target)
                continue
            issue = problem(tips[k], target)
            if issue:
                wrong.append(f"ends at ({tips[k][0]:.0f},{tips[k][1]:.0f}), {issue}")
        if wrong:
            findings["wrong"].append(f"{name}: " + "; ".join(wrong))
        if absent:
            findings["missing"].append(f"{name}: no arrow into {', '.join(absent)}")

    label_count = 0
    labelled = sorted(drawing.labels)
    for number in labelled:
        if number >= len(machine.transitions):
            continue
        label_count += 1
        name = machine.describe(number)
        own = drawing.edges_of(number)
        pieces = drawing.labels[number]
        far = [min((b.distance_to_polyline(line) for line in own), default=math.inf) for b in pieces]
        if max(far) > LABEL_DISTANCE:
            findings["detached"].append(f"{name}: label {max(far):.0f} pt from its edge")
        crossers = set()
        for b in pieces:
            inner = b.expanded(-OVERLAP_MARGIN)
            for line, owners in drawing.lines:
                if number in owners:
                    continue
                if any(inner.intersects_segment(a, c) for a, c in zip(line, line[1:])):
                    crossers.add(", ".join(str(o) for o in sorted(owners)) or "an edge of no transition")
        if crossers:
            findings["crossed"].append(f"{name}: crossed by {'; '.join(sorted(crossers))}")
        others = set()
        for other in labelled:
            if other == number:
                continue
            # One box shared by two transitions is a merged label, counted as merged.
            if any(a.expanded(-OVERLAP_MARGIN).intersects(b.expanded(-OVERLAP_MARGIN))
                   and (a.x0, a.y0, a.x1, a.y1) != (b.x0, b.y0, b.x1, b.y1)
                   for a in pieces for b in drawing.labels[other]):
                others.add(other)
        if others:
            findings["overlapping"].append(f"{name}: overlaps the label(s) of {sorted(others)}")

    for state in machine.order:
        if not machine.states[state].get("parallel"):
            continue
        regions = [(r, drawing.state_boxes[r][0]) for r in machine.regions(state) if r in drawing.state_boxes]
        if len(regions) < 2:
            continue
        if not (_reads_in_order([b for _, b in regions], across=True)
                or _reads_in_order([b for _, b in regions], across=False)):
            findings["regions"].append(f"{state}: regions " + ", ".join(f"{r} {b}" for r, b in regions))

    compounds = [(state, boxes[0].expanded(-TOLERANCE)) for state, boxes in drawing.state_boxes.items()
                 if boxes and machine.is_compound(state)]
    for number, t in enumerate(machine.transitions):
        related = set()
        for end in [t["source"]] + list(t["targets"]):
            related |= {end} | set(machine.ancestors(end))
        lines = drawing.edges_of(number)
        for state, box in compounds:
            if state not in related and any(box.intersects_segment(a, c) for line in lines for a, c in zip(line, line[1:])):
                findings["unrelated"].append(f"{machine.describe(number)}: runs through '{state}'")

    for number, t in enumerate(machine.transitions):
        targets = list(t["targets"])
        starts, tips = drawing.leaving.get(number, []), drawing.entering.get(number, {})
        if len(targets) != 1 or not starts or 0 not in tips:
            continue
        source, target = t["source"], targets[0]
        if source == target or source in machine.ancestors(target) or target in machine.ancestors(source):
            continue
        length = sum(math.dist(a, c) for line in drawing.edges_of(number) for a, c in zip(line, line[1:]))
        straight = math.dist(starts[0], tips[0])
        if length > DETOUR_LENGTH and length > DETOUR * straight:
            findings["detours"].append(
                f"{machine.describe(number)}: drawn {length:.0f} pt long, {length / max(straight, 1):.1f} times "
                f"the {straight:.0f} pt between its ends")

    w, h = drawing.width, drawing.height
    aspect = max(w / h, h / w) if w > 0 and h > 0 else 1.0
    covered = sum(boxes[0].area for state, boxes in drawing.state_boxes.items()
                  if boxes and not machine.is_compound(state))
    counts = {c: len(findings[c]) for c in COLUMNS}
    counts["aspect"] = aspect
    counts["coverage"] = covered / (w * h) if w > 0 and h > 0 else 1.0
    counts["labels"] = label_count
    return counts, findings, list(drawing.unmapped)


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


# Graphviz without fsmviz's ids (fsmviz before the diagram rework) ------------------------------


def _titled_boxes(elements, groups_of):
    """(box, title text) of every cluster or node group, titled by its largest text."""
    out = []
    for group, parts in groups_of:
        shapes = [p for p in parts if p.kind != "text"]
        texts = [p for p in parts if p.kind == "text"]
        box = Box.around([pt for s in shapes for line in s.lines for pt in line])
        if box and texts:
            out.append({"box": box, "title": texts[0].text, "name": _title(group)})
    return out


def _title(group):
    node = group.find(SVG + "title")
    return "".join(node.itertext()) if node is not None else ""


def read_graphviz(svg_path, machine):
    """Maps a Graphviz SVG that carries no ids of its own, as fsmviz wrote before the diagram
    rework: a node's title is its state id; a cluster (`cluster_N`) is the state whose name is
    its title text, found inside its parent's box; an edge `A->B` carries the transitions from A
    (or a state around A) to B (or a state around B) whose event, guard or effect its label shows."""
    elements, width, height = read_svg(svg_path)
    drawing = Drawing(width, height)
    groups = {}
    for e in elements:
        if e.kind == "text":
            drawing.texts.append((e.box, e.text))
        if e.groups and e.groups[-1].attrib.get("class") in ("node", "cluster", "edge"):
            groups.setdefault(id(e.groups[-1]), (e.groups[-1], []))[1].append(e)
    clusters = _titled_boxes(elements, [g for g in groups.values() if g[0].attrib["class"] == "cluster"])
    for group, parts in groups.values():
        if group.attrib["class"] == "node" and _title(group) in machine.states:
            shapes = [p for p in parts if p.kind != "text"]
            box = Box.around([pt for s in shapes for line in s.lines for pt in line])
            if box:
                drawing.state_boxes[_title(group)] = [box]
    for state in sorted(machine.order, key=machine.depth):
        if state in drawing.state_boxes or not machine.is_compound(state):
            continue
        parent = machine.parent(state)
        outer = drawing.state_boxes.get(parent, [None])[0] if parent else None
        found = [c for c in clusters if c["title"] == machine.display(state) and (outer is None or outer.contains_box(c["box"]))]
        if len(found) == 1:
            drawing.state_boxes[state] = [found[0]["box"]]
        else:
            drawing.unmapped.append(f"state '{state}': {len(found)} clusters titled {machine.display(state)!r}")
    taken = set()
    for group, parts in sorted(groups.values(), key=lambda g: int(re.sub(r"\D", "", g[0].attrib.get("id", "0")) or 0)):
        if group.attrib["class"] != "edge":
            continue
        title = _title(group)
        paths = [p for p in parts if p.kind == "path"]
        heads = [p for p in parts if p.kind == "polygon"]
        label = "\n".join(p.text for p in parts if p.kind == "text")
        a, _, b = title.partition("->")
        owners = set()
        if label and a in machine.states and b in machine.states:
            for number, t in enumerate(machine.transitions):
                mark = machine.mark(number)
                ends = [k for k, target in enumerate(t["targets"]) if target == b or target in machine.ancestors(b)]
                if (number, tuple(ends)) in taken or not ends or mark is None or mark not in label:
                    continue
                if t["source"] == a or t["source"] in machine.ancestors(a):
                    owners.add(number)
                    taken.add((number, tuple(ends)))
                    drawing.leaving.setdefault(number, []).append(paths[0].lines[0][0])
                    for k in ends:
                        drawing.entering.setdefault(number, {})[k] = tip_of(paths[-1], heads)
                    texts = [p.box for p in parts if p.kind == "text"]
                    box = texts[0]
                    for x in texts[1:]:
                        box = box.union(x)
                    drawing.labels.setdefault(number, []).append(box)
        for p in paths:
            for line in p.lines:
                drawing.lines.append((line, frozenset(owners)))
        if owners:
            drawing.carriers[group.attrib.get("id", title)] = owners
    return drawing
