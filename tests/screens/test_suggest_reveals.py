"""`s` (suggest) highlights the medium bot's choice even where the menu does not show it yet:
another tile of the hand in Finis Terrae, a closed group of the Terra Mystica menu."""
from tabletop_tui.match import Match, Seat
from tabletop_tui.widgets.decision import DecisionPanel

from .helpers import app_for


def _advance_until(m: Match, wanted, limit: int = 400):
    """Medium moves for everyone until ``wanted(m, suggestion)`` holds; the suggestion then."""
    for _ in range(limit):
        want = m.bot_job(level="medium")()
        if wanted(m, want):
            return want
        m.play(want)
    raise AssertionError("no such position in this seeded game")


async def _suggested(app, pilot):
    screen = app.screen
    await pilot.press("s")
    for _ in range(300):
        await pilot.pause(0.02)
        panel = screen.query_one(DecisionPanel)
        if panel.highlighted is not None and screen.actions and \
                screen.actions[panel.highlighted] == getattr(app, "_want", None):
            break
    panel = screen.query_one(DecisionPanel)
    if app.screen is not screen:  # the suggestion's page over the board: back to the choices
        await pilot.press("escape")
        await pilot.pause()
    return screen.actions[panel.highlighted]


async def test_suggesting_another_tile_of_the_hand_selects_that_tile_and_its_place():
    from tabletop_tui.rules.finis_terrae.actions import Place

    m = Match("finis_terrae", [Seat("Lead"), Seat("Hardy")], 2026)
    want = _advance_until(m, lambda m, a: isinstance(a, Place) and a.tile != m.state.hand[0])
    app = app_for(m)
    app._want = want
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown_before = {a.tile for a in app.screen.actions if isinstance(a, Place)}
        assert want.tile not in shown_before  # the menu showed another tile's places
        n = len(m.actions)
        assert await _suggested(app, pilot) == want
        assert app.screen.sel_kind == want.tile
        assert len(m.actions) == n  # a suggestion plays nothing


async def test_suggesting_an_action_inside_a_group_opens_the_group():
    from tabletop_tui.screens.terra_mystica import Group

    def inside_a_group(m, a):
        s = m.state
        if s.phase != "play" or m.pending.kind != "main":
            return False
        from tabletop_tui.screens.terra_mystica import TerraMysticaScreen
        top = TerraMysticaScreen(m).menu_tree(s, m.legal_actions())
        return a not in top and any(isinstance(x, Group) for x in top)

    m = Match("terra_mystica", [Seat("Anna"), Seat("Bruno")], 5)
    want = _advance_until(m, inside_a_group)
    app = app_for(m)
    app._want = want
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert want not in app.screen.actions
        assert await _suggested(app, pilot) == want
        assert app.screen.menu_path  # a group is open


async def test_suggesting_a_delivery_opens_its_steps_in_maracaibo():
    from tabletop_tui.screens.maracaibo import MaracaiboScreen

    def inside_a_step(m, a):
        if m.pending.kind != "main":
            return False
        top = MaracaiboScreen._main_tree(_Plain(m), m.state, m.pending.seat, m.legal_actions())
        return a not in top

    class _Plain:  # what _main_tree reads of the screen
        def __init__(self, m):
            self.match = m

    m = Match("maracaibo", [Seat("Anna"), Seat("Bruno")], 4)
    want = _advance_until(m, inside_a_step)
    app = app_for(m)
    app._want = want
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from tabletop_tui.screens.handoff import HandoffScreen
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert want not in app.screen.actions
        assert await _suggested(app, pilot) == want
        assert app.screen.path  # a step menu is open
