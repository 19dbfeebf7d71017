#!/usr/bin/env python3
"""The peers' side of scripts/bench: the same work fsmviz does, done by Python libraries.

    bench_peers.py json FILE [--repeat N]                json.load only (the floor)
    bench_peers.py networkx FILE [--repeat N]            reachability, SCCs, duplicate events
    bench_peers.py statemachine FILE [--repeat N]        python-statemachine 3.x's validators
    bench_peers.py transitions FILE OUTPUT.svg           transitions' GraphMachine drawn by pygraphviz

Prints one JSON object: the medians of each phase over the repeats, in seconds, and what the
analysis found (so the runs can be checked to have done the work). Run once per process by
hyperfine for whole-process times.
"""
import argparse
import json
import statistics
import time


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def load(path):
    with open(path, "rb") as handle:
        return json.load(handle)


def edges(document):
    """(source, event, target) for every transition and target, as fsmviz reads the file."""
    for transition in document["transitions"]:
        sources = transition["from"] if isinstance(transition["from"], list) else [transition["from"]]
        targets = transition["to"] if isinstance(transition["to"], list) else [transition["to"]]
        for source in sources:
            for target in targets:
                yield source, transition.get("event"), target, transition.get("guard")


def state_ids(document):
    return [state if isinstance(state, str) else state["id"] for state in document["states"]]


def final_ids(document):
    return {state["id"] for state in document["states"] if isinstance(state, dict) and state.get("final")}


def networkx_work(document):
    import networkx as nx

    def build():
        graph = nx.DiGraph()
        graph.add_nodes_from(state_ids(document))
        graph.add_edges_from((source, target) for source, _, target, _ in edges(document))
        return graph

    build_time, graph = timed(build)

    def analyse():
        reachable = nx.descendants(graph, document["initial"]) | {document["initial"]}
        unreachable = [state for state in graph if state not in reachable]
        components = list(nx.strongly_connected_components(graph))
        # Per state, events that more than one unguarded transition reacts to.
        seen = {}
        duplicates = 0
        for source, event, _, guard in edges(document):
            if event is None or guard is not None:
                continue
            key = (source, event)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 2:
                duplicates += 1
        # Final states are meant to have no way out; fsmviz does not call them dead ends either.
        finals = final_ids(document)
        dead_ends = [state for state in graph if graph.out_degree(state) == 0 and state not in finals]
        return {"unreachable": len(unreachable), "components": len(components), "duplicates": duplicates,
                "dead_ends": len(dead_ends)}

    analysis_time, found = timed(analyse)
    return {"build": build_time, "analysis": analysis_time, "found": found}


def statemachine_work(document):
    from statemachine.exceptions import InvalidDefinition
    from statemachine.io.class_factory import create_machine_class_from_definition

    def build():
        states = {state: {} for state in state_ids(document)}
        states[document["initial"]]["initial"] = True
        # Without final states the final-reachability validator returns at once.
        for state in final_ids(document):
            states[state]["final"] = True
        for source, event, target, guard in edges(document):
            on = states[source].setdefault("on", {})
            transition = {"target": target}
            if guard is not None:
                transition["cond"] = guard
            on.setdefault(event or "", []).append(transition)
        # Validation off while the class is built: each validator raises on its first finding,
        # so they are run one by one below, each to the end.
        return create_machine_class_from_definition(
            "Generated", states, validate_disconnected_states=False, validate_trap_states=False,
            validate_final_reachability=False)

    build_time, machine = timed(build)

    def validate():
        failed = []
        for flag, check in [("validate_disconnected_states", machine._check_disconnected_state),
                            ("validate_trap_states", machine._check_trap_states),
                            ("validate_final_reachability", machine._check_reachable_final_states)]:
            setattr(machine, flag, True)
            try:
                check()
            except InvalidDefinition:
                failed.append(flag)
        return {"failed": failed}

    analysis_time, found = timed(validate)
    return {"build": build_time, "analysis": analysis_time, "found": found}


def transitions_draw(document, output):
    from transitions.extensions import GraphMachine

    class Model:
        pass

    def build():
        definitions = []
        for source, event, target, guard in edges(document):
            definition = {"trigger": event or "auto", "source": source, "dest": target}
            if guard is not None:
                definition["conditions"] = guard
            definitions.append(definition)
        return GraphMachine(model=Model(), states=state_ids(document), transitions=definitions,
                            initial=document["initial"], auto_transitions=False, graph_engine="pygraphviz",
                            title=document.get("name", ""), show_conditions=True)

    build_time, machine = timed(build)
    draw_time, _ = timed(lambda: machine.model.get_graph().draw(output, prog="dot"))
    return {"build": build_time, "draw": draw_time}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("peer", choices=["json", "networkx", "statemachine", "transitions"])
    parser.add_argument("file")
    parser.add_argument("output", nargs="?")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    runs = []
    for _ in range(args.repeat):
        parse_time, document = timed(load, args.file)
        run = {"parse": parse_time}
        if args.peer == "networkx":
            run.update(networkx_work(document))
        elif args.peer == "statemachine":
            run.update(statemachine_work(document))
        elif args.peer == "transitions":
            run.update(transitions_draw(document, args.output))
        runs.append(run)
    summary = {key: statistics.median(run[key] for run in runs)
               for key in runs[0] if isinstance(runs[0][key], float)}
    summary.update({key: value for key, value in runs[-1].items() if not isinstance(value, float)})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
