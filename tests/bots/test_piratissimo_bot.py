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


def test_safe_home_counts_the_red_chests_a_roll_can_land_on():
    """Issue 36: the hard bot's chance of bringing cargo home. Every harbour lies alike in the
    ring (the last island before it neutral, then green, then red), so distance and cargo decide.
    A red chest a roll can land on loads 2: with 6 aboard it capsizes the ship, with 5 it does
    not; with no red chest ahead the cargo does not matter; in harbour it is home."""
    from tabletop_tui.rules.piratissimo import HARBOUR_EXIT, ISLANDS, N_ISLANDS

    for e in HARBOUR_EXIT.values():
        assert [ISLANDS[(e - d) % N_ISLANDS].kind for d in (1, 2, 3)] == ["neutral", "green", "red"]
    assert B.safe_home(0, 7) == 1.0
    assert B.safe_home(3, 7) == B.safe_home(3, 0)  # from the red island itself nothing red ahead
    assert B.safe_home(4, 6) < B.safe_home(4, 5) == B.safe_home(4, 0)
    # a roll of 1 (1 in 6) lands on the red chest: staying put on a tornado roll waits for a
    # better roll, so the chance is well above 5 in 6 of the die's safe faces alone
    assert 0.6 < B.safe_home(4, 6) < 0.8
    # far from home, a full ship meets several red chests: its chance is far below medium's guess
    s = _at_green(0)
    far = B.distance_home(s, 0)
    assert B.safe_home(far, 7) < B.safe_home(far, 1)


def test_the_hard_search_values_leaves_by_the_exact_chance():
    s = _at_green(5)
    t = s.copy()
    vals = B.evaluate_all(RULES, t)
    assert len(vals) == 2 and vals[0] == -vals[1]
    home = B.search_worth(t, 0)
    assert home == t.unloaded[0] + 5 * B.safe_home(B.distance_home(t, 0), 5)
