"""Hidden information: hands, deck order, combat piles, face-down prestige buildings."""
import json

from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.maracaibo import RULES

from .mhelpers import fresh, past_opening, play


def test_the_game_hides_information():
    assert RULES.hidden_information() is True


def test_view_hides_other_hands_deck_piles_and_face_down_buildings():
    s = past_opening(3, 4)
    v = RULES.view(s, 0)
    assert v.p(0)["hand"] == s.p(0)["hand"]
    for i in (1, 2):
        assert v.p(i)["hand"] == ["?"] * len(s.p(i)["hand"])
    assert set(v.g["deck"]) == {"?"} and len(v.g["deck"]) == len(s.g["deck"])
    assert all(set(p) == {"?"} for p in v.g["piles"])
    assert v.g["prestige"][0] == s.g["prestige"][0] and v.g["prestige"][1:] == ["?"] * 3
    assert v.g["quest_pile"][-1] == s.g["quest_pile"][-1] and set(v.g["quest_pile"][:-1]) == {"?"}
    text = json.dumps(RULES.to_json(v))
    for i in (1, 2):
        for c in s.p(i)["hand"]:
            if c not in s.p(0)["hand"] and c not in s.g["display"] and c not in s.g["discard"] and all(c not in p["plan"] for p in s.players):
                assert c not in text
    assert v.rng.seed != s.rng.seed


def hidden_twin(s, seat, seed):
    """The same position as ``s`` seen from ``seat``, but other hidden contents and another seed:
    another seat's hand card swapped with a deck card, the deck and combat piles reordered, the
    face-down prestige buildings and the quest pile under its top tile shuffled."""
    from tabletop_tui.rules.core import Rng

    t = s.copy()
    g = t.g
    r = Rng(seed)
    other = next(p for i, p in enumerate(g["players"]) if i != seat and p["hand"])
    if g["deck"]:
        other["hand"][0], g["deck"][0] = g["deck"][0], other["hand"][0]
    r.shuffle(g["deck"])
    toks = g["piles"][0] + g["piles"][1]
    r.shuffle(toks)
    g["piles"] = [toks[:len(g["piles"][0])], toks[len(g["piles"][0]):]]
    k = g["prestige_revealed"]
    rest = g["prestige"][k:]
    r.shuffle(rest)
    g["prestige"] = g["prestige"][:k] + rest
    under = g["quest_pile"][:-1]
    r.shuffle(under)
    g["quest_pile"] = under + g["quest_pile"][-1:]
    t.rng = Rng(seed, s.rng.draws)
    return t


def test_two_positions_differing_only_in_hidden_contents_and_seed_give_equal_views():
    s = past_opening(3, 4)
    seat = RULES.pending(s).seat
    twin = hidden_twin(s, seat, 77)
    assert RULES.to_json(twin) != RULES.to_json(s)  # really other hands, deck order, piles, seed
    assert RULES.to_json(RULES.view(twin, seat)) == RULES.to_json(RULES.view(s, seat))


def test_the_view_carries_no_seed_from_which_the_deal_could_be_rebuilt():
    s = past_opening(3, 4)
    v = RULES.view(s, 0)
    rebuilt = RULES.setup(s.names, v.rng.seed, {})
    assert rebuilt.g["deck"] != fresh(3, 4).g["deck"]
    assert RULES.to_json(RULES.view(fresh(3, 5), 0))["rng"] == RULES.to_json(RULES.view(fresh(3, 4), 0))["rng"]


def test_career_offers_of_other_seats_are_hidden():
    s = fresh(3, 4)
    d = RULES.pending(s)
    other = (d.seat + 1) % 3
    assert RULES.view(s, d.seat).p(other)["career_offer"] == ["?", "?"]


def test_legal_actions_of_the_view_equal_the_true_ones_through_whole_games():
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        s = RULES.setup([f"P{i}" for i in range(n)], seed, {})
        bot = RandomBot(seed)
        while RULES.pending(s) is not None:
            d = RULES.pending(s)
            real = [a.text for a in RULES.legal_actions(s)]
            assert [a.text for a in RULES.legal_actions(RULES.view(s, d.seat))] == real
            s = RULES.apply(s, bot.choose(RULES, s))


def test_no_hand_leaks_through_the_log_or_the_notation_of_a_draw():
    s = past_opening(3, 4)
    seat = RULES.pending(s).seat
    s = play(s, "move 1", "village", "sell")
    before = s
    s = play(s, "draw deck")
    drawn = s.p(seat)["hand"][-1]
    a = RULES.parse(before, "draw deck")
    line = RULES.log_line(before, a, s)
    assert drawn not in line and drawn.split(".")[0] not in line
    assert RULES.notation(a) == "draw deck"
    assert RULES.is_barrier(before, a, s)
    # no other seat's hand appears in any log line of a whole game
    from tabletop_tui.playout import play_one
    rec = []
    play_one(RULES, 3, 9, record=rec)
    s = RULES.setup(["P1", "P2", "P3"], 9, {})
    for text in rec:
        a = RULES.parse(s, text)
        s2 = RULES.apply(s, a)
        line = RULES.log_line(s, a, s2)
        d = RULES.pending(s)
        for i, p in enumerate(s.players):
            if i != d.seat:
                for c in p["hand"]:
                    assert c not in line or c in s2.g["discard"] or c in s2.g["display"]
        assert " you " not in f" {line.lower()} "
        s = s2


def test_draw_reveal_and_reshuffle_are_undo_barriers_but_a_plain_choice_is_not():
    s = past_opening(3, 4)
    a = RULES.parse(s, "move 1")
    assert not RULES.is_barrier(s, a, RULES.apply(s, a))
