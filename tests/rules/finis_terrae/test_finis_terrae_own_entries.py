"""Each change on its own player's entry (issue 45, item 4)."""
from tabletop_tui.rules.core import change_text
from tabletop_tui.rules.finis_terrae import RULES


def test_the_last_captains_stash_is_on_their_own_entry_not_on_the_first_days_tiles():
    """"Dario loaded … stash 5. Anna drew … — +5 stash" booked Dario's stash on Anna's sentence:
    the first day begins in an entry of its own, as every later day does."""
    s = RULES.setup(["Anna", "Dario"], 3, {})
    for t in ["start N", "start E", "split 5 5 5 0 stash 5"]:
        s = RULES.apply(s, RULES.parse(s, t))
    a = RULES.parse(s, "split 5 5 5 0 stash 5")
    after = RULES.apply(s, a)
    loaded, day = RULES.entries(s, a, after, RULES.log_line(s, a, after))
    assert change_text(loaded.changes, after.names, loaded.actor, loaded.line).endswith(
        "Dario loaded: 5 doubloons, 5 doubloons, 5 doubloons, empty; stash 5 — +5 stash (kept in the stash).")
    assert day.actor is None and day.changes == ()
    assert day.line.startswith("Day 1 began. Anna drew ")

