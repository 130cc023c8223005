"""The Maracaibo medium bot and its determinized worlds: legal, deterministic, fair, and sensible."""
import json

from tabletop_tui.bots import RandomBot
from tabletop_tui.bots import maracaibo as bot
from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.maracaibo import RULES
from tabletop_tui.rules.maracaibo.state import task
from tests.rules.maracaibo.mhelpers import base, give_card, past_opening, stage
from tests.rules.maracaibo.test_maracaibo_hidden import hidden_twin


def play_game(n, seed, kinds):
    s = RULES.setup([f"P{i}" for i in range(n)], seed, {})
    rngs = [Rng(seed * 7 + i) for i in range(n)]
    rnd = [RandomBot(seed + i) for i in range(n)]
    record = []
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        if kinds[d.seat] == "random":
            a = rnd[d.seat].choose(RULES, s)
        else:
            view = RULES.view(s, d.seat)
            a = bot.choose(RULES, view, d.seat, rngs[d.seat])
            assert a.text in {x.text for x in RULES.legal_actions(s)}
        record.append(a.text)
        s = RULES.apply(s, a)
    return record, s


def test_every_move_is_legal_through_whole_games_and_the_bot_outscores_random():
    _, s = play_game(2, 3, ["medium", "random"])
    res = RULES.result(s)
    assert RULES.invariants(s) == []
    assert res.scores[0] > res.scores[1]


def test_every_move_is_legal_in_a_three_player_game_of_bots():
    _, s = play_game(3, 5, ["medium", "medium", "medium"])
    assert RULES.result(s) is not None and RULES.invariants(s) == []


def test_the_same_seed_gives_the_same_game():
    a, _ = play_game(2, 9, ["medium", "medium"])
    b, _ = play_game(2, 9, ["medium", "medium"])
    assert a == b


def test_a_bot_given_two_views_of_positions_differing_only_in_hidden_contents_chooses_alike():
    s = past_opening(3, 4)
    for _ in range(3):  # a few decisions in, so hands and piles have moved
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(2)))
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 1234)
    assert RULES.to_json(twin) != RULES.to_json(s)
    a = bot.choose(RULES, RULES.view(s, seat), seat, Rng(5))
    b = bot.choose(RULES, RULES.view(twin, seat), seat, Rng(5))
    assert a.text == b.text


def test_the_bot_never_changes_the_view_it_is_given():
    s = past_opening(2, 6)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    before = json.dumps(RULES.to_json(view), sort_keys=True)
    bot.choose(RULES, view, seat, Rng(1))
    assert json.dumps(RULES.to_json(view), sort_keys=True) == before


def test_a_determinized_world_agrees_with_the_view_and_fills_every_unknown():
    s = past_opening(3, 4)
    seat = RULES.pending(s).seat
    view = RULES.view(s, seat)
    world = bot.determinize(RULES, view, seat, Rng(3))
    assert RULES.invariants(world) == []
    text = json.dumps(RULES.to_json(world))
    assert '"?"' not in text
    assert RULES.to_json(RULES.view(world, seat))["g"] == RULES.to_json(view)["g"]
    assert world.rng.seed != s.rng.seed
    # and another generator draws another world
    other = bot.determinize(RULES, view, seat, Rng(4))
    assert RULES.to_json(other)["g"] != RULES.to_json(world)["g"]


def test_it_delivers_when_the_delivery_finishes_an_upgrade():
    s = base(0)
    seat = RULES.pending(s).seat
    p = s.p(seat)
    p["ship"] = "5"  # Santo Domingo buys coffee and cloth
    give_card(s, seat, "A02")  # sugar or cloth
    p["discs"]["U05"] = 1  # one disc left on Figurehead (VP income +1)
    p["discs_gone"] += 1
    s = stage(s, task("main", seat))
    a = bot.choose(RULES, RULES.view(s, seat), seat, Rng(1))
    assert a.text.startswith("city deliver") and a.text.endswith("U05")


def test_evaluate_is_relative_to_the_best_rival():
    s = past_opening(3, 4)
    richer = s.copy()
    richer.p(0)["vp"] += 10
    assert abs(bot.evaluate(RULES, richer, 0) - bot.evaluate(RULES, s, 0) - 10) < 1e-9 or \
        bot.evaluate(RULES, richer, 0) > bot.evaluate(RULES, s, 0)
    assert bot.evaluate(RULES, richer, 1) < bot.evaluate(RULES, s, 1)


def test_determinized_worlds_through_a_whole_game_agree_with_the_view_and_the_rules():
    s = RULES.setup(["P1", "P2", "P3"], 2, {})
    rnd = RandomBot(2)
    k = 0
    while RULES.pending(s) is not None:
        d = RULES.pending(s)
        if k % 9 == 0:
            view = RULES.view(s, d.seat)
            world = bot.determinize(RULES, view, d.seat, Rng(k))
            assert RULES.invariants(world) == []
            assert '"?"' not in json.dumps(world.g)
            assert RULES.to_json(RULES.view(world, d.seat))["g"] == RULES.to_json(view)["g"]
            assert [a.text for a in RULES.legal_actions(world)] == [a.text for a in RULES.legal_actions(s)]
        k += 1
        s = RULES.apply(s, rnd.choose(RULES, s))


def test_every_bot_level_given_twin_views_chooses_alike():
    from tests.bots.fairness import legal_from_view, same_view_same_choice

    s = past_opening(2, 8)
    for _ in range(12):  # into the first turns: a move, a main action, village actions
        d = RULES.pending(s)
        s = RULES.apply(s, bot.choose(RULES, RULES.view(s, d.seat), d.seat, Rng(4)))
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 99)
    assert RULES.to_json(twin) != RULES.to_json(s)
    same_view_same_choice(RULES, s, twin, iterations=4)
    legal_from_view(RULES, s)


def test_evaluate_all_agrees_with_evaluate_for_every_seat():
    s = past_opening(3, 4)
    assert bot.evaluate_all(RULES, s) == [bot.evaluate(RULES, s, i) for i in range(3)]
