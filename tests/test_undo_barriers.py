"""Undo never shows what a bot or another player did, in every game: a decision of another seat
(and everything automatic after it: a round's end, income) is a barrier; undo takes back only a
person's own decisions made since another seat last decided (README: "until the next player
decides")."""
import pytest

from tabletop_tui import bots
from tabletop_tui.match import Match, Seat

GAMES = ["piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo"]


def one_human_and_bots(game: str, players: int = 3, seed: int = 7) -> Match:
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", bot=True, level="random") for i in range(1, players)]
    return Match(game, seats, seed)


def step(m: Match, chooser) -> None:
    """One move: the bot's own, or for the human the random chooser's."""
    if m.bot_to_play():
        m.play(m.bot_action())
    else:
        m.play(chooser.choose(m.rules, m.rules.view(m.state, m.pending.seat), m.pending.seat))


def chance_since_anna(m: Match) -> bool:
    """Was anything random revealed since Anna's last move? (That alone stopped undo before.)"""
    last = max(i for i, a in enumerate(m.actors) if a == 0)
    return any(m.barriers[last + 1:])


def snapshot(m: Match):
    return list(m.actions), m.rules.state_hash(m.state)


#: games where every turn opens with a die roll: another seat never decides without chance first
TURNS_OPEN_WITH_CHANCE = {"piratissimo"}


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_after_the_players_decision_is_a_barrier(game):
    """Wherever a bot decided after Anna's last decision, `u` changes nothing and says so, also
    when nothing random was revealed in between; before it, Anna's own decision is taken back
    alone."""
    m = one_human_and_bots(game)
    chooser = bots.make_bot(game, "random", 3)
    refused = without_chance = taken_back = 0
    for _ in range(400):
        if m.over or (without_chance >= 2 and refused >= 2 and taken_back >= 3):
            break
        step(m, chooser)
        i = len(m.actions) - 1
        if m.barriers[i] or m.forced[i]:
            continue
        if m.seats[m.actors[i]].bot and 0 in m.actors[:i]:
            before = snapshot(m)
            msg = m.undo(0)
            assert msg.startswith("Can't undo") and snapshot(m) == before, (game, i, msg)
            refused += 1
            if not chance_since_anna(m):
                assert "never taken back" in msg
                without_chance += 1
        elif not m.seats[m.actors[i]].bot:
            before_state = m.rules.state_hash(m.states[-2])
            assert m.undo(0) == "Undid Anna's last decision."
            assert len(m.actions) == i and m.rules.state_hash(m.state) == before_state
            taken_back += 1
            step(m, chooser)  # Anna decides again (maybe otherwise)
    assert refused >= 2 and taken_back >= 3, (game, refused, taken_back)
    assert without_chance >= 2 or game in TURNS_OPEN_WITH_CHANCE, (game, without_chance)


def tm_round_four_after_the_bots_moved() -> Match:
    """Terra Mystica, Anna and three bots: round 4 has begun and bots have moved in it; Anna to play."""
    m = one_human_and_bots("terra_mystica", players=4, seed=11)
    chooser = bots.make_bot("terra_mystica", "random", 5)
    while not (m.state.round == 4 and m.state.phase == "play" and m.pending.seat == 0
               and m.seats[m.actors[-1]].bot):
        step(m, chooser)
    return m


def test_terra_mystica_round_four_undo_does_not_go_back_into_round_three():
    """The reported case: at the start of round 4, after the bots' round-4 moves, `u` must not
    put Anna back in round 3 before her pass (undoing the others' turns, the round's end, income
    and the bots' moves)."""
    m = tm_round_four_after_the_bots_moved()
    before = snapshot(m)
    msg = m.undo(0)
    assert msg.startswith("Can't undo") and "never taken back" in msg
    assert snapshot(m) == before and m.state.round == 4


def test_a_person_may_take_back_the_move_that_ended_their_turn_until_the_next_player_decides():
    """Two people at one keyboard: Anna's last move stays hers to take back until Bruno decides;
    once he has, undo takes back his decision, never hers (Terra Mystica: no chance at all)."""
    m = Match("terra_mystica", [Seat("Anna"), Seat("Bruno")], 3)
    chooser = bots.make_bot("terra_mystica", "random", 1)
    while m.state.phase != "play" or m.pending.seat != 0:
        step(m, chooser)
    while m.pending.seat == 0:
        step(m, chooser)
    n = len(m.actions)
    assert m.undo(1) == "Undid Anna's last decision." and len(m.actions) == n - 1
    while m.pending.seat == 0:
        step(m, chooser)
    step(m, chooser)  # Bruno decides
    assert m.undo(0) == "Undid Bruno's last decision."
    assert m.actors[-1] == 0
