"""Issue 45, item 3: a change is told where it lands. A reward that resolves only after a later
choice (a card's "score 1 VP" after its explore, a quest's doubloon after its draw) is on the
entry of the action that made it happen, its reason naming its cause; no earlier entry is ever
rewritten, so the ledger's running totals are the game after every move. A decision a reward
asks for (a disc off the ship board) says what asked for it."""
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Change
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.cities import city_action_id
from tabletop_tui.rules.maracaibo.content import CITY_ACTIONS, LOCS, QUESTS

from .mhelpers import give_card, op, past_opening, stage
from .test_maracaibo_explorer_quests import before_a_fourth_quest, explore


def staged_match(s) -> Match:
    """A match whose game starts at the staged position ``s`` (its log and ledger start there)."""
    m = Match("maracaibo", [Seat(n, False) for n in s.names], 1)
    m.states = [s]
    m.vp_history = [dict(RULES.vp(s))]
    return m


def told(m: Match, move: int) -> list[Change]:
    return [c for e in m.entries[move] for c in e.changes]


def running_is_the_game(m: Match) -> bool:
    keys = {seat: list(RULES.counters(m.states[0], seat)) for seat in range(len(m.names))}
    last = {move: vals for move, _, vals in m.running(keys)}  # the last entry of each move
    return all(vals[seat, k] == RULES.counters(m.states[move], seat)[k]
               for move, vals in last.items() for seat, k in vals)


def test_old_sea_charts_vp_is_told_on_the_explore_it_waited_for_and_the_purchase_stays_as_shown():
    """Old Sea Chart: "Explore up to 3 and score 1 VP." The VP comes once the explore is answered;
    "After finishing your movement, you always receive the reward indicated on the space your
    explorer stopped on." Both are on the explore's entry, the card's VP named by the card; the
    purchase's entry reads as it did (the issue: "Chiara bought Old Sea Chart — -3 $, -1 card,
    +1 VP" while the VP landed only later, and the score strip said 8 while the ledger had 9)."""
    s, _ = explore(3)
    s.p(0)["dbl"] = 10
    c = give_card(s, 0, "A09")
    s = stage(s, {"t": "village", "seat": 0, "n": 1, "ctx": "main"})
    m = staged_match(s)
    bought = m.play(f"buy {c}")
    assert RULES.pending(m.state).kind == "explore"
    assert "VP" not in {x.what for x in told(m, 0)} and "+1 VP" not in bought
    assert running_is_the_game(m)
    m.play("explore E1")
    assert m.log[0] == bought  # no earlier entry is ever rewritten
    assert Change(0, "VP", 1, "Old Sea Chart") in told(m, 1)
    assert Change(0, "$", 1, "explorer reward: E1") in told(m, 1)
    assert "+1 $ (explorer reward: E1)" in m.log[1] and "+1 VP (Old Sea Chart)" in m.log[1]
    assert running_is_the_game(m)


def test_a_disc_taken_for_the_explorer_reward_of_E6_says_so():
    """"After finishing your movement, you always receive the reward indicated on the space your
    explorer stopped on": E6's is a disc off the ship board, the player's choice, and its entry says
    why ("took a disc off Figurehead (U05)" had said nothing of it)."""
    s, o = explore(1, at="E5")
    m = staged_match(stage(s, o))
    m.play("explore E6")
    assert RULES.pending(m.state).kind == "disc"
    line = m.play("disc U05")
    assert line == "P1 took a disc off Figurehead (U05) for explorer reward: E6."


def test_a_disc_taken_for_careening_yard_says_so():
    """Careening Yard: "You gain 1 combat point, then remove a disc of your choice from your ship
    board, removing the disc from the game." The disc's entry names the city action."""
    s = past_opening(3, 4).copy()
    at = next(loc for loc in LOCS if city_action_id(s.g, loc) == "T2")
    assert CITY_ACTIONS["T2"]["name"].startswith("Careening Yard")
    s.p(0)["ship"] = at
    s.p(0)["career"] = None
    m = staged_match(stage(s, {**op(0, op="remove_disc", n=1), "src": "city action"}))
    line = m.play("disc U02")
    assert line == "P1 took a disc off Fast Rigging (U02) for Careening Yard."


def test_the_red_barriers_influence_names_the_barrier():
    """"If your explorer crosses the red barrier, you can immediately gain 3 influence with the
    nation of your choice": the influence, chosen after the explore, is told on the choice's entry
    as the red barrier's reward; the stop's reward comes after it, named by its space."""
    s, o = explore(1, at="E4")
    m = staged_match(stage(s, o))
    m.play("explore E5")
    m.play("nation england")
    assert Change(0, "England infl", 3, "explorer reward: red barrier") in told(m, 1)
    assert Change(0, "$", 2, "explorer reward: E5") in told(m, 1)
    assert running_is_the_game(m)


def test_the_quest_tracks_bonus_names_the_quest_and_its_place():
    """"You immediately score 3 victory points for the fourth quest you fulfill. You immediately
    score 2 victory points for each additional quest you fulfill after that." The bonus comes
    with the tile, after the quest's whole reward, so it may land on a later choice's entry: its
    reason names the quest and its place on the track."""
    m = staged_match(before_a_fourth_quest())
    m.play("explore E3")
    m.play("quest Q12")
    assert Change(0, "VP", 3, f"quest track: {QUESTS['Q12']['name']}, the 4th") in told(m, 1)
    assert running_is_the_game(m)


def test_the_village_action_at_END_says_what_gave_it():
    """"Once your explorer reaches the end of the explorer track, it remains there for the rest of
    the game. You can immediately perform a village action." Its entry says so; its own changes
    keep the village option's name."""
    s, o = explore(1, at="E14")
    m = staged_match(stage(s, o))
    m.play("explore END")
    assert RULES.pending(m.state).kind == "village"
    line = m.play("odd-job")
    assert line.startswith("P1 did odd jobs") and " (village action: explorer at END) — " in line
    assert "(Odd jobs)" in line
