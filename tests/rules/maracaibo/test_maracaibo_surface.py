"""The read-only surface the screen asks: it tells what the rules decide, and changes nothing."""
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo import surface as SF
from tabletop_tui.rules.maracaibo.combat import base_value

from .mhelpers import past_opening, play, stage, top
from .test_maracaibo_combat import combat_at


def test_the_combat_value_shown_for_each_nation_is_the_value_the_combat_starts_at():
    for flags in ({}, {"2": "france", "6": "england"}, {"2": "france", "6": "france", "9": "england"}):
        s = play(combat_at(dbl=5, flags=flags), "pile 1")
        for nat in ("france", "england", "spain"):
            shown = RULES.nation_value(s, nat)
            assert shown["value"] == base_value(s, top(s), nat)
            assert sum(n for _, n in shown["parts"]) == shown["value"]
            after = play(s, f"nation {nat}") if shown["payable"] else None
            if after is not None:
                assert RULES.combat(after)["value"] == shown["value"]


def test_the_fewest_markers_bonus_is_named_as_a_part():
    s = play(combat_at(flags={"2": "france", "6": "england"}), "pile 1")
    parts = dict(RULES.nation_value(s, "spain")["parts"])
    assert parts == {"token CT01": 3, "fewest markers on the map": 3}


def test_the_rider_and_whether_it_can_be_paid():
    s = play(combat_at(dbl=1), "pile 1")
    fr = RULES.nation_value(s, "france")
    assert fr["rider"] == {"op": "pay_doubloons", "n": 2} and not fr["payable"]


def test_combat_reports_stage_token_nation_value_and_used_actions():
    s = combat_at(dbl=5)
    assert RULES.combat(s)["stage"] == "pile" and RULES.combat(s)["token"] is None
    s = play(s, "pile 1", "nation france", "infl 1")
    c = RULES.combat(s)
    assert (c["stage"], c["token"], c["nation"], c["value"], c["used"]) == ("loop", "CT01", "france", 5, ["infl"])
    assert SF.combat_action_cost("annex 13") == 4 and SF.combat_action_cost("displace 13") == 6
    assert SF.combat_action_cost("infl 2") == 5


def test_village_actions_left_count_down():
    s = stage(past_opening(), {"t": "village", "seat": 0, "n": 3, "ctx": "main"})
    assert RULES.village_left(s) == 3 and SF.village_context(s) == "main"
    s = play(s, "odd-job")
    assert RULES.village_left(s) == 2


def test_price_after_discounts_hand_limit_slots_and_compasses():
    s = past_opening().copy()
    p = s.p(0)
    assert RULES.hand_limit(s, 0) == 5 and RULES.planning_slots(s, 0) == 3
    assert RULES.price(s, 0, "B05.1") == 6
    p["bought"] += ["A12.1"]  # Quartermaster: cards cost 1 less
    p["discs"]["U09"] = 0  # Purser: 1 less again
    p["discs"]["U01"] = 0  # Wide Hold: hand limit +1
    p["discs"]["U11"] = 0  # Chart Table: +1 planning slot
    p["discs"]["U07"] = 0  # Compass
    assert RULES.price(s, 0, "B05.1") == 4 and RULES.price(s, 0, "A01.1") == 0
    assert RULES.hand_limit(s, 0) == 6 and RULES.planning_slots(s, 0) == 4
    assert RULES.compasses(s, 0) == 1


def test_reachable_stops_are_the_legal_moves_with_their_mp():
    s = past_opening()
    seat = RULES.pending(s).seat
    reach = RULES.reachable(s, seat)
    assert sorted(r["text"] for r in reach) == sorted(a.text for a in RULES.legal_actions(s))
    by = {r["dest"]: r for r in reach}
    assert by["1"]["mp"] == 1 and by["7"]["mp"] == 7 and by["7"]["village_actions"] == 3
    assert by["4"]["village_actions"] == 0  # a city: no village actions there


def test_the_surface_changes_nothing():
    s = play(combat_at(dbl=5), "pile 1")
    before = RULES.state_hash(s)
    for nat in ("france", "england", "spain"):
        RULES.nation_value(s, nat)
    RULES.combat(s), RULES.reachable(s, 0), RULES.price(s, 0, "A01.1")
    assert RULES.state_hash(s) == before


def test_interim_report_follows_the_round_end_steps():
    m = Match("maracaibo", [Seat("Ann", True, "random"), Seat("Bo", True, "random"), Seat("Cy", True, "random")], 5)
    while m.state.g["round"] == 1:
        m.play(m.bot_job(level="random")())
    before, after = m.states[-2], m.states[-1]
    steps = SF.interim_report(before, after)
    names = [x["step"] for x in steps]
    assert names[:5] == ["Round end", "Village action", "Unused assistants", "Income", "Markets cleared"]
    assert names[-1] == "New round"  # the totals are the ledger's: the caller gives them
    totals = {0: (1, 2, 3, 4), 1: (5, 6, 7, 8), 2: (0, 0, 0, 1)}
    last = SF.interim_report(before, after, totals)[-1]
    assert last["step"] == "Totals" and last["per_seat"][0] == "1 → 3 VP, 2 → 4 doubloons"
    assert last["per_seat"][2] == "0 → 0 VP, 0 → 1 doubloon"
    inc = steps[3]["per_seat"]
    assert inc[0] == f"+{4 + after.p(0)['inc_d']} doubloons, +{after.p(0)['inc_v']} VP"
    assert SF.interim_report(m.states[-3], m.states[-2]) is None


def test_the_log_keeps_every_scoring_step():
    m = Match("maracaibo", [Seat("Ann", True, "random"), Seat("Bo", True, "random")], 4)
    while not m.over:
        m.play(m.bot_job(level="random")())
    text = "\n".join(m.log)
    for rnd in (1, 2, 3):
        assert f"End of round {rnd}: interim scoring." in text
    assert "4. Income:" in text and "5. Markets cleared:" in text
    final = m.log[-1].split("\n")
    total = m.result().scores[0]
    assert any(line.startswith("Game end: final scoring (") and f"Ann {total} VP" in line for line in final)
    # each step of the final scoring is a signed amount with its reason in Ann's row
    ann = next(line for line in final if line.startswith("  Ann: "))
    steps = [k for k, v in m.result().breakdown[0].items() if v and k != "during play"]
    assert steps and all(f"VP (final: {k})" in ann for k in steps)
