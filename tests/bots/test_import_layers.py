"""The house: imports go one way. A game's hard bot (``<game>_search.py``) builds on its heuristic
(``<game>.py``), never the other way round; no bot modules import each other in a circle (an
import inside a function counts too); the watch screen does not import the app.

The package itself (``bots/__init__.py``: the levels, ``make_bot`` and the shared lookahead,
which finds each game's modules by name) is the shared layer every bot module may use; it is
not counted as one of the modules between which a circle is looked for."""
from __future__ import annotations

import ast
from pathlib import Path

import tabletop_tui

ROOT = Path(tabletop_tui.__file__).resolve().parent
BOTS = ROOT / "bots"
PACKAGE = "tabletop_tui.bots"


def module_exists(name: str) -> bool:
    parts = name.split(".")
    if parts[0] != "tabletop_tui":
        return False
    path = ROOT.joinpath(*parts[1:])
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports_of(source: str, module: str) -> set[str]:
    """Every tabletop_tui module that ``source`` (the text of ``module``) imports, anywhere in
    it; ``from P import m`` counts as an import of the module ``P.m`` where there is one."""
    package = module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                found.add(sub if module_exists(sub) else base)
    return {m for m in found if m.startswith("tabletop_tui")}


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph`` (module → modules it imports), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def bot_graph() -> dict[str, set[str]]:
    mods = {f"{PACKAGE}.{p.stem}": p for p in BOTS.glob("*.py") if p.stem != "__init__"}
    return {m: {n for n in imports_of(p.read_text(encoding="utf-8"), m) if n in mods}
            for m, p in mods.items()}


def test_the_circle_finder_catches_a_heuristic_and_its_search_importing_each_other():
    """The circle there was: the heuristic handed the hard level to its search, inside a
    function, and the search imports the heuristic."""
    heuristic = "def search_choose():\n    from . import finca_search\n    return finca_search.choose()\n"
    search = "from . import finca as fb\n"
    graph = {f"{PACKAGE}.finca": imports_of(heuristic, f"{PACKAGE}.finca"),
             f"{PACKAGE}.finca_search": imports_of(search, f"{PACKAGE}.finca_search")}
    assert graph[f"{PACKAGE}.finca"] == {f"{PACKAGE}.finca_search"}
    assert circle(graph) == [f"{PACKAGE}.finca", f"{PACKAGE}.finca_search", f"{PACKAGE}.finca"]


def test_no_bot_modules_import_each_other_in_a_circle():
    graph = bot_graph()
    assert f"{PACKAGE}.search" in graph and f"{PACKAGE}.terra_mystica_search" in graph
    assert circle(graph) is None, " → ".join(circle(graph) or [])


def test_each_games_search_builds_on_its_heuristic_never_the_other_way():
    graph = bot_graph()
    searches = [m for m in graph if m.endswith("_search")]
    assert {m.rsplit(".", 1)[1] for m in searches} == {"finca_search", "maracaibo_search",
                                                        "terra_mystica_search"}
    for s in searches:
        heuristic = s.removesuffix("_search")
        assert heuristic in graph[s], f"{s} should build on {heuristic}"
        assert s not in graph[heuristic], f"{heuristic} imports {s}"


def test_the_watch_screen_does_not_import_the_app():
    path = ROOT / "screens" / "watch.py"
    found = imports_of(path.read_text(encoding="utf-8"), "tabletop_tui.screens.watch")
    assert "tabletop_tui.app" not in found, found
    assert "tabletop_tui.cli" not in found, found
