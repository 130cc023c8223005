"""Terra Mystica's action menu keeps its digits while a decision lasts: a conversion is a step inside
the same decision, so an entry that stops (or starts) being possible stays in its place, dim with
the reason, and choosing it by its digit says why and does nothing."""
from textual.widgets import OptionList

from tabletop_tui.rules.terra_mystica import explain as X
from tabletop_tui.rules.terra_mystica.data import POWER_ACTIONS
from tabletop_tui.screens.terra_mystica import BACK, Group, TerraMysticaScreen, Unavailable

from .helpers import TM_SEEDED, app_for, played_match

KIND_SLOT = {"build": "build", "transform": "transform", "upgrade": "upgrade", "send": "send",
             "pass": "pass", "convert": "free", "burn": "free"}


def meaning(x) -> str:
    """What a top-level entry is for: its slot (Build…, Transform…, …, Convert or burn…)."""
    if isinstance(x, (Group, Unavailable)):
        return "transform" if x.key.startswith("t:") else x.key
    if x.kind == "advance":
        return x.a
    if x.kind == "action":
        return "power" if x.a in POWER_ACTIONS else "special"
    return KIND_SLOT.get(x.kind, x.kind)


def open_slots(m) -> set[str]:
    """The main-menu entries that hold a legal action now (from the rules alone)."""
    return {meaning(a) for a in m.legal_actions() if a.kind not in ("connect", "done")}


def a_conversion_that_changes_the_menu(m):
    """A conversion after which some main-menu entry becomes possible or stops being possible."""
    if m.state.phase != "play" or m.pending is None or m.pending.kind != "main":
        return None
    before = open_slots(m) - {"free"}
    for a in m.legal_actions():
        if a.kind != "convert":
            continue
        after = m.rules.apply(m.state, a)
        legal = m.rules.legal_actions(after)
        now = {meaning(x) for x in legal if x.kind not in ("connect", "done", "convert", "burn")}
        if now != before:
            return a
    return None


async def test_the_same_digit_means_the_same_thing_before_and_after_a_conversion(tmp_path, monkeypatch):
    """Converting within a turn never renumbers the menu: each entry keeps its digit, an entry that
    is not possible is listed dim with its reason (and its digit does nothing but say why)."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=4, seed=5,
                     until=lambda m: a_conversion_that_changes_the_menu(m) is not None)
    conv = a_conversion_that_changes_the_menu(m)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, TerraMysticaScreen)
        before = [meaning(x) for x in scr.actions]
        dim_before = {meaning(x) for x in scr.actions if isinstance(x, Unavailable)}
        assert before[:10] == list(X.MENU_SLOTS)
        # the conversion, by digits: "Convert or burn power…" (0), its kind, its amount
        await pilot.press("0")
        k = next(i for i, x in enumerate(scr.actions) if x == conv or (isinstance(x, Group) and conv in x.items))
        entry = scr.actions[k]
        await pilot.press(str(k + 1))
        if isinstance(entry, Group):
            await pilot.press(str(scr.actions.index(conv) + 1))
        await pilot.pause()
        assert m.actions[-1] == str(conv) and scr.menu_path == []
        after = [meaning(x) for x in scr.actions]
        dim_after = {meaning(x) for x in scr.actions if isinstance(x, Unavailable)}
        assert after == before, "a conversion renumbered the menu"
        assert dim_after != dim_before, "the chosen conversion was meant to change what is possible"
        # a dim entry shows its reason beside its digit, and its digit plays nothing
        off = next(i for i, x in enumerate(scr.actions) if isinstance(x, Unavailable))
        prompt = str(scr.query_one(OptionList).get_option_at_index(off).prompt)
        assert prompt.startswith(f"{off + 1} ") and scr.actions[off].why in prompt and " — " in prompt
        n = len(m.actions)
        await pilot.press(str(off + 1))
        await pilot.pause()
        assert len(m.actions) == n and scr.menu_path == [] and [meaning(x) for x in scr.actions] == before


def test_an_entry_that_is_not_possible_says_why_in_the_rules_words():
    """"Upgrade…" with no dwelling, trading house or temple says so; with one it names the cost and
    what falls short; a power action too dear names the power it needs in bowl III."""
    m = played_match("terra_mystica", players=2, seed=5, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main")
    s = m.state.copy()
    seat = m.pending.seat
    p = s.players[seat]
    p.W, p.C, p.P = 0, 2, 0
    p.bowls = [p.bowls[0] + p.bowls[2], p.bowls[1], 0]
    assert X.menu_reason(s, seat, "upgrade") == "a trading house needs 2 workers and 6 coins, has 0 workers and 2 coins" \
        or X.menu_reason(s, seat, "upgrade") == "a trading house needs 2 workers and 3 coins, has 0 workers and 2 coins"
    assert X.menu_reason(s, seat, "send") == "no priest in hand"
    assert X.menu_reason(s, seat, "power") == "the cheapest left needs 3 power in bowl III, has 0"
    assert X.menu_reason(s, seat, "free").startswith("nothing to convert")
    for h in range(len(s.owner)):
        if s.owner[h] == seat:
            s.owner[h] = -1
    assert X.menu_reason(s, seat, "upgrade") == "no dwelling, trading house or temple to upgrade"


async def test_the_conversions_keep_their_places_inside_their_entry(tmp_path, monkeypatch):
    """Inside "Convert or burn power…" each kind of conversion has its place (burn first), dim when
    no amount of it is possible."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=4, seed=5, options=TM_SEEDED, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "main" and any(a.kind == "convert" for a in m.legal_actions()))
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        await pilot.press("0")
        await pilot.pause()
        kinds = scr.actions[1:]
        assert scr.actions[0] is BACK
        slots = X.conversion_slots(m.state, m.pending.seat)
        assert len(kinds) == len(slots)
        for x, (fa, fb) in zip(kinds, slots):
            if isinstance(x, Unavailable):
                assert x.why == X.conversion_reason(m.state, m.pending.seat, fa, fb)
            elif isinstance(x, Group):
                assert all((a.kind == "burn") if fa == "burn" else (a.a, a.b) == (fa, fb) for a in x.items)
            else:
                assert (x.kind == "burn") if fa == "burn" else (x.a, x.b) == (fa, fb)


async def test_the_spade_step_keeps_stop_and_convert_in_the_first_places(tmp_path, monkeypatch):
    """Using spades: 1 stops, 2 converts (workers for more spades), whatever the conversions make
    affordable comes after them; the highlight starts on the first transform or build, not on Stop."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = played_match("terra_mystica", players=4, seed=5, options=TM_SEEDED, until=lambda m: m.state.phase == "play"
                     and m.pending.kind == "spades" and sum(a.kind == "transform" for a in m.legal_actions()) > 1)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        first, second = scr.actions[0], scr.actions[1]
        assert getattr(first, "kind", "") == "done"
        assert isinstance(second, (Group, Unavailable)) and second.key == "free"
        assert {getattr(a, "kind", "") for a in scr.actions[2:]} <= {"build", "transform", "connect"}
        hl = scr.query_one(OptionList).highlighted
        assert getattr(scr.actions[hl], "kind", "") in ("build", "transform")
