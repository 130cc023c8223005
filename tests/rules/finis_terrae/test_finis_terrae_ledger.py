"""The ledger: what each action changed of every player's things, and why, in the rulebook's
words. Points are the end scoring as it stands, so each change of points names the scoring line
that changed ("island tiles", "+1 VP for each series of 5 doubloons" → "doubloons", ...)."""
import re

import pytest

from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae import scoring as SC
from tests.support.table_view import random_match, unexplained_points, unlogged_point_changes

from ._helpers import do, holds, new_game, put
from .test_finis_terrae_actions import acting, at_a_treasure, base, island
from .test_finis_terrae_weather import at_storm


def entry(s, text):
    """(the action's changes, its log entry, the state after)."""
    a = RULES.parse(s, text)
    after = RULES.apply(s, a)
    changes = RULES.changes(s, a, after)
    return changes, change_text(changes, s.names, RULES.pending(s).seat, RULES.log_line(s, a, after)), after


def test_each_player_takes_20_doubloons_at_the_start():
    """Set-up: each player takes 20 doubloons and splits them between holds and stash; 20
    doubloons are 4 series of 5, so 4 VP as the scoring stands."""
    s = do(new_game(2), "start N")
    changes, line, _ = entry(s, "start E")
    assert [(c.seat, c.what, c.amount, c.source) for c in changes] == [
        (0, "VP", 4, "doubloons"), (0, "$", 20, "starting doubloons"), (1, "ports", 1, "starting port")]
    assert line == ("Red started on the east beach of the Isle of Winds.\n"
                    "  Red: +1 port (starting port)\n"
                    "  Green: +4 VP (doubloons), +20 $ (starting doubloons)")
    # Green's doubloons are a step of the set-up, not Red's decision: an entry of its own
    a = RULES.parse(s, "start E")
    after = RULES.apply(s, a)
    first, step = RULES.entries(s, a, after, RULES.log_line(s, a, after))
    assert [c.seat for c in first.changes] == [1] and step.actor is None
    assert step.text(s.names) == "Green took the starting doubloons — Green +4 VP (doubloons), +20 $ (starting doubloons)."


def test_establishing_a_port_pays_5_doubloons_per_tile_and_scores_the_island():
    """The port on a complete 3-tile island: 3 VP for its tiles, 2 for being complete, 5 for the
    biggest complete island, 5 for the furthest port; the 15 doubloons were 3 VP."""
    s = acting(island(base()))
    changes, line, _ = entry(s, "establish port")
    assert changes == [Change(0, "VP", 3, "island tiles"), Change(0, "VP", 2, "complete islands"),
                       Change(0, "VP", 5, "biggest complete island"), Change(0, "VP", -3, "doubloons"),
                       Change(0, "VP", 5, "furthest port"), Change(0, "$", -15, "port established"),
                       Change(0, "ports", 1, "port established")]
    assert line == ("Green established a port at 2,1 for 15 doubloons — +3 VP (island tiles), "
                    "+2 VP (complete islands), +5 VP (biggest complete island), -3 VP (doubloons), "
                    "+5 VP (furthest port), -15 $ (port established), +1 port (port established).")


# Rulebook: "Treasures in front of you will be used for the end scoring"
def test_a_treasure_is_opened_at_once_and_kept_for_the_end_scoring():
    """Roll 2 red dice and load that many doubloons from the bank; the treasure scores 2 VP."""
    s = at_a_treasure()
    cell = next(c for c, g in s.goods.items() if "treasure" in g)
    CELL = f"recovered from tile {cell[0]},{cell[1]}"  # where it lay
    changes, line, _ = entry(s, "recover treasure")
    assert changes == [Change(0, "VP", 2, "treasures"), Change(0, "VP", 1, "doubloons"),
                       Change(0, "$", 8, "treasure opened"), Change(0, "treasures", 1, CELL)]
    assert line == ("Green opened a treasure: 3+5 = 8 doubloons — +2 VP (treasures), +1 VP (doubloons), "
                    f"+8 $ (treasure opened), +1 treasure ({CELL}).")


# Rulebook: "The content of your holds can be stolen by pirates or lost in case of a wreck"
# Rulebook: "In case of a wreck, you'll lose the content of your holds and be forced to return to
#   your starting port on the Isle of Winds for repairs."
def test_a_wreck_loses_the_holds_takes_a_minus_3_token_and_the_6_doubloons_of_the_repairs():
    """Wrecked: one hold is left on the tile, the rest is lost; back in the starting port, the
    player takes a "-3" token and 6 doubloons from the bank."""
    s = at_storm(2)
    put(s, 2, 1, "open_sea")
    s.ships[0]["pos"] = (2, 1, 0)
    holds(s, 0, ("doubloons", 5), ("spice", 2), ("find", 1), stash=5)
    s = do(s, "wind E")
    changes, line, _ = entry(s, "drop hold 2")
    assert changes == [Change(0, "VP", -4, "spice"), Change(0, "VP", -3, "underwater finds"),
                       Change(0, "VP", -3, "-3 tokens"), Change(0, "$", -5, "wreck"),
                       Change(0, "$", 6, "repairs"), Change(0, "spice", -2, "wreck"),
                       Change(0, "finds", -1, "wreck"), Change(0, "stash", -5, "taken out to load after the wreck")]
    assert line.endswith('Green was back in the starting port for repairs and took a "-3" token — '
                         "-4 VP (spice), -3 VP (underwater finds), -3 VP (-3 tokens), -5 $ (wreck), "
                         "+6 $ (repairs), -2 spice (wreck), -1 find (wreck), -5 stash (taken out to load after the wreck).")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_change_of_points_has_its_scoring_line_as_reason(seed):
    m = random_match("finis_terrae", 4, seed)
    assert m.over
    assert unexplained_points(m) == []
    assert unlogged_point_changes(m) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_the_points_by_source_are_the_end_scoring_lines(seed):
    """At the end, a player's points by source (from the log) are the final scoring's lines."""
    m = random_match("finis_terrae", 4, seed)
    res = m.result()
    for seat in range(4):
        want = {cat: v for cat, v in res.breakdown[seat].items() if v}
        assert m.points_by_source(seat) == dict(sorted(want.items(), key=lambda kv: -kv[1]))


def test_counters_are_points_doubloons_things_and_ports_and_the_strip_shows_points_and_doubloons():
    s = acting(island(base()))
    holds(s, 0, ("doubloons", 15), ("spice", 2), stash=5)
    s.ships[0]["pile"]["treasure"] = 1
    c = RULES.counters(s, 0)
    assert list(c) == ["VP", "$", "spice", "treasures", "finds", "castaways", "ports", "stash",
                       "East marker", "red flag"]
    assert c["$"] == 20 and c["spice"] == 2 and c["treasures"] == 1 and c["ports"] == 1
    assert c["stash"] == 5 and c["East marker"] == int(s.first == 0) and c["red flag"] == int(s.flag == 0)
    assert RULES.counters(RULES.view(s, 1), 0) == c  # all public
    assert c["VP"] == SC.totals(s)[0]
    assert RULES.headline(s, 0) == ["VP", "$"]


def test_the_turn_order_starts_with_the_player_holding_the_east_marker():
    s = new_game(4)
    s.first = 2
    assert RULES.turn_order(s) == [2, 3, 0, 1]


PRESENT = re.compile(r"\b(starts|takes|leaves|puts|places|chooses|sails|stays|ends|reorganizes|attacks|"
                     r"throws|loads|draws|is|are|hoists|becomes|pays|establishes|ceases|opens|recovers|"
                     r"blows|lets|shows|cannot|wins|has|redeems|buys|sells|controls|go)\b")


@pytest.mark.parametrize("seed", [1, 4])
def test_the_log_tells_what_happened_in_the_past_tense(seed):
    """Like the other games' logs: "Anna sailed to 3,1", never "Anna sails to 3,1"."""
    m = random_match("finis_terrae", 4, seed)
    present = [line for line in m.log if PRESENT.search(line.replace("Isle of Winds", ""))]
    assert present == []
    assert any(" sailed to " in line for line in m.log) and any(" drew " in line for line in m.log)


def test_the_seat_sheet_shows_the_whole_ship_board_ports_and_tokens_in_words():
    """Everything on a ship board is public: holds, stash, the things kept, ports, tokens."""
    s = acting(island(base()))
    holds(s, 0, ("doubloons", 15), ("spice", 2), stash=5)
    s.ships[0]["pile"]["treasure"] = 1
    s.ships[0]["minus3"] = 1
    s.ports[(2, 1)] = 0
    s.ships[0]["ports_left"] -= 1
    sheet = dict(RULES.sheet(RULES.view(s, 1), 0))
    assert sheet["Ship board"][0] == "an explorer"
    assert "ship at 2,1 (island 1 beach)" in sheet["Ship board"]
    assert {"hold 1: 15 doubloons", "hold 2: 2 spice crates"} <= set(sheet["Ship board"])
    assert "stash: 5 doubloons (safe)" in sheet["Ship board"]
    assert "1 treasure opened" in sheet["Kept in front of the board"]
    assert sheet["Ports"] == ["0,1 (starting port, Isle of Winds)", "2,1 (island 1 beach)", "6 port tokens left"]
    assert '1 "-3" tokens (wrecks)' in sheet["Tokens and markers"]
    # a view (another player's) holds all of it: nothing of a ship board is hidden
    assert RULES.sheet(RULES.view(s, 1), 0) == RULES.sheet(s, 0)


def test_the_end_of_a_day_is_an_entry_of_its_own_telling_who_takes_the_east_marker_and_the_red_flag():
    """At the end of the day the player who sailed farthest east takes the East marker, and the
    red pirate flag passes to the left: an automatic step, after the decision that ended the day."""
    from tabletop_tui.ledger_audit import seeded_match
    from tabletop_tui.rules.core import Rng

    m, rng = seeded_match("finis_terrae", 2, 3), Rng(2 * 31 + 3)
    while not any(e.line.startswith("Day 2 ended") for es in m.entries for e in es):
        m.play(rng.choice(m.legal_actions()))
    es = m.entries[-1]
    day = next(e for e in es if e.line.startswith("Day 2 ended"))
    assert es[0].actor is not None and day.actor is None and es.index(day) > 0
    told = {(c.seat, c.what, c.amount, c.source) for c in day.changes}
    flag = m.states[-2].flag
    assert (flag, "red flag", -1, "end of day: passed to the left") in told
    assert ((flag + 1) % 3, "red flag", 1, "end of day: passed to the left") in told
    assert all(c.what in ("red flag", "East marker") for c in day.changes)


def test_a_combat_tells_the_dice_and_the_pirates_plus_one():
    from tabletop_tui.rules.finis_terrae.combat import roll_words

    assert roll_words("the Black Galleon", [4, 5], True, 10) == "the Black Galleon rolled 4+5, +1 for pirates = 10"
    assert roll_words("Bruno", [2, 3], False, 5) == "Bruno rolled 2+3 = 5"
    from tabletop_tui.ledger_audit import seeded_match
    from tabletop_tui.rules.core import Rng

    m, rng = seeded_match("finis_terrae", 2, 3), Rng(2 * 31 + 3)
    while not any("Combat:" in line for line in m.log):
        m.play(rng.choice(m.legal_actions()))
    assert "Combat: the Black Galleon rolled " in m.log[-1] and ", +1 for pirates = " in m.log[-1]
    assert any(e.startswith("combat: the Black Galleon ") for e in m.state.events)  # saved as before


def test_a_whole_game_tells_every_change_with_its_reason():
    from tabletop_tui.ledger_audit import audit_game

    assert audit_game("finis_terrae", 5, 2) is None


def test_doubloons_the_bank_cannot_pay_say_how_many_were_short():
    """A treasure opened when the bank holds fewer doubloons than the dice: the ledger says so."""
    s = at_a_treasure()
    s.bank = 5
    changes, line, _ = entry(s, "recover treasure")
    assert Change(0, "$", 5, "treasure opened; 3 short: the bank ran out") in changes


def test_an_empty_bank_pays_nothing_and_the_ledger_still_tells_it():
    """With the bank empty a treasure opened pays no doubloon: told as "+0 $ (treasure opened;
    8 short: the bank ran out)" rather than left out (issue 32)."""
    s = at_a_treasure()
    s.bank = 0
    changes, line, _ = entry(s, "recover treasure")
    assert Change(0, "$", 0, "treasure opened; 8 short: the bank ran out") in changes
    assert "+0 $ (treasure opened; 8 short: the bank ran out)" in line


def test_each_weather_card_turned_in_one_move_is_an_entry_of_its_own():
    """A storm's card is followed at once by the next: two weather cards after one placement,
    each an entry with its own line and its own events."""
    from tabletop_tui.ledger_audit import seeded_match
    from tabletop_tui.rules.core import Rng

    m, rng = seeded_match("finis_terrae", 2, 3), Rng(2 * 31 + 3)
    while len(m.actions) < 118:
        m.play(rng.choice(m.legal_actions()))
    lines = [e.line for e in m.entries[-1]]
    assert lines[1].startswith("Day 4: a weather card was turned. Storm: the wind blew North.")
    assert lines[2].startswith("Day 4: weather card 2 was turned. Weather: sunny;")
    assert "Storm" not in lines[0]  # the placement's own entry
