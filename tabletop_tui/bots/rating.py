"""What a bot thinks of the choices in front of a seat: its best few, each with the bot's own
estimate and what it does at once, in the rules' words (issue 46: a suggestion that explains
itself, and the review of a finished game).

One API for every title, above the levels (``bots/__init__.py``) and the searches:

* :func:`ranking` — every choice the bot at ``level`` considered, best first, with its value.
  ``medium`` is the heuristic's own ordering (the game module's ``rank``, the one its ``choose``
  takes the first of); ``hard`` is the game's search (its module's ``rated``, the ordering its
  ``choose`` takes the first of), or the shared search's root. The first entry is the move that
  bot plays, given the same seed: a suggestion never names one move and highlights another.
* :func:`rate` — the best ``top`` of them, each with what it changes at once for the seat (the
  rules' :meth:`~tabletop_tui.rules.core.BaseRules.changes`, applied to the seat's VIEW, so a
  number the player reads is one the rules would book) and, where the bot has one, the plan it
  sets up.

Values are the bot's ESTIMATES in its own unit: "VP" (points, as its evaluation reckons them; only
differences between choices are meaningful, so they are said as "N VP less than the best"), or
"chance" (a probability of winning the race: Piratissimo's hard bot). A decision that the bot
orders without valuing (Terra Mystica's faction pick, a leech offer) has no value (None).

Pure like every bot module: no clock, no global random; a bot sees only the view it is given.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from tabletop_tui.bots.core import _draws, _legal, game_module, ranked, search_module
from tabletop_tui.rules.core import Rng

#: units of a rating's values
VP, CHANCE = "VP", "chance"

#: the same streams the levels draw from (bots/__init__.py), so a rating's first choice is the
#: move that level plays with that seed
MEDIUM_SALT, HARD_SALT = 0x4E0B07, 0x5EA4C4


@dataclass(frozen=True)
class Rated:
    """One choice as the bot sees it."""

    action: Any
    #: the bot's estimate, in its rating's unit; None where it orders without valuing
    value: float | None
    #: what the choice changes at once for the seat, in the rules' words ("+2 VP (round tile)")
    now: tuple[str, ...] = ()
    #: the steps the bot means to take after it (its plan), described, where it has one
    then: tuple[str, ...] = ()
    #: whether chance decides something right after it (a die, a drawn card)
    luck: bool = False


@dataclass(frozen=True)
class Rating:
    """A bot's view of one decision: who rated, in what unit, the choices best first."""

    level: str
    unit: str
    choices: tuple[Rated, ...]
    #: the level the player asked for, where the bot answered with another's reckoning (hard
    #: plays medium's choice for a decision it does not search): said, never hidden
    asked: str = ""
    #: every choice the bot considered, with its value (the review reads them)
    values: tuple[tuple[Any, float | None], ...] = field(default=(), compare=False)

    @property
    def pick(self) -> Any:
        return self.choices[0].action if self.choices else None


def _clean(v: Any) -> float | None:
    if v is None:
        return None
    v = float(v)
    return v if math.isfinite(v) else None


def ranking(rules: Any, view: Any, seat: int, level: str = "medium", seed: int = 0) -> tuple[str, str, list]:
    """(the level whose reckoning it is, the unit, [(action, value or None, plan or None), ...]
    best first) for the decision pending in ``view``, which is ``seat``'s. The first action is
    what ``level`` plays with ``seed`` (see the module's docstring)."""
    legal = _legal(rules, view)
    if len(legal) == 1:
        return level, VP, [(legal[0], None, None)]
    if level == "hard":
        own = search_module(rules.game_id)
        rated = getattr(own, "rated", None) if own is not None else None
        rng = Rng(seed ^ HARD_SALT)
        got = rated(rules, view, seat, rng) if rated is not None else None
        if got is not None:
            by, unit, out = got
            return by, unit, [_triple(x) for x in out]
        if rated is not None:  # the search plays medium's choice at this decision
            return ranking(rules, view, seat, "medium", seed)
        if own is None:
            from tabletop_tui.bots import search

            return "hard", VP, [_triple(x) for x in search.rated(rules, view, seat, rng)]
        # a game search without a rating: its choice first, medium's values for none of it
        pick = own.choose(rules, view, seat, rng, None)
        return "hard", VP, [(pick, None, None)] + [(a, None, None) for a in legal if a != pick]
    rng = Rng(seed ^ MEDIUM_SALT)
    mod = game_module(rules.game_id)
    unvalued = getattr(mod, "UNVALUED", ()) if mod is not None else ()
    d = rules.pending(view)
    plans = getattr(mod, "rank_plans", None) if mod is not None else None
    out = plans(rules, view, seat) if plans is not None else ranked(rules, view, seat, rng, actions=legal)
    return "medium", VP, [(x[0], None if d.kind in unvalued else _clean(x[1]), x[2] if len(x) > 2 else None)
                          for x in out]


def _triple(x: tuple) -> tuple:
    return (x[0], _clean(x[1]), x[2] if len(x) > 2 else None)


def now_of(rules: Any, view: Any, seat: int, a: Any) -> tuple[tuple[str, ...], bool]:
    """What ``a`` changes at once of ``seat``'s counters (the rules' reasons, as the log would
    say them), applied to the seat's view; and whether chance decides something in it. A choice
    the view cannot play out (a card still hidden) says nothing rather than guess."""
    try:
        after = rules.apply(view, a)
    except Exception:
        return (), False
    luck = _draws(after) != _draws(view) or bool(rules.is_barrier(view, a, after))
    out = []
    for c in rules.changes(view, a, after):
        if c.seat != seat or (luck and c.step):  # (after a roll, what follows is the view's guess)
            continue
        if c.amount or c.named:
            out.append(c)
    # points first (what a player learning the game looks for), then the rest as the rules told it
    out.sort(key=lambda c: c.what != getattr(rules, "points_key", "VP"))
    return tuple(c.amount_text() for c in out), luck


def _plan_text(rules: Any, view: Any, plan: list | None) -> tuple[str, ...]:
    """The plan's later steps, described on the positions they are played on."""
    if not plan or len(plan) < 2:
        return ()
    out, s = [], view
    for i, a in enumerate(plan):
        if i:
            out.append(rules.describe(s, a))
        try:
            s = rules.apply(s, a)
        except Exception:
            break
    return tuple(out)


def rate(rules: Any, view: Any, seat: int, level: str = "medium", seed: int = 0, top: int = 3) -> Rating:
    """The bot's best ``top`` choices for ``seat`` in ``view``, explained (see the module)."""
    by, unit, out = ranking(rules, view, seat, level, seed)
    best = []
    for a, v, plan in out[:top]:
        now, luck = now_of(rules, view, seat, a)
        best.append(Rated(a, v, now, _plan_text(rules, view, plan), luck))
    return Rating(by, unit, tuple(best), asked=level if by != level else "",
                  values=tuple((a, v) for a, v, _p in out))


# -- words ------------------------------------------------------------------------------------
def estimate_text(r: Rating, i: int) -> str:
    """The i-th choice's estimate in words: a guess, said as the bot's."""
    c = r.choices[i]
    if c.value is None:
        return "the bot's choice" if i == 0 else "not valued"
    if r.unit == CHANCE:
        return f"win chance ≈ {round(100 * c.value)}%"
    if i == 0:
        nxt = next((x.value for x in r.choices[1:] if x.value is not None), None)
        if nxt is None:
            return "its best"
        if _level_with(c.value - nxt):
            return "its best, level with the next"
        return f"its best, ≈ {_vp(c.value - nxt)} VP ahead of the next"
    top = r.choices[0].value
    if top is None:
        return "not valued"
    if _level_with(top - c.value):
        return "as good as its best"
    if c.value > top:  # (hard keeps medium's choice unless its own is clearly better)
        return f"≈ {_vp(c.value - top)} VP more, too close to overrule its choice"
    return f"≈ {_vp(top - c.value)} VP less than its best"


def _vp(x: float) -> str:
    """A difference of estimates: one decimal below 10, whole above (never "-0")."""
    x = abs(x)
    return f"{x:.1f}" if x < 9.95 else f"{x:.0f}"


def _level_with(x: float) -> bool:
    return abs(x) < 0.05


#: how many of a choice's changes its line names (the rest are counted: the log has them all)
NOW_SHOWN = 4


def why_text(c: Rated) -> str:
    """One line: what it gains now and what it sets up, in the rules' words and numbers."""
    parts = []
    if c.now:
        shown = c.now[:NOW_SHOWN]
        more = len(c.now) - len(shown)
        parts.append("now " + ", ".join(shown) + (f" and {more} more" if more > 0 else ""))
    if c.then:
        parts.append("then " + "; ".join(c.then))
    if c.luck:
        parts.append("then chance decides")
    return " · ".join(parts) if parts else "no points or goods change at once"


def who_text(r: Rating) -> str:
    """Whose estimate it is: "medium's estimate" (and why, when hard answered with medium's)."""
    if r.asked and r.asked != r.level:
        return f"{r.level}'s estimate ({r.asked} plays {r.level}'s choice here)"
    return f"{r.level}'s estimate"
