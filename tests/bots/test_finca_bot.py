"""Finca: a fair view (hidden tiles, no seed), determinization, a bot that delivers."""
from collections import Counter

import pytest

from tabletop_tui.bots import finca as B
from tabletop_tui.bots import LEVELS, make_bot
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules import finca as F
from tabletop_tui.rules.finca import HIDDEN, RULES

from .fairness import legal_from_view, positions, reseeded, same_view_same_choice


def hidden_twin(s, seed):
    """The same table with the face-down tiles dealt otherwise, and another seed."""
    t = reseeded(s, seed)
    under = [x for st in s.stacks for x in st[1:]] + list(s.out)
    Rng(seed).shuffle(under)
    k = 0
    for st in t.stacks:
        for i in range(1, len(st)):
            st[i] = under[k]
            k += 1
    t.out = under[k:]
    return t


def test_views_hide_the_tiles_and_the_seed():
    for i, s in enumerate(positions(RULES, 3, 5, 120)[:10]):
        twin = hidden_twin(s, 777)
        assert RULES.to_json(twin) != RULES.to_json(s)
        # the hard bot (one world: it is slow) in the first three; test_finca_hard checks it more
        levels = LEVELS if i < 3 else tuple(x for x in LEVELS if x != "hard")
        same_view_same_choice(RULES, s, twin, levels=levels, iterations=1)


def test_legal_actions_of_the_view_are_the_real_ones():
    for s in positions(RULES, 2, 8, 300):
        legal_from_view(RULES, s)


def test_determinize_deals_exactly_the_unseen_tiles():
    for s in positions(RULES, 4, 2, 200):
        seat = RULES.pending(s).seat
        v = RULES.view(s, seat)
        w = B.determinize(RULES, v, seat, Rng(3))
        hidden_real = Counter(x for st in s.stacks for x in st[1:]) + Counter(s.out)
        hidden_world = Counter(x for st in w.stacks for x in st[1:]) + Counter(w.out)
        assert hidden_real == hidden_world and HIDDEN not in hidden_world
        assert [st[:1] for st in w.stacks] == [st[:1] for st in s.stacks]
        assert RULES.to_json(RULES.view(w, seat)) == RULES.to_json(v)


def test_medium_delivers_when_it_can_fill_a_tile():
    """Over a game the medium bot collects fruit tiles (it does not just move farmers)."""
    s = RULES.setup(["A", "B"], 4, {})
    n = 0
    while RULES.pending(s) is not None and n < 400:
        d = RULES.pending(s)
        level = "medium" if d.seat == 0 else "random"
        s = RULES.apply(s, make_bot("finca", level, n).choose(RULES, RULES.view(s, d.seat), d.seat))
        n += 1
    assert len(s.tiles[0]) >= 4 and len(s.tiles[0]) > len(s.tiles[1])


@pytest.mark.parametrize("seed,players", [(5, 3), (19, 3), (1, 4), (16, 4)])
def test_medium_bots_alone_at_the_table_finish_the_game(seed, players):
    """Three or four medium bots once piled every farmer on one blade and passed the same twelve
    almonds round forever (a move of twelve blades ends where it starts; whoever harvests last
    holds the fruit only until the next harvest empties the supply). They must finish."""
    s = RULES.setup([f"P{i}" for i in range(players)], seed, {})
    for n in range(1500):
        d = RULES.pending(s)
        if d is None:
            break
        bot = make_bot("finca", "medium", seed * 1_000_003 + n)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat))
    assert RULES.result(s) is not None, f"no end after {n + 1} moves"


def test_fruit_nobody_asks_for_or_sure_to_be_lost_is_worth_less():
    s = RULES.setup(["A", "B"], 3, {})
    s = s.copy()
    tops = [F.TILES[st[0]] for st in s.stacks if st and st[0] != F.HIDDEN]
    asked = max(F.FRUITS, key=lambda f: sum(t.symbols(f) for t in tops))
    unasked = min(F.FRUITS, key=lambda f: sum(t.symbols(f) for t in tops))
    a, b = s.copy(), s.copy()
    a.fruits[0][asked] = 3
    b.fruits[0][unasked] = 3
    assert B.worth(a, 0) > B.worth(b, 0)
    c = a.copy()
    c.supply[asked] = 0  # the next harvest of it sends everyone's back
    assert B.worth(c, 0) < B.worth(a, 0)
