"""The shared contract: JSON and notation round trips, refusals, no mutation, logs, playouts."""
import json
import re

import pytest

from tabletop_tui.bots import RandomBot
from tabletop_tui.playout import play_one, simulate
from tabletop_tui.rules.core import IllegalAction, Rules
from tabletop_tui.rules.piratissimo import RULES, TREASURES, Action

from ._helpers import NAMES, act, kind, position, roll


def _canon(d):
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def _states(players, seed, **options):
    """Every state of one seeded bot game."""
    s = RULES.setup(NAMES[:players], seed, options)
    bot = RandomBot(seed)
    out = [s]
    while RULES.pending(s) is not None:
        s = RULES.apply(s, bot.choose(RULES, s))
        out.append(s)
    return out


GAMES = [(2, 1, {}), (3, 2, {"variant": "older"}), (4, 3, {"variant": "younger", "play_on": True}),
         (4, 4, {"play_on": True, "target": 13}), (3, 5, {"variant": "older", "play_on": True})]


def test_rules_meets_the_protocol():
    assert isinstance(RULES, Rules)
    assert (RULES.game_id, RULES.title, RULES.min_players, RULES.max_players) == (
        "piratissimo", "Piratissimo", 2, 4)
    assert RULES.hidden_information() is False


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_json_round_trip_is_exact_at_every_step(players, seed, options):
    for s in _states(players, seed, **options):
        j = RULES.to_json(s)
        back = RULES.from_json(json.loads(_canon(j)))
        assert _canon(RULES.to_json(back)) == _canon(j)
        assert RULES.legal_actions(back) == RULES.legal_actions(s)
        assert RULES.pending(back) == RULES.pending(s)


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_notation_round_trip_for_every_legal_action(players, seed, options):
    for s in _states(players, seed, **options)[::3]:
        acts = RULES.legal_actions(s)
        texts = [RULES.notation(a) for a in acts]
        assert len(set(texts)) == len(texts)  # unique among the legal actions
        for a, t in zip(acts, texts):
            assert RULES.parse(s, t) == a
            assert RULES.parse(s, "  " + t.upper() + " ") == a  # spacing and case forgiven


def test_replaying_the_notation_log_gives_the_same_state():
    record = []
    end = play_one(RULES, 3, 11, record=record, options={"variant": "older"})
    s = RULES.setup(["P1", "P2", "P3"], 11, {"variant": "older"})
    for text in record:
        s = RULES.apply(s, RULES.parse(s, text))
    assert _canon(RULES.to_json(s)) == _canon(RULES.to_json(end))


def test_apply_never_changes_the_old_state():
    for s in _states(4, 7)[:300]:
        if RULES.pending(s) is None:
            break
        before = _canon(RULES.to_json(s))
        for a in RULES.legal_actions(s):
            RULES.apply(s, a)
        assert _canon(RULES.to_json(s)) == before


def _refused(s, text, *words):
    before = _canon(RULES.to_json(s))
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, text)
    for w in words:
        assert w in e.value.reason
    assert _canon(RULES.to_json(s)) == before
    return e.value.reason


def test_illegal_actions_are_refused_with_the_rulebooks_words_and_nothing_changes():
    s = roll(position(2), 2)  # Anna on island 1, green chest 2
    _refused(s, "load 3", "at most 2")
    _refused(s, "roll", "how much treasure to load")
    _refused(s, "fly away", "load 0")
    t = roll(position(2, location=[2, 5], cargo=[1, 1]), 3)
    _refused(t, "steal 2", "Bruno's ship carries only 1")
    _refused(t, "give 3", "at most two")
    _refused(t, "give 2", "Anna's ship carries only 1")
    u = act(roll(position(4, tornado=8), "tornado"), "stay")
    _refused(u, "tornado 4", "With 4 players the tornado moves at most 3 islands")
    _refused(u, "sail 1", "tornado 0")
    p = RULES.setup(NAMES[:2], 1, {})
    _refused(p, "place tornado 3", "tornado square")
    _refused(p, "roll", "place the tornado")


def test_apply_refuses_an_action_that_is_not_legal_now():
    s = roll(position(2), 2)
    before = _canon(RULES.to_json(s))
    with pytest.raises(IllegalAction, match="at most 2"):
        RULES.apply(s, Action("load", 3, ("island", 1)))
    with pytest.raises(IllegalAction):
        RULES.apply(s, Action("roll"))
    assert _canon(RULES.to_json(s)) == before


def test_overboard_receivers_are_checked():
    s = position(3, location=[3, 6, 13], cargo=[0, 1, 0], tornado=8)
    s = act(act(roll(s, "tornado", wheel="overboard"), "stay"), "tornado 2")
    _refused(s, "give to blue", "cannot give treasure to their own ship")
    _refused(s, "give to yellow", "no yellow ship")
    s = act(s, "give to red")
    assert s.cargo == [1, 0, 0]


def test_no_move_is_accepted_once_the_game_is_over():
    s = roll(position(2, location=[23, 5], cargo=[4, 0], unloaded=[6, 0]), 1)
    _refused(s, "roll", "The game is over")


def test_actions_carry_the_island_or_harbour_they_concern():
    s = roll(position(2), 2)
    assert {a.target for a in RULES.legal_actions(s)} == {("island", 1)}
    t = roll(position(2, location=[23, 5]), "tornado")
    assert [a.target for a in RULES.legal_actions(t)] == [("harbour", 0), ("island", 23)]
    assert RULES.target(s, RULES.legal_actions(s)[0]) == ("island", 1)


def test_log_lines_name_the_players_and_never_say_you():
    for players, seed, options in GAMES[:3]:
        bot = RandomBot(seed)
        s = RULES.setup(NAMES[:players], seed, options)
        while RULES.pending(s) is not None:
            a = bot.choose(RULES, s)
            t = RULES.apply(s, a)
            line = RULES.log_line(s, a, t)
            assert line and not re.search(r"\byou\b", line, re.I), line
            assert any(n in line for n in NAMES[:players]), line
            assert RULES.describe(s, a)
            s = t


def test_log_line_tells_the_roll_and_the_island():
    s = roll(position(2, location=[4, 12]), 3)
    assert RULES.log_line(None, None, s) == "Anna rolled 3 and sailed to island 8 (green chest 2)."


def test_summary_describes_the_position():
    s = position(2, location=[4, 12], cargo=[3, 0], unloaded=[2, 0])
    text = RULES.summary(s)
    assert "Anna (red): island 5, ship 3/7, harbour 2/10" in text and "Basket 59" in text


def test_rolling_is_a_barrier_and_choosing_is_not():
    s = position(2)
    t = roll(s, 2)
    assert RULES.is_barrier(s, None, t)
    u = act(t, "load 1")
    assert not RULES.is_barrier(t, None, u)


def test_the_view_shows_everything_but_the_future():
    """All of the table is open; the random stream is not (it would foretell die and wheel)."""
    s = position(3)
    v = RULES.view(s, 1)
    a, b = RULES.to_json(s), RULES.to_json(v)
    assert a.pop("rng") != b.pop("rng") and a == b


@pytest.mark.parametrize("players,games", [(2, 100), (3, 80), (4, 80)])
def test_seeded_playouts_finish_with_treasure_conserved(players, games):
    stats = simulate(RULES, players, games, 1000 * players)
    assert stats.errors == [] and stats.completed == games


@pytest.mark.parametrize("options", [
    {"variant": "younger"}, {"variant": "older"}, {"play_on": True},
    {"variant": "older", "play_on": True, "target": 13}, {"variant": "younger", "target": 3},
])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_playouts_of_every_variant_finish_with_invariants(options, players):
    for seed in range(12):
        s = play_one(RULES, players, seed, options=options)
        r = RULES.result(s)
        assert r is not None and RULES.invariants(s) == []
        assert s.basket + sum(s.cargo) + sum(s.unloaded) == TREASURES
        expected = players - 1 if options.get("play_on") else 1
        assert len(s.finished) == expected
        assert [g[0] for g in r.ranking[:expected]] == s.finished


def test_the_invariants_catch_lost_treasure_and_crowded_islands():
    s = position(3, location=[5, 5, 9], cargo=[1, 1, 0])
    assert RULES.invariants(s) == []
    s.basket -= 1
    assert any("not conserved" in p for p in RULES.invariants(s))
    s.basket += 1
    s.location[2] = 5
    assert any("island 5 holds 3 ships" in p for p in RULES.invariants(s))
    s.location[2] = -1
    s.cargo[2], s.basket = 2, s.basket - 2
    assert any("in harbour with treasure" in p for p in RULES.invariants(s))
