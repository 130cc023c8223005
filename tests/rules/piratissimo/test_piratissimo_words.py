"""What players read: islands numbered 1-24, choices numbered as the prompt counts, warnings
before a move that capsizes a ship, and old saves that keep loading."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_tui.match import Match, SaveError
from tabletop_tui.rules.piratissimo import HARBOUR, RULES, TORNADO_SQUARES

from ._helpers import act, events, new_game, options, position, roll

OLD_SAVES = sorted((Path(__file__).parent / "old_saves").glob("*.json"))


def _labels(s):
    return [RULES.describe(s, a) for a in RULES.legal_actions(s)]


def _prompt(s):
    return RULES.pending(s).prompt


# -- islands are numbered 1-24 for players ---------------------------------------------------

def test_players_see_islands_numbered_1_to_24_starting_in_front_of_the_red_harbour():
    s = new_game(2)
    assert "islands 3, 9, 15, 21" in _prompt(s)  # the tornado squares, engine indices 2, 8, 14, 20
    assert _labels(s)[0] == "Place the tornado on island 3 (neutral)"
    s = act(s, "place tornado on 3")
    assert s.tornado == 2
    assert events(s) == ["Anna placed the tornado on island 3 (neutral)."]


def test_a_ship_sailing_from_its_harbour_reaches_island_1_first():
    s = roll(position(2, location=[HARBOUR, 12]), 1)
    assert s.location[0] == 0
    assert events(s)[0] == "Anna rolled 1 and sailed to island 1 (neutral)."


def test_the_notation_names_islands_by_their_number():
    assert [str(a) for a in RULES.legal_actions(new_game(2))] == [
        f"place tornado on {i + 1}" for i in TORNADO_SQUARES]


def test_the_old_notation_with_the_engine_index_still_reads_for_old_saves():
    s = act(new_game(2), "place tornado 8")  # written by saves before islands were numbered 1-24
    assert s.tornado == 8 and str(RULES.parse(new_game(2), "place tornado 8")) == "place tornado on 9"


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.stem)
def test_saves_made_before_islands_were_numbered_1_to_24_still_load(path):
    text = path.read_text(encoding="utf-8")
    assert '"place tornado ' in text and '"place tornado on' not in text
    m = Match.from_text(text)
    assert m.actions[0].startswith("place tornado on ")
    # saved again, the game uses the new notation and its own check, and loads back the same
    again = Match.from_text(m.to_text())
    assert RULES.state_hash(again.state) == RULES.state_hash(m.state)


def test_an_edited_old_save_is_still_refused():
    text = OLD_SAVES[0].read_text(encoding="utf-8")
    data = json.loads(text)
    data["state_hash"] = "0123456789abcdef"
    with pytest.raises(SaveError, match="changed by hand"):
        Match.from_text(json.dumps(data))


# -- the tornado: the numbers in the prompt are the numbers of the choices -------------------

@pytest.mark.parametrize("players,k", [(2, 5), (3, 4), (4, 3)])
def test_choice_number_k_moves_the_tornado_k_islands_and_leaving_it_comes_last(players, k):
    s = act(roll(position(players, tornado=8), "tornado"), "stay")
    assert f"move the tornado 1 to {k} islands anticlockwise, or leave it where it is" in _prompt(s)
    acts = RULES.legal_actions(s)
    assert [a.value for a in acts] == list(range(1, k + 1)) + [0]  # choice i (1-based) = i islands
    assert _labels(s)[-1] == "Leave the tornado where it is"


def test_older_variant_choice_number_k_moves_the_chosen_way_k_islands():
    s = act(roll(position(2, tornado=8, variant="older"), "tornado"), "stay")
    s = act(s, "direction cw")
    assert [a.value for a in RULES.legal_actions(s)] == [1, 2, 3, 4, 5]
    assert "move the tornado 1 to 5 islands clockwise." in _prompt(s)


# -- warnings before a move that capsizes a ship ---------------------------------------------

def test_stealing_that_would_capsize_the_own_ship_is_marked_before_choosing():
    s = roll(position(2, location=[2, 5], cargo=[6, 2]), 3)
    labels = dict(zip(options(s), _labels(s)))
    assert labels["steal 1"] == "Steal 1 from Bruno (your ship 7/7)"
    assert labels["steal 2"] == "Steal 2 from Bruno (your ship 8/7) — your ship capsizes!"


def test_giving_that_would_capsize_the_other_ship_is_marked_before_choosing():
    s = roll(position(2, location=[2, 5], cargo=[2, 6]), 3)
    labels = dict(zip(options(s), _labels(s)))
    assert labels["give 1"] == "Give 1 to Bruno (Bruno's ship 7/7)"
    assert labels["give 2"] == "Give 2 to Bruno (Bruno's ship 8/7) — Bruno's ship capsizes!"


def test_sailing_onto_a_red_chest_that_would_capsize_the_ship_is_marked_before_choosing():
    s = roll(position(2, location=[2, 12], cargo=[6, 0]), "tornado")  # island 4 (index 3): red
    assert _labels(s)[0] == "Sail 1 island → island 4 (red chest): must load 2 (ship 8/7) — capsizes!"
    s = roll(position(2, location=[2, 12], cargo=[5, 0]), "tornado")
    assert _labels(s)[0] == "Sail 1 island → island 4 (red chest): must load 2 (ship 7/7)"


# -- "steal up to 2" says what the other ship holds ------------------------------------------

def test_the_meeting_prompt_names_what_each_ship_actually_holds():
    s = roll(position(2, location=[2, 5], cargo=[0, 1]), 3)
    assert _prompt(s) == ("Anna: Bruno's ship is moored here, with 1 treasure aboard — steal the "
                          "1 treasure it holds; nothing of yours to give; or do nothing (a ship "
                          "given an 8th piece capsizes).")
    s = roll(position(2, location=[2, 5], cargo=[5, 4]), 3)
    assert "steal 1 or 2 of its 4 treasure; give 1 or 2 of your 5;" in _prompt(s)
    s = roll(position(2, location=[2, 5], cargo=[1, 0]), 3)
    assert "Bruno's ship is moored here, empty — nothing to steal; give your 1 treasure;" in _prompt(s)


def test_the_die_faces_are_listed_with_the_house_decisions():
    from tabletop_tui.assets import read_text
    from tabletop_tui.rules.piratissimo import DIE_FACES

    text = read_text("piratissimo", "rules.md")
    house = text[text.index("## House rules"):]
    assert "The die's faces" in house and "1, 2, 3, 4" in house and "tornado twice" in house
    assert sorted(f for f in DIE_FACES if f != "tornado") == [1, 2, 3, 4]
    assert DIE_FACES.count("tornado") == 2


def test_the_seat_sheet_says_how_much_treasure_in_the_harbour_wins():
    """The first captain with 10 treasure in their harbour wins: the sheet says it in a sentence
    ("10 there win the game"), not "; 10 win"."""
    s = new_game(2)
    home = dict(RULES.sheet(s, 0))["Home"]
    assert home[0] == f"0 treasure in the harbour ({s.target} there win the game)"
    assert home[1] == f"{s.target} more to bring home"
