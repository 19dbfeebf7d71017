#!/usr/bin/env python3
"""Runs fsmviz and its peers side by side and writes docs/performance.md; started by scripts/bench.

    scripts/bench [SECTION...]    sections: lint, yaml, render, engines, runtime, swift, diff (default: all)
    FSMVIZ_BENCH_SIZES=1000,10000 scripts/bench lint    fewer sizes

Every timing is a median of several runs unless the table says otherwise; process times include
process start. The machine's load average is printed beside each table: the machine may be
shared, so compare ratios measured in the same run rather than absolute times across runs.
"""
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / ".build-bench"
WORK = BENCH / "work"
FSMVIZ = BENCH / "fsmviz" / "release" / "fsmviz"
BENCHMARKS = BENCH / "release" / "Benchmarks"
# Built beside the shipped fsmviz, with its flags, so the parser floor is the same swift-syntax build
# and the diff's in-process figures come from the same build of the comparison.
BESIDE_FSMVIZ = BENCH / "fsmviz" / "release" / "Benchmarks"
SWIFT_PARSE = BESIDE_FSMVIZ
SWIFT_CORPUS = ROOT / ".build" / "swift-corpus" / "checkouts"
PYTHON = BENCH / "venv" / "bin" / "python"
PEERS = ROOT / "Benchmarks" / "bench_peers.py"
GENERATOR = ROOT / "scripts" / "generate-machine"
# The runtime as an application builds it: its own build folder, no cross-module optimization.
RUNTIME_BUILD = BENCH / "runtime"
# A peer is not run at a size once its previous size shows it would not finish in this time.
PEER_LIMIT = 60.0
# Measurements taken once, outside this script; kept here so that a rerun of their section keeps them.
PACKING_MEASURED_ONCE = """#### States without transitions: packing components

A machine of many states and few transitions is many connected components. Every engine but `dot`
lays each out apart and then packs them, by default around each other's outlines, which grows
with the square of their count. Measured on 2026-11-24 (Graphviz 2.42, machines of N states and no
transition, SVG, one run each, beside two fuzzers):

| engine | packing | 1,000 | 2,000 | 4,000 | 20,000 | 50,000 | 100,000 | 200,000 |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| sfdp (fsmviz, debug) | default | 4.5 s | 17.6 s | over 60 s | over 10 min | | | |
| sfdp | `packmode=array` | | 0.07 s | | 0.65 s | 1.6 s | 3.2 s | 6.3 s (844 MB) |
| sfdp (fsmviz, debug) | `packmode=array` | | 0.18 s | | | | | |
| neato, fdp, twopi, circo | default | 3.7 to 4.2 s | | | | | | |
| neato, fdp, twopi, circo | `packmode=array` | 0.03 to 0.11 s | | | | | | |
| dot | (no packing) | | 0.08 s | | 6.0 s | | | |

So fsmviz sets `packmode=array` for every engine but `dot` (unless the DOT sets it), `auto` gives
`dot` at most 1,000 states, and the engines refuse above 20,000 states (`dot`) or 200,000 (the
others); see reliability.md, "Layout bounds"."""

WRITERS_MEASURED_ONCE = """### Writing machine files (`fsmviz convert`)

The 1M-transition generated machine (49 MB of JSON) converted by a release build, `/usr/bin/time -v`, one run each at a load average of 4: to JSON 6.35 s and 790 MiB peak; to YAML 2.77 s and 689 MiB (44 MB written; reading it back and writing JSON gives the same bytes). The YAML writer took 47 s and 8.75 GiB before it emitted libyaml's events directly; reading that YAML back took 40 s and 1.4 GiB through Yams, and lints in 3.3 s and 908 MiB since the reader builds its tree from libyaml's events, and in 1.9 s and 315 MiB (a lint harness, not fsmviz itself) since it reads them without the tree (above)."""

SWIFT_SYNTAX_COST_MEASURED_ONCE = """#### What swift-syntax costs the build and the binary

Clean builds of the `fsmviz` product at the commit before the Swift reader and after it (swift-syntax
603.0.1 resolved), each in a scratch directory of its own, measured once by hand on the 2 shared cores
while other builds ran: CPU seconds (user + system) are the comparable figure, wall times are inflated
by the other work. Only `FSMSwiftSource`, the tool and its plugins build swift-syntax; the model,
analysis and runtime libraries do not.

| build | before: CPU | after: CPU | after ÷ before | before: wall | after: wall |
| --- | ---: | ---: | ---: | ---: | ---: |
| debug, clean | 54 s | 175 s | 3.2 | 216 s | 519 s |
| release, clean | 120 s | 616 s | 5.1 | 152 s | 869 s |

| binary | before | after | added |
| --- | ---: | ---: | ---: |
| debug | 16.6 MB | 66.6 MB | 50.0 MB |
| release | 14.8 MB | 54.3 MB | 39.5 MB |
| release, stripped | 3.9 MB | 12.9 MB | 9.0 MB |

CI builds fsmviz from a clean clone four times (debug for the tests, the address sanitizer's build,
the plugin client's and the release archive's), so swift-syntax adds its cost to each."""


REPAIRS_MEASURED_ONCE = """#### Repairs after the layout: what they cost

Since then, `render` also lays a sparse drawing of compound states out again (the other direction, then closer ranks), keeps edges out of compound states that hold neither end of their transition by redrawing them, and moves the labels of transitions drawn the long way round (docs/diagrams.md). `scripts/bench` was not rerun for it (its release builds of swift-syntax take most of an hour on the 2 shared cores); measured instead by hand on 2026-11-27, debug builds of main (1ca1151) and of the change side by side, hyperfine, whole processes, 5 runs each, load average 9 to 11 from other builds, so only the ratios mean much: `samples/tcp.json` 114 ms against 110 ms (unchanged: no cluster, no detour); 41 dense generated machines (`scripts/generate-machine 50 --seed 1..40`, plus one more) in one call 0.94 s against 1.16 s, 1.23 times (their 63 detours moved to 5; flat machines are never laid out again); `infotainment.yaml` 0.81 s against 1.09 s and `checkout.scxml` 0.31 s against 0.40 s, about 1.3 times (one more layout each, with closer ranks, and the repairs). In a debug build the Swift side of the repairs (visibility graphs, curve sampling) is several times slower than in a release build, where `dot`'s layouts dominate, so these ratios are upper bounds. The render targets (one small render within 1.3 times `dot -Tsvg`, 200 in one call 8 times faster than 200 spawns) stay unmet, as measured above: a layout of the same DOT in-process costs what `dot` spends on it, and a spawn of `dot` on one of the 50-transition machines costs only about 3 times its layout (45 ms against 16 ms, measured by hand at load 9), so 8 times needs layouts cheaper than `dot`'s own on the DOT it is compared with.

Measured again by hand on 2026-11-27 (this script was not rerun: its release builds take most of an hour on the 2 shared cores), release builds made as this script makes them of main (4e848ca) and of this round's changes (of which only `SVGAnnotator`'s work on the SVG's bytes touches these machines, which have no compound states), in one run, hyperfine, load average 5 to 7 from other builds: one small render (`samples/tcp.json`) 62 ms before and 52 ms after against `dot -Tsvg`'s 24 ms on the same DOT, **2.1 times** (before 2.6; in CPU time 31 ms and 30 ms against 16 ms, 1.9 times); 200 dense generated machines (`scripts/generate-machine 50 --seed 0..199`) in one call 3.53 s before and 2.93 s after against 8.67 s for 200 `dot -Tsvg` spawns, **3.0 times faster** (before 2.5; CPU 2.52 s to 1.99 s, against 4.42 s); the 200 SVGs are byte for byte the same. `perf` had put 23% of a batch's time in `SVGAnnotator`, which split every SVG into Swift strings, decoded each group's id with `String.replacing` and joined the lines again; after it worked on the lines' bytes it still took 11%, half of it decoding group ids, which now work on the bytes too. Neither target is met. What is left of the single render is mostly start-up (`fsmviz --version` 7.5 ms of CPU against `dot -V`'s 5.6 ms, the rest as described above); of the batch, `dot`'s own layout of each machine, which a process of its own pays too.

Drawing a transition as a plain labelled edge, where that is as true as its label node (one target, no cluster border at either end), was measured rather than adopted: the DOT of 40 of the generated machines with every such transition turned back into an edge with a `label` took `dot` 0.56 to 0.61 s of user time against 0.59 to 0.65 s with label nodes (three interleaved runs of 40 spawns): `dot` makes a virtual node of every edge label anyway, so the layout costs about the same, and the 5% it saves moves neither ratio much. It would also take `transition-N-label` and `transition-N-target-K`, ids docs/diagrams.md promises for every labelled transition, away from those transitions; so labels stay nodes.
"""

TEXT_METRICS_MEASURED_ONCE = """#### SVG without fontconfig

Since an SVG's text is sized by Graphviz's tables of character widths rather than through its pango plugin (docs/diagrams.md), `render` no longer loads pango, cairo and their thirty-odd libraries for an SVG, nor waits for fontconfig to read its configuration: `dot -Tsvg` still does both, and they were about three quarters of its time on a small diagram (15.5 ms of CPU against 3.65 ms for the same `dot` with only its core and layout plugins, `perf stat`, 30 runs). Measured by hand before this script was rerun (2026-11-27, release builds made as `scripts/lib/build_release.sh` makes them, of 3a53d26 and of the change; hyperfine, 40 runs, load average 2 to 3 from a helper's builds): one small render (`samples/tcp.json`) 33.3 ms before and 21.8 ms after, against 17.7 to 18.0 ms for `dot -Tsvg` on the same DOT: 1.8 times before, 1.2 after (CPU 28 ms before, 24.6 after). Of what is left, `perf` puts about a quarter in swift-argument-parser (its protocol-conformance scans over the binary's 11,200 conformance records, 4,700 of them swift-syntax's) and most of the rest in the process's start. The batch of dense machines gains less (2.1 times faster than 200 spawns by hand, 2.4 in this script's run): it loaded pango once per call, and each of its renders is `dot`'s own layout of a machine with 50 labelled transitions (about 4 ms of the 7.9 ms that a spawn of `dot` without pango costs) and fsmviz's repairs, annotation and writing around it, about 9 ms in all; 8 times faster than spawns would need 2.5 ms a machine, less than `dot`'s layout alone."""

GRAPHVIZ_SHARE_MEASURED_ONCE = """#### What is left of a render is Graphviz's own work

Measured once by hand (2026-11-27, release builds made as `scripts/lib/build_release.sh` makes them, one process, `--jobs 1`, the 200 dense machines of the table above): the Swift side's text handling had its fast paths for what is almost all text (printable ASCII with nothing to quote or escape is copied as it is, a label of one short line is not wrapped, element ids test letters by range rather than through Unicode's property tables, the repairs read whether a node is invisible without making a `String` of its style), and the batch went from 1.86 s to 1.58 s, with every SVG byte for byte the same. `perf` then puts 75% of a render in Graphviz's own work on fsmviz's DOT: layout 47%, parsing the DOT 13%, writing the SVG 12%, freeing the graph 3%, about 5.9 ms of CPU per machine. So even with nothing else, 200 such renders shared between 2 cores take about 0.59 s: against the 4.96 s of 200 `dot -Tsvg` spawns in the run above that is 8.4 times, against the 4.15 s of the run before it 7.0 times. The target of 8 times on these dense machines is at the edge of what Graphviz's own work on the same DOT allows, with nothing left for reading the machine, writing the DOT, the repairs, the annotations and the files; it is met on the repository's samples, whose layouts are small."""

BATCH_PROCESSES_MEASURED_ONCE = """#### A batch shared among processes

Graphviz lays out one graph at a time in a process (its parser and attribute tables are process-wide), so `render` with a batch of machine files shares it among one fsmviz process per core, each with at least eight files (`--jobs` sets the number; each process renders a consecutive slice and the first passes on the others' messages in the order of the inputs). The table above is measured that way: two processes on this 2-core machine. In this script's run just before the change (2026-11-27 14:42, load average 2.9), one process took 1.76 s for the 200 dense machines (2.4 times faster than 200 `dot` spawns) and 395 ms for the 200 samples (7.3 times). Spawns of `dot` one after the other are what the targets name; `dot` spawned two at a time (`xargs -P 2`) would halve their time too."""


YAML_PROFILE_MEASURED_ONCE = """#### Reading YAML from libyaml's events: into the tree, then without it

Measured once (2026-11-27, this script does not repeat it), by hand: release builds made as this
script makes them (static Swift runtime, cross-module optimization) of the reader before (Yams
composing the document, then the positioned tree) and of the one that builds the tree in one pass
over libyaml's events, resolving scalars by hand; `fsmviz lint` of the 1M-transition machine in
YAML (44 MB) and in JSON (49 MB), `/usr/bin/time -v`, interleaved in one run at a load average of
5 on 2 shared cores.

| reader | fsmviz lint (YAML) | peak RSS | fsmviz lint (JSON) | YAML ÷ JSON |
| --- | ---: | ---: | ---: | ---: |
| Yams (before) | 25.60 s | 1568 MiB | 0.83 s | 30.8× |
| libyaml's events | 3.31 s (median of 3: 3.30 to 3.33) | 908 MiB | 0.89 s (median of 3) | 3.7× |

Seven times faster and 40% less memory, but short of the 3× JSON that was aimed at. Where the
3.3 s went (`perf record -g`, 499 Hz): libyaml's own scanning and parsing about a quarter;
building the tree (a string per scalar, a node per value, an array per mapping) about a fifth,
most of it allocation (page faults of fresh memory are 18% of the run); `MachineFileDecoder`
turning the tree into a machine a third, which JSON's one-pass scanner does without a tree.
Below 3× needed YAML read into the machine without the tree, as the one-pass scanner reads JSON.

So YAML is now read that way (2026-11-27): `MachineFileScanner`, which JSON's one-pass reader
became, reads the machine from libyaml's events (`YAMLMachineTokens`) as it reads JSON's bytes,
names resolved through the same byte-keyed hash table, every scalar read by the same rules as the
tree's (`YAMLScalarEvent`); aliases, a second document, non-ASCII names, a `lint` section and every
mistake still go through the tree and the decoder. Measured by hand with a harness that does what
`fsmviz lint` does to a file (`MachineDocumentImporter`, then the analysis), built as this script
builds fsmviz, against the same harness on the commit before, all four interleaved by `hyperfine
-N -w 1 -r 5` at a load average of 2.7 on 2 shared cores; peak RSS by `/usr/bin/time -v`. The
harness prints no report and is a smaller binary than fsmviz (whose release build, swift-syntax's
included, was not made for this): what it leaves out costs YAML and JSON the same.

| reader | lint harness (YAML) | peak RSS | lint harness (JSON) | YAML ÷ JSON |
| --- | ---: | ---: | ---: | ---: |
| libyaml's events into the tree (before) | 3.23 s (median of 5: 3.09 to 3.30) | 899 MiB | 0.71 s | 4.5× |
| libyaml's events into the machine | 1.93 s (median of 5: 1.80 to 2.38) | 315 MiB | 0.73 s | 2.6× |

Where the time goes now (`perf record -g`, 499 Hz): libyaml itself about half (scanning plain
scalars 15%, its reader's buffer 7%, fetching tokens 7%, and the `malloc` and `free` of a copy of
every scalar, 11%), resolving names 11%, and the rest building and analysing the machine as for
JSON. What is left above JSON is mostly libyaml's own work.

Before (2026-11-24, 22.2 s at 499 Hz): 61% went to Yams resolving each plain scalar's tag
through `NSRegularExpression`, once when fsmviz asked a scalar's value and once when Yams hashed
each mapping's keys to look for duplicates; libyaml's own parsing was about 3%."""

# FSMVIZ_BENCH_SIZES=1000,10000 runs fewer sizes (a quick check of the script itself).
LINT_SIZES = [int(size) for size in os.environ.get("FSMVIZ_BENCH_SIZES", "1000,10000,100000,1000000").split(",")]


def log(message):
    print(message, file=sys.stderr, flush=True)


def load_average():
    return os.getloadavg()[0]


def run(command, **options):
    return subprocess.run(command, check=True, capture_output=True, text=True, **options)


def hyperfine(commands, runs, ignore_failure=False, setup=None, shell=False, cpu=False):
    """Median seconds of each command (process start included), via hyperfine: run directly, or
    through a shell (whose own start hyperfine subtracts) when `shell` is set. With `cpu`, each is
    a pair: the median and the mean CPU seconds (user and system, every thread), which other
    work on the machine changes far less than wall time."""
    with tempfile.NamedTemporaryFile(suffix=".json") as export:
        arguments = ["hyperfine", "--style", "none", "--runs", str(runs), "--export-json", export.name]
        if not shell:
            arguments.append("-N")
        if runs > 3:
            arguments += ["--warmup", "1"]
        if ignore_failure:
            arguments.append("--ignore-failure")
        if setup:
            arguments += ["--prepare", setup]
        run(arguments + commands)
        results = json.loads(Path(export.name).read_text())["results"]
    if cpu:
        return [(result["median"], result["user"] + result["system"]) for result in results]
    return [result["median"] for result in results]


def peak_memory(command):
    """Maximum resident set size in bytes of `command` (a list), from GNU time."""
    completed = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", completed.stderr)
    return int(match.group(1)) * 1024 if match else 0


def timed(command, timeout=None):
    """Wall seconds of one run of `command`, or None when it did not finish within `timeout`."""
    start = time.perf_counter()
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def verdict(met, measured, unit):
    """"yes", or "no" with the measured figure the target was missed by (or at)."""
    if met:
        return "yes"
    return f"no, by {measured:.2f} s" if unit == "s" else "no"


def seconds(value):
    if value is None:
        return "—"
    if value < 0.01:
        return f"{value * 1000:.2f} ms"
    if value < 1:
        return f"{value * 1000:.0f} ms"
    return f"{value:.2f} s"


def megabytes(value):
    return f"{value / 1024 / 1024:.0f} MiB"


def ratio(slower, faster):
    if slower is None or faster is None or faster == 0:
        return "—"
    return f"{slower / faster:.1f}×"


def size_name(transitions):
    return f"{transitions // 1_000_000}M" if transitions >= 1_000_000 else f"{transitions // 1000}k"


def local_machine(states, path):
    """A machine of `states` states with three transitions each, to one of the next six or previous three
    states: the cheapest structure for dot, against generate()'s long jumps."""
    if not path.exists():
        rng = random.Random(states)
        names = [f"s{index}" for index in range(states)]
        transitions = [{"from": names[index], "event": f"e{event}", "to": names[min(states - 1, max(0, index + rng.randint(-3, 6)))]}
                       for index in range(states) for event in range(3)]
        path.write_text(json.dumps({"name": f"local-{states}", "initial": names[0], "states": names, "transitions": transitions}))
    return path


def generate(transitions, path, seed=None):
    # A machine left by an earlier run is kept only if the generator has not changed since.
    if not path.exists() or path.stat().st_mtime < GENERATOR.stat().st_mtime:
        command = [sys.executable, str(GENERATOR), str(transitions), str(path)]
        if seed is not None:
            command += ["--seed", str(seed)]
        run(command)
    return path


def peer(kind, path, repeat=1, output=None, timeout=None):
    """The peer's phase medians, with "process": the wall time of the whole run (one repeat)."""
    command = [str(PYTHON), str(PEERS), kind, str(path)] + ([str(output)] if output else []) + ["--repeat", str(repeat)]
    start = time.perf_counter()
    try:
        completed = subprocess.run(command, check=True, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    result = json.loads(completed.stdout)
    result["process"] = (time.perf_counter() - start) if repeat == 1 else None
    return result


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" if index == 0 else "---:" for index in range(len(header))) + " |"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def lint_section():
    log("lint: generating machines")
    files = {size: generate(size, WORK / f"generated-{size_name(size)}.json") for size in LINT_SIZES}
    load_before = load_average()
    rows = []
    analysis_rows = []
    measured = {}
    analysis_ratios = []
    statemachine_stopped = None
    previous_statemachine = None
    for size, path in files.items():
        name = size_name(size)
        runs = 10 if size <= 10_000 else 5 if size <= 100_000 else 3
        log(f"lint: {name} transitions")
        file_size = path.stat().st_size
        file_size = f"{file_size / 1e6:.1f} MB" if file_size >= 1e6 else f"{file_size / 1e3:.0f} kB"
        fsmviz, json_floor, read_floor, networkx_process = hyperfine(
            [
                f"{FSMVIZ} lint {path}",
                f"{PYTHON} -c 'import json; json.load(open(\"{path}\", \"rb\"))'",
                f"wc -l {path}",
                f"{PYTHON} {PEERS} networkx {path}",
            ],
            runs, ignore_failure=True)
        memory = peak_memory([str(FSMVIZ), "lint", str(path)])
        inside = json.loads(run([str(BENCHMARKS), "lint", str(path)], env={**os.environ, "FSMVIZ_BENCH_RUNS": str(min(runs, 5))}).stdout)
        networkx = peer("networkx", path, repeat=min(runs, 3))
        statemachine = None
        statemachine_process = None
        if statemachine_stopped is None:
            # Growth at least linear from the previous size predicts whether this one finishes in
            # time (its final-reachability check is quadratic).
            if previous_statemachine is not None and previous_statemachine * 10 > PEER_LIMIT:
                statemachine_stopped = (
                    f"python-statemachine not run from {name} on: {size_name(size // 10)} took "
                    f"{seconds(previous_statemachine)}, so {name} would take over {PEER_LIMIT:.0f} s")
            else:
                # One whole process, timed from outside: the slow sizes take tens of seconds.
                statemachine = peer("statemachine", path, timeout=PEER_LIMIT)
                if statemachine is None:
                    statemachine_stopped = f"python-statemachine did not finish {name} in {PEER_LIMIT:.0f} s"
                else:
                    statemachine_process = statemachine["process"]
                    previous_statemachine = statemachine_process
        rows.append([
            f"{name} ({inside['states']:,} states, {file_size})",
            seconds(fsmviz), megabytes(memory), seconds(read_floor), seconds(json_floor),
            seconds(networkx_process), seconds(statemachine_process),
            ratio(fsmviz, json_floor), ratio(networkx_process, fsmviz), ratio(statemachine_process, fsmviz),
        ])
        measured[size] = (fsmviz, json_floor, memory)
        analysis_ratios.append((networkx["analysis"] / inside["analysis"],
                                statemachine["analysis"] / inside["analysis"] if statemachine else None))
        analysis_rows.append([
            name, seconds(inside["load"]), seconds(inside["analysis"]), inside["findings"],
            seconds(networkx["parse"]), seconds(networkx["build"]), seconds(networkx["analysis"]),
            seconds(statemachine["build"]) if statemachine else "—",
            seconds(statemachine["analysis"]) if statemachine else "—",
            ratio(networkx["analysis"], inside["analysis"]),
            ratio(statemachine["analysis"], inside["analysis"]) if statemachine else "—",
        ])
    notes = [statemachine_stopped] if statemachine_stopped else []
    # The issue's targets, checked on the largest size measured (and every size for the analysis).
    largest = max(measured)
    lint_time, json_time, memory_peak = measured[largest]
    analysis_vs_networkx = min(value for value, _ in analysis_ratios)
    finished = [value for _, value in analysis_ratios if value is not None]
    targets = [
        [f"lint of {size_name(largest)} end to end", "≤ 2 s", seconds(lint_time), verdict(lint_time <= 2, lint_time - 2, "s")],
        [f"lint of {size_name(largest)} against `json.load` of it", "≤ 1.0×", ratio(lint_time, json_time),
         verdict(lint_time <= json_time, lint_time / json_time, "×")],
        [f"lint of {size_name(largest)} peak memory", "< 1 GiB", megabytes(memory_peak),
         verdict(memory_peak < 1024 ** 3, memory_peak / 1024 ** 3, "GiB")],
        ["analysis against networkx's, every size", "≥ 20×", f"{analysis_vs_networkx:.1f}× (smallest)",
         verdict(analysis_vs_networkx >= 20, analysis_vs_networkx, "×")],
        ["analysis against python-statemachine's validators, where they finish", "≥ 100×",
         f"{min(finished):.1f}× (smallest)" if finished else "—",
         verdict(bool(finished) and min(finished) >= 100, min(finished) if finished else 0, "×")],
    ]
    return "\n".join([
        "### Load + lint: generated machines",
        "",
        f"Machines from `scripts/generate-machine N` (N transitions, N/5 states and three final ones, planted defects). "
        f"Whole processes, medians of 3 to 10 runs (python-statemachine: one run); load average {load_before:.1f} "
        f"before, {load_average():.1f} after.",
        "`fsmviz lint FILE` reads, parses, analyses with every rule and prints the text report. It reads JSON "
        "machine files in one pass over the bytes (`MachineFileScanner` with `JSONMachineTokens`: no document tree, names resolved to "
        "numbers through a byte-keyed hash table as they are met, positions kept for every declaration); a file "
        "with anything unusual (escapes, non-ASCII names, a `lint` section) or wrong goes through the full "
        "positioned parser and decoder instead, which explain mistakes, and a differential property test and the "
        "JSON fuzz target hold the two to the same machine. "
        "networkx: `json.load`, a `DiGraph` of the edge list, reachability from the initial state, strongly "
        "connected components, dead ends and per-state duplicate events. python-statemachine 3.x: `json.load`, "
        "the machine class built with `create_machine_class_from_definition` (validation off), then its three "
        "validators (disconnected states, trap states, final reachability) run one by one to the end "
        "(each raises on its first finding). The floor: reading the bytes (`wc -l`) and Python's C `json.load`.",
        "",
        table(["machine", "fsmviz lint", "fsmviz peak RSS", "wc -l", "json.load", "networkx", "python-statemachine",
               "fsmviz ÷ json.load", "networkx ÷ fsmviz", "python-statemachine ÷ fsmviz"], rows),
        "",
        *[f"*{note}.*" for note in notes],
        "",
        "#### Analysis alone (inside one process, medians)",
        "",
        "fsmviz's load and analysis timed in a release build (`Benchmarks lint`); the peers' phases timed inside "
        "Python. The analysis ratios set the graph work alone against each other.",
        "",
        table(["machine", "fsmviz load", "fsmviz analysis", "findings", "networkx json.load", "networkx graph",
               "networkx analysis", "statemachine class", "statemachine validators", "networkx ÷ fsmviz",
               "statemachine ÷ fsmviz"], analysis_rows),
        "",
        "#### Targets for the large-machine path",
        "",
        table(["target", "wanted", "measured", "met"], targets),
    ])


def sparse_hundred(source, destination):
    """100 states of the generated 500-transition machine with the `next` chain and each state's
    first generated transition: about two per state, the density of a hand-written machine. Its
    final states and the transitions into them are left out, as before the generator had them."""
    document = json.loads(source.read_text())
    document["states"] = [state for state in document["states"] if isinstance(state, str)]
    document["transitions"] = [transition for transition in document["transitions"] if transition["event"] != "finish"]
    kept, per_state = [], {}
    for transition in document["transitions"]:
        count = per_state.get(transition["from"], 0)
        if transition["event"] == "next" or count < 1:
            kept.append(transition)
            if transition["event"] != "next":
                per_state[transition["from"]] = count + 1
    document["transitions"] = kept
    document["name"] = "hundred"
    destination.write_text(json.dumps(document, separators=(",", ":")) + "\n")
    return destination, len(kept)


def render_section():
    log("render: preparing machines")
    small = ROOT / "samples" / "tcp.json"
    small_dot = WORK / "tcp.dot"
    small_dot.write_text(run([str(FSMVIZ), "dot", str(small)]).stdout)
    batch = WORK / "batch"
    if not batch.exists():
        batch.mkdir(parents=True)
        for seed in range(200):
            path = batch / f"m{seed:03}.json"
            generate(50, path, seed=seed)
            (batch / f"m{seed:03}.dot").write_text(run([str(FSMVIZ), "dot", str(path)]).stdout)
    # The repository's seven hand-written samples, cycled to 200 files.
    samples_batch = WORK / "batch-samples"
    if not samples_batch.exists():
        samples_batch.mkdir(parents=True)
        samples = sorted(path for path in (ROOT / "samples").iterdir() if path.suffix in (".json", ".yaml"))
        for index in range(200):
            sample = samples[index % len(samples)]
            copy = samples_batch / f"m{index:03}{sample.suffix}"
            shutil.copy(sample, copy)
            (samples_batch / f"m{index:03}.dot").write_text(run([str(FSMVIZ), "dot", str(copy)]).stdout)
    hundred, hundred_transitions = sparse_hundred(generate(500, WORK / "generated-500.json"), WORK / "hundred.json")
    out = WORK / "out"
    shutil.rmtree(out, ignore_errors=True)
    (out / "fsmviz").mkdir(parents=True)
    (out / "dot").mkdir(parents=True)
    load_before = load_average()
    log("render: one small machine")
    one_fsmviz, one_dot = hyperfine(
        [f"{FSMVIZ} render {small} -o {out}/tcp.svg", f"dot -Tsvg {small_dot} -o {out}/tcp-dot.svg"], 20)
    log("render: 200 machines")
    machines = " ".join(sorted(str(path) for path in batch.glob("*.json")))
    samples_files = " ".join(sorted(str(path) for path in samples_batch.iterdir() if path.suffix != ".dot"))
    batch_fsmviz, samples_fsmviz = hyperfine(
        [f"{FSMVIZ} render {machines} -o {out}/fsmviz/", f"{FSMVIZ} render {samples_files} -o {out}/fsmviz/"], 5)
    batch_dot, samples_dot = hyperfine(
        [f"for f in {batch}/*.dot; do dot -Tsvg \"$f\" -o {out}/dot/$(basename \"$f\" .dot).svg; done",
         f"for f in {samples_batch}/*.dot; do dot -Tsvg \"$f\" -o {out}/dot/$(basename \"$f\" .dot).svg; done"], 5,
        shell=True)
    log("render: 100 states")
    hundred_fsmviz, hundred_dot_engine, hundred_transitions_time = hyperfine(
        [f"{FSMVIZ} render {hundred} -o {out}/hundred.svg",
         f"{FSMVIZ} render {hundred} -o {out}/hundred-dot.svg --engine dot",
         f"{PYTHON} {PEERS} transitions {hundred} {out}/hundred-transitions.svg"], 5)
    log("render: where one small render's time goes")
    startup, dot_version, dot_only = hyperfine(
        [f"{FSMVIZ} --version", "dot -V", f"{FSMVIZ} dot {small}"], 20)
    memory = {
        "one": peak_memory([str(FSMVIZ), "render", str(small), "-o", f"{out}/tcp.svg"]),
        "batch": peak_memory([str(FSMVIZ), "render"] + sorted(str(path) for path in batch.glob("*.json")) + ["-o", f"{out}/fsmviz/"]),
        "samples": peak_memory([str(FSMVIZ), "render"] + samples_files.split() + ["-o", f"{out}/fsmviz/"]),
        "hundred": peak_memory([str(FSMVIZ), "render", str(hundred), "-o", f"{out}/hundred.svg"]),
        "hundred-dot": peak_memory([str(FSMVIZ), "render", str(hundred), "-o", f"{out}/hundred-dot.svg", "--engine", "dot"]),
    }
    rows = [
        ["one small machine (samples/tcp.json, 11 states), SVG", seconds(one_fsmviz), megabytes(memory["one"]),
         "`dot -Tsvg` on the same DOT", seconds(one_dot), ratio(one_fsmviz, one_dot) + " of dot", "≤ 1.3× of dot"],
        ["200 small machines (13 states, 50 transitions each), one call", seconds(batch_fsmviz), megabytes(memory["batch"]),
         "200 `dot -Tsvg` spawns", seconds(batch_dot), ratio(batch_dot, batch_fsmviz) + " faster", "≥ 8× faster"],
        ["200 of the repository's samples (hand-written, 3 to 11 states), one call", seconds(samples_fsmviz),
         megabytes(memory["samples"]),
         "200 `dot -Tsvg` spawns", seconds(samples_dot), ratio(samples_dot, samples_fsmviz) + " faster", "≥ 8× faster"],
        [f"100 states, {hundred_transitions} transitions (`--engine auto`)", seconds(hundred_fsmviz), megabytes(memory["hundred"]),
         "transitions' `GraphMachine` + pygraphviz (dot)", seconds(hundred_transitions_time),
         ratio(hundred_transitions_time, hundred_fsmviz) + " faster", "≥ 3× faster"],
        [f"the same with `--engine dot`", seconds(hundred_dot_engine), megabytes(memory["hundred-dot"]), "", "",
         ratio(hundred_transitions_time, hundred_dot_engine) + " faster", ""],
    ]
    return "\n".join([
        "### Render",
        "",
        f"Whole processes (start included), medians of 5 to 20 runs; the `dot` loops run in a shell, whose "
        f"own start hyperfine subtracts; load average {load_before:.1f} before, "
        f"{load_average():.1f} after. The 200 small generated machines come from `scripts/generate-machine 50 --seed 0..199` "
        "(dense: five labelled transitions per state, so layout, not process start, dominates each render); "
        "one call shares a batch among one fsmviz process per core (`--jobs`), as it does by default, against `dot` "
        "spawned once per machine, one after the other; "
        "the 200 samples cycle through `samples/`; "
        "the 100-state one keeps, of `scripts/generate-machine 500`, the `next` chain and each state's first "
        "generated transition.",
        "",
        table(["fsmviz run", "fsmviz", "fsmviz peak RSS", "peer", "peer time", "ratio", "target"], rows),
        "",
        "Where one small render's time goes (medians of 20 whole processes, as the first row): starting the process "
        f"(`fsmviz --version`: the Swift runtime and argument parsing) {seconds(startup)} against `dot -V`'s "
        f"{seconds(dot_version)}; reading the machine and writing its DOT (`fsmviz dot`) {seconds(dot_only)}; "
        f"the remaining {seconds(one_fsmviz - dot_only)} (parsing `render`'s larger set of options, Graphviz in-process: "
        f"context, core and layout plugins, layout, SVG; and the atomic write with its `fsync`), against "
        f"{seconds(one_dot - dot_version)} for `dot -Tsvg` beyond its own start, which also loads Graphviz's pango plugin "
        "and waits for fontconfig to read its configuration, since it sizes text by the installed fonts (fsmviz's SVG "
        "uses Graphviz's tables, below). For a single small diagram the Swift side's fixed cost is what separates "
        "fsmviz from `dot`; batches pay it once.",
        "",
        "What that fixed cost is made of was measured once (2026-11-22, 100 interleaved runs each, with builds "
        "changed for the purpose; this script does not repeat it): swift-argument-parser's reflection, about "
        "4.5 ms (a build that bypassed it for `render FILE -o OUT` ran 4.5 to 4.8 ms faster; `perf` shows half of it "
        "in the Swift runtime's protocol-conformance scans, linear in the 5,900 conformance records of a binary "
        "with Foundation linked in); FoundationXML, about 1 ms (it loaded libxml2 and the system's ICU at every "
        "start; fsmviz no longer links FoundationXML, but links libxml2 itself, below); relocating the position-independent "
        "executable, about 1 ms (`-no-pie` saves it, at the cost of address-space randomization, so it is not used); "
        "the `fsync` before each atomic rename, 0.4 to 0.8 ms; and the start of any statically linked Swift "
        "program with Foundation (one that formats a string with Foundation and prints it starts in about 4 ms, "
        "without Foundation in 1.9 ms, a C program in 0.8 ms). Without swift-argument-parser and FoundationXML a render still took 1.26× "
        "`dot -Tsvg`; 1.1× would also need Foundation, the `fsync` and position independence gone.",
        "",
        "#### What the true-to-the-statechart drawing costs",
        "",
        "Since drawings were made true to their statecharts, each transition's label is a node on its own path (so no label floats away from a "
        "compound state's border or is crossed by another edge), parallel regions carry ordering nodes, and "
        "without `--rankdir` a drawing more than 2:1 is laid out left to right too. Measured once (2026-11-24, "
        "release build, load average about 7 on 2 cores, so wall times are inflated by waiting for the disk): "
        "the 200 dense machines took 1.53 s of CPU whether or not a second direction was tried, against 0.80 s "
        "wall for the whole run before the rework on a quiet machine. The second direction adds no CPU there "
        "(those machines are within 2:1); the rest is `dot` laying out one more node and edge per transition. The targets above are missed since; a drawing "
        "that puts labels on the wrong edge was the worse trade. Re-measure on a quiet machine before "
        "comparing runs.",
        "",
        "#### Parallel regions and edges through unrelated compound states: what the choice costs",
        "",
        "Since the parallel-region layouts, a machine with parallel states is laid out in every arrangement of its regions (rows, stacked, and a grid when a parallel state has more than three) in both directions, up to six `dot` layouts, and the best by measure is rendered (docs/diagrams.md); a machine without them is also laid out left to right when its top-to-bottom layout has an edge through a compound state that holds neither end. Measured once (2026-11-26, release builds of this change and of 3c4dab7 before it, interleaved, medians of 21 runs for the small render and 3 for the batch, 5 for the fixtures; load average 10 to 11 on 2 cores from other builds, so only ratios within the run mean much; this script does not repeat it): one small render (`samples/tcp.json`) 88 ms against `dot -Tsvg`'s 54 ms on the same DOT, 1.63× (before: 94 ms, 1.73×); 200 dense generated machines in one call 5.54 s against 12.27 s for 200 `dot` spawns, 2.2× faster (before: 6.10 s, 2.0×). Neither has parallel states or clusters, so neither lays out more than before: the render targets (1.3× and 8×), which need transitions drawn as plain labelled edges where that is as true as a label node, are not met. The fixtures with parallel states pay for the choice: `elevator.yaml` 185 ms (before 136), `pinball-letters.yaml` 162 (132), `checkout.scxml` 246 (189), `infotainment.yaml` 871 (455), against 45 to 92 ms for one `dot -Tsvg` layout of their DOT.",
        "",
        REPAIRS_MEASURED_ONCE,
        "",
        TEXT_METRICS_MEASURED_ONCE,
        "",
        BATCH_PROCESSES_MEASURED_ONCE,
        "",
        GRAPHVIZ_SHARE_MEASURED_ONCE,
        "",
        "#### Start-up with libxml2 linked",
        "",
        "SCXML is read through libxml2, linked (`CLibXML2`, pkg-config `libxml-2.0`) instead of opened "
        "with `dlopen(\"libxml2.so.2\")` on first use, which broke on libxml2 2.14's new soname and left eleven "
        "signatures unchecked. Linking it adds libxml2, the system's ICU (`libicuuc`, `libicudata`) and liblzma to "
        "every `fsmviz` process. Measured once (2026-11-24, release builds without the static Swift runtime, "
        "before and after the change, 400 interleaved runs each on a machine shared with other builds, load "
        "average 5 to 6 on 2 cores; this script does not repeat it): `fsmviz --version` median 13.06 → 13.86 ms "
        "(+0.8 ms; tenth percentile +1.1 ms), `fsmviz dot samples/tcp.json` median 15.08 → 16.14 ms (+1.1 ms; "
        "tenth percentile +0.8 ms); the dynamic loader's own time (`LD_DEBUG=statistics`, median of 41) grew "
        "from 1.70 to 2.12 million cycles. About a millisecond per start, as the earlier `dlopen` design "
        "estimated: the price of compiler-checked calls and any libxml2 soname.",
    ])


def engines_section():
    """What `--engine auto`'s thresholds rest on: each engine's time as generated machines grow."""
    policy = (ROOT / "Sources" / "FSMRendering" / "LayoutPolicy.swift").read_text()
    dot_limit, label_limit, bounds_text = re.search(
        r"measured = LayoutPolicy\(\s*dotLimit: ([\d_]+), labelLimit: ([\d_]+), maximumTransitions: \[([^\]]*)\]\)", policy).groups()
    bounds = {engine: int(limit.replace("_", "")) for engine, limit in re.findall(r"\.(\w+): ([\d_]+)", bounds_text)}
    load_before = load_average()
    rows = []
    cases = [("dot", "edges", 50), ("dot", "edges", 75), ("dot", "edges", 100),
             ("sfdp", "edges", 300), ("sfdp", "edges", 500), ("sfdp", "edges", 1000), ("sfdp", "edges", 2000),
             ("sfdp", "edges", 3000), ("sfdp", "tooltips", 1000), ("sfdp", "tooltips", 3000), ("sfdp", "tooltips", 10000)]
    for engine, labels, states in cases:
        log(f"engines: {engine}, events on {labels}, {states} states")
        machine = generate(states * 5, WORK / f"generated-{states * 5}.json")
        # fsmviz's own DOT with the plan forced, laid out by the Graphviz tools (no fsmviz in the timing).
        dot = WORK / f"engines-{states}-{engine}-{labels}.dot"
        view = [str(FSMVIZ), "render", str(machine), "-o", str(dot), "--format", "dot", "--engine", engine]
        run(view)
        text = dot.read_text()
        if labels == "tooltips":
            text = re.sub(r" -> (\S+) \[label=", r" -> \1 [tooltip=", text)
        if engine == "sfdp" and "overlap=prism" not in text:
            text = text.replace("graph [rankdir", "graph [overlap=prism, rankdir", 1)
        dot.write_text(text)
        edges = text.count(" -> ")
        elapsed = timed([engine, "-Tsvg", str(dot), "-o", "/dev/null"], timeout=120)
        rows.append([engine, "beside edges" if labels == "edges" else "tooltips", f"{states:,}", f"{states * 5:,}", f"{edges:,}",
                     seconds(elapsed) if elapsed is not None else "over 120 s"])
    # Where the engines an explicit --engine may name reach a minute: generated machines (long jumps
    # among local transitions) and, for dot, machines of local transitions only, whose layouts are
    # far cheaper; with events beside the edges, as `fsmviz render --engine NAME` draws them.
    bound_rows = []
    bound_cases = [("dot", "generated", 100), ("dot", "generated", 120), ("dot", "generated", 150),
                   ("dot", "local", 200), ("dot", "local", 500), ("circo", "generated", 60), ("circo", "generated", 100),
                   ("circo", "generated", 150), ("fdp", "generated", 300), ("fdp", "generated", 500),
                   ("neato", "generated", 1000), ("neato", "generated", 2000), ("twopi", "generated", 2000)]
    for engine, kind, states in bound_cases:
        log(f"engines: {engine} by name, {kind}, {states} states")
        machine = (generate(states * 5, WORK / f"generated-{states * 5}.json") if kind == "generated"
                   else local_machine(states, WORK / f"local-{states}.json"))
        dot = WORK / f"bounds-{kind}-{states}.dot"
        run([str(FSMVIZ), "render", str(machine), "-o", str(dot), "--format", "dot", "--engine", engine])
        transitions = len(json.loads(machine.read_text())["transitions"])
        elapsed = timed([engine, "-Tsvg", str(dot), "-o", "/dev/null"], timeout=90)
        bound_rows.append([engine, kind, f"{states:,}", f"{transitions:,}", f"{bounds.get(engine, 0):,}" if engine in bounds else "none",
                           seconds(elapsed) if elapsed is not None else "over 90 s"])
    bounds_prose = ", ".join(f"`{engine}` {limit:,}" for engine, limit in bounds.items())
    defaults = []
    for states, target in [(3000, 10.0), (10000, 30.0)]:
        machine = generate(states * 5, WORK / f"generated-{states * 5}.json")
        log(f"engines: fsmviz render defaults, {states} states")
        command = [str(FSMVIZ), "render", str(machine), "-o", str(WORK / f"defaults-{states}.svg")]
        elapsed = statistics.median(timed(command) for _ in range(3))
        defaults.append([f"{states:,} states, {states * 5:,} transitions", seconds(elapsed), megabytes(peak_memory(command)),
                         f"< {target:.0f} s", "yes" if elapsed < target else f"no, by {seconds(elapsed - target)}"])
    return "\n".join([
        "### Layout engines: what `--engine auto` rests on",
        "",
        f"Graphviz's tools on fsmviz's DOT of generated machines (`scripts/generate-machine 5×STATES`), one run "
        f"each, SVG; load average {load_before:.1f} before, {load_average():.1f} after. `sfdp` runs with "
        "`overlap=prism` (without it, states pile on top of each other; `overlap=scale` blows the drawing up "
        "fifteenfold).",
        "",
        table(["engine", "events", "states", "transitions", "drawn edges", "time"], rows),
        "",
        f"`dot` grows steeply with labelled edges and stops being interactive at a few hundred, so `auto` uses "
        f"it up to **{dot_limit.replace('_', ',')} drawn transitions**. `sfdp` with overlap removal takes over; "
        f"laying out labels costs it several times the unlabelled layout and, past a few thousand, the labels "
        f"cover each other anyway, so above **{label_limit.replace('_', ',')} drawn transitions** events become "
        "SVG tooltips (hover an edge to see its event). The counts are of what is drawn, so `--focus` and "
        "`--collapse` bring a huge machine back to `dot`. An explicit `--engine` is not second-guessed, but it "
        "is bounded, below.",
        "",
        PACKING_MEASURED_ONCE,
        "",
        "#### Engines named with `--engine`: where a layout reaches a minute",
        "",
        f"Graphviz's tools on fsmviz's DOT as `fsmviz render --engine NAME` draws it (events beside the edges), one "
        f"run each, stopped after 90 s. Generated machines as above; local ones have three transitions per state, "
        f"each to one of the next six or previous three states.",
        "",
        table(["engine", "machine", "states", "transitions", "bound", "time"], bound_rows),
        "",
        f"`render` refuses to start a layout above these bounds of drawn transitions ({bounds_prose}; "
        "`--max-layout-transitions` raises them, `--no-limit` lifts them): with exit status 2 and a message "
        "proposing `--engine sfdp` or `auto`, `--focus` or `--collapse`, instead of running for minutes (a "
        "layout cannot be interrupted once Graphviz runs it). `sfdp` and `twopi` finish on every size measured. "
        "The estimate is the number of drawn transitions: `dot`'s time follows the virtual nodes its ranking "
        "adds for edges that span ranks, which depends on how far transitions jump as much as on how many there "
        "are, and which no cheap count predicts (breadth-first levels and a depth-first, longest-path ranking "
        "were tried and ordered the machines above wrongly). The bound is set where machines with long jumps "
        "reach a minute; machines of local transitions between it and about 1,500 transitions are refused "
        "although `dot` would finish them in seconds, and take `--max-layout-transitions`.",
        "",
        "#### `fsmviz render` with the default settings (median of 3, whole process)",
        "",
        table(["machine", "time", "peak RSS", "target", "met"], defaults),
    ])


def yaml_section():
    """YAML machine files go through libyaml's events straight into the machine (the tree and its
    decoder for anything unusual): their speed beside the same machines in JSON."""
    log("yaml: converting the generated machines")
    rows = []
    load_before = load_average()
    previous = None
    stopped = None
    for size in LINT_SIZES:
        name = size_name(size)
        if previous is not None and previous * 10 > PEER_LIMIT:
            stopped = f"YAML not measured from {name} on: {size_name(size // 10)} took {seconds(previous)}"
            break
        source = generate(size, WORK / f"generated-{name}.json")
        path = WORK / f"generated-{name}.yaml"
        if not path.exists() or path.stat().st_mtime < source.stat().st_mtime:
            # Block style, as people write YAML; the C emitter keeps the conversion quick.
            run([str(PYTHON), "-c",
                 "import json, sys, yaml; yaml.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'w'), "
                 "Dumper=yaml.CSafeDumper, default_flow_style=False, sort_keys=False)", str(source), str(path)])
        log(f"yaml: {name} transitions")
        runs = 5 if size <= 100_000 else 1
        yaml_lint, json_lint, floor = hyperfine(
            [f"{FSMVIZ} lint {path}", f"{FSMVIZ} lint {source}",
             f"{PYTHON} -c 'import yaml; yaml.load(open(\"{path}\", \"rb\"), Loader=yaml.CSafeLoader)'"],
            runs, ignore_failure=True)
        previous = yaml_lint
        megabytes_on_disk = path.stat().st_size / 1e6
        rows.append([name, f"{megabytes_on_disk:.1f} MB", seconds(yaml_lint), megabytes(peak_memory([str(FSMVIZ), "lint", str(path)])),
                     seconds(json_lint), seconds(floor), ratio(yaml_lint, json_lint), ratio(yaml_lint, floor)])
    return "\n".join([
        "### YAML machine files",
        "",
        "The generated machines converted to block-style YAML. `fsmviz lint` reads YAML in one pass over libyaml's events "
        "straight into the machine, as it reads JSON (`MachineFileScanner`); a file with anything unusual (aliases, non-ASCII "
        "names, a `lint` section) or wrong goes through the positioned document tree and its decoder instead. The floor: PyYAML's C loader "
        f"(`yaml.CSafeLoader`) merely parsing the file. Medians of 5 runs (1M: one); load average {load_before:.1f} "
        f"before, {load_average():.1f} after.",
        "",
        table(["machine", "YAML size", "fsmviz lint (YAML)", "peak RSS", "fsmviz lint (JSON)", "PyYAML C loader",
               "YAML ÷ JSON", "fsmviz ÷ PyYAML"], rows),
        *([f"\n*{stopped}, so the next would take over {PEER_LIMIT:.0f} s.*"] if stopped else []),
        "",
        YAML_PROFILE_MEASURED_ONCE,
        "",
        WRITERS_MEASURED_ONCE,
    ])


def runtime_section():
    log("runtime: events through a 10-state machine, built without cross-module optimization")
    run(["swift", "build", "-c", "release", "--package-path", str(ROOT / "Benchmarks"), "--product", "RuntimeBenchmark",
         "--scratch-path", str(RUNTIME_BUILD)])
    load_before = load_average()
    table_text = run([str(RUNTIME_BUILD / "release" / "RuntimeBenchmark")]).stdout.strip()
    return "\n".join([
        "### Runtime: events through a 10-state machine",
        "",
        "Measured by `RuntimeBenchmark` of the `Benchmarks/` package, which depends on fsmviz by path and "
        "is built the normal way, `swift build -c release` without cross-module optimization (into "
        "`.build-bench/runtime`), as an application would. Baselines: "
        "the same machine as a plain class with a `switch`, that switch behind `NSLock` and behind "
        "`Synchronization.Mutex`. Best of 3 runs of 2,000,000 events; 8 threads share the events and "
        f"one machine. Load average {load_before:.1f} before, {load_average():.1f} after.",
        "",
        table_text,
    ])


def swift_section():
    """fsmviz lint over whole packages' Swift sources, beside swift-syntax's parser alone over the
    same files in one process: how much reading machines adds to parsing."""
    log("swift: fsmviz lint over the Swift corpus's packages, beside the parser alone")
    load_before = load_average()
    rows = []
    for package in ["swift-nio", "swift-nio-ssh", "async-http-client", "postgres-nio"]:
        sources = SWIFT_CORPUS / package / "Sources"
        files = sorted(str(path) for path in sources.rglob("*.swift"))
        listing = WORK / f"{package}.swift-files"
        listing.write_text("\n".join(files) + "\n")
        log(f"swift: {package}, {len(files)} files")
        # `list` exits 2 over a package whose Sources hold JSON that is no machine (DocC themes).
        machines = subprocess.run([str(FSMVIZ), "list", str(sources)], capture_output=True, text=True).stdout.count("\n")
        (lint, lint_cpu), (parse, parse_cpu) = hyperfine(
            [f"{FSMVIZ} lint --allow-empty --quiet {sources}", f"{SWIFT_PARSE} parse-swift {listing}"], 5,
            ignore_failure=True, cpu=True)
        megabytes_of_source = sum(Path(path).stat().st_size for path in files) / 1e6
        rows.append([package, f"{len(files)} ({megabytes_of_source:.1f} MB)", str(machines), seconds(lint),
                     megabytes(peak_memory([str(FSMVIZ), "lint", "--allow-empty", "--quiet", str(sources)])),
                     seconds(parse), ratio(lint, parse), f"{seconds(lint_cpu)} / {seconds(parse_cpu)}",
                     ratio(lint_cpu, parse_cpu)])
    return "\n".join([
        "### Swift source",
        "",
        "`fsmviz lint` over each package's `Sources/` as `scripts/setup` checks it out (every `.swift` file read, one "
        "module per target, every machine found linted), beside swift-syntax's `Parser.parse` alone over the same files in one "
        "process (`Benchmarks parse-swift`, built with fsmviz's flags). Both are whole-process times: the target is "
        f"lint within 1.5 times parsing alone. Medians of 5 runs; load average {load_before:.1f} before, "
        f"{load_average():.1f} after. fsmviz parses and reads the files of each module on every core, where the "
        "parser alone runs on one, so the CPU time (user and system, means of the same runs) is given beside: "
        "it is what fsmviz costs a machine whose cores are all busy.",
        "",
        table(["package", "Swift files", "machines", "fsmviz lint", "peak RSS", "parse alone", "lint ÷ parse",
               "CPU: lint / parse", "CPU ratio"], rows),
        "",
        SWIFT_SYNTAX_COST_MEASURED_ONCE,
    ])


def edited_copy(source, destination):
    """`source`'s machine with four edits a pull request might make: a guard changed, a
    transition removed, one added, and two transitions of different groups swapped (which is
    no change)."""
    if not destination.exists() or destination.stat().st_mtime < source.stat().st_mtime:
        machine = json.loads(source.read_text())
        transitions = machine["transitions"]
        middle = len(transitions) // 2
        transitions[middle]["guard"] = "edited"
        removed = transitions.pop(middle + 10)
        transitions.append({"from": removed["from"], "event": "e0", "to": removed["to"]})
        first, second = middle + 20, middle + 40
        if (transitions[first]["from"], transitions[first].get("event")) != (transitions[second]["from"], transitions[second].get("event")):
            transitions[first], transitions[second] = transitions[second], transitions[first]
        # The generator's own separators, so both files are read alike.
        destination.write_text(json.dumps(machine, separators=(",", ":")))
    return destination


def diff_section():
    """fsmviz diff of two versions of the 1M-transition machine, beside fsmviz lint of both:
    the target is diff within 2 times linting both."""
    log("diff: generating the 1M-transition machine and an edited copy")
    old = generate(1_000_000, WORK / "generated-1M.json")
    new = edited_copy(old, WORK / "generated-1M-edited.json")
    load_before = load_average()
    # Both exit 1 (findings, changes), which is what they are for here.
    diff, lint_both = hyperfine(
        [f"{FSMVIZ} diff {old} {new} > /dev/null", f"{FSMVIZ} lint {old} > /dev/null; {FSMVIZ} lint {new} > /dev/null"],
        5, ignore_failure=True, shell=True)
    diff_memory = peak_memory([str(FSMVIZ), "diff", str(old), str(new)])
    lint_memory = peak_memory([str(FSMVIZ), "lint", str(old)])
    inside = json.loads(run([str(BESIDE_FSMVIZ), "diff", str(old), str(new)], env={**os.environ, "FSMVIZ_BENCH_RUNS": "3"}).stdout)
    measured = diff / lint_both
    rows = [
        ["`fsmviz lint` of both files, one after the other", seconds(lint_both), megabytes(lint_memory) + " (one file)"],
        ["`fsmviz diff` of the two", seconds(diff), megabytes(diff_memory)],
    ]
    return "\n".join([
        "### Diff",
        "",
        "`fsmviz diff` of `scripts/generate-machine 1000000`'s machine and a copy with four edits (a guard changed, "
        "a transition removed, one added, two of different groups swapped), beside `fsmviz lint` of both files; "
        f"whole-process medians of 5 runs, load average {load_before:.1f} before, {load_average():.1f} after.",
        "",
        table(["run", "time", "peak RSS"], rows),
        "",
        f"`diff` ÷ `lint` of both: **{measured:.2f}×** (target: at most 2×, met: {verdict(measured <= 2, measured, '×')}). "
        f"Inside one process (`Benchmarks diff`, medians of 3): loading both {seconds(inside['load'])}, the comparison "
        f"{seconds(inside['diff'])} ({inside['changes']} changes), analysing both {seconds(inside['analysis'])}: "
        "reading the files is most of either command, and the comparison skips every state whose outgoing "
        "transitions are unchanged.",
    ])


SECTIONS = {"lint": lint_section, "yaml": yaml_section, "render": render_section, "engines": engines_section, "runtime": runtime_section,
            "swift": swift_section, "diff": diff_section}


SECTION_TITLES = {"lint": "### Load + lint", "yaml": "### YAML machine files", "render": "### Render",
                  "engines": "### Layout engines", "runtime": "### Runtime", "swift": "### Swift source",
                  "diff": "### Diff"}


def previous_sections(text):
    """The sections of an earlier docs/performance.md, by name, found by their headings."""
    starts = sorted((text.find(title), name) for name, title in SECTION_TITLES.items() if text.find(title) >= 0)
    return {name: text[start:(starts[index + 1][0] if index + 1 < len(starts) else len(text))].strip()
            for index, (start, name) in enumerate(starts)}


def main():
    chosen = sys.argv[1:] or list(SECTIONS)
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown:
        sys.exit(f"bench: unknown section {', '.join(unknown)}; sections: {', '.join(SECTIONS)}")
    WORK.mkdir(parents=True, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory = next((int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal")), 0) * 1024
    swift = run(["swift", "--version"]).stdout.splitlines()[0] if shutil.which("swift") else "swift unknown"
    graphviz = subprocess.run(["dot", "-V"], capture_output=True, text=True).stderr.strip()
    versions = run([str(PYTHON), "-c", "import importlib.metadata as m; print(', '.join(f'{p} {m.version(p)}' for p in ['networkx', 'python-statemachine', 'transitions', 'pygraphviz']))"]).stdout.strip()
    results = []
    for name in chosen:
        results.append(SECTIONS[name]())
        print(results[-1] + "\n", flush=True)
    header = [
        "# Performance",
        "",
        f"Measured by `scripts/bench{' ' + ' '.join(sys.argv[1:]) if sys.argv[1:] else ''}` on {started}: "
        f"{os.cpu_count()} cores ({cpu}), {memory / 1024 ** 3:.0f} GiB, {platform.system()} {platform.release()}, "
        f"{swift}, {graphviz}, Python {platform.python_version()} with {versions}; hyperfine for process timings, "
        "GNU time for peak memory. fsmviz is a release build with cross-module optimization and the Swift runtime "
        "linked statically (`--static-swift-stdlib`), as a Linux release would ship.",
        "",
        "The machine may be shared with other work: each table gives the load average around it, and the ratios, "
        "measured side by side in the same run, are the figures to compare.",
        "",
    ]
    document = ROOT / "docs" / "performance.md"
    if set(chosen) != set(SECTIONS) and document.exists():
        # A partial run replaces its own sections and keeps the others from the last run.
        kept = previous_sections(document.read_text())
        measured = dict(zip(chosen, results))
        results = [measured[name] if name in measured else kept[name] for name in SECTIONS if name in measured or name in kept]
        header[2] += f" Sections other than {', '.join(chosen)} are from an earlier run, which their own load averages date."
    document.write_text("\n".join(header) + "\n" + "\n\n".join(results) + "\n")
    log("wrote docs/performance.md")


if __name__ == "__main__":
    main()
