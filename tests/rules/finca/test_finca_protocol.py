"""The shared protocol: playouts, JSON and notation round trips, illegal actions, view, purity."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui.bots import RandomBot
from tabletop_tui.playout import play_one, simulate
from tabletop_tui.rules import finca
from tabletop_tui.rules.core import IllegalAction, resolve_options
from tabletop_tui.rules.finca import HIDDEN, RULES, Confirm, Move, Pick

from .helpers import NAMES, board, cidx, fresh, give, give_carts, play, set_tile


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_playouts_finish_without_errors(n):
    stats = simulate(RULES, n, 15, 100 * n)
    assert stats.errors == [] and stats.completed == 15


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_playouts_with_one_kind_any_fruit_finish(n):
    for seed in range(5):
        s = play_one(RULES, n, 500 + seed, options={"any_fruit": "one_kind"})
        assert RULES.result(s) is not None and RULES.invariants(s) == []


def _game(n, seed, options=None):
    """A random game as (states, actions)."""
    s = RULES.setup(NAMES[:n], seed, resolve_options(RULES.options, options or {}))
    bot = RandomBot(seed)
    states, actions = [s], []
    while RULES.pending(s) is not None:
        a = bot.choose(RULES, s)
        s = RULES.apply(s, a)
        states.append(s)
        actions.append(a)
    return states, actions


def test_a_game_ends_by_placing_the_last_wooden_finca_and_conserves_everything():
    states, _ = _game(4, 3)
    end = states[-1]
    assert end.wooden_supply == 0 and sum(end.wooden) == 6
    for s in states:
        assert RULES.invariants(s) == []


def test_json_round_trip_is_exact_at_every_step():
    states, _ = _game(3, 7)
    for s in states:
        d = RULES.to_json(s)
        text = json.dumps(d)
        back = RULES.from_json(json.loads(text))
        assert RULES.to_json(back) == d
        assert RULES.legal_actions(back) == RULES.legal_actions(s)


def test_notation_round_trip_for_every_legal_action():
    states, _ = _game(2, 11, {"any_fruit": "one_kind"})
    for s in states[:-1]:
        acts = RULES.legal_actions(s)
        texts = [str(a) for a in acts]
        assert len(set(texts)) == len(texts)
        for a in acts:
            assert RULES.parse(s, str(a)) == a
            assert RULES.notation(a) == str(a)


def test_replaying_the_log_reproduces_the_game():
    states, actions = _game(4, 5)
    s = fresh(4, 5)
    for a in actions:
        s = RULES.apply(s, RULES.parse(s, str(a)))
    assert RULES.state_hash(s) == RULES.state_hash(states[-1])


def test_parse_is_case_insensitive_for_names_and_explains_bad_text():
    s = board(2)
    give_carts(s, 0, 1)
    set_tile(s, cidx("Palma"), 0, "T01")
    give(s, 0, fig=1)
    s1 = play(s, "deliver")
    assert RULES.parse(s1, "pick palma") == Pick("Palma")
    with pytest.raises(IllegalAction, match="is not a Finca move"):
        RULES.parse(s1, "harvest everything")
    with pytest.raises(IllegalAction, match="There is no community 'Ibiza'"):
        RULES.parse(s1, "pick Ibiza")
    with pytest.raises(IllegalAction, match="takes a blade number"):
        RULES.parse(s, "move x")
    with pytest.raises(IllegalAction, match="There is no blade 13"):
        RULES.parse(s, "move 13")
    with pytest.raises(IllegalAction, match="Now Anna must deliver"):
        RULES.parse(s1, "move 12")
    with pytest.raises(IllegalAction, match="Pick at least one community"):
        RULES.parse(s1, "confirm")


def test_illegal_actions_are_refused_with_nothing_changed():
    s = board(2)
    before = json.dumps(RULES.to_json(s), sort_keys=True)
    for bad in (Move(0), Confirm(), Pick("Palma")):
        with pytest.raises(IllegalAction) as e:
            RULES.apply(s, bad)
        assert e.value.reason
    assert json.dumps(RULES.to_json(s), sort_keys=True) == before


def test_the_game_over_refuses_moves():
    states, _ = _game(2, 2)
    with pytest.raises(IllegalAction, match="The game is over"):
        RULES.parse(states[-1], "move 1")
    assert RULES.legal_actions(states[-1]) == []


# Rulebook: "Players place the fruits they take visibly on the table near them (their play areas)."
# Rulebook: "This open display of taken fruits continues throughout the game."
def test_view_hides_only_the_face_down_tiles_and_keeps_the_legal_actions():
    states, _ = _game(3, 4)
    assert not RULES.hidden_information()  # fruits, carts and tiles are all open
    for s in states[::7]:
        d = RULES.pending(s)
        if d is None:
            continue
        v = RULES.view(s, d.seat)
        assert RULES.legal_actions(v) == RULES.legal_actions(s)
        assert all(st[1:] == [HIDDEN] * (len(st) - 1) for st in v.stacks)
        assert v.out == [HIDDEN, HIDDEN]
        assert [st[:1] for st in v.stacks] == [st[:1] for st in s.stacks]
        assert v.fruits == s.fruits and v.tiles == s.tiles
        assert RULES.invariants(v) == []


def test_only_setup_and_tile_flips_are_barriers():
    states, actions = _game(2, 9)
    flips = 0
    for before, a, after in zip(states, actions, states[1:]):
        flipped = any(len(b) > len(x) and x for b, x in zip(before.stacks, after.stacks))
        assert RULES.is_barrier(before, a, after) == flipped
        flips += flipped
    assert flips > 0


def test_describe_log_and_summary_speak_with_names_never_you():
    states, actions = _game(2, 13)
    for before, a, after in zip(states, actions, states[1:]):
        text = RULES.log_line(before, a, after)
        assert text.split()[0] in NAMES[:2] and " you" not in text.lower()
        assert RULES.describe(before, a)
    assert "The game is over." in RULES.summary(states[-1])
    assert "Windmill" in RULES.summary(states[0])


def test_the_rules_module_is_pure():
    code = ("import sys; import tabletop_tui.rules.finca; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    # no global random, clock or I/O of its own (stdlib may import them indirectly)
    files = sorted(Path(finca.__file__).parent.glob("*.py"))
    assert len(files) > 5  # the engine is a package of modules named in the rulebook's words
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        assert not imported & {"random", "time", "datetime", "os", "io", "pathlib", "textual",
                               "rich"}, f.name


def test_options_are_offered_with_the_rulebook_reading_as_default():
    opt = {o.key: o for o in RULES.options}["any_fruit"]
    assert opt.default == "mixed" and opt.choices == ("mixed", "one_kind")
    assert fresh(2, any_fruit="one_kind").options == {"any_fruit": "one_kind"}


def _every_action():
    from tabletop_tui.rules.finca import (ACTION_TILES, COMMUNITIES, FRUITS, Deliver, Fill,
                                          GustFrom, GustTo, Omit, Place, Stop, UseTile)
    acts = [Deliver(), Stop(), Confirm()]
    for b in range(-1, 13):
        acts += [Place(b), Move(b), GustFrom(b), GustTo(b)]
    acts += [UseTile(t) for t in ACTION_TILES + ("nap",)]
    acts += [Pick(c) for c in COMMUNITIES + ("Ibiza",)]
    acts += [Fill(f) for f in FRUITS + ("kiwi",)]
    acts += [Omit(c, f) for c in COMMUNITIES for f in FRUITS]
    return acts


@pytest.mark.parametrize("options", [{}, {"any_fruit": "one_kind"}])
def test_apply_accepts_exactly_the_legal_actions(options):
    everything = _every_action()
    states, _ = _game(3, 21, options)
    for s in states[::3]:
        legal = set(RULES.legal_actions(s))
        for a in everything:
            assert RULES._is_legal(s, a) == (a in legal), (str(a), s.step)


def test_a_match_saves_replays_and_undoes_within_a_turn():
    from tabletop_tui.match import Match, Seat

    m = Match("finca", [Seat("Anna", False), Seat("Bruno", False)], 42,
              {"any_fruit": "one_kind"})
    bot = RandomBot(42)
    for _ in range(120):
        if m.over:
            break
        m.play(bot.choose(RULES, m.state))
    back = Match.from_text(m.to_text())
    assert RULES.state_hash(back.state) == RULES.state_hash(m.state)
    # a step inside a turn (no reveal) can be taken back
    s = board(2, {0: [0, 6, 6, 6, 6]})
    assert not RULES.is_barrier(s, RULES.parse(s, "use double"), play(s, "use double"))


def test_invariants_catch_a_lost_fruit_a_created_cart_and_a_lost_tile():
    s = board(3)
    assert RULES.invariants(s) == []
    s.supply["fig"] -= 1
    s.carts[1] += 1
    s.stacks[0].pop()
    problems = " | ".join(RULES.invariants(s))
    assert "figs: 17 in supply" in problems
    assert "donkey carts: 6 in the windmill + 1 with players != 6" in problems
    assert "41 fruit tiles accounted for" in problems


def test_round_counts_whole_turns_after_the_introduction():
    s = board(2, {0: [0, 6, 6, 6, 6], 1: [5] * 5})
    assert s.round == 1
    assert play(s, "move 1").round == 1
    assert play(s, "move 1", "move 6").round == 2
    assert fresh(2).round == 0
