"""Finis Terrae rulebook sentences no other test quoted (issue 45 item 1: every sentence traced)."""
from tabletop_tui.rules.finis_terrae import RULES

from ._helpers import acts, do, holds, put, started
from .test_finis_terrae_weather import at_storm


def test_a_day_goes_phase_by_phase_each_player_in_turn_from_the_first_player():
    # Rulebook: "Once every player has completed their turn in a phase, proceed to the next phase
    #   until the end of the day."
    # Rulebook: "Starting with the first player and moving clockwise around the table, each player
    #   will perform the following actions, in this order:"
    s = started(2)
    top = s.deck[0]
    seen = []
    while s.phase == "carto":
        d = RULES.pending(s)
        seen.append(d.seat)
        assert s.discard == []  # no weather before every player has drawn the map
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert seen == [0, 0, 0, 0, 1, 1, 1, 1]
    # Rulebook: "The first player turns over the top card of the weather deck and places it face
    #   up on a discard pile next to it."
    # Rulebook: "This will show you the weather for this day."
    assert s.discard == [top] and s.weather == top
    assert s.phase == "sail" and RULES.pending(s).seat == 0


def test_a_wreck_never_drops_an_empty_hold_while_another_holds_something():
    # Rulebook: "You cannot choose an empty hold, except if all of your holds are empty."
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 5), None, ("find", 1), None, stash=5)
    s = do(s, "wind E")  # pushed off the map: a wreck
    assert RULES.pending(s).kind == "drop"
    assert sorted(a for a in acts(s) if a.startswith("drop")) == ["drop hold 1", "drop hold 3"]
    empty = at_storm(2)
    put(empty, 2, 1, "open_sea")
    empty.ships[0]["pos"] = (2, 1, 0)
    holds(empty, 0, stash=20)
    empty = do(empty, "wind E")
    assert RULES.pending(empty).kind != "drop"  # all empty: nothing to choose, nothing dropped
    assert empty.ships[0]["pos"] == (0, 1, 0) and empty.ships[0]["minus3"] == 1
