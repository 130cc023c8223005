"""Messages that say what is wrong with an answer to a power offer typed in the notation."""
import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES
from tabletop_tui.rules.terra_mystica.actions import leech_amount
from tests.screens.helpers import played_match


def offer_match():
    """The first seeded random game that comes to a power offer (which seed does depends on every
    rule the random moves are drawn from)."""
    for seed in range(1, 40):
        m = played_match("terra_mystica", 3, seed=seed,
                         until=lambda m: m.pending is not None and m.pending.kind == "leech")
        if not m.over:
            break
    assert m.pending is not None and m.pending.kind == "leech"
    q = m.state.queue[0]
    to, src = m.state.players[q[1]].faction, m.state.players[q[3]].faction
    return m, to, src, leech_amount(m.state, q)


def test_an_answer_naming_the_offer_on_the_table_with_by_is_that_answer():
    """'leech 3 from fakirs by witches' while that very offer is asked is the same as
    'leech 3 from fakirs', not "the witches have no open offer"."""
    m, to, src, n = offer_match()
    plain = RULES.parse(m.state, f"leech {n} from {src}")
    assert RULES.parse(m.state, f"leech {n} from {src} by {to}") == plain
    assert RULES.parse(m.state, f"decline {n} from {src} by {to}") == RULES.parse(m.state, f"decline {n} from {src}")


def test_an_answer_to_an_offer_that_is_not_there_names_the_offer_that_is():
    m, to, src, n = offer_match()
    other = next(p.faction for p in m.state.players if p.faction not in (to, src))
    with pytest.raises(IllegalAction) as e:
        RULES.parse(m.state, f"leech 2 from {other}")
    assert f"the offer now is from the" in e.value.reason
    assert f"'leech {n} from {src}' or 'decline {n} from {src}'" in e.value.reason
    assert "not a legal move now" not in e.value.reason
