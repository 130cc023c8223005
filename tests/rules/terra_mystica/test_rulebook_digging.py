"""Digging as the rulebook says it, and the reference's strict digging as the option it is.

The rulebook (shared/rulebooks/terra_mystica.txt, "Transform and build"): "Each step around the
transformation cycle costs one spade, up to three steps." The cycle has seven terrains, so the short
way between any two is at most three steps. The reference moderator counts a transform between two
non-home terrains that would pass over the home terrain the long way round (4 to 6 spades); its own
`loose-dig` option turns that off. Here the rulebook's way is the default for a new game, and the
reference's is `--option digging=league`, set for league games watched or replayed.
"""
import json

import pytest

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import resolve_options
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.board import spade_table
from tabletop_tui.rules.terra_mystica.data import INDEX, TERRAINS

from .tmhelpers import blank, legal, play, put, refused

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"


def witches_at_e7(w=0, **opts):
    """Witches (home forest) with a dwelling on E7; D5 and E6 are directly adjacent."""
    s = blank(["witches", "nomads"], TILES, **opts)
    put(s, 0, "E7")
    s.players[0].W = w
    return s


def test_a_transform_goes_the_short_way_up_to_three_steps():
    """"Each step around the transformation cycle costs one spade, up to three steps." Lakes to
    wasteland is three steps (through forest, the Witches' home, and mountains): 3 spades, 9
    workers at the Witches' starting rate — not 4 the long way round."""
    s = witches_at_e7(w=30)
    s.terrain[INDEX["D5"]] = "lakes"
    assert engine.spades_needed(s, s.players[0], "lakes", "wasteland") == 3
    s = play(s, "transform D5 to wasteland")
    assert s.terrain[INDEX["D5"]] == "wasteland" and s.players[0].W == 30 - 9


def test_two_steps_through_the_home_terrain_cost_two_spades():
    """Witches, mountains to lakes: two steps round the cycle (via forest), so 2 spades."""
    s = witches_at_e7(w=6)
    s.terrain[INDEX["E6"]] = "mountains"
    assert "transform E6 to lakes" in legal(s)
    s = play(s, "transform E6 to lakes")
    assert s.terrain[INDEX["E6"]] == "lakes" and s.players[0].W == 0


def test_no_transform_ever_costs_more_than_three_spades_by_the_rulebook():
    """Up to three steps: for every home terrain, every pair of terrains, at most 3 spades, and
    each is the shorter way round the seven-terrain cycle."""
    s = blank(["witches", "nomads"], TILES)
    for hm in TERRAINS:
        table = spade_table(s, hm)
        for a in TERRAINS:
            for b in TERRAINS:
                d = abs(TERRAINS.index(a) - TERRAINS.index(b))
                assert table[a][b] == min(d, 7 - d) <= 3


def test_cult_bonus_spades_go_the_short_way_too():
    s = witches_at_e7()
    s.terrain[INDEX["E6"]] = "mountains"
    s.step = "next"
    s.queue = [["cspade", 0, 2, 0, 0]]
    engine.settle(s)
    assert "transform E6 to lakes" in legal(s)  # 2 spades via forest


def test_league_digging_counts_the_long_way_round_home():
    """digging=league, the reference's strict digging: lakes to wasteland would pass over forest, so
    it counts the other way round, 4 spades; mountains to lakes 5."""
    s = witches_at_e7(w=30, digging="league")
    s.terrain[INDEX["D5"]] = "lakes"
    s.terrain[INDEX["E6"]] = "mountains"
    p = s.players[0]
    assert engine.spades_needed(s, p, "lakes", "wasteland") == 4
    assert engine.spades_needed(s, p, "mountains", "lakes") == 5
    s = play(s, "transform D5 to wasteland")
    assert s.players[0].W == 30 - 12


def test_a_refusal_says_league_digging_only_when_it_is_the_reason():
    s = witches_at_e7(w=8, digging="league")
    s.terrain[INDEX["D5"]] = "lakes"
    refused(s, "transform D5 to wasteland", match="league digging: a transform may not pass over your home")
    s = witches_at_e7(w=8)
    s.terrain[INDEX["D5"]] = "lakes"
    with pytest.raises(Exception) as e:
        RULES.apply(s, RULES.parse(s, "transform D5 to wasteland"))
    assert "3 spades" in str(e.value) and "league" not in str(e.value)


def test_a_new_game_digs_by_the_rulebook_and_the_option_takes_league():
    opts = resolve_options(RULES.options, {})
    assert opts["digging"] == "rulebook"
    assert RULES.new_game_options.get("digging", "rulebook") == "rulebook"
    assert resolve_options(RULES.options, {"digging": "league"})["digging"] == "league"
    with pytest.raises(ValueError, match="digging"):
        resolve_options(RULES.options, {"digging": "long"})


def test_a_save_made_before_the_option_loads_with_the_league_digging_it_was_played_with(tmp_path):
    """A save keeps every option it was made with; one without `digging` predates it and was played
    with the reference's strict digging, so it loads with digging=league and its check still holds."""
    m = Match("terra_mystica", [Seat("Ann"), Seat("Ben")], 3, {"digging": "league"})
    m.path = tmp_path / "old.json"
    for _ in range(6):
        m.play(m.legal_actions()[0])
    p = m.save()
    data = json.loads(p.read_text())
    del data["options"]["digging"]
    # the hash an older version wrote: its state's options did not name digging
    st = m.state.to_json()
    del st["options"]["digging"]
    import hashlib
    data["state_hash"] = hashlib.sha256(json.dumps(st, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
    p.write_text(json.dumps(data))
    back = Match.load(p)
    assert back.options["digging"] == "league" and back.state.options["digging"] == "league"
    assert len(back.actions) == 6
    assert m.state.options["digging"] == "league"  # the check did not change the state it read


def test_league_games_replayed_dig_as_the_league():
    """The 76 league games stay exact: an imported record is set up with the reference's digging."""
    from tests.cli.test_snellman_replay import DATA
    from tabletop_tui.rules.terra_mystica.snellman import import_snellman
    options, _names, _actions = import_snellman((DATA / "4pLeague_S67_D1L1_G3.txt").read_text())
    assert options["digging"] == "league"
