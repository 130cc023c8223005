"""The Terra Mystica league games (``shared/data/terra_mystica/snellman_games``) replayed through
our engine, stopping at each main turn of the play phase: what ``tm_league.py`` (the bots' choice
against the league player's) and ``tm_calibrate.py league`` (the parts of worth against the final
VP) both look at. Imported by those scripts, which run from this folder."""
from __future__ import annotations

import pathlib
from typing import Any, Callable, Iterator

from tabletop_tui.rules.terra_mystica.snellman import import_snellman

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "shared" / "data" / "terra_mystica" / "snellman_games"

#: at_main_turn(path, state, decision, actions, i): ``actions[i]`` is the ledger's next action
AtMainTurn = Callable[[pathlib.Path, Any, Any, list, int], None]


def replay_league(rules: Any, at_main_turn: AtMainTurn, folder: str | pathlib.Path = FOLDER,
                  games: int = 0) -> Iterator[tuple[pathlib.Path, Any]]:
    """Each ledger in ``folder`` (the first ``games`` of them by name; 0: all), replayed: before
    each main turn of the play phase ``at_main_turn`` is called; then (path, the final state) is
    yielded. A ledger our import refuses is said, and skipped."""
    paths = sorted(pathlib.Path(folder).glob("*.txt"))
    for path in paths[:games or None]:
        try:
            options, names, actions = import_snellman(path.read_text())
        except ValueError as e:
            print(path.name, "skipped:", e, flush=True)
            continue
        s = rules.setup(names, 0, options)
        for i, text in enumerate(actions):
            d = rules.pending(s)
            if d is not None and d.kind == "main" and s.phase == "play" and s.step == "main":
                at_main_turn(path, s, d, actions, i)
            s = rules.apply(s, rules.parse(s, text))
        yield path, s
