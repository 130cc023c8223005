"""Points do not dip while a player loads their holds: the things being loaded are still aboard."""
from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.finis_terrae import RULES


def test_points_stay_level_through_the_set_up_loading():
    s = RULES.setup(["Anna", "Bruno"], 3, {o.key: o.default for o in RULES.options})
    bot = RandomBot(5)
    seen = []
    for _ in range(400):
        if s.dist is not None:
            seen.append((s.dist["seat"], RULES.vp(s)[s.dist["seat"]]))
        if s.phase not in ("beach", "split") and s.dist is None and seen:
            break
        s = RULES.apply(s, bot.choose(RULES, s))
    assert seen, "the set-up loading was never reached"
    for seat in {x for x, _ in seen}:
        values = {v for x, v in seen if x == seat}
        assert len(values) == 1, f"seat {seat}'s points changed while loading: {sorted(values)}"
        assert RULES.vp(s)[seat] in values  # and equal the points once loaded


def test_describe_counts_one_thing_in_the_singular():
    from tabletop_tui.rules.finis_terrae.engine import goods

    assert goods(1, "doubloons") == "1 doubloon"
    assert goods(2, "castaway") == "2 castaways"
    assert goods(1, "spice") == "1 spice crate"
