"""Seats at a table: each seat is the game's own screen over one store; a move made on one seat
shows on the others, a move the table already moved past is refused and the screen catches up,
no seat ever shows another seat's hidden cards, there is no undo, and a bot's move lands once."""
from __future__ import annotations

import asyncio
import time

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table
from tabletop_tui.app import seat_app
from tabletop_tui.screens.seat import NO_UNDO, SeatMixin
from tests.screens.helpers import notices


def screen_text(app) -> str:
    """What the seat's terminal shows now, as text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def seat_of(app) -> SeatMixin:
    for s in app.screen_stack:
        if isinstance(s, SeatMixin):
            return s
    raise AssertionError("no seat screen open")


async def settle(*pilots, until=lambda: True, timeout: float = 5.0) -> None:
    """Let the seats' watchers bring in the other seats' moves (each looks twice a second)."""
    deadline = time.monotonic() + timeout
    while True:
        for p in pilots:
            await p.pause()
        if until() or time.monotonic() > deadline:
            return
        await asyncio.sleep(0.05)


def first_move(screen: SeatMixin):
    return screen.actions[0]


@pytest.fixture
def sqlite_store(tmp_path):
    return open_store(tmp_path / "tables.sqlite3", delay=0)


async def test_a_move_made_at_one_seat_shows_at_the_other_within_a_second(sqlite_store):
    """When another seat moves, this screen shows it within a second (the log line, the board)."""
    new = new_table(sqlite_store, "finca", [Seat("Ann"), Seat("Ben")], 7)
    a = seat_app(Table(sqlite_store, new.codes[0]), bot_delay=0)
    b = seat_app(Table(sqlite_store, new.codes[1]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa, b.run_test(size=(120, 40)) as pb:
        await settle(pa, pb)
        sa, sb = seat_of(a), seat_of(b)
        mover, other, pm, po, om = (sa, sb, pa, pb, b) if sa.my_turn() else (sb, sa, pb, pa, a)
        assert not other.my_turn() and other.actions == []  # the other seat cannot act
        assert "YOUR TURN" in screen_text(pm.app) and "YOUR TURN" not in screen_text(om)
        mover.play(first_move(mover))
        line = mover.match.log[-1]
        await settle(pm, po, until=lambda: len(other.match.actions) == len(mover.match.actions))
        assert other.match.actions == mover.match.actions
        assert line.split(".")[0][:30] in screen_text(om)
        assert len(sqlite_store.moves(new.table_id)) == len(mover.match.actions)


async def test_of_two_moves_sent_at_once_one_lands_and_the_other_screen_is_told_and_redrawn(sqlite_store):
    """Concurrent moves: one lands; the other seat hears that the table moved on, and shows the
    new position."""
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    a = seat_app(Table(sqlite_store, new.codes[0]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        sa = seat_of(a)
        assert sa.my_turn(), "Ann starts"
        sneaky = Table(sqlite_store, new.codes[0])  # the same seat open twice (two terminals)
        sneaky.play(sneaky.match.rules.notation(sneaky.match.legal_actions()[-1]))
        before = len(sa.match.actions)
        sa.play(first_move(sa))  # sent for the position before the other terminal's move
        await pa.pause()
        moves = sqlite_store.moves(new.table_id)
        assert len(moves) == before + 1  # only one landed
        assert sa.match.actions == [m.notation for m in moves]  # the screen caught up
        notes = [n.message for n in notices(a)]
        assert any("moved on" in n for n in notes)


async def test_a_spectator_only_watches_and_undo_is_refused_at_a_table(sqlite_store):
    """A spectator only watches; no undo at a table (a move once made stays)."""
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    w = seat_app(Table(sqlite_store, new.spectator), bot_delay=0)
    a = seat_app(Table(sqlite_store, new.codes[0]), bot_delay=0)
    async with w.run_test(size=(120, 40)) as pw, a.run_test(size=(120, 40)) as pa:
        await settle(pw, pa)
        watcher, ann = seat_of(w), seat_of(a)
        assert watcher.actions == [] and "spectator" in screen_text(w)
        ann.play(first_move(ann))
        await settle(pw, pa, until=lambda: len(watcher.match.actions) == 1)
        assert len(watcher.match.actions) == 1
        await pa.press("u")
        await pa.pause()
        assert len(sqlite_store.moves(new.table_id)) == 1
        assert any(n.message == NO_UNDO for n in notices(a))


async def test_a_bot_seat_moves_once_whatever_number_of_seats_are_open(sqlite_store):
    """Bots move on the host while any seat is open: exactly one move lands per bot decision."""
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben"), Seat("Cleo", True, "random")], 5)
    apps = [seat_app(Table(sqlite_store, new.codes[i]), bot_delay=0) for i in (0, 1)]
    async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1:
        await settle(p0, p1)
        screens = [seat_of(x) for x in apps]
        for _ in range(8):  # Ann, Ben, then the bot; around the table a few times
            movers = [s for s in screens if s.my_turn()]
            if movers:
                movers[0].play(first_move(movers[0]))
            await settle(p0, p1, until=lambda: any(s.my_turn() for s in screens)
                         and len({len(s.match.actions) for s in screens}) == 1)
        moves = sqlite_store.moves(new.table_id)
        bot_moves = [m for m in moves if m.seat == 2]
        assert bot_moves, "the bot has moved"
        assert [m.seq for m in moves] == list(range(len(moves)))
        assert screens[0].match.actions == screens[1].match.actions == [m.notation for m in moves]
        # each bot decision answered once, with the move every seat computes for it
        from tabletop_tui.store.table import match_for

        info = sqlite_store.table(new.table_id)
        for k, mv in enumerate(moves):
            if mv.seat == 2:
                ref = match_for(info, moves[:k])
                assert ref.pending.seat == 2
                assert ref.rules.notation(ref.bot_action()) == mv.notation
        fresh = Table(sqlite_store, new.spectator).match
        assert fresh.rules.state_hash(fresh.state) == screens[0].match.rules.state_hash(screens[0].match.state)


def _card_ids(x, out: set) -> set:
    """Every card id anywhere in a (view of a) Maracaibo position."""
    import re

    if isinstance(x, str):
        if re.fullmatch(r"[A-Z]\d\d(\.\d+)?", x):
            out.add(x)
    elif isinstance(x, dict):
        for v in x.values():
            _card_ids(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _card_ids(v, out)
    return out


@pytest.mark.slow
async def test_no_maracaibo_hand_card_of_one_seat_ever_shows_on_another_seats_screen(sqlite_store):
    """A seat sees only its own hand: at every point of a seeded three-seat game, the rendered
    screen of each seat holds none of the other seats' hand cards (unless that card is face up
    somewhere every seat sees, or is in its own hand); a spectator's screen holds no hand card."""
    from tabletop_tui.rules.maracaibo.content import CARDS, card

    names = ["Ann", "Ben", "Cleo"]
    new = new_table(sqlite_store, "maracaibo", [Seat(n) for n in names], 11)
    apps = [seat_app(Table(sqlite_store, code), bot_delay=0) for code in
            [new.codes[0], new.codes[1], new.codes[2], new.spectator]]
    async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1, \
            apps[2].run_test(size=(120, 40)) as p2, apps[3].run_test(size=(120, 40)) as p3:
        pilots = [p0, p1, p2, p3]
        screens = [seat_of(x) for x in apps]  # three seats and a spectator (seat -1: no hand)
        checked = own_seen = 0
        for step in range(24):
            await settle(*pilots, until=lambda: len({len(s.match.actions) for s in screens}) == 1)
            truth = screens[0].match.state.g
            for i, (app, scr) in zip([0, 1, 2, -1], zip(apps, screens)):
                text = screen_text(app)
                view = scr.match.rules.view(scr.match.state, i)  # what seat i may know
                seen = {card(c)["name"] for c in _card_ids(view.g, set()) if c.split(".")[0] in CARDS}
                hidden = {card(c)["name"] for j, p in enumerate(truth["players"]) if j != i
                          for c in p["hand"]} - seen
                leaked = sorted(n for n in hidden if n in text)
                assert not leaked, f"{(names + ['the spectator'])[i]}'s screen shows {leaked} from another hand (move {step})"
                checked += len(hidden)
                own_seen += i >= 0 and any(card(c)["name"] in text for c in truth["players"][i]["hand"])
            mover = next(s for s in screens if s.my_turn())
            mover.play(mover.match.legal_actions()[0])
        assert checked > 100  # there were hidden cards to find
        assert own_seen > 0  # and each screen's own hand does show (the check reads the screen)


async def test_the_launcher_lists_the_tables_joined_here_and_opens_a_seat(sqlite_store, tmp_path, monkeypatch):
    """The launcher lists the tables a player has joined on this machine (t); Enter opens the
    seat where the table is; the codes are kept in a file only the owner reads (0600)."""
    import stat

    from tabletop_tui.app import TabletopApp
    from tabletop_tui.store.joined import joined_path, remember

    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    remember(Table(sqlite_store, new.codes[1]), new.codes[1], str(sqlite_store.path))
    assert stat.S_IMODE(joined_path().stat().st_mode) == 0o600
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert f"table {new.table_id} · Ben" in text and "Piratissimo" in text
        assert new.codes[1] not in text
        await pilot.press("enter")
        await settle(pilot)
        seat = seat_of(app)
        assert seat.my_seat == 1 and "Ben" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("y")
        await pilot.pause()
        assert not any(isinstance(s, SeatMixin) for s in app.screen_stack)


async def test_a_store_away_for_a_while_loses_nothing_the_seats_say_they_reconnect_and_go_on(sqlite_store):
    """The store goes away for a while: the seats say they are reconnecting; a move made then is
    not taken (and the player is told); once it is back, the seats go on where the table is."""
    import sqlite3

    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    down = {"now": False}
    connect = sqlite_store._connect

    def flaky():
        if down["now"]:
            raise sqlite3.OperationalError("unable to open database file")
        return connect()

    a = seat_app(Table(sqlite_store, new.codes[0]), bot_delay=0)
    b = seat_app(Table(sqlite_store, new.codes[1]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa, b.run_test(size=(120, 40)) as pb:
        await settle(pa, pb)
        sa, sb = seat_of(a), seat_of(b)
        (mover, pm, ma), (other, po, oa) = ((sa, pa, a), (sb, pb, b)) if sa.my_turn() else ((sb, pb, b), (sa, pa, a))
        sqlite_store._connect = flaky
        down["now"] = True
        choice = first_move(mover)
        mover.play(choice)
        await settle(pm, po, until=lambda: other.offline, timeout=5)
        assert mover.offline and other.offline
        assert "reconnecting" in screen_text(ma) and "reconnecting" in screen_text(oa)
        # (two apps in one test: a screen's notice goes to whichever app is current)
        assert any("did not reach the table" in n.message for x in (a, b) for n in notices(x))
        assert mover.match.actions == [] and mover.my_turn()  # nothing half made
        down["now"] = False
        await settle(pm, po, until=lambda: not other.offline and not mover.offline, timeout=5)
        assert not mover.offline and "reconnecting" not in screen_text(ma)
        mover.play(first_move(mover))
        await settle(pm, po, until=lambda: len(other.match.actions) == 1)
        assert other.match.actions == mover.match.actions == [m.notation for m in sqlite_store.moves(new.table_id)]


async def test_a_maracaibo_spectator_sees_no_hand_at_all(sqlite_store):
    """A spectator's screen shows a spectator's view: no player's hand card (unless it is also
    face up where everyone sees it)."""
    from tabletop_tui.rules.maracaibo.content import CARDS, card

    new = new_table(sqlite_store, "maracaibo", [Seat("Ann"), Seat("Ben")], 11)
    w = seat_app(Table(sqlite_store, new.spectator), bot_delay=0)
    async with w.run_test(size=(120, 40)) as pw:
        await settle(pw)
        scr = seat_of(w)
        truth = scr.match.state
        public = {card(c)["name"] for c in _card_ids(scr.match.rules.view(truth, -1).g, set())
                  if c.split(".")[0] in CARDS}
        hands = {card(c)["name"] for p in truth.g["players"] for c in p["hand"]} - public
        text = screen_text(w)
        assert hands and not [n for n in hands if n in text]
        assert "spectator" in text and scr.actions == []


async def test_the_bell_rings_at_a_seat_exactly_when_the_turn_comes_to_it_from_another_seat(sqlite_store):
    """When it becomes this seat's turn after another seat moved, the terminal bell rings, once;
    it does not ring at the start, for this seat's own moves, nor at a seat that waits."""
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    apps = [seat_app(Table(sqlite_store, new.codes[i]), bot_delay=0) for i in (0, 1)]
    rings = [0, 0]
    for i, app in enumerate(apps):
        app.bell = lambda i=i: rings.__setitem__(i, rings[i] + 1)
    async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1:
        screens = [seat_of(x) for x in apps]
        await settle(p0, p1)
        assert rings == [0, 0], "no bell when the game begins"
        expected = [0, 0]
        passed = 0
        for _ in range(10):
            mover = next(i for i, s in enumerate(screens) if s.my_turn())
            screens[mover].play(first_move(screens[mover]))
            n = len(screens[mover].match.actions)
            await settle(p0, p1, until=lambda: all(len(s.match.actions) == n for s in screens))
            await settle(p0, p1)
            nxt = screens[mover].match.pending.seat
            if nxt != mover:  # the turn came to the other seat: it rings there, once
                expected[nxt] += 1
                passed += 1
            assert rings == expected, f"after a move of {'Ann Ben'.split()[mover]}"
        assert passed >= 2 and all(expected), "the turn went back and forth"


async def test_a_move_at_one_of_three_seats_shows_at_both_others(sqlite_store):
    """Three seats on one store: each move, whoever makes it, shows at both other seats."""
    new = new_table(sqlite_store, "piratissimo", [Seat("Ann"), Seat("Ben"), Seat("Cleo")], 9)
    apps = [seat_app(Table(sqlite_store, new.codes[i]), bot_delay=0) for i in (0, 1, 2)]
    async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1, \
            apps[2].run_test(size=(120, 40)) as p2:
        pilots = [p0, p1, p2]
        screens = [seat_of(x) for x in apps]
        await settle(*pilots)
        movers = set()
        for _ in range(9):
            mover = next(i for i, s in enumerate(screens) if s.my_turn())
            screens[mover].play(first_move(screens[mover]))
            n = len(screens[mover].match.actions)
            line = screens[mover].match.log[-1].split(".")[0][:30]
            await settle(*pilots, until=lambda: all(len(s.match.actions) == n for s in screens))
            for i in set(range(3)) - {mover}:
                assert screens[i].match.actions == screens[mover].match.actions
                assert line in screen_text(apps[i]), f"seat {i + 1} shows the move of seat {mover + 1}"
            movers.add(mover)
        assert movers == {0, 1, 2}
        assert [m.notation for m in sqlite_store.moves(new.table_id)] == screens[0].match.actions


async def test_two_seats_on_a_postgresql_store_see_each_others_moves(pg_url):
    """The seats on PostgreSQL (the store for several machines): a move at one seat shows at the
    other, through the store's notifications, within two seconds."""
    st = open_store(pg_url, delay=0)
    try:
        new = new_table(st, "finca", [Seat("Ann"), Seat("Ben")], 7)
        apps = [seat_app(Table(st, new.codes[i]), bot_delay=0) for i in (0, 1)]
        async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1:
            screens = [seat_of(x) for x in apps]
            await settle(p0, p1)
            for _ in range(4):
                mover = next(i for i, s in enumerate(screens) if s.my_turn())
                other = 1 - mover
                screens[mover].play(first_move(screens[mover]))
                n = len(screens[mover].match.actions)
                await settle(p0, p1, until=lambda: len(screens[other].match.actions) == n)
                assert len(screens[other].match.actions) == n  # (how soon: make bench, not a test)
                assert screens[other].match.actions == screens[mover].match.actions
            assert [m.notation for m in st.moves(new.table_id)] == screens[0].match.actions
    finally:
        st.close()


async def steady_text(app, pilot, tries: int = 20) -> str:
    """The screen's text once two pauses in a row show the same (a panel laid out after a redraw
    can take more than one refresh on a loaded machine)."""
    await pilot.pause()
    text = screen_text(app)
    for _ in range(tries):
        await pilot.pause()
        again = screen_text(app)
        if again == text:
            return text
        text = again
    return text


async def test_no_face_down_finca_tile_nor_the_tile_order_ever_shows_on_a_seats_screen(sqlite_store):
    """The fruit tiles under each face-up tile, and the two out of the game, lie face down:
    no seat's screen shows them, nor the order they will come up in. At every point of a
    seeded game a seat's screen (each in turn) is redrawn with the face-down tiles dealt
    differently (and the random stream that dealt them changed): the screen must not change."""
    import random

    from tabletop_tui.rules.core import Rng

    new = new_table(sqlite_store, "finca", [Seat("Ann"), Seat("Ben")], 3)  # two deliveries by move 19
    apps = [seat_app(Table(sqlite_store, new.codes[i]), bot_delay=0) for i in (0, 1)]
    async with apps[0].run_test(size=(120, 40)) as p0, apps[1].run_test(size=(120, 40)) as p1:
        pilots = [p0, p1]
        screens = [seat_of(x) for x in apps]
        shuffle = random.Random(1)
        flips = checked = 0
        for step in range(20):
            await settle(*pilots, until=lambda: len({len(s.match.actions) for s in screens}) == 1)
            for app, pilot, scr in [(apps[step % 2], pilots[step % 2], screens[step % 2])]:  # in turn
                s = scr.match.state
                scr.refresh_all()  # (the same drawing as below, from the true position)
                before = await steady_text(app, pilot)
                stacks, out, rng = [list(x) for x in s.stacks], list(s.out), s.rng
                pool = [t for st in s.stacks for t in st[1:]] + list(s.out)
                if len(pool) < 2:
                    continue
                other = pool[:]
                while other == pool:
                    shuffle.shuffle(other)
                it = iter(other)
                s.stacks = [st[:1] + [next(it) for _ in st[1:]] for st in stacks]
                s.out = [next(it) for _ in out]
                s.rng = Rng(rng.seed ^ 0x5EED, rng.draws)
                scr.refresh_all()
                dealt_otherwise = await steady_text(app, pilot)
                s.stacks, s.out, s.rng = stacks, out, rng
                scr.refresh_all()
                await pilot.pause()
                changed = [(a, b) for a, b in zip(before.splitlines(), dealt_otherwise.splitlines()) if a != b]
                assert not changed, f"{scr.match.names[scr.my_seat]}'s screen shows a face-down tile (move {step}): {changed}"
                checked += 1
            mover = next(s for s in screens if s.my_turn())
            m = mover.match
            left = sum(map(len, m.state.stacks))
            mover.play(m.bot_job(level="random")())
            flips += sum(map(len, m.state.stacks)) < left
        assert checked >= 15 and flips >= 2, "deliveries turned up face-down tiles meanwhile"


async def test_each_move_of_a_long_turn_shows_in_the_waiting_seats_log_on_a_small_terminal(sqlite_store):
    """A seat that waits watches live: each move of the other seat's turn shows in its log as it
    is made, even on an 80×24 terminal where the lines since its own last move do not all fit."""
    new = new_table(sqlite_store, "maracaibo", [Seat("Ann"), Seat("Ben")], 8)
    apps = [seat_app(Table(sqlite_store, new.codes[i]), bot_delay=0) for i in (0, 1)]
    async with apps[0].run_test(size=(80, 24)) as p0, apps[1].run_test(size=(80, 24)) as p1:
        screens = [seat_of(x) for x in apps]
        await settle(p0, p1)
        shown = 0
        for _ in range(24):
            mover = next(i for i, s in enumerate(screens) if s.my_turn())
            screens[mover].play(first_move(screens[mover]))
            n = len(screens[mover].match.actions)
            await settle(p0, p1, until=lambda: all(len(s.match.actions) == n for s in screens))
            other = screens[1 - mover]
            if other.my_turn():
                continue  # its own turn: its log starts at the first line since its last move
            line = screens[mover].match.log[-1][:30]
            assert line in screen_text(apps[1 - mover]), f"move {n}: {line!r} not on the waiting seat's screen"
            shown += 1
        assert shown >= 12


@pytest.mark.parametrize("game", ["piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo"])
async def test_a_seat_at_80x24_shows_the_whole_board_as_the_hot_seat_screen_does(sqlite_store, game):
    """Below 100 columns the player panels give way to the board at a seat too (they did only at
    the hot-seat screen: at 80×24 a Piratissimo seat said "The board needs 56×8 cells here; it has
    44×11" and showed no ring)."""
    new = new_table(sqlite_store, game, [Seat("Ann"), Seat("Ben")], 3)
    a = seat_app(Table(sqlite_store, new.codes[0]), bot_delay=0)
    async with a.run_test(size=(80, 24)) as pa:
        await settle(pa)
        await pa.pause()
        text = screen_text(a)
        assert "Make the terminal larger" not in text and "board needs" not in text, text
        if game in ("piratissimo", "finca"):  # (the others keep a narrower panel of their own)
            assert not a.screen.query_one("#panels-box").display


# One position per game where the player to move has more choices than the compact layout's five
# rows (so the '-short' rule shows), and whose seat's view is that player's own.
SAME_POSITION = {"piratissimo": 20, "finca": 16, "finis_terrae": 12, "terra_mystica": 14, "maracaibo": 10}


def seat_comparable(app) -> tuple[list[str], dict, dict]:
    """What a seat's screen and the hot-seat screen must share: every row but the title bar's and
    the footer's, where each named widget stands, and the styles the stylesheet gives the screen
    and each named widget (the CSS rules alone, whatever code sets besides). What a seat is meant
    to show otherwise: its title bar (the table, whose seat it is, "YOUR TURN") and its footer (no
    undo key: a move made at a table stays; in the room the undo key leaves, a key the hot seat
    had no room for)."""
    rows = screen_text(app).split("\n")
    title = app.screen.query_one("#title-bar").region  # (a compact screen may have none)
    body = [r for y, r in enumerate(rows[:-1]) if not title.height or y != title.y]
    named = [w for w in app.screen.query("*") if w.id]
    css = {w.id or "the screen": w.styles.base.css_lines for w in [app.screen, *named]}
    return body, {w.id: w.region for w in named}, css


def footer_keys(app) -> tuple[list[str], set[str]]:
    """The keys the footer names (the screen's own account of it, checked against the footer's
    row) and those it had no room for."""
    screen, row = app.screen, screen_text(app).split("\n")[-1]
    named = [(k, f"{shown} {desc}") for k, shown, desc in screen.footer_keys() if k not in screen.footer_hidden]
    assert all(label in row for _, label in named), (named, row)
    return [k for k, _ in named], set(screen.footer_hidden)


@pytest.mark.parametrize("game", list(SAME_POSITION))
async def test_a_seat_shows_what_the_hot_seat_screen_shows_at_every_size_but_its_title_and_undo(sqlite_store, game):
    """Every rule of a game screen's CSS reaches its seat's screen (built at run time from it):
    at 80×24, 100×30 and 120×40 the seat of the player to move shows the hot-seat screen's board,
    panels, choices and log, row for row, and each widget in the same place. (A seat's class had
    its own CSS scope, so rules naming the game screen, such as 'PiratissimoScreen.-narrow
    #panels-box', never matched it: at 80×24 its ring said "Make the terminal larger".)"""
    from tabletop_tui.screens.game import GameScreen
    from tests.screens.helpers import app_for, played_match

    m = played_match(game, 2, 5, moves=SAME_POSITION[game])
    assert len(m.legal_actions()) > 5 and m.forced_action() is None, "a position with a real choice"
    new = sqlite_store.create_table(m.game.id, m.seats, m.seed, m.options, list(zip(m.actors, m.actions)))
    seat = seat_app(Table(sqlite_store, new.codes[m.pending.seat]), bot_delay=0)
    hot = app_for(m)
    async with seat.run_test(size=(80, 24)) as ps, hot.run_test(size=(80, 24)) as ph:
        await settle(ps)
        while not isinstance(hot.screen, GameScreen):  # the curtain ("Pass to Anna — press Enter")
            await ph.press("enter")
        for size in ((80, 24), (100, 30), (120, 40)):
            if size != (80, 24):
                await ps.resize_terminal(*size)
                await ph.resize_terminal(*size)
            for _ in range(2):  # (the layouts a resize calls for after the next refresh)
                await ps.pause()
                await ph.pause()
            assert seat_of(seat).my_turn() and len(seat_of(seat).match.actions) == len(m.actions)
            s_body, s_regions, s_css = seat_comparable(seat)
            h_body, h_regions, h_css = seat_comparable(hot)
            assert s_css == h_css, f"{size}: the stylesheet styles the seat otherwise"
            assert s_body == h_body, f"{size}:\n" + "\n".join(s_body) + "\n--- hot seat ---\n" + "\n".join(h_body)
            assert s_regions == h_regions, f"{size}: widgets placed otherwise at the seat"
            (s_keys, _), (h_keys, h_no_room) = footer_keys(seat), footer_keys(hot)
            assert "u" in h_keys and "u" not in s_keys, (size, s_keys, h_keys)
            assert set(h_keys) - {"u"} <= set(s_keys) <= set(h_keys) | h_no_room, (size, s_keys, h_keys)
