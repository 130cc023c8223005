"""Terra Mystica bots waste no free tool (issue 47 item 1): a cult bonus's free spade is used where a
transform gains. The rulebook: "Spades gained this way are used immediately, you cannot buy extra
spades and you cannot build a dwelling with them." A space brought one step nearer home is one spade
less to pay later; giving the spade up gains nothing."""
import pytest

from tabletop_tui.bots import make_bot
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX, IS_RIVER, NEIGHBORS

from tests.rules.terra_mystica.tmhelpers import blank, put

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"


def _cult_spade_two_steps_from_home():
    """Darklings (home swamp) with one dwelling on E7, every land space beside it forest (two
    spades from swamp), and a cult bonus of one free spade to use now."""
    s = blank(["darklings", "nomads"], TILES)
    put(s, 0, "E7")
    for x in NEIGHBORS[INDEX["E7"]]:
        if not IS_RIVER[x] and s.owner[x] == -1:
            s.terrain[x] = "forest"
    s.step = "next"
    s.queue = [["cspade", 0, 1, 0, 0]]
    engine.settle(s)
    assert RULES.pending(s).kind == "cspade"
    return s


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_terra_mystica_a_free_cult_spade_brings_a_space_nearer_home_rather_than_stopping(level):
    s = _cult_spade_two_steps_from_home()
    legal = [str(a) for a in RULES.legal_actions(s)]
    assert "done" in legal or any(x.startswith("done") for x in legal)
    bot = make_bot("terra_mystica", level, 1)
    a = bot.choose(RULES, RULES.view(s, 0), 0)
    assert a.kind == "transform" and a.b == "lakes", f"{level} gave up the free spade: {a}"
