"""Terra Mystica: the tool that tunes medium's worth by play (benchmarks/tm_spsa.py; issue 36,
session 28). Its parameters are log-multipliers of worth's weights, one per part for rounds 0-2
and one for rounds 3-5, and a few knobs: zeros play medium exactly as on main, and a parameter
moves only what its name says."""
import importlib.util
import math
from pathlib import Path

import pytest

from tabletop_tui.bots import terra_mystica as tm

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def spsa():
    spec = importlib.util.spec_from_file_location("tm_spsa", ROOT / "benchmarks" / "tm_spsa.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    saved = ({r: tuple(w) for r, w in tm.SCALE.items()}, dict(tm.STRUCTURE), dict(tm.LEECH_MAX),
             tm.START_RIVAL, tm.SECOND_WEIGHT)
    yield mod
    mod.apply([0.0] * len(mod.NAMES))
    assert ({r: tuple(w) for r, w in tm.SCALE.items()}, dict(tm.STRUCTURE), dict(tm.LEECH_MAX),
            tm.START_RIVAL, tm.SECOND_WEIGHT) == saved


def test_zero_parameters_leave_medium_as_on_main(spsa):
    before = {r: tuple(w) for r, w in tm.SCALE.items()}
    spsa.apply([0.0] * len(spsa.NAMES))
    assert {r: tuple(w) for r, w in tm.SCALE.items()} == before
    assert tm.LEECH_MAX == {1: 3, 2: 3, 3: 2, 4: 2, 5: 1, 6: 0}


def test_the_favours_weight_of_the_early_rounds_moves_rounds_zero_to_two_only(spsa):
    i = spsa.NAMES.index("favors@early")
    k = tm.TERMS.index("favors")
    before = {r: tm.SCALE[r][k] for r in range(7)}
    theta = [0.0] * len(spsa.NAMES)
    theta[i] = math.log(2)
    spsa.apply(theta)
    for r in range(7):
        want = before[r] * 2 if r <= 2 else before[r]
        assert tm.SCALE[r][k] == pytest.approx(want), r
    other = tm.TERMS.index("coins")
    assert tm.SCALE[1][other] == pytest.approx(spsa.SCALE0[1][other])


def test_the_leech_knob_shifts_the_cost_taken_in_every_round(spsa):
    theta = [0.0] * len(spsa.NAMES)
    theta[spsa.NAMES.index("LEECH")] = -1.0
    spsa.apply(theta)
    assert tm.LEECH_MAX == {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: -1}
