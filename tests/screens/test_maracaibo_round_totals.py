"""Issue 45: the round summary's totals and the ledger table read the same record. "Totals: C
Chiara 10 → 12 VP" had been counted from the state before the last village action (the wrong
moment: the round end's +3 VP and the other players' village actions were already in it) while
the score strip and the ledger said otherwise. Now both come from the match's running totals
(Match.running), from before the round end's entry to now."""
from tabletop_tui.rules.maracaibo import surface as SF
from tabletop_tui.screens.maracaibo import round_totals
from tabletop_tui.widgets.ledger_table import counter_keys, rows

from .helpers import played_match


def test_the_round_summarys_totals_run_from_before_the_round_end_and_agree_with_the_ledger_table():
    m = played_match("maracaibo", 3, 5, 0, (), lambda m: m.state.g["round"] == 2)
    k = next(i for i in range(len(m.actions)) if not m.states[i].g["scoring"] and m.states[i + 1].g["scoring"])
    trigger = m.states[k + 1].g["trigger"]
    round_end = m.entries[k][1]  # the game's own entry after the decision that ended the round
    assert round_end.actor is None and round_end.line.startswith("End of round 1: ")
    totals = round_totals(m)
    seats = list(range(3))
    table = rows(m, seats, {s: counter_keys(m, s) for s in seats})
    at = {id(e): vals for _, e, vals in table}
    for seat in seats:
        vp0, d0, vp1, d1 = totals[seat]
        # from the ledger table's row before the round end's entry, to its last row: the game now
        assert (vp0, d0) == (at[id(m.entries[k][0])][seat, "VP"], at[id(m.entries[k][0])][seat, "$"])
        assert (vp1, d1) == (table[-1][2][seat, "VP"], table[-1][2][seat, "$"])
        assert (vp1, d1) == (m.rules.counters(m.state, seat)["VP"], m.rules.counters(m.state, seat)["$"])
    # the round end's "+3 VP (round end trigger)" is inside the totals, not before them
    assert any(c.seat == trigger and c.source == "round end trigger" and c.amount == 3 for c in round_end.changes)
    assert totals[trigger][0] + 3 <= totals[trigger][2]
    # the old moment, before the last village action, had the +3 already in it
    assert totals[trigger][0] + 3 <= m.rules.counters(m.states[-2], trigger)["VP"]
    report = SF.interim_report(m.states[-2], m.state, totals)
    assert report[-1]["step"] == "Totals"
    assert report[-1]["text"] == "VP and doubloons, from before the round's end to the start of round 2."
    vp0, d0, vp1, d1 = totals[trigger]
    assert report[-1]["per_seat"][trigger].startswith(f"{vp0} → {vp1} VP, {d0} → {d1} doubloon")
