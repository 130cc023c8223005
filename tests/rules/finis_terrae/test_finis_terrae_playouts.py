"""Seeded random playouts for every player count: 0 errors, invariants checked on every action."""
import json

import pytest

from tabletop_tui.playout import play_one, simulate
from tabletop_tui.rules.finis_terrae import RULES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_playouts_finish_without_errors(players):
    stats = simulate(RULES, players, 4, 100 * players)
    assert stats.errors == []
    assert stats.completed == 4


@pytest.mark.parametrize("options", [{"combat_dice": 1}, {"speculative_spice": True},
                                     {"wind_die": "calm"}])
def test_alternative_rules_play_to_the_end(options):
    s = play_one(RULES, 3, 5, options=options)
    assert RULES.result(s) is not None


def test_replaying_the_log_gives_the_same_state():
    rec: list = []
    final = play_one(RULES, 3, 11, record=rec)
    s = RULES.setup(["P1", "P2", "P3"], 11, {o.key: o.default for o in RULES.options})
    for text in rec:
        s = RULES.apply(s, RULES.parse(s, text))
    assert RULES.state_hash(s) == RULES.state_hash(final)


def test_json_round_trip_of_a_finished_game():
    s = play_one(RULES, 4, 3)
    j = RULES.to_json(s)
    back = RULES.from_json(json.loads(json.dumps(j)))
    assert RULES.to_json(back) == j
    assert RULES.result(back).scores == RULES.result(s).scores
