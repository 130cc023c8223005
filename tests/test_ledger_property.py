"""The ledger as a property (issue 32; tabletop_tui/ledger_audit.py): over seeded random games of
each title played through Match.play, for every entry and every seat, each counter's change is
the sum of the changes told for it, no change is without a reason, no entry mixes an automatic
step of the game with a decision, and every counter is public. A failure names the game, the
seed, the move and the entry. `make fuzz` plays thousands (benchmarks/fuzz.py)."""
import pytest

from tabletop_tui import catalogue
from tabletop_tui.ledger_audit import audit_game

# title → seeded games here (every player count in turn): a few hundred in all, well under a minute
TITLES = {
    "piratissimo": 100,
    "terra_mystica": 60,
    "finca": 40,
    "finis_terrae": 8,
}


@pytest.mark.parametrize("game", sorted(TITLES))
def test_every_change_is_told_with_its_reason_on_the_entry_that_caused_it(game):
    g = catalogue.get(game)
    failures = []
    for seed in range(1, TITLES[game] + 1):
        n = g.min_players + seed % (g.max_players - g.min_players + 1)
        f = audit_game(game, seed, n)
        if f is not None:
            failures.append(str(f))
            break
    assert failures == []
