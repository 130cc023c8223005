"""A decision with one answer that is no real choice — leaving a hold empty because nothing can be
loaded there — is played for the player and logged; a die or a card stays the player's key press."""
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.finis_terrae.actions import LoadHold


def first_forced(seed_range=range(1, 40), limit=400):
    for seed in seed_range:
        m = Match("finis_terrae", [Seat("Anna"), Seat("Bruno")], seed)
        for _ in range(limit):
            if m.over:
                break
            if m.forced_action() is not None:
                return m
            m.play(m.bot_job(level="random")())
    raise AssertionError("no forced 'leave the hold empty' in the seeded games")


def test_leaving_a_hold_empty_as_the_only_answer_is_played_for_the_player_and_logged():
    m = first_forced()
    a = m.forced_action()
    assert isinstance(a, LoadHold) and not a.what and m.legal_actions() == [a]
    n = len(m.actions)
    lines = m.play_forced()
    assert len(m.actions) > n and m.forced[n] is True and lines and lines[0] == m.log[n]


def test_a_hold_left_empty_by_choice_is_not_forced():
    m = Match("finis_terrae", [Seat("Anna"), Seat("Bruno")], 3)
    for _ in range(400):
        acts = m.legal_actions()
        if len(acts) > 1 and any(isinstance(x, LoadHold) and not x.what for x in acts):
            assert m.forced_action() is None  # several answers: the player chooses
            return
        m.play(m.bot_job(level="random")())
    raise AssertionError("no hold decision with a choice in the seeded game")
