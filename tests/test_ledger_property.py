"""The ledger as a property (issue 32; tabletop_tui/ledger_audit.py): over seeded random games of
each title played through Match.play, for every entry and every seat, each counter's change is
the sum of the changes told for it, no change is without a reason, no entry mixes an automatic
step of the game with a decision, and every counter is public. A change is told where it lands
(issue 45): after every move's entries each counter's running total in the ledger (the start plus
every change told so far: Match.running, which the ledger table and Maracaibo's round summary
read) equals the game's, and no entry's text changes after it was first shown. A failure names
the game, the seed, the move and the entry. `make fuzz` plays thousands (benchmarks/fuzz.py).

150 games per title here (Finis Terrae 100: its games cost the most, ~0.15 s of CPU each against
Maracaibo's ~0.07 and Terra Mystica's ~0.04), every player count in turn, in chunks of 50 so that
the workers spread them. See benchmarks/RESULTS.md, 2026-12-03 (session 23), for the timings.
(Session 25 halved them from 300/200: they were about 12% of `make test`, which had reached 9½ of
its 10 minutes, and `make fuzz` plays 1,000 a title with the easy bots' games besides.)"""
import pytest

from tabletop_tui import catalogue
from tabletop_tui.ledger_audit import audit_game

GAMES = {"piratissimo": 150, "terra_mystica": 150, "finca": 150, "finis_terrae": 100, "maracaibo": 150}
CHUNK = 50

CASES = [(game, first) for game, n in GAMES.items() for first in range(1, n + 1, CHUNK)]


@pytest.mark.parametrize("game,first", CASES, ids=[f"{g}-{f}" for g, f in CASES])
def test_every_change_is_told_with_its_reason_on_the_entry_that_caused_it(game, first):
    g = catalogue.get(game)
    failures = []
    for seed in range(first, first + CHUNK):
        n = g.min_players + seed % (g.max_players - g.min_players + 1)
        f = audit_game(game, seed, n)
        if f is not None:
            failures.append(str(f))
            break
    assert failures == []
