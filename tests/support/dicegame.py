"""A tiny game for testing the match machinery apart from any real game.

Race to 12: on your turn roll a die (chance), then bank it or pass. Bank: add the roll.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from tabletop_tui.rules.core import BaseRules, Decision, IllegalAction, Result, Rng, rank_by


@dataclass(frozen=True)
class Act:
    kind: str

    def __str__(self) -> str:
        return self.kind


@dataclass
class DiceState:
    names: list
    rng: Rng
    score: list
    turn: int = 0
    roll: int | None = None
    target: int = 12


class DiceRules(BaseRules):
    game_id = "dicegame"
    title = "Dice race"
    min_players = 2
    max_players = 3

    def setup(self, seats, seed, options):
        return DiceState(list(seats), Rng(seed), [0] * len(seats))

    def pending(self, s):
        if max(s.score) >= s.target:
            return None
        return Decision(s.turn, "roll the die" if s.roll is None else f"bank {s.roll} or pass",
                        "roll" if s.roll is None else "bank")

    def legal_actions(self, s):
        if self.pending(s) is None:
            return []
        return [Act("roll")] if s.roll is None else [Act("bank"), Act("pass")]

    def apply(self, s, a):
        if a not in self.legal_actions(s):
            raise IllegalAction(f"You can't {a} now.")
        s = copy.deepcopy(s)
        if a.kind == "roll":
            s.roll = s.rng.randint(1, 6)
        else:
            if a.kind == "bank":
                s.score[s.turn] += s.roll
            s.roll = None
            s.turn = (s.turn + 1) % len(s.names)
        return s

    def result(self, s):
        if self.pending(s) is not None:
            return None
        keys = {i: (v,) for i, v in enumerate(s.score)}
        return Result(rank_by(keys), dict(enumerate(s.score)), {i: {"Banked": v} for i, v in enumerate(s.score)})

    def vp(self, s):
        return dict(enumerate(s.score))

    def to_json(self, s):
        return {"names": s.names, "rng": s.rng.to_json(), "score": s.score, "turn": s.turn, "roll": s.roll}

    def from_json(self, d):
        return DiceState(d["names"], Rng.from_json(d["rng"]), d["score"], d["turn"], d["roll"])


RULES = DiceRules()
