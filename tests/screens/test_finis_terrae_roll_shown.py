"""The roll shown in the header is the mover's (issue 45, item 4)."""
from tabletop_tui.bots import RandomBot
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.screens.finis_terrae import FinisTerraeScreen


def _sunny_order_after_another_mover():
    """Seed 1, two random players, move 72: a sunny day, the second ship to sail has rolled 4
    (the day's die shows 2); the ship before it sailed 2 then 3."""
    s = RULES.setup(["Anna", "Dario"], 1, {})
    bot = RandomBot(1)
    for _ in range(72):
        s = RULES.apply(s, bot.choose(RULES, s))
    assert RULES.pending(s).kind == "order" and (s.common, s.sail["rolled"]) == (2, 4)
    assert s.sail["legs"] == [2, 3]  # the last mover's
    return s


def test_the_header_shows_the_movers_roll_while_they_order_their_dice():
    """The header said "moves 2+3" (the last mover's) while the prompt said "use the rolled 4"."""
    s = _sunny_order_after_another_mover()
    assert "rolled 4" in RULES.pending(s).prompt
    assert FinisTerraeScreen.status_line(None, s).endswith("move 2 + rolled 4")
    assert FinisTerraeScreen.status_line(None, s, short=True).endswith("move 2+4")
    after = RULES.apply(s, RULES.parse(s, "sail 4 then 2"))
    assert FinisTerraeScreen.status_line(None, after).endswith("moves 4 then 2")
