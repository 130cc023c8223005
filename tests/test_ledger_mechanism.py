"""The ledger's automatic steps (issue 32): a decision that sets off an automatic step of the game
is one action (one line of the save, one undo) but two entries of the log and the ledger: the
decision's, with its actor, then the step's, with no actor and every seat's changes."""
import pytest

from tabletop_tui import catalogue
from tabletop_tui.ledger_audit import audit_game, entry_problems
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Change, Entry, Step, entries, told


@pytest.fixture
def roundgame(monkeypatch):
    g = catalogue.Game("roundgame", "Dice race in rounds", "Test game.", 2, 3, "tests.support.roundgame")
    monkeypatch.setitem(catalogue.BY_ID, "roundgame", g)
    return g


def test_changes_noted_after_a_step_marker_belong_to_that_step():
    changes, steps = told([Change(0, "VP", 2, "bank"), Step("Round ends."), (1, "VP", 1, "round bonus")])
    assert steps == ["Round ends."]
    assert changes == [Change(0, "VP", 2, "bank"), Change(1, "VP", 1, "round bonus", "Round ends.")]


def test_an_action_splits_into_the_decisions_entry_then_one_per_step_without_actor():
    cs = [Change(0, "VP", 2, "bank"), Change(1, "VP", 1, "round bonus", "Round ends.")]
    got = entries(cs, ["Round ends.", "Game ends."], 0, "Anna banked.")
    assert got == [Entry(0, "Anna banked.", (cs[0],)), Entry(None, "Round ends.", (cs[1],)),
                   Entry(None, "Game ends.", ())]


def test_the_round_end_is_an_entry_of_its_own_after_the_decision_that_set_it_off(roundgame):
    m = Match("roundgame", [Seat("Anna"), Seat("Bruno")], 5)
    for a in ("roll", "pass", "roll", "bank"):
        m.play(a)
    last = m.entries[-1]
    assert [e.actor for e in last] == [1, None]
    assert last[0].changes and all(c.source == "banked roll" for c in last[0].changes)
    assert {(c.seat, c.amount, c.source) for c in last[1].changes} == {(0, 1, "round bonus"), (1, 1, "round bonus")}
    assert m.log[-1].split("\n")[1:] == ["Round ends: a point each.", "  Anna: +1 VP (round bonus)",
                                         "  Bruno: +1 VP (round bonus)"]
    assert [move for move, _ in m.rows()] == [1, 2, 3, 4, 4]
    assert m.actions == ["roll", "pass", "roll", "bank"]  # the save's notation: actions only


def test_undo_takes_back_the_decision_and_its_automatic_step_together(roundgame):
    m = Match("roundgame", [Seat("Anna"), Seat("Bruno")], 5)
    for a in ("roll", "pass", "roll", "bank"):
        m.play(a)
    m.undo(1)
    assert len(m.entries) == len(m.actions) == len(m.log) == 3


def test_the_round_game_keeps_the_property(roundgame):
    assert audit_game("roundgame", 3, 2) is None


def test_the_property_names_a_decisions_entry_that_carries_an_automatic_steps_change(roundgame):
    m = Match("roundgame", [Seat("Anna"), Seat("Bruno")], 5)
    for a in ("roll", "pass", "roll"):
        m.play(a)
    before = m.state
    m.play("bank")
    merged = [Entry(1, "Bruno banked.", tuple(c for e in m.entries[-1] for c in e.changes))]  # one entry
    problems = [p for _, p in entry_problems(m.rules, before, None, m.state, merged, m.names)]
    assert problems == ["a decision's entry carries Anna's +1 VP (round bonus), an automatic step's change",
                        "a decision's entry carries Bruno's +1 VP (round bonus), an automatic step's change"]
    untold = [Entry(1, "Bruno banked.", (Change(1, "VP", 1),))]
    problems = [p for _, p in entry_problems(m.rules, before, None, m.state, untold, m.names)]
    assert "Bruno's +1 VP has no reason" in problems
