"""The ledger: every change of a player's victory points has the rules' reason, and the gains the
rules name (income, power offers, cult bonuses, pass bonuses, final scoring) are listed in signed
numbers under the log entry of the action that brought them."""
import pytest

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Change, change_text
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX
from tabletop_tui.rules.terra_mystica.power import income
from tests.rules.terra_mystica.tmhelpers import blank, play, put
from tests.support.table_view import random_match, unexplained_points, unlogged_point_changes

TILES = "SCORE5,SCORE3,SCORE4,SCORE6,SCORE7,SCORE8"


def forest_pair(s):
    """A forest space and a land neighbour made forest (already transformed)."""
    from tabletop_tui.rules.terra_mystica.data import CELLS, NEIGHBORS
    for h, t in enumerate(s.terrain):
        for g in NEIGHBORS[h]:
            if t == "forest" and s.terrain[g] and s.terrain[g] != "forest":
                s.terrain[g] = "forest"
                return CELLS[h], CELLS[g]


def entry(s, text):
    a = RULES.parse(s, text)
    after = RULES.apply(s, a)
    changes = RULES.changes(s, a, after)
    d = RULES.pending(s)
    return after, changes, change_text(changes, s.names, d.seat, RULES.log_line(s, a, after))


def test_counters_are_every_public_counted_thing_of_a_player():
    """VP, coins, workers, priests, the three power bowls, priests on the cult tracks, the four
    cult positions, shipping and digging levels, town keys and the bonus card (issue 32)."""
    s = blank(["witches", "nomads"], TILES)
    p = s.players[0]
    p.bonus, p.priests_sent, p.keys, p.ship, p.dig = "BON5", 1, 2, 1, 1
    assert RULES.counters(s, 0) == {
        "VP": p.VP, "C": p.C, "W": p.W, "P": p.P, "PW": p.bowls[2], "PW I": p.bowls[0],
        "PW II": p.bowls[1], "P sent": 1, "Fire": p.cult[0], "Water": p.cult[1], "Earth": p.cult[2],
        "Air": p.cult[3], "ship": 1, "dig": 1, "keys": 2, "BON": 5}
    assert RULES.headline(s, 0) == ["VP", "C", "PW"]
    assert RULES.counters(RULES.view(s, 1), 0) == RULES.counters(s, 0)  # all public


def test_a_dwelling_built_scores_the_round_tile():
    """Round scoring tile "2 VP per dwelling": the dwelling costs 1 worker and 2 coins and scores 2 VP."""
    s = blank(["witches", "nomads"], TILES)
    home, there = forest_pair(s)
    put(s, 0, home)
    after, changes, line = entry(s, f"build {there}")
    assert changes == [Change(0, "VP", 2, "round tile: 2 per dwelling"), Change(0, "C", -2, "cost of a dwelling"),
                       Change(0, "W", -1, "cost of a dwelling")]
    assert line == (f"P0 (Witches) built a dwelling on {there} — +2 VP (round tile: 2 per dwelling), "
                    "-2 C (cost of a dwelling), -1 W (cost of a dwelling).")


def test_passing_pays_the_bonus_cards_victory_points():
    """BON7: when passing, 2 VP per trading house on the map."""
    s = blank(["witches", "nomads"], TILES)
    put(s, 0, "F4", "TP")
    put(s, 0, "E5", "TP")
    s.players[0].bonus = "BON7"
    after, changes, line = entry(s, "pass BON3")
    assert Change(0, "VP", 4, "pass bonus: BON7, 2 per trading house") in changes
    assert "+4 VP (pass bonus: BON7, 2 per trading house)" in line


# Rulebook: "Taking it costs them victory points equal to one fewer than the power gained"
def test_taking_power_costs_one_vp_less_than_the_power():
    """A neighbour who takes 2 power pays 1 VP: the log says −1 VP (power offer)."""
    s = blank(["witches", "nomads"], TILES)
    put(s, 0, "F4")
    put(s, 1, "F3", "TP")
    s = RULES.apply(s, RULES.parse(s, "upgrade F4 to TP"))
    s = RULES.apply(s, RULES.parse(s, "done"))
    assert RULES.pending(s).seat == 1
    after, changes, line = entry(s, "leech 2 from witches")
    assert Change(1, "VP", -1, "power offer") in changes
    assert "took 2 power from the Witches for 1 VP" in line and "-1 VP (power offer)" in line


def test_an_offer_capped_by_the_bowls_says_how_much_of_it_can_be_taken():
    """Power that cannot be taken because the bowls are full is lost: "5 of 6 (bowls full)"."""
    s = blank(["witches", "nomads"], TILES)
    q = s.players[1]
    q.bowls = [0, 5, 7]
    s.queue = [["leech", 1, 6, 0, 0]]
    s.step = "next"
    d = RULES.pending(s)
    assert d.prompt == "Take 5 of 6 power from the Witches (bowls full) for 4 VP?"
    leech = next(a for a in RULES.legal_actions(s) if a.kind == "leech")
    assert RULES.describe(s, leech) == "Take 5 of 6 power from the Witches (bowls full) for 4 VP"


def _to_round_end(rounds_to, seed=3):
    m = Match("terra_mystica", [Seat("Anna", True), Seat("Bruno", True), Seat("Chiara", True)], seed)
    while not m.over and m.state.round < rounds_to:
        m.play(m.bot_job(level="random")())
    return m


def test_income_at_the_start_of_a_round_is_in_the_ledger_once():
    """Each round begins with everyone's income from the faction board, bonus card and favors."""
    m = _to_round_end(3)
    i = next(k for k, line in enumerate(m.log) if "Round 3 begins" in line)
    after = m.states[i + 1]
    for seat, name in enumerate(m.names):
        paid = {c.what: c.amount for c in m.ledger[i] if c.seat == seat and c.source == "income"}
        inc = income(after, seat)
        for k in ("C", "W"):
            assert paid.get(k, 0) == inc.get(k, 0), (name, k)
        if inc.get("C"):
            assert f"+{inc['C']} C (income)" in m.log[i]
    assert m.log[i].count("Round 3 begins") == 1 and "Income:" not in m.log[i]


# Rulebook: "Then cult bonuses and clean-up, and the next round begins"
# Rulebook: "award the cult bonuses shown on the right half of the current scoring tile"
def test_the_cult_bonus_of_a_round_is_paid_and_logged_with_the_tile():
    m = _to_round_end(3)
    i = next(k for k, line in enumerate(m.log) if "Round 1 ends" in line)
    before = m.states[i]
    from tabletop_tui.rules.terra_mystica.data import SCORING
    tile = SCORING[before.scoring[0]]
    assert f"Round 1 ends. Cult bonus: {engine.cult_bonus_words(tile)}" in m.log[i]
    for c in m.ledger[i]:
        if c.source.startswith("cult bonus"):
            assert c.source == f"cult bonus: {engine.cult_bonus_words(tile)}"


# Rulebook: "You are trying to finish with the most victory points after six rounds"
# Rulebook: "The game ends when everyone has passed in round six, and there are no cult bonuses
#   that round."
def test_no_cult_bonus_after_round_six_only_the_final_scoring():
    """The sixth round's tile pays no cult bonus: the game ends with the final scoring."""
    m = random_match("terra_mystica", 3, 5)
    assert m.over
    last = m.ledger[-1]
    assert not any(c.source.startswith("cult bonus") for c in last)
    assert "no cult bonus after the last round" in m.log[-1]
    assert "Cult bonus:" not in m.log[-1]
    sources = {c.source.split(":")[0] for c in last if c.what == "VP"}
    assert {"largest connected area", "resources"} <= sources
    for seat in range(3):
        vp = sum(c.amount for c in last if c.seat == seat and c.what == "VP")
        bd = m.states[-1].players[seat].breakdown
        assert vp == bd["cults"] * (1 if "cults" in bd else 0) + bd["network"] + bd["resources"] \
            or vp == bd.get("cults", 0) + bd["network"] + bd["resources"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_change_of_victory_points_has_a_reason_in_five_player_games(seed):
    m = random_match("terra_mystica", 5, seed)
    assert m.over
    assert unexplained_points(m) == []
    assert unlogged_point_changes(m) == []


def test_the_notes_are_not_saved_nor_part_of_the_state():
    s = blank(["witches", "nomads"], TILES)
    home, there = forest_pair(s)
    put(s, 0, home)
    after = RULES.apply(s, RULES.parse(s, f"build {there}"))
    assert after.notes and "notes" not in RULES.to_json(after)
    assert RULES.from_json(RULES.to_json(after)).notes == []
    assert INDEX  # the map is loaded


# -- messages that say what is wrong (issue 23) ---------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ("burn -1", "Burn at least 1 power"), ("burn 0", "Burn at least 1 power"),
    ("convert 0W to 0C", "Convert at least 1"), ("convert 2W to 1C", "The rate is 1 W for 1 C: 'convert 1W to 1C'"),
])
def test_a_refused_amount_says_what_would_be_right(text, words):
    from tabletop_tui.rules.core import IllegalAction
    s = blank(["witches", "nomads"], TILES)
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, text)
    assert words in e.value.reason


def test_an_advance_refused_says_which_track_and_what_is_missing():
    from tabletop_tui.rules.core import IllegalAction
    s = blank(["witches", "dwarves"], TILES)
    s.players[0].C, s.players[0].W, s.players[0].P = 1, 0, 0
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "advance dig")
    assert "digging" in e.value.reason and "2 more workers" in e.value.reason and "4 more coins" in e.value.reason
    s.players[0].ship = 3
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "advance ship")
    assert e.value.reason == "The Witches are at the end of the shipping track (level 3)."


def test_the_long_way_round_is_explained_where_the_transform_is_offered():
    """With league digging a transform between two non-home terrains never passes over the home
    terrain (5 spades)."""
    from tabletop_tui.rules.terra_mystica import explain as X
    from tabletop_tui.rules.terra_mystica.notation import Act
    s = blank(["witches", "nomads"], TILES, digging="league")
    h = next(i for i, t in enumerate(s.terrain) if t == "mountains")
    from tabletop_tui.rules.terra_mystica.data import CELLS
    text = X.action_cost(s, 0, Act("transform", CELLS[h], "lakes"))
    assert text.startswith("5 spades") and "the long way round: never across forest" in text


def test_possessives_of_plural_factions_are_never_s_apostrophe_s():
    s = blank(["witches", "nomads"], TILES)
    from tabletop_tui.rules.core import IllegalAction
    from tabletop_tui.rules.terra_mystica.data import CELLS
    far = next(CELLS[i] for i, t in enumerate(s.terrain) if t == "forest")
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, f"build {far}")
    assert "Witches's" not in e.value.reason and "the Witches' structures" in e.value.reason.replace("of Witches'", "the Witches'")


def test_a_move_refused_in_another_decision_names_that_decision_in_its_own_words():
    """'advance dig' while a power offer is open: the refusal says the decision is the offer, with
    the faction's name and VP as written ("from the Halflings for 1 VP"), never lower-cased."""
    from tabletop_tui.rules.core import IllegalAction
    from tabletop_tui.rules.terra_mystica.data import FACTIONS
    from tests.support.table_view import random_match

    m = random_match("terra_mystica", 4, seed=7, moves=0)
    while not (m.pending and m.pending.kind == "leech" and m.state.round >= 2):
        m.play(m.bot_job(level="random")())
    s = m.state
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "advance dig")
    who = FACTIONS[s.players[m.pending.seat].faction]["name"]
    frm = FACTIONS[s.players[s.queue[0][3]].faction]["name"]
    reason = e.value.reason
    assert reason.startswith(f"The {who} cannot 'advance dig' now: the decision is to take ")
    assert f"from the {frm}" in reason and ("VP" in reason or "for free" in reason)
    assert reason.endswith("decline or leech).")


# -- issue 32: every counter, every change with its reason, on the entry that caused it ----------
def _entries(s, text):
    a = RULES.parse(s, text)
    after = RULES.apply(s, a)
    return after, RULES.entries(s, a, after, RULES.log_line(s, a, after))


def test_the_last_to_pass_gets_the_pass_bonus_and_the_cards_coins_on_their_own_entry():
    """Passing is an action: its pass points and the coins on the new bonus card are the passing
    player's; the round's end and the next round's income follow as entries with no actor."""
    s = blank(["witches", "nomads"], TILES)
    put(s, 1, "E5", "TP")
    s.players[1].bonus = "BON7"
    s.bonus_pool["BON3"] = 1
    s = play(s, "pass BON4")
    after, es = _entries(s, "pass BON3")
    assert [e.actor for e in es] == [1, None, None, None]
    mine = {(c.what, c.amount, c.source) for c in es[0].changes}
    assert ("VP", 2, "pass bonus: BON7, 2 per trading house") in mine
    assert ("C", 1, "coins left on the bonus card") in mine
    assert ("BON", -4, "bonus card BON7 returned, BON3 taken") in mine
    assert es[1].line.startswith("Round 1 ends. Cult bonus:")
    # "put one coin on each of the three leftover bonus cards": an entry of its own, each card's coins
    left = sorted(after.bonus_pool, key=lambda b: int(b[3:]))
    assert es[2].line == "One coin goes on each bonus card left: " + ", ".join(
        f"{b} (now {after.bonus_pool[b]} coin{'s' if after.bonus_pool[b] != 1 else ''})" for b in left) + "."
    assert "BON7 (now 1 coin)" in es[2].line and not es[2].changes
    assert es[3].line == "Round 2 begins: everyone takes their income."
    assert es[3].changes and all(c.source == "income" for c in es[3].changes)
    assert {c.seat for c in es[3].changes} == {0, 1}


def test_power_income_into_bowls_one_and_two_is_logged():
    """BON5's +3 power in income moves tokens from bowl I to bowl II: both bowls are told."""
    s = blank(["witches", "nomads"], TILES)
    s.players[0].bowls = [12, 0, 0]
    s = play(s, "pass BON5")
    after, es = _entries(s, "pass BON3")
    power = income(after, 0)["PW"]
    assert power >= 3
    told = {(c.seat, c.what): (c.amount, c.source) for c in es[-1].changes}
    assert told[0, "PW I"] == (-power, "income") and told[0, "PW II"] == (power, "income")


def test_a_favor_tiles_cult_step_and_its_power_are_logged():
    """FAV1: three steps on Fire at once; passing space 3 gains 1 power (bowl I to II)."""
    s = blank(["witches", "nomads"], TILES)
    s.favors_due = 1
    s.players[0].cult[0] = 0
    after, es = _entries(s, "+FAV1")
    told = {(c.what, c.amount, c.source) for c in es[0].changes}
    assert ("Fire", 3, "favor tile FAV1") in told
    assert ("PW II", 1, "cult track power: Fire space 3 gives 1 power, 1 from I to II") in told


def test_a_cult_steps_power_is_said_as_power_gained_and_where_it_moved():
    """Space 5 of a cult track gives 2 power: with 1 token left in bowl I, one token moves from I to
    II and one from II to III — told as 2 power, not as "+1 PW, -1 PW I"."""
    s = blank(["witches", "nomads"], TILES)
    s.favors_due = 1
    s.players[0].cult[1] = 3
    s.players[0].bowls = [1, 6, 5]
    after, es = _entries(s, "+FAV2")  # three steps on Water: 3 -> 6, past space 5 only
    why = "cult track power: Water space 5 gives 2 power, 1 from I to II and 1 from II to III"
    told = {(c.what, c.amount, c.source) for c in es[0].changes}
    assert ("PW", 1, why) in told and ("PW I", -1, why) in told
    assert after.players[0].bowls == [0, 6, 6]


def test_the_final_resource_conversion_is_spelled_out():
    """"1 VP per 3 coins": the entry says what was converted into how many coins."""
    from tabletop_tui.rules.terra_mystica.scoring import resources_words
    p = blank(["witches", "nomads"], TILES).players[0]
    p.C, p.W, p.P, p.bowls = 9, 3, 0, [1, 7, 4]
    assert resources_words(p) == "9 C, 3 W, 4 power in bowl III and 7 in bowl II (burned to 3)"


def test_a_bridge_is_told_in_the_past_tense():
    """"Elena (Dwarves) placed a bridge between …", not "place a bridge"."""
    from tabletop_tui.rules.terra_mystica.log import action_words
    from tabletop_tui.rules.terra_mystica.notation import Act
    s = blank(["engineers", "nomads"], TILES)
    assert action_words(RULES, s, Act("bridge", "C4", "D4")) == "placed a bridge between C4 and D4"


def test_a_town_tiles_cult_steps_and_power_are_logged():
    """TW5: one step on every cult track and a key; TW4: 8 power."""
    s = blank(["witches", "nomads"], TILES)
    s.towns_due = 1
    s.players[0].cult = [0, 0, 0, 0]
    after, es = _entries(s, "+TW5")
    told = {(c.what, c.amount, c.source) for c in es[0].changes}
    assert {("Fire", 1, "town tile TW5"), ("Water", 1, "town tile TW5"), ("keys", 1, "town tile TW5"),
            ("VP", 8, "town tile TW5")} <= told
    s.towns_due, s.players[0].bowls = 1, [5, 7, 0]
    after, es = _entries(s, "+TW4")
    told = {(c.what, c.amount, c.source) for c in es[0].changes}
    assert {("PW I", -5, "town tile TW4"), ("PW II", 2, "town tile TW4"), ("PW", 3, "town tile TW4")} <= told


def test_a_spade_bought_says_so():
    s = blank(["witches", "nomads"], TILES)
    home, there = forest_pair(s)
    put(s, 0, home)
    from tabletop_tui.rules.terra_mystica.data import INDEX
    s.terrain[INDEX[there]] = "lakes"  # forest is next to lakes on the cycle: one spade
    after, es = _entries(s, f"transform {there} to forest")
    assert ("W", -3, "1 spade") in {(c.what, c.amount, c.source) for c in es[0].changes}


def test_a_whole_game_tells_every_change_with_its_reason():
    from tabletop_tui.ledger_audit import audit_game

    assert audit_game("terra_mystica", 7, 4) is None


def test_priests_cut_short_at_seven_say_so():
    """Only 7 priests in all: a gain beyond them is lost, and the ledger says how many."""
    s = blank(["witches", "nomads"], TILES)
    p = s.players[0]
    p.P, p.priests_sent = 5, 2  # all 7 in play
    s.towns_due = 1
    after, es = _entries(s, "+TW3")
    assert after.players[0].P == 5
    # a gain cut to nothing is told all the same (issue 32), "+0 P (…; 1 lost…)"
    assert ("P", 0, "town tile TW3; 1 lost: all 7 priests in play") in {
        (c.what, c.amount, c.source) for c in es[0].changes}
    assert "+0 P (town tile TW3; 1 lost: all 7 priests in play)" in es[0].text(after.names)
    from tabletop_tui.rules.terra_mystica.power import gain
    s.notes, p.P, p.priests_sent = [], 5, 1
    gain(s, p, {"P": 2}, why="income")
    assert s.notes == [Change(0, "P", 1, "income; 1 lost: all 7 priests in play")]


def test_the_bonus_card_is_told_by_its_name_never_as_a_sum():
    """The bonus card held is a counter by its number (the ledger table's BON column), but the log
    says which card went back and which was taken, never "-7 BON"."""
    import re

    from tabletop_tui.match import Match, Seat

    m = Match("terra_mystica", [Seat("Ann", True), Seat("Ben", True), Seat("Cid", True)], 3)
    while m.state.round < 2 and not m.over:
        m.play(m.bot_action())
    passes = [line for line in m.log if "passed and took" in line]
    assert passes and all(re.search(r"bonus card BON\d+ returned, BON\d+ taken", line) for line in passes)
    assert not any(re.search(r"[+-]\d+ BON\b", line) for line in m.log)
    assert any(c.what == "BON" for entry in m.ledger for c in entry)  # still counted


def test_power_gained_with_every_token_in_bowl_iii_is_told_as_lost():
    """A gain of power moves tokens I→II→III; with all of them in bowl III it moves none: the
    ledger tells "+0 PW (…; 2 lost: all power in bowl III)", and a gain cut short says how much."""
    s = blank(["witches", "nomads"], TILES)
    s.towns_due, s.players[0].bowls = 1, [0, 0, 12]
    after, es = _entries(s, "+TW4")  # TW4: 6 VP, 1 key and 8 power
    assert after.players[0].bowls == [0, 0, 12]
    told = [(c.amount, c.source) for c in es[0].changes if c.what == "PW"]
    assert told == [(0, "town tile TW4; 8 lost: all power in bowl III")]
    assert "+0 PW (town tile TW4; 8 lost: all power in bowl III)" in es[0].text(after.names)
    s = blank(["witches", "nomads"], TILES)
    s.towns_due, s.players[0].bowls = 1, [0, 1, 11]
    after, es = _entries(s, "+TW4")
    assert [(c.amount, c.source) for c in es[0].changes if c.what == "PW"] == [
        (1, "town tile TW4; 7 lost: all power in bowl III")]


def test_cult_steps_a_cap_cuts_off_are_told_with_why_even_when_none_is_taken():
    """Space 10 of a cult track needs a town key (and is one player's only): at 9 without a key
    a priest's 3 steps take the player nowhere, and the ledger says so, "+0 Fire (… 3 steps lost:
    no key for space 10)"; from 8 one step comes and 2 are lost."""
    s = blank(["witches", "nomads"], TILES)
    p = s.players[0]
    p.P, p.cult[0], p.keys = 1, 9, 0
    after, es = _entries(s, "send p to FIRE for 3")
    assert after.players[0].cult[0] == 9
    fire = [(c.amount, c.source) for c in es[0].changes if c.what == "Fire"]
    assert len(fire) == 1 and fire[0][0] == 0 and fire[0][1].endswith("; 3 steps lost: no key for space 10")
    assert "+0 Fire (" in es[0].text(after.names)
    s = blank(["witches", "nomads"], TILES)
    p = s.players[0]
    p.P, p.cult[0], p.keys = 1, 8, 0
    after, es = _entries(s, "send p to FIRE for 3")
    fire = [(c.amount, c.source) for c in es[0].changes if c.what == "Fire"]
    assert len(fire) == 1 and fire[0][0] == 1 and fire[0][1].endswith("; 2 steps lost: no key for space 10")
