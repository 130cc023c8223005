"""Seeded random playouts to the end for 2, 3 and 4 players: 0 errors, invariants, round trips."""
import json

import pytest

from tabletop_tui.playout import play_one, simulate
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.maracaibo import RULES

from .mhelpers import past_opening


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts_finish_without_errors(n):
    stats = simulate(RULES, n, 4, 100 * n)
    assert stats.errors == [] and stats.completed == 4


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_game_ends_after_round_4_with_a_full_breakdown(n):
    s = play_one(RULES, n, 7)
    r = RULES.result(s)
    assert s.g["round"] == 4 and RULES.pending(s) is None
    assert set(r.breakdown[0]) == {"during play", "unused assistants", "VP income", "doubloon income", "influence",
                                   "ship upgrades", "card VP", "end-scoring cards", "prestige buildings", "doubloons"}
    for seat in range(n):
        assert r.scores[seat] == sum(r.breakdown[seat].values())
    assert sorted(x for grp in r.ranking for x in grp) == list(range(n))


def test_a_game_replays_exactly_from_its_notation():
    record = []
    final = play_one(RULES, 3, 11, record=record)
    s = RULES.setup(["P1", "P2", "P3"], 11, {})
    for text in record:
        s = RULES.apply(s, RULES.parse(s, text))
    assert RULES.state_hash(s) == RULES.state_hash(final)


def test_json_round_trip_is_exact():
    s = past_opening(4, 3)
    d = json.loads(json.dumps(RULES.to_json(s)))
    assert RULES.to_json(RULES.from_json(d)) == RULES.to_json(s)


def test_illegal_action_is_refused_with_a_reason_and_nothing_changes():
    s = past_opening(3, 2)
    before = json.dumps(RULES.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, "move 9")
    assert "forward 1 to 7 movement points" in e.value.reason
    with pytest.raises(IllegalAction):
        RULES.parse(s, "fly away")
    assert json.dumps(RULES.to_json(s), sort_keys=True) == before


def test_every_notation_parses_back_in_a_whole_game():
    record = []
    play_one(RULES, 2, 21, record=record)
    assert len(record) > 100 and all(isinstance(t, str) and t == " ".join(t.split()) for t in record)
