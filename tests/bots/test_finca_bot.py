"""Finca: a fair view (hidden tiles, no seed), determinization, a bot that delivers."""
from collections import Counter

from tabletop_tui.bots import finca as B
from tabletop_tui.bots import make_bot
from tabletop_tui.rules.core import Rng
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
    for s in positions(RULES, 3, 5, 120)[:10]:
        twin = hidden_twin(s, 777)
        assert RULES.to_json(twin) != RULES.to_json(s)
        same_view_same_choice(RULES, s, twin)


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
