#!/usr/bin/env python3
"""Writes a large machine file for benchmarks, deterministically.

    scripts/generate-machine.py TRANSITIONS OUTPUT.json [--seed N]

States are five per transition's worth of edges (TRANSITIONS / 5 states, at least 10), plus
three final states; each state gets about five transitions on random events, mostly to nearby
states with some long jumps, a few guarded, until the budget of TRANSITIONS is spent. The final
states are entered from a quarter, half and three quarters along, so analyses that look for a
way to finish (python-statemachine's final-reachability check, fsmviz's traps) do their whole
work. Planted defects, so lint has something to report: one unreachable state, one dead end,
one nondeterministic trigger, one unused event. Identical arguments give identical bytes.
"""
import argparse
import json
import random

parser = argparse.ArgumentParser()
parser.add_argument("transitions", type=int)
parser.add_argument("output")
parser.add_argument("--seed", type=int, default=793)
args = parser.parse_args()

rng = random.Random(args.seed)
count = max(10, args.transitions // 5)
events = [f"e{index}" for index in range(40)]
states = [f"s{index}" for index in range(count)]
# Every state but the planted unreachable one is reachable through a chain of `next`.
transitions = [{"from": states[index], "event": "next", "to": states[index + 1]} for index in range(count - 3)]
finals = [f"done{index}" for index in range(3)]
# The planted transitions below (three defects, one into each final state) count against the budget.
budget = args.transitions - len(transitions) - 3 - len(finals)
for index in range(count - 2):  # the last two states are the planted unreachable one and dead end
    # Distinct events per state, so the only conflicts are the planted ones.
    for event in rng.sample(events, 5):
        if budget <= 0:
            break
        budget -= 1
        if rng.random() < 0.9:
            target = min(count - 3, max(0, index + rng.randint(-3, 6)))
        else:
            target = rng.randrange(0, count - 2)
        transition = {"from": states[index], "event": event, "to": states[target]}
        if rng.random() < 0.05:
            transition["guard"] = f"g{rng.randrange(10)}"
        transitions.append(transition)
transitions.append({"from": states[0], "event": "stuck", "to": states[count - 1]})  # dead end
transitions.append({"from": states[1], "event": "fork", "to": states[2]})
transitions.append({"from": states[1], "event": "fork", "to": states[3]})  # nondeterministic
for number, final in enumerate(finals, start=1):
    transitions.append({"from": states[count * number // 4], "event": "finish", "to": final})
document = {
    "name": f"generated-{args.transitions}",
    "initial": states[0],
    "states": states + [{"id": final, "final": True} for final in finals],
    "events": events + ["next", "stuck", "fork", "finish", "unused"],
    "transitions": transitions,
}
with open(args.output, "w") as handle:
    json.dump(document, handle, separators=(",", ":"))
    handle.write("\n")
