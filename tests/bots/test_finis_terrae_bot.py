"""Finis Terrae: fair views, determinization consistent with the view, a bot that plays."""
from collections import Counter

from tabletop_tui.bots import finis_terrae as B
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.finis_terrae.engine import RULES

from .fairness import legal_from_view, positions, reseeded, same_view_same_choice


def hidden_twin(s, seed):
    """Another tile-stack order, weather-deck order and cards out, and another seed."""
    t = reseeded(s, seed)
    r = Rng(seed)
    r.shuffle(t.stack)
    if s.ft == 0:  # the Finis Terrae card is visible until first turned: keep it in place
        rest = [c for c in t.deck + t.out if c != "finis_terrae"]
        r.shuffle(rest)
        where = t.deck.index("finis_terrae") if "finis_terrae" in t.deck else None
        t.deck = rest[:len(t.deck) - (where is not None)]
        if where is not None:
            t.deck.insert(where, "finis_terrae")
        t.out = rest[len(t.deck) - (where is not None):][:len(s.out)] if where is not None else rest[len(t.deck):]
    return t


def test_views_hide_the_seed_stack_and_deck():
    for s in positions(RULES, 3, 4, 120):
        twin = hidden_twin(s, 99)
        assert Counter(twin.stack) == Counter(s.stack)
        same_view_same_choice(RULES, s, twin)
        assert RULES.view(s, 0).rng.seed != s.rng.seed or s.rng.seed == 0


def test_legal_actions_of_the_view_are_the_real_ones():
    for s in positions(RULES, 2, 6, 200):
        legal_from_view(RULES, s)


def test_determinize_fills_exactly_what_is_unseen():
    for s in positions(RULES, 3, 8, 200):
        seat = RULES.pending(s).seat
        v = RULES.view(s, seat)
        w = B.determinize(RULES, v, seat, Rng(5))
        assert Counter(w.stack) == Counter(s.stack)
        assert Counter(w.deck + w.out) == Counter(s.deck + s.out)
        assert RULES.to_json(RULES.view(w, seat)) == RULES.to_json(v)
        assert w.rng.seed != s.rng.seed


def test_medium_keeps_its_holds_for_ports_and_does_not_turn_pirate_for_nothing():
    """From the start, the medium bot loads doubloons aboard (ports are paid from the holds)."""
    from tabletop_tui.bots import make_bot

    s = RULES.setup(["A", "B"], 1, {})
    bot = make_bot("finis_terrae", "medium", 1)
    while RULES.pending(s).kind != "place":
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat))
    assert all(sum(h[1] for h in sh["holds"] if h and h[0] == "doubloons") >= 5 for sh in s.ships)
    assert not any(sh["pirate"] for sh in s.ships)
