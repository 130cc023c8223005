"""Terra Mystica: the view carries no seed; legal actions from the view are the real ones."""
from tabletop_tui.rules.terra_mystica.rules import RULES

from .fairness import legal_from_view, positions, reseeded, same_view_same_choice


def test_views_carry_no_seed_and_bots_choose_alike():
    for s in positions(RULES, 3, 2, 60)[:4]:
        twin = reseeded(s, 12345)
        assert RULES.to_json(twin) != RULES.to_json(s)
        # medium and hard belong to the Terra Mystica bot module; random and easy suffice here
        same_view_same_choice(RULES, s, twin, levels=("random",))
        assert "rng" not in RULES.to_json(RULES.view(s, 0)) or RULES.view(s, 0).rng.seed == 0


def test_legal_actions_of_the_view_are_the_real_ones():
    for s in positions(RULES, 4, 3, 80):
        legal_from_view(RULES, s)


def test_applying_to_a_view_plays_on_as_the_real_game():
    """Nothing random happens after set-up, so a view is a complete position for a search."""
    for s in positions(RULES, 2, 5, 60):
        seat = RULES.pending(s).seat
        v = RULES.view(s, seat)
        a = RULES.legal_actions(s)[0]
        after_real, after_view = RULES.apply(s, a), RULES.apply(v, a)
        j1, j2 = RULES.to_json(after_real), RULES.to_json(after_view)
        j1.pop("rng"), j2.pop("rng")
        assert j1 == j2
