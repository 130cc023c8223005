"""The ledger: every change of treasure at home (what wins) and aboard, with the rules' reason."""
import pytest

from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.piratissimo import HARBOUR, RULES, WIND_WHEEL
from tests.support.table_view import random_match, unexplained_points, unlogged_point_changes

from ._helpers import NAMES, face_index, position, rig, wheel_index


def entry(before, text, face=None, wheel=None):
    """Play ``text`` (a roll showing ``face``, then the wheel showing ``wheel``): the state after,
    the changes and the log entry."""
    before = before.copy()
    if face is not None:
        from tabletop_tui.rules.piratissimo import DIE_FACES
        wants = [(len(DIE_FACES), face_index(face))]
        if wheel:
            wants.append((len(WIND_WHEEL), wheel_index(wheel)))
        rig(before, *wants)
    a = RULES.parse(before, text)
    after = RULES.apply(before, a)
    changes = RULES.changes(before, a, after)
    seat = RULES.pending(before).seat
    return after, changes, change_text(changes, NAMES[:before.players], seat,
                                       RULES.log_line(before, a, after))


def test_counters_are_treasure_at_home_first_then_aboard():
    s = position(2, location=[3, HARBOUR], cargo=[4, 0], unloaded=[2, 6])
    assert RULES.counters(s, 0) == {"home": 2, "aboard": 4}
    assert RULES.points_key == "home" and RULES.headline(s, 1) == ["home", "aboard"]


def test_a_ship_entering_its_harbour_unloads_its_treasure_home():
    s = position(2, location=[23, 5], cargo=[5, 0], unloaded=[3, 0])
    after, changes, line = entry(s, "roll", face=1)
    assert changes == [Change(0, "home", 5, "unloaded"), Change(0, "aboard", -5, "unloaded")]
    assert "— +5 home (unloaded), -5 aboard (unloaded)" in line


def test_a_red_chest_loads_two_and_an_eighth_piece_capsizes_the_ship():
    # island 10 is a red chest; sail there with 6 aboard: 8 pieces capsize the ship
    s = position(2, location=[5, 12], cargo=[6, 0])
    after, changes, line = entry(s, "roll", face=4)
    assert after.location[0] == 9 and after.cargo[0] == 0
    assert changes == [Change(0, "aboard", 2, "red chest"), Change(0, "aboard", -8, "capsized")]
    assert "+2 aboard (red chest), -8 aboard (capsized)" in line


def test_stealing_on_a_neutral_island_shows_both_ships():
    s = position(2, location=[2, 5], cargo=[1, 4])
    s, _, _ = entry(s, "roll", face=3)
    after, changes, line = entry(s, "steal 2")
    assert changes == [Change(0, "aboard", 2, "stolen"), Change(1, "aboard", -2, "stolen")]
    assert line.splitlines()[1:] == ["  Anna: +2 aboard (stolen)", "  Bruno: -2 aboard (stolen)"]


def test_overboard_a_captain_in_harbour_unloads_the_piece_at_once():
    """If a player whose ship is moored in the harbour receives some treasure, they can unload
    it immediately."""
    s = position(3, location=[3, 6, HARBOUR], cargo=[0, 3, 0], unloaded=[0, 0, 4], tornado=8)
    s, _, _ = entry(s, "roll", face="tornado", wheel="overboard")
    s, _, _ = entry(s, "stay")
    after, changes, line = entry(s, "tornado 2")
    assert Change(2, "home", 1, "overboard, unloaded at once") in changes
    assert Change(1, "aboard", -2, "overboard") in changes
    assert "  Chiara: +1 home (overboard, unloaded at once)" in line.splitlines()


def test_the_lookout_brings_the_ship_home_in_time_and_unloads():
    s = position(2, location=[3, 6], cargo=[0, 4], unloaded=[0, 1], tornado=8)
    s, _, _ = entry(s, "roll", face="tornado", wheel="lookout")
    s, _, _ = entry(s, "stay")
    after, changes, line = entry(s, "tornado 2")
    assert changes == [Change(1, "home", 4, "lookout"), Change(1, "aboard", -4, "unloaded")]
    assert "Bruno +4 home (lookout), -4 aboard (unloaded)" in line


def test_washed_overboard_two_pieces_go_back_to_the_basket():
    s = position(3, location=[HARBOUR, 6, 13], cargo=[0, 3, 0], tornado=8)
    s, _, _ = entry(s, "roll", face="tornado", wheel="washed")
    s, _, _ = entry(s, "stay")
    after, changes, line = entry(s, "tornado 2")
    assert changes == [Change(1, "aboard", -2, "washed overboard")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_change_of_treasure_at_home_in_a_four_player_game_has_its_reason(seed):
    m = random_match("piratissimo", 4, seed)
    assert m.over
    assert unexplained_points(m) == []
    assert unlogged_point_changes(m) == []
    for changes in m.ledger:
        assert all(c.source for c in changes)  # every treasure movement says why


def test_the_notes_are_not_saved():
    s = position(2, location=[23, 5], cargo=[5, 0])
    after, changes, _ = entry(s, "roll", face=1)
    assert after.notes and "notes" not in RULES.to_json(after)
    assert RULES.from_json(RULES.to_json(after)).notes == []


def test_a_red_chest_the_basket_cuts_short_or_to_nothing_says_so():
    """The red chest loads 2 treasure; with fewer in the basket the ship loads what is left, and
    with none it loads nothing: the ledger tells it all the same (issue 32), with what was short."""
    from tabletop_tui.rules.core import Change
    from tabletop_tui.rules.piratissimo import HARBOUR

    from ._helpers import position, roll

    empty = position(4, location=[HARBOUR, 7, 13, 19], cargo=[0, 7, 5, 4], unloaded=[12, 12, 12, 12], target=13)
    assert empty.basket == 0
    after = roll(empty, 4)  # island 3: red chest
    told = [c for c in RULES.changes(empty, None, after) if c.seat == 0]
    assert told == [Change(0, "aboard", 0, "red chest; 2 short: the basket is empty")]
    one = position(4, location=[HARBOUR, 7, 13, 19], cargo=[0, 7, 5, 3], unloaded=[12, 12, 12, 12], target=13)
    after = roll(one, 4)
    assert [c for c in RULES.changes(one, None, after) if c.seat == 0] == [
        Change(0, "aboard", 1, "red chest; 1 short: the basket is empty")]
