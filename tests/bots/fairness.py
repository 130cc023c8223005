"""Shared checks that a game's views are fair (no hidden thing or future chance rebuildable)."""
from tabletop_tui.bots import LEVELS, RandomBot, make_bot
from tabletop_tui.rules.core import Rng


def positions(rules, players, seed, steps):
    """States along a seeded random game (every few actions), for fairness checks."""
    s = rules.setup([f"P{i + 1}" for i in range(players)], seed, {o.key: o.default for o in rules.options})
    bot = RandomBot(seed)
    out = []
    for n in range(steps):
        if rules.pending(s) is None:
            break
        if n % 7 == 0:
            out.append(s)
        s = rules.apply(s, bot.choose(rules, s))
    return out


def same_view_same_choice(rules, s, twin, levels=LEVELS, iterations=8):
    """``twin`` differs from ``s`` only in hidden contents and the seed: equal views, and every
    bot level given either chooses the same."""
    seat = rules.pending(s).seat
    v1, v2 = rules.view(s, seat), rules.view(twin, seat)
    assert rules.to_json(v1) == rules.to_json(v2)
    for level in levels:
        b1, b2 = make_bot(rules.game_id, level, 3), make_bot(rules.game_id, level, 3)
        if level == "hard":
            b1.iterations = b2.iterations = iterations
        a1, a2 = b1.choose(rules, v1, seat), b2.choose(rules, v2, seat)
        assert rules.notation(a1) == rules.notation(a2)


def legal_from_view(rules, s):
    seat = rules.pending(s).seat
    want = [rules.notation(a) for a in rules.legal_actions(s)]
    assert [rules.notation(a) for a in rules.legal_actions(rules.view(s, seat))] == want


def reseeded(s, seed):
    """The same position with another random stream (draws kept)."""
    t = s.copy()
    t.rng = Rng(seed, s.rng.draws)
    return t
