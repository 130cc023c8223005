"""Positions for Terra Mystica scenario tests, shared by the test modules."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import FACTIONS, INDEX

BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8")


def blank(factions, tiles, **opts):
    """A round-1 position with no structures: seat 0 to act."""
    o = {"factions": ",".join(factions), "scoring-tiles": tiles, "bonus-cards": ",".join(BONUS)}
    o.update(opts)
    s = RULES.setup([f"P{i}" for i in range(len(factions))], 1, o)
    s.phase, s.round, s.to_place = "play", 1, []
    s.bonus_pool = {b: 0 for b in BONUS}
    engine.start_turn(s, 0)
    return s


def put(s, seat, where, kind="D"):
    """Put a structure of ``seat`` on ``where`` (its home terrain), keeping the counts right."""
    h = INDEX[where]
    p = s.players[seat]
    s.terrain[h] = FACTIONS[p.faction]["terrain"]
    if s.owner[h] == seat:
        p.counts[s.btype[h]] -= 1
    s.owner[h], s.btype[h] = seat, kind
    p.counts[kind] += 1


def play(s, *lines):
    for t in lines:
        s = RULES.apply(s, RULES.parse(s, t))
    return s


def legal(s):
    """The legal moves, as text."""
    return [str(a) for a in RULES.legal_actions(s)]


def refused(s, line, match=None):
    """``line`` is refused (with a reason matching ``match``) and the position is left unchanged."""
    before = s.to_json()
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(s, RULES.parse(s, line))
    assert s.to_json() == before
