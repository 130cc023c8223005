"""The end of the game, scoring and the tie rule."""
from tabletop_tui.rules.finca import RULES, score_breakdown

from .helpers import board, cidx, collect, give, give_carts, play, set_finca, set_stack


def close(s, c, owner=-1):
    """Close community c before the test (its tiles go out of the game)."""
    while s.stacks[c]:
        s.out.append(s.stacks[c].pop())
    s.finca_owner[c] = owner
    s.wooden[c] = True
    s.wooden_supply -= 1


# Rulebook: "The placement of the last wooden finca signals the end of the game."
# Rulebook: "The game ends after placing the last wooden finca on the board."
# Rulebook: "The player finishes their turn."
# Rulebook: "At the end of the player's turn, the game ends."
def test_the_turn_that_places_the_last_wooden_finca_ends_the_game():
    s = board(2)  # 4 wooden fincas for 2 players
    give_carts(s, 0, 1)
    for c in (5, 6, 7):
        close(s, c)
    assert s.wooden_supply == 1
    set_stack(s, cidx("Palma"), ["T01"])
    give(s, 0, fig=1)
    s1 = play(s, "deliver", "pick Palma")
    assert RULES.result(s1) is None
    s2 = play(s1, "confirm")
    assert s2.wooden_supply == 0 and s2.wooden[cidx("Palma")]
    assert RULES.pending(s2) is None and RULES.result(s2) is not None
    assert "the game is over" in RULES.log_line(s1, RULES.parse(s1, "confirm"), s2)


# Rulebook: "Special case: when players place the last wooden finca, the player finishes their
#   turn, which may include the assignment of additional Finca tiles, even if there are no more
#   wooden fincas to place."
def test_further_finca_assignments_in_the_last_turn_still_happen():
    s = board(2)
    give_carts(s, 0, 1)
    for c in (5, 6, 7):
        close(s, c)
    set_stack(s, cidx("Palma"), ["T01"])
    set_stack(s, cidx("Soller"), ["T02"])
    set_finca(s, cidx("Palma"), "fig")
    set_finca(s, cidx("Soller"), "almond")
    give(s, 0, fig=1, almond=1)
    s2 = play(s, "deliver", "pick Palma", "pick Soller", "confirm")
    assert s2.finca_owner[cidx("Palma")] == 0 and s2.finca_owner[cidx("Soller")] == 0
    assert s2.wooden[cidx("Palma")] and not s2.wooden[cidx("Soller")]  # none left to place
    assert s2.wooden_supply == 0 and RULES.pending(s2) is None
    assert RULES.invariants(s2) == []
    assert RULES.result(s2).breakdown[0]["Finca tiles"] == 10


# Rulebook: "For these deliveries, players receive victory points"
# Rulebook: "Then, players count their victory points."
# Rulebook: "The player with the most victory points is the winner."
# Rulebook: "Players count their victory points:"
# Rulebook: "the values on the collected fruit tiles,"
# Rulebook: "each Finca tile is worth 5 points,"
# Rulebook: "each unused action tile is worth 2 points,"
# Rulebook: "and the value of the bonus tiles."
def test_scoring_tiles_plus_5_per_finca_plus_2_per_unused_action_tile_plus_bonus():
    s = board(2)
    collect(s, 0, "T01", "T15", "T42")  # 1 + 3 + 6
    s.finca_owner[3] = 0
    while s.stacks[3]:
        s.out.append(s.stacks[3].pop())
    s.action_tiles[0] = ["gust", "less"]
    s.bonus[0] = [7]
    s.bonus_stack = [6, 5, 4]
    assert score_breakdown(s, 0) == {"Fruit tiles": 10, "Finca tiles": 5,
                                     "Unused action tiles": 4, "Bonus tiles": 7}
    assert RULES.vp(s)[0] == 26
    assert RULES.vp(s)[1] == 8  # four unused action tiles


def _ended(s):
    s.step = "over"
    return RULES.result(s)


# Rulebook: "In the end, the player with the most victory points is the winner"
# Rulebook: "If players tie for the highest number of victory points, the player among them with
#   the most fruits in their play area is the winner."
def test_a_tie_on_points_goes_to_the_most_fruits_in_the_play_area():
    s = board(3)
    give(s, 0, fig=2)
    give(s, 1, fig=3)
    give(s, 2, fig=3)
    collect(s, 2, "T01")  # Chiara 1 point more
    r = _ended(s)
    assert r.ranking == [[2], [1], [0]]
    s = board(3)
    give(s, 0, fig=2)
    give(s, 1, fig=3)
    r = _ended(s)
    assert r.scores == {0: 8, 1: 8, 2: 8}
    assert r.ranking == [[1], [0], [2]]
    assert r.tiebreak.startswith("Anna and Bruno and Chiara tied on 8 points; Bruno wins")


# Rulebook: "If there is still a tie, the tied players rejoice in their shared victory."
def test_a_tie_on_points_and_fruits_is_a_shared_victory():
    s = board(2)
    give(s, 0, fig=2)
    give(s, 1, lemon=2)
    r = _ended(s)
    assert r.ranking == [[0, 1]] and r.winners == [0, 1]
    assert "share the victory" in r.tiebreak


def test_no_tiebreak_sentence_when_the_points_decide():
    s = board(2)
    collect(s, 0, "T01")
    r = _ended(s)
    assert r.ranking == [[0], [1]] and r.tiebreak == ""
