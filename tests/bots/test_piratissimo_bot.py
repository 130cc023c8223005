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


# -- three captains: easy's habits, medium's reckoning, hard's race ----------------------------
def _position(step, seat, loc, cargo, rival_loc=5, tornado=8):
    """Seat ``seat`` to answer ``step`` ("load" on a green island, "tship" after a tornado
    roll) on island index ``loc`` with ``cargo`` aboard, nothing home; the rival's ship empty
    at ``rival_loc``, beyond the tornado's reach."""
    s = RULES.setup(["Anna", "Bruno"], 7, {})
    s.queue = [(step, seat)] + ([("tmove", seat)] if step == "tship" else []) + [("end",)]
    s.turn, s.tornado, s.die = seat, tornado, ("tornado" if step == "tship" else 3)
    s.location[seat], s.cargo[seat] = loc, cargo
    s.location[1 - seat] = rival_loc
    s.basket -= cargo
    assert not RULES.invariants(s)
    return s


def _plays(level, s, seeds=range(10)):
    seat = RULES.pending(s).seat
    return [str(make_bot("piratissimo", level, k).choose(RULES, RULES.view(s, seat), seat)) for k in seeds]


def test_hard_does_not_sail_five_aboard_onto_a_red_chest_at_a_tornado_roll():
    """Anna (red harbour) on island 15 with 5 aboard rolls the tornado: sailing one island on
    lands on the red chest of island 16 (7 aboard, and island 22's red chest still before
    home, where an 8th piece capsizes her). Hard stays. (Medium sails on: its reckoning counts
    7 aboard as 7 nearly home.)"""
    s = _position("tship", 0, 14, 5)
    assert B.ISLANDS[15].kind == B.ISLANDS[21].kind == "red" and B.distance_home(s, 0) == 10
    assert _plays("hard", s, range(3)) == ["stay"] * 3


def test_half_full_at_the_far_side_of_the_ring_hard_keeps_room_then_fills_up_near_home():
    """Bruno (green harbour, 14 islands and the red chests of islands 16 and 22 from home) has 3
    aboard at island 23's green chest of 3: hard keeps room for the red chests (loads at most 1;
    medium loads 2, easy all 3). Anna, 3 aboard on the same island two islands from her harbour
    with no red chest between, fills up."""
    far = _position("load", 1, 22, 3)
    assert B.distance_home(far, 1) == 14
    assert all(p in ("load 0", "load 1") for p in _plays("hard", far, range(3))), _plays("hard", far, range(3))
    assert _plays("medium", far, range(3)) == ["load 2"] * 3
    near = _position("load", 0, 22, 3)
    assert B.distance_home(near, 0) == 2
    assert _plays("hard", near, range(3)) == ["load 3"] * 3


def test_easy_plays_like_a_beginner_who_grabs_all_it_can_and_sails_on():
    """easy slips one move in three (a random move); otherwise it has a beginner's habits: all
    the green chest offers goes aboard however far from home (6 aboard with two red chests
    ahead), and a tornado roll sails the ship on, onto the red chest too."""
    far = _position("load", 1, 22, 3)
    plays = _plays("easy", far, range(20))
    assert plays.count("load 3") >= 12, plays
    tornado = _position("tship", 0, 14, 5)
    plays = _plays("easy", tornado, range(20))
    assert plays.count("sail 1") >= 12, plays


def test_the_levels_say_what_they_play_like_in_piratissimo():
    from tabletop_tui.bots import LEVEL_HELP, level_help

    assert "loads all, sails on" in level_help("easy", "piratissimo")
    assert level_help("easy", "finca") == LEVEL_HELP["easy"]
    assert level_help("medium", "piratissimo") == LEVEL_HELP["medium"]


def test_the_race_is_even_at_the_start_but_for_the_first_move():
    """Two empty ships in their harbours: the captain who rolls first is a little ahead, and
    the two chances make one."""
    s = RULES.setup(["Anna", "Bruno"], 3, {})
    first, second = B.race(s, 0), B.race(s, 1)
    assert abs(first + second - 1) < 1e-6 and 0.5 < first < 0.6


def test_treasure_aboard_near_home_is_nearly_a_won_race():
    """Anna, 8 home and 2 aboard two islands from her harbour with no red chest between, is
    far ahead of Bruno, empty in his harbour: the race reckons her chance above 95%."""
    s = RULES.setup(["Anna", "Bruno"], 3, {})
    s.location[0], s.cargo[0], s.unloaded[0] = 22, 2, 8
    s.basket -= 10
    assert B.race(s, 0) > 0.95 and B.race(s, 1) < 0.05
