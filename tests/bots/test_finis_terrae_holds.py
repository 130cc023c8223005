"""Finis Terrae bots and their holds (issue 47, "no wasted tool"; issue 45 item 4: the bots
choose for themselves which holds pay). Hard filled all four holds with doubloons
(|$6|$14|$5|$10| $5), leaving no hold for cargo; moved its whole stash aboard and a storm took
11 $; split the 6 $ of repairs 5 + 1. Positions from seeded games; the counts over many games
are benchmarks/ft_holds_waste.py's."""
import pytest

from tabletop_tui.bots import RandomBot, make_bot
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae.actions import Pay

from ..rules.finis_terrae._helpers import holds
from ..rules.finis_terrae.test_finis_terrae_paying import port_for_5

LEVELS = ("medium", "hard")
D = "doubloons"


def _played(seed, moves):
    """A two-player game of random players (seed ``seed``) after ``moves`` moves."""
    s = RULES.setup(["Anna", "Bruno"], seed, {})
    bot = RandomBot(seed)
    for _ in range(moves):
        s = RULES.apply(s, bot.choose(RULES, s))
    return s


def _bot_loads(s, level, seed=1):
    """The bot of the seat loading plays the whole loading; the ship board it leaves."""
    seat = s.dist["seat"]
    while s.dist is not None and s.dist["seat"] == seat:
        s = RULES.apply(s, make_bot("finis_terrae", level, seed).choose(RULES, RULES.view(s, seat), seat))
    return s.ships[seat]


@pytest.mark.parametrize("level", LEVELS)
def test_reorganizing_35_doubloons_leaves_room_for_cargo_and_some_in_the_stash(level):
    """Seed 8, move 47: Anna in her new port may reorganize. With hard's holds of issue 47
    (|$6|$14|$5|$10| and 5 in the stash) she carries at most 15, in at most two holds, the rest
    in the stash: holds left empty for cargo, a storm cannot take everything."""
    s = _played(8, 47)
    assert "reorganize holds" in [str(a) for a in RULES.legal_actions(s)] and RULES.pending(s).seat == 0
    s = s.copy()
    holds(s, 0, (D, 6), (D, 14), (D, 5), (D, 10), stash=5)
    s = RULES.apply(s, RULES.parse(s, "reorganize holds"))
    sh = _bot_loads(s, level)
    aboard = [n for k, n in (h for h in sh["holds"] if h) if k == D]
    assert sh["holds"].count(None) >= 2 and sum(aboard) <= 15 and max(aboard) <= 10, sh
    assert sh["stash"] == 40 - sum(aboard) > 0
    assert not RULES.invariants(s)


@pytest.mark.parametrize("level", LEVELS)
def test_goods_keep_a_hold_each_and_the_doubloons_leave_one_empty(level):
    """The same port with a castaway and spice aboard: each kind keeps its own hold, the doubloons
    go in one hold (a second would fill the last empty one), the rest to the stash."""
    s = _played(8, 47).copy()
    holds(s, 0, (D, 12), ("castaway", 1), (D, 9), ("spice", 2), stash=0)
    s = RULES.apply(s, RULES.parse(s, "reorganize holds"))
    sh = _bot_loads(s, level)
    assert sorted(h for h in sh["holds"] if h and h[0] != D) == [("castaway", 1), ("spice", 2)]
    assert sh["holds"].count(None) == 1 and sum(n for k, n in (h for h in sh["holds"] if h) if k == D) == 15
    assert sh["stash"] == 6


@pytest.mark.parametrize("level", LEVELS)
def test_the_repairs_after_a_wreck_go_into_one_hold_and_the_stash_stays(level):
    """Seed 2, move 64: Anna wrecked with 1 doubloon in her stash loads the 6 of the repairs:
    all 6 in one hold (not 5 + 1), the stash kept."""
    s = _played(2, 64)
    assert s.dist["why"] == "wreck" and s.dist["pool"] == {D: 7} and s.dist["min"] == 6
    sh = _bot_loads(s, level)
    assert [h for h in sh["holds"] if h] == [(D, 6)] and sh["stash"] == 1


@pytest.mark.parametrize("level", LEVELS)
def test_the_bot_pays_the_way_that_leaves_the_most_empty_holds(level):
    """9 + 9 + 2 paying a 5 doubloon port: emptying the 2 leaves two holds for cargo and 6 + 9
    aboard; paying from a 9 alone leaves one."""
    s = port_for_5((D, 9), (D, 9), (D, 2))
    s = RULES.apply(s, RULES.parse(s, "establish port"))
    assert RULES.pending(s).kind == "pay"
    for seed in (1, 2):
        assert make_bot("finis_terrae", level, seed).choose(RULES, RULES.view(s, 0), 0) == Pay((2, 0))

