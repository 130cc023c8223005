"""The shared protocol: views, notation, barriers, log lines, purity of the state copies."""
import json

import pytest

from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.finis_terrae import RULES

from ._helpers import new_game, started


def walk(n, seed, steps=400):
    s = new_game(n, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if RULES.pending(s) is None:
            break
        a = bot.choose(RULES, s)
        yield s, a
        s = RULES.apply(s, a)


def test_view_hides_the_stack_and_weather_deck_but_not_the_legal_actions():
    for s, _ in walk(3, 4, 150):
        d = RULES.pending(s)
        v = RULES.view(s, d.seat)
        assert RULES.legal_actions(v) == RULES.legal_actions(s)
        assert set(v.stack) <= {"?"} and set(v.out) <= {"?"}
        assert set(v.deck) <= {"?", "finis_terrae"}


def test_the_finis_terrae_card_is_visible_in_the_deck_until_reshuffled():
    s = new_game(2)
    v = RULES.view(s, 0)
    assert v.deck[-3] == "finis_terrae" and v.deck.count("?") == 12


def test_notation_is_unique_and_parses_back():
    for s, _ in walk(4, 9, 200):
        texts = [RULES.notation(a) for a in RULES.legal_actions(s)]
        assert len(texts) == len(set(texts))
        for t in texts[:2] + texts[-1:]:
            assert RULES.notation(RULES.parse(s, t)) == t


def test_parse_refuses_nonsense_with_a_clear_message():
    s = started(2)
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "place volcano 9,9 r0")
    assert "not a legal move" in e.value.reason


def test_tile_draws_weather_cards_and_dice_are_barriers():
    seen_stack = seen_deck = False
    for s, a in walk(2, 2, 150):
        after = RULES.apply(s, a)
        if len(after.stack) < len(s.stack):
            assert RULES.is_barrier(s, a, after)
            seen_stack = True
        if len(after.deck) != len(s.deck):
            assert RULES.is_barrier(s, a, after)
            seen_deck = True
        if after.rng.draws != s.rng.draws:
            assert RULES.is_barrier(s, a, after)
    assert seen_stack and seen_deck


def test_a_placement_without_reveal_is_not_a_barrier():
    s = started(2)
    a = RULES.legal_actions(s)[0]
    after = RULES.apply(s, a)
    assert len(after.hand) == 3 and not RULES.is_barrier(s, a, after)


def test_apply_never_changes_the_old_state_and_json_round_trips():
    for s, a in walk(3, 6, 120):
        before = json.dumps(RULES.to_json(s), sort_keys=True)
        after = RULES.apply(s, a)
        assert json.dumps(RULES.to_json(s), sort_keys=True) == before
        j = RULES.to_json(after)
        assert RULES.to_json(RULES.from_json(json.loads(json.dumps(j)))) == j


def test_log_lines_use_names_never_you():
    for s, a in walk(3, 8, 120):
        line = RULES.log_line(s, a, RULES.apply(s, a))
        assert line.split()[0] in ("Green", "Red", "Yellow", "The", "Storm:", "Weather:")
        assert " you " not in f" {line.lower()} "
        # sentences: a capital first, a full stop last, no "Green: Wind N.", no "turned 0°"
        assert line[0].isupper() and line.endswith((".", "!")) and "turned 0°" not in line
        assert not line.startswith(("Green:", "Red:", "Yellow:"))


def test_describe_and_summary_are_plain_text():
    s = started(2)
    a = RULES.legal_actions(s)[0]
    assert RULES.describe(s, a).startswith("Place ")
    assert "Green to play" in RULES.summary(s)
    assert RULES.target(s, a) == ("cell", a.x, a.y)


def test_every_pending_decision_has_legal_actions():
    for s, _ in walk(4, 12, 300):
        assert RULES.legal_actions(s)


def test_map_cells_give_the_board_widget_everything_by_grid_cell():
    s = started(2, beaches="NE")
    cells = RULES.map_cells(s)
    assert cells[(0, 1)]["port"] == 0 and cells[(0, 1)]["ships"] == [0]
    assert cells[(0, 1)]["edges"] == "SSLS" and cells[(0, 1)]["areas"] == ["NEW"]
    assert cells[(0, 0)]["areas"] == [] and cells[(0, 0)]["isle"]
    assert RULES.bounds(s) == (-2, -2, 2, 2)
