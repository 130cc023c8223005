"""Headless games between bots: the engine of `tabletop simulate`, `make fuzz` and playout tests.

Checks on every action: the game's invariants, that ``apply`` left the old state untouched
(via its JSON), that the action's notation parses back to the same action. Every so often the
JSON round trip too.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.core import IllegalAction


class PlayoutError(Exception):
    pass


@dataclass
class PlayoutStats:
    game: str
    players: int
    games: int = 0
    completed: int = 0
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "completed": self.completed,
            "errors": len(self.errors),
            "mean_actions": round(self.actions / self.games, 1) if self.games else 0,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else 0,
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0,
        }


def _canon(d: Any) -> str:
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def play_one(rules: Any, players: int, seed: int, *, strict: bool = True,
             options: dict | None = None, record: list | None = None) -> Any:
    """Play one random game to the end; returns the final state. Raises PlayoutError."""
    names = [f"P{i + 1}" for i in range(players)]
    from tabletop_tui.rules.core import resolve_options

    opts = resolve_options(rules.options, options or {})
    s = rules.setup(names, seed, opts)
    bot = RandomBot(seed * 7919 + players)
    bound = getattr(rules, "max_actions", 20000)
    for n in range(bound + 1):
        if rules.pending(s) is None:
            break
        if n == bound:
            raise PlayoutError(f"seed {seed}: no end after {bound} actions")
        a = bot.choose(rules, s)
        before = _canon(rules.to_json(s)) if strict else None
        try:
            s2 = rules.apply(s, a)
        except IllegalAction as e:
            raise PlayoutError(f"seed {seed}, action {n} {rules.notation(a)!r}: legal action refused: {e.reason}") from e
        if strict:
            if _canon(rules.to_json(s)) != before:
                raise PlayoutError(f"seed {seed}, action {n}: apply changed the old state")
            text = rules.notation(a)
            try:
                back = rules.parse(s, text)
            except IllegalAction as e:
                raise PlayoutError(f"seed {seed}, action {n}: notation {text!r} does not parse: {e.reason}") from e
            if rules.notation(back) != text:
                raise PlayoutError(f"seed {seed}, action {n}: notation {text!r} parses to {rules.notation(back)!r}")
            problems = rules.invariants(s2)
            if problems:
                raise PlayoutError(f"seed {seed}, action {n} {text!r}: " + "; ".join(problems))
            if n % 25 == 0:
                j = rules.to_json(s2)
                if _canon(rules.to_json(rules.from_json(json.loads(_canon(j))))) != _canon(j):
                    raise PlayoutError(f"seed {seed}, action {n}: JSON round trip differs")
        if record is not None:
            record.append(rules.notation(a))
        s = s2
    if rules.result(s) is None:
        raise PlayoutError(f"seed {seed}: game over but no result")
    return s


def simulate(rules: Any, players: int, games: int, seed: int, *, strict: bool = True,
             options: dict | None = None) -> PlayoutStats:
    stats = PlayoutStats(rules.game_id, players)
    t0 = time.perf_counter()
    for g in range(games):
        stats.games += 1
        record: list = []
        try:
            play_one(rules, players, seed + g, strict=strict, record=record, options=options)
            stats.completed += 1
        except PlayoutError as e:
            stats.errors.append(str(e))
        except Exception as e:  # a crash in the rules is an error to report, not to hide
            stats.errors.append(f"seed {seed + g}: {type(e).__name__}: {e}")
        stats.actions += len(record)
    stats.seconds = time.perf_counter() - t0
    return stats
