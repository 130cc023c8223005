"""The house runs one way (docs/architecture.md): the floors of ``[tool.importlinter]`` in
pyproject.toml — entry points, command lines, the app, screens, widgets, the store, the match,
the bots, the rules — each importing only those below it; no import cycle anywhere; the rules,
the bots and the store free of the terminal UI; each game's rules apart from the others'.

import-linter checks the contracts on grimp's graph of the package, which counts an import inside
a function as much as one at the top (a lazy import hides a cycle from Python, not from a
reader). The tests below also show that the checks can fail: an import added against the grain
is named, with its line.
"""
from __future__ import annotations

import copy
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tabletop_tui"
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def contract(cid: str) -> dict:
    return next(c for c in CONFIG["contracts"] if c["id"] == cid)


def floors() -> list[set[str]]:
    """The layers contract's floors, top first, each a set of modules (``a | b``: siblings)."""
    return [{m.strip() for m in layer.split("|")} for layer in contract("floors")["layers"]]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, include_external_packages=True)


def illegal(graph: grimp.ImportGraph) -> list[str]:
    """Every import from a floor to one above it, as "importer -> imported (l.N)"."""
    layers = [grimp.Layer(*layer) for layer in floors()]
    out = []
    for dep in graph.find_illegal_dependencies_for_layers(layers=layers):
        for route in dep.routes:
            for a, b in zip(route.heads, route.tails):
                for d in graph.get_import_details(importer=a, imported=b) or [{"line_number": "?"}]:
                    out.append(f"{a} -> {b} (l.{d['line_number']})")
            if route.middle:
                out.append(" -> ".join([*sorted(route.heads)[:1], *route.middle, *sorted(route.tails)[:1]]))
    return sorted(set(out))


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every import cycle among the package's own modules (strongly connected sets)."""
    mods = {m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")}
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i in mods and i != m} for m in mods}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm, iterative enough for this graph's depth
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for m in sorted(mods):
        if m not in index:
            visit(m)
    return found


def test_every_contract_of_the_house_is_kept():
    """`lint-imports` itself, on pyproject.toml's contracts: it names the offending import."""
    lint = Path(sys.executable).parent / "lint-imports"
    r = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert ", 0 broken." in r.stdout, r.stdout[-2000:]


def test_no_import_cycle_anywhere_in_the_package(graph):
    assert cycles(graph) == []


def test_each_floor_imports_only_the_floors_below_it(graph):
    assert illegal(graph) == []


def test_every_top_level_module_of_the_package_is_on_a_floor(graph):
    """A new module must be given its floor (else the contract would say nothing of it)."""
    on_a_floor = set().union(*floors())
    top = {m for m in graph.find_children(PACKAGE)}
    assert top - on_a_floor == set(), "give these a floor in pyproject.toml's layers"


def test_a_back_import_from_the_rules_to_a_screen_is_named_with_its_line(graph):
    g = copy.deepcopy(graph)
    g.add_import(importer="tabletop_tui.rules.core", imported="tabletop_tui.screens.game", line_number=7,
                 line_contents="from tabletop_tui.screens.game import GameScreen")
    assert "tabletop_tui.rules.core -> tabletop_tui.screens.game (l.7)" in illegal(g)
    assert any("tabletop_tui.rules.core" in c and "tabletop_tui.screens.game" in c for c in cycles(g))


def test_a_back_import_inside_one_floor_is_found_as_a_cycle(graph):
    """Two modules of one floor importing each other (the engine and log of a game, say) break no
    layer, but they are a cycle."""
    g = copy.deepcopy(graph)
    log, engine = "tabletop_tui.rules.terra_mystica.log", "tabletop_tui.rules.terra_mystica.engine"
    g.add_import(importer=engine, imported=log)
    g.add_import(importer=log, imported=engine)
    assert any({engine, log} <= set(c) for c in cycles(g))


def test_the_store_the_rules_and_the_bots_import_no_terminal_ui(graph):
    pure = contract("pure-floors")
    for source in pure["source_modules"]:
        for mod in graph.find_descendants(source) | {source}:
            for imported in graph.find_modules_directly_imported_by(mod):
                assert imported.split(".")[0] not in pure["forbidden_modules"], f"{mod} imports {imported}"


def test_each_games_search_builds_on_its_heuristic_never_the_other_way(graph):
    searches = sorted(m for m in graph.find_children("tabletop_tui.bots") if m.endswith("_search"))
    assert {m.rsplit(".", 1)[1] for m in searches} >= {"finca_search", "maracaibo_search",
                                                        "terra_mystica_search"}
    for s in searches:
        heuristic = s[: -len("_search")]
        assert heuristic in graph.find_modules_directly_imported_by(s), f"{s} should build on {heuristic}"
        assert s not in graph.find_modules_directly_imported_by(heuristic), f"{heuristic} imports {s}"
