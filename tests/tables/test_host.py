"""The host's tools (issue 35, item 9), on SQLite and PostgreSQL: `tabletop table list` (id, game,
seats and names, whose turn, moves, the last move's time), `show` (that and the scores), `code`
(a new code; the old one stops working), `bot` (a departed player's seat played by a bot from now
on, said in the table's log), `delete` (asks, unless --yes); each with --json, each refusing a bad
id with one line and exit 2."""
from __future__ import annotations

import json
from datetime import datetime

import pytest
from typer.testing import CliRunner

from tabletop_tui.app import seat_app
from tabletop_tui.cli import app as cli
from tabletop_tui.match import Seat
from tabletop_tui.store.base import CodeRefused
from tabletop_tui.store.table import Table, new_table

from .test_seat import seat_of, settle
from tests.screens.helpers import notices

runner = CliRunner()


def table_cmd(store_url, *args, input=None):
    return runner.invoke(cli, ["table", *args, "--store", store_url], input=input)


def as_json(store_url, *args):
    r = table_cmd(store_url, *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def play_some(store, code_of, moves: int) -> Table:
    """Make ``moves`` moves, each by the seat whose turn it is (the first legal choice)."""
    tables = {}
    for _ in range(moves):
        any_table = next(iter(tables.values()), None) or Table(store, next(iter(code_of.values())))
        any_table.catch_up()
        seat = any_table.match.pending.seat
        t = tables.setdefault(seat, Table(store, code_of[seat]))
        t.catch_up()
        t.play(t.match.rules.notation(t.match.legal_actions()[0]))
    return t


@pytest.fixture
def made(store, store_url):
    """Two tables: Finca (Ann, Ben) with three moves; Piratissimo (Ann, Ben, Cleo the bot), none."""
    finca = new_table(store, "finca", [Seat("Ann"), Seat("Ben")], 7)
    last = play_some(store, finca.codes, 3)
    pirat = new_table(store, "piratissimo", [Seat("Ann"), Seat("Ben"), Seat("Cleo", True, "hard")], 3)
    return finca, pirat, last


def test_the_list_says_each_tables_game_seats_turn_moves_and_last_move(store, store_url, made):
    finca, pirat, last = made
    got = as_json(store_url, "list")["tables"]
    assert [t["table"] for t in got] == [pirat.table_id, finca.table_id]  # the newest first
    f = got[1]
    assert f["game"] == "finca" and f["moves"] == 3
    assert [(s["seat"], s["name"], s["bot"]) for s in f["seats"]] == [(1, "Ann", False), (2, "Ben", False)]
    turn = last.match.pending.seat
    assert f["turn"] == {"seat": turn + 1, "name": ["Ann", "Ben"][turn]}
    assert abs(datetime.fromisoformat(f["last_move_at"]).timestamp() - datetime.now().timestamp()) < 600
    assert got[0]["moves"] == 0 and got[0]["last_move_at"] is None
    assert got[0]["seats"][2] == {"seat": 3, "name": "Cleo", "bot": True, "level": "hard"}
    text = table_cmd(store_url, "list").output
    row = next(line for line in text.splitlines() if line.startswith(finca.table_id))
    assert "finca" in row and " 3 " in row and ["Ann", "Ben"][turn] in row and "Ann, Ben" in row
    assert "Cleo (bot, hard)" in text


def test_show_adds_the_scores(store, store_url, made):
    finca, _, last = made
    got = as_json(store_url, "show", finca.table_id)
    points = last.match.rules.vp(last.match.state)
    assert [s["points"] for s in got["seats"]] == [points[0], points[1]]
    assert got["moves"] == 3 and got["turn"]["seat"] == last.match.pending.seat + 1
    text = table_cmd(store_url, "show", finca.table_id).output
    assert f"seat 1 Ann" in text and "points" in text and "to play" in text


def test_a_new_code_opens_the_seat_and_the_old_one_stops_working(store, store_url, made):
    finca, _, _ = made
    got = as_json(store_url, "code", finca.table_id, "2")
    assert got["seat"] == 2 and got["name"] == "Ben"
    assert Table(store, got["code"]).seat == 1
    with pytest.raises(CodeRefused):
        Table(store, finca.codes[1])
    assert Table(store, finca.codes[0]).seat == 0  # the other seat's code is untouched
    r = table_cmd(store_url, "code", finca.table_id, "ann")  # by name too
    code = r.stdout.split()[-1]
    assert r.exit_code == 0 and r.stdout.startswith("seat 1 Ann") and Table(store, code).seat == 0
    spectator = as_json(store_url, "code", finca.table_id, "spectator")["code"]
    assert Table(store, spectator).seat is None
    with pytest.raises(CodeRefused):
        Table(store, finca.spectator)


def test_a_departed_players_seat_is_played_by_a_bot_from_now_on_and_the_log_says_so(store, store_url, made):
    finca, _, _ = made
    ann = Table(store, finca.codes[0])
    ben_was_to_play = ann.match.pending.seat == 1
    got = as_json(store_url, "bot", finca.table_id, "2", "--level", "random")
    assert got["seat"] == 2 and got["level"] == "random"
    with pytest.raises(CodeRefused):  # Ben's code opens nothing now
        Table(store, finca.codes[1])
    info = store.table(finca.table_id)
    assert info.seats[1] == Seat("Ben", True, "random")
    if ben_was_to_play:  # the bot's pending moves are made at once
        assert got["moves_made"] >= 1
    ann = Table(store, finca.codes[0])  # Ann's process sees Ben as a bot, and reads it in the log
    while ann.match.pending is not None and ann.match.pending.seat == 1:
        ann.play(ann.match.rules.notation(ann.match.bot_action()))  # (a seat plays a bot's move)
    assert ann.match.seats[1].bot
    said = "Ben's seat is played by a bot (random) from now on."
    assert any(said in line for line in ann.match.log)
    assert said in table_cmd(store_url, "show", finca.table_id).output
    assert as_json(store_url, "show", finca.table_id)["log"] == [{"after_move": 3, "text": said}]


def test_the_last_persons_seat_is_not_handed_to_a_bot(store_url, made):
    finca, _, _ = made
    assert table_cmd(store_url, "bot", finca.table_id, "1").exit_code == 0
    r = table_cmd(store_url, "bot", finca.table_id, "2")
    assert r.exit_code == 2 and "last one a person plays" in r.output and r.output.count("\n") == 1


def test_delete_asks_first_unless_yes(store, store_url, made):
    finca, pirat, _ = made
    r = table_cmd(store_url, "delete", finca.table_id, input="n\n")
    assert r.exit_code == 1 and "Delete table" in r.output and "nothing deleted" in r.output
    assert finca.table_id in store.table_ids()
    r = table_cmd(store_url, "delete", finca.table_id, input="")  # no answer: nothing deleted
    assert r.exit_code == 1 and finca.table_id in store.table_ids()
    r = table_cmd(store_url, "delete", finca.table_id, input="y\n")
    assert r.exit_code == 0 and store.table_ids() == [pirat.table_id]
    with pytest.raises(CodeRefused):
        Table(store, finca.codes[0])
    assert as_json(store_url, "delete", pirat.table_id, "--yes") == {"deleted": pirat.table_id}
    assert as_json(store_url, "list") == {"tables": []}


@pytest.mark.parametrize("args", [["show", "TABLE"], ["code", "TABLE", "1"], ["bot", "TABLE", "1"],
                                  ["delete", "TABLE", "--yes"], ["export", "TABLE", "out.json"]])
@pytest.mark.parametrize("bad", ["0000deadbeef", "nonsense; DROP TABLE tables"])
def test_a_bad_table_id_is_refused_with_one_line_and_exit_2(store, store_url, made, args, bad, tmp_path):
    r = table_cmd(store_url, *[bad if a == "TABLE" else a for a in args])
    assert r.exit_code == 2
    assert r.output.count("\n") == 1 and r.output.startswith("tabletop: There is no table")
    assert len(store.table_ids()) == 2


@pytest.mark.parametrize("seat", ["0", "3", "Zed", "1x"])
def test_a_bad_seat_is_refused_with_one_line_and_exit_2(store_url, made, seat):
    finca, _, _ = made
    for cmd in ("code", "bot"):
        r = table_cmd(store_url, cmd, finca.table_id, seat)
        assert r.exit_code == 2 and r.output.count("\n") == 1 and "seat" in r.output.lower(), r.output


def test_a_bad_level_is_refused(store_url, made):
    finca, _, _ = made
    r = table_cmd(store_url, "bot", finca.table_id, "1", "--level", "godlike")
    assert r.exit_code == 2 and "random, easy, medium, hard" in r.output


async def test_an_open_seat_hears_that_a_seat_went_to_a_bot_and_the_bot_plays_it(store, store_url):
    """Ann's seat is open; the host hands Ben's seat to a bot: Ann's screen says so and the bot
    moves for Ben from then on (the host's command makes its pending move)."""
    new = new_table(store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    a = seat_app(Table(store, new.codes[0]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        ann = seat_of(a)
        while ann.my_turn():  # (a turn may take several decisions)
            ann.play(ann.actions[0])
            await settle(pa)
        assert ann.match.pending.seat == 1, "Ben's turn"
        assert table_cmd(store_url, "bot", new.table_id, "Ben", "--level", "random").exit_code == 0
        await settle(pa, until=lambda: ann.my_turn(), timeout=10)
        assert ann.match.seats[1].bot and ann.my_turn()
        assert any("Ben's seat is played by a bot" in n.message for n in notices(a))
        moves = store.moves(new.table_id)
        assert moves[-1].seat == 1 and ann.match.actions == [m.notation for m in moves]


async def test_a_seat_open_with_a_replaced_code_says_so_at_its_next_move(store, store_url):
    """The host gave Ann's seat a new code while the old one is open somewhere, and a move is
    made before the seat looked (it looks every second): that move is not made, and the seat says
    why (and stops: a seat it no longer holds)."""
    new = new_table(store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    first = Table(store, new.spectator).match.pending.seat
    a = seat_app(Table(store, new.codes[first]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        assert screen.my_turn()
        screen.stop_watching()  # (the move comes before the seat's own look)
        assert table_cmd(store_url, "code", new.table_id, str(first + 1)).exit_code == 0
        screen.play(screen.actions[0])
        await settle(pa)
        assert store.moves(new.table_id) == []
        assert screen.halted and "no longer opens this seat" in screen.halted
        assert sum("no longer opens this seat" in n.message for n in notices(a)) == 1


async def test_a_seat_open_at_a_deleted_table_says_so_at_its_next_move(store, store_url):
    new = new_table(store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    first = Table(store, new.spectator).match.pending.seat
    a = seat_app(Table(store, new.codes[first]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        screen = seat_of(a)
        screen.stop_watching()  # (the move comes before the seat's own look)
        assert table_cmd(store_url, "delete", new.table_id, "--yes").exit_code == 0
        screen.play(screen.actions[0])
        await settle(pa)
        assert screen.halted and "deleted the table" in screen.halted
        assert store.table_ids() == []


@pytest.mark.parametrize("host_does, why", [
    (("code", "{seat}"), "The host gave this seat a new code"),
    (("bot", "{seat}", "--level", "random"), "The host gave this seat to a bot"),
    (("delete", "--yes"), "The host deleted this table"),
])
async def test_a_seat_whose_code_the_host_ended_closes_at_once_and_shows_nothing_more(
        store, store_url, host_does, why):
    """Issue 44, item 5: "A new code ends the old one now: the open seat behind it closes within
    2 s with 'The host gave this seat a new code', and shows nothing more; the same when the host
    hands the seat to a bot or deletes the table." Ben waits (it is Ann's turn): no move of his
    reveals it; his seat looks by itself, shows the reason alone (not his hand, money or log) and
    its app ends."""
    from tabletop_tui.screens.seat_ended import SeatEnded

    new = new_table(store, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
    first = Table(store, new.spectator).match.pending.seat
    waiting = 1 - first
    a = seat_app(Table(store, new.codes[waiting]), bot_delay=0)
    async with a.run_test(size=(120, 40)) as pa:
        await settle(pa)
        assert not seat_of(a).my_turn()
        args = [w.format(seat=waiting + 1) for w in host_does]
        assert table_cmd(store_url, host_does[0], new.table_id, *args[1:]).exit_code == 0
        await settle(pa, until=lambda: isinstance(a.screen, SeatEnded) or a.return_code is not None,
                     timeout=10)
        assert isinstance(a.screen, SeatEnded) or a.return_code is not None, "the seat stayed open"
        if isinstance(a.screen, SeatEnded):
            shown = str(a.screen.query_one("#why").render())
            assert why in shown and "Ann" not in shown and "Ben" not in shown
            await settle(pa, until=lambda: a.return_code is not None, timeout=10)
    assert a.return_code == 3
    if host_does[0] == "code":
        assert store.moves(new.table_id) == []  # (a bot's seat plays at once; a deleted table has none)
