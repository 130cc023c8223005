"""Finca bots make no delivery with an action tile that does not pay for the tile (issue 47 item 1).

The rulebook: "each unused action tile is worth 2 points" at the end, and "Large donkey cart: the
player can make a delivery of up to 10 fruits using this special donkey cart." A delivery of one
fig to Pollenca's 1-point tile with the large donkey cart scores 1 and costs the tile's 2 (net -1):
a hard bot did that. "One less fruit" spent where a donkey cart in hand carries the whole delivery
saves a single fruit for 2 points.
"""
import pytest

from tabletop_tui.bots import make_bot
from tabletop_tui.rules import finca as F


def _late_game_with(fruits, carts=0, seed=100):
    """Seed 100, three players, the farmers placed; the seat to play holds ``fruits`` and ``carts``
    donkey carts, all four action tiles, and the game is late (one wooden finca left, so the large
    cart is no longer saved for a big delivery): Pollenca's top tile is a 1-point fig tile."""
    s = F.RULES.setup(["A", "B", "C"], seed, {})
    bot = make_bot("finca", "random", seed)
    while s.step == "place":
        s = F.RULES.apply(s, bot.choose(F.RULES, s))
    t = s.copy()
    p = t.turn
    for f in F.FRUITS:
        t.supply[f] += t.fruits[p][f] - fruits.get(f, 0)
    t.fruits[p] = {f: fruits.get(f, 0) for f in F.FRUITS}
    t.windmill_carts += t.carts[p] - carts
    t.carts[p] = carts
    t.wooden_supply = 1
    assert F.TILES[t.stacks[F.COMMUNITIES.index("Pollenca")][0]].value == 1
    return t


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_finca_no_large_cart_for_a_one_point_delivery(level):
    s = _late_game_with({"fig": 1})
    assert F.UseTile("large") in F.RULES.legal_actions(s)
    for seed in (1, 2):
        a = make_bot("finca", level, seed).choose(F.RULES, F.RULES.view(s, s.turn), s.turn)
        assert a != F.UseTile("large"), f"{level} used the large donkey cart for a 1-point delivery"


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_finca_no_one_less_fruit_where_a_cart_carries_the_delivery(level):
    """A cart in hand and the fruit for Palma's 2-point tile (an olive and an orange) and Andratx's
    (an almond and an olive): one less fruit would save a single fruit for the tile's 2 points."""
    s = _late_game_with({"olive": 2, "orange": 1, "almond": 1}, carts=1)
    assert F.UseTile("less") in F.RULES.legal_actions(s)
    for seed in (1, 2):
        a = make_bot("finca", level, seed).choose(F.RULES, F.RULES.view(s, s.turn), s.turn)
        assert a != F.UseTile("less"), f"{level} spent one less fruit to save a single fruit"
