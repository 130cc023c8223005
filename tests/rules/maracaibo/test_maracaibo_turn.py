"""The turn: movement, a city or village main action, Phase C planning and drawing; round end."""
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.state import task
from tabletop_tui.rules.maracaibo import voyage

from .mhelpers import past_opening, play, stage, texts, top


def at(s, seat, loc, mp=1):
    s = s.copy()
    s.p(seat)["ship"] = loc
    s.g["turn"] = {"mp": mp, "used_assist": None}
    s.g["cur"] = seat
    return s


def test_move_costs_one_mp_per_location_and_two_into_maracaibo():
    dest = {d: mp for d, _, mp, _ in voyage.destinations("11", 1)}
    assert dest["12"] == 1 and dest["13"] == 3 and "17" in dest
    assert max(dest.values()) <= 7


def test_fork_destinations_name_the_branch():
    ds = {(d, v) for d, v, _, _ in voyage.destinations("14", 1)}
    assert ("15L", None) in ds and ("15U", None) in ds
    assert ("18", "15L") in ds and ("18", "15U") in ds


def test_stop_location_20_ends_the_move():
    ds = [d for d, _, _, _ in voyage.destinations("17", 1)]
    assert "20" in ds and "21a" not in ds and "21b" not in ds
    ds4 = [d for d, _, _, _ in voyage.destinations("20", 4)]
    assert ds4 == ["21b"]
    assert [d for d, _, _, _ in voyage.destinations("21b", 4)] == ["22"]


# Rulebook: "To perform a village action as your main action, your ship must be in a village"
# Rulebook: "If you spent all 7 movement points, you can even perform three village actions."
# Rulebook: "B Take 1 doubloon."
# Rulebook: "you are allowed to choose each of the options above multiple times if you like"
# Rulebook: "you can perform three village actions, you can take 1"
def test_move_then_village_actions_by_mp():
    s = past_opening(3, 2)
    seat = RULES.pending(s).seat
    s = play(s, "move 7")  # 7 MP into a village: 3 village actions
    assert "village" in texts(s)
    s = play(s, "village")
    assert top(s)["t"] == "village" and top(s)["n"] == 3
    s = play(s, "odd-job", "odd-job")
    assert s.p(seat)["dbl"] == past_opening(3, 2).p(seat)["dbl"] + 2


# Rulebook: "Usually, you can only perform one village action."
# Rulebook: "However, if you spent 4 to 6 movement points during movement (Phase A), you can
#   perform two village actions instead."
def test_village_actions_1_for_3mp_2_for_4mp():
    s = past_opening(3, 2)
    s3 = play(s, "move 3", "village")
    assert top(s3)["n"] == 1
    s4 = play(s, "move 6", "village")  # 6 MP -> 2
    assert top(s4)["n"] == 2


# Rulebook: "A Discard all of your cards in hand."
# Rulebook: "If you discarded at least one card, take 2 doubloons."
# Rulebook: "You do not immediately redraw cards - that will only happen in Phase C,"
def test_phase_c_plans_then_draws_to_the_hand_limit():
    s = past_opening(3, 2)
    seat = RULES.pending(s).seat
    s = play(s, "move 1", "village", "sell")
    assert len(s.p(seat)["hand"]) == 0
    # hand empty: planning is skipped, then draws until 5
    assert RULES.pending(s).kind == "draw"
    for _ in range(5):
        s = play(s, "draw deck")
    assert len(s.p(seat)["hand"]) == 5
    assert RULES.pending(s).seat != seat  # next player's turn


def test_phase_c_planning_into_free_slots():
    s = past_opening(3, 2)
    seat = RULES.pending(s).seat
    s = play(s, "move 1", "pass")
    assert RULES.pending(s).kind == "plan"
    c = s.p(seat)["hand"][0]
    s = play(s, f"plan {c}")
    assert c in s.p(seat)["plan"]
    s = play(s, "plan-done")
    assert RULES.pending(s).kind == "draw"


def test_round_trigger_extra_turns_then_21a_and_interim():
    s = past_opening(3, 2)
    trig = RULES.pending(s).seat
    s = at(s, trig, "19")
    s.g["stack"] = [task("endturn", trig), task("draw", trig, n=0, refill=True), task("plan", trig),
                    task("assist_check", trig), task("main", trig), task("move", trig)]
    s = play(s, "move 20")
    assert s.g["trigger"] == trig and s.g["extra"] == [(trig + 1) % 3, (trig + 2) % 3]
    while s.g["round"] == 1:
        d = RULES.pending(s)
        acts = texts(s)
        choice = "pass" if "pass" in acts else ("odd-job" if "odd-job" in acts else ("plan-done" if "plan-done" in acts else acts[0]))
        s = play(s, choice)
    assert s.g["round"] == 2
    assert all(p["ship"] == "0" for p in s.players)
    assert s.g["start_seat"] == (trig + 1) % 3
    assert s.g["prestige_revealed"] == 2
