"""Piratissimo: a fair view (no random stream to foretell die and wheel), a captain's bot."""
from tabletop_tui.bots import make_bot
from tabletop_tui.bots import piratissimo as B
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import HARBOUR, RULES

from .fairness import legal_from_view, positions, reseeded, same_view_same_choice


def test_views_carry_no_seed_and_bots_choose_alike():
    for s in positions(RULES, 3, 4, 90)[:8]:
        same_view_same_choice(RULES, s, reseeded(s, 4242))


def test_legal_actions_of_the_view_are_the_real_ones():
    for s in positions(RULES, 4, 9, 200):
        legal_from_view(RULES, s)


def test_a_world_is_the_view_with_its_own_future():
    s = positions(RULES, 2, 3, 30)[-1]
    seat = RULES.pending(s).seat
    v = RULES.view(s, seat)
    w1, w2 = B.determinize(RULES, v, seat, Rng(1)), B.determinize(RULES, v, seat, Rng(2))
    assert w1.rng.seed != w2.rng.seed and w1.rng.seed != s.rng.seed
    a, b = RULES.to_json(w1), RULES.to_json(v)
    a.pop("rng"), b.pop("rng")
    assert a == b


def _at_green(cargo, chest_room=True):
    """Seat 0 to load on a green island with ``cargo`` aboard."""
    for seed in range(200):
        s = RULES.setup(["A", "B"], seed, {})
        bot = make_bot("piratissimo", "random", seed)
        for _ in range(60):
            d = RULES.pending(s)
            if d is None:
                break
            if d.kind == "load" and d.seat == 0:
                t = s.copy()
                t.cargo = list(s.cargo)
                t.basket += t.cargo[0] - cargo
                t.cargo[0] = cargo
                return t
            s = RULES.apply(s, bot.choose(RULES, s))
    raise AssertionError("no green island reached")


def test_never_loads_a_ship_past_capsizing():
    s = _at_green(6)
    for level in ("medium", "hard"):
        a = make_bot("piratissimo", level, 1).choose(RULES, RULES.view(s, 0), 0)
        assert a.verb == "load" and s.cargo[0] + a.value <= 7


def test_loads_treasure_on_an_empty_ship():
    s = _at_green(0)
    a = make_bot("piratissimo", "medium", 1).choose(RULES, RULES.view(s, 0), 0)
    assert a.verb == "load" and a.value >= 1


def test_worth_counts_treasure_at_home_in_full():
    s = RULES.setup(["A", "B"], 1, {})
    t = s.copy()
    t.unloaded = [3, 0]
    t.location = [HARBOUR, HARBOUR]
    assert B.worth(t, 0) == 3 and B.evaluate(RULES, t, 0) == 3
