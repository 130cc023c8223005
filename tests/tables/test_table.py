"""A table through one code: the moves replay into a Match, the rules check each move in the
append, a table exports to a save file and a save opens as a table, and `tabletop table new`."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tabletop_tui.cli import _rewrite, app
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.store.base import IllegalMove, MovedOn, NotYourTurn
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, export_table, import_save, new_table
from tabletop_tui.store.codes import code_hash

runner = CliRunner()


def first_legal(m: Match) -> str:
    return m.rules.notation(m.legal_actions()[0])


def play_some(tables: dict[int, Table], n: int) -> None:
    """n moves, each sent by the seat whose turn it is (a bot's by the first person's code)."""
    any_table = next(iter(tables.values()))
    for _ in range(n):
        any_table.catch_up()
        seat = any_table.match.pending.seat
        sender = tables.get(seat, any_table)
        sender.catch_up()
        sender.play(first_legal(sender.match))


def persons_turn(tables: dict[int, Table]) -> int:
    """Play the bot's moves (from the first person's code) until a person decides; that seat."""
    t = tables[0]
    while t.match.pending.seat not in tables:
        t.play(first_legal(t.match))
    for other in tables.values():
        other.catch_up()
    return t.match.pending.seat


@pytest.fixture
def game(store):
    new = new_table(store, "maracaibo", [Seat("Ann"), Seat("Ben"), Seat("Cleo", True, "random")], 11)
    return new, {s: Table(store, c) for s, c in new.codes.items()}


def test_a_table_replays_its_moves_into_the_same_position_as_a_match(store, game):
    new, tables = game
    play_some(tables, 12)
    fresh = Table(store, new.spectator)
    ref = Match("maracaibo", [Seat("Ann"), Seat("Ben"), Seat("Cleo", True, "random")], 11)
    for a in fresh.match.actions:
        ref.play(a, forced=ref.forced_action() is not None)
    assert len(fresh.match.actions) == 12
    assert fresh.match.rules.state_hash(fresh.match.state) == ref.rules.state_hash(ref.state)
    assert fresh.seat is None and tables[0].seat == 0


def test_the_rules_refuse_an_illegal_move_in_the_append(store, game):
    new, tables = game
    seat = persons_turn(tables)
    before = len(store.moves(new.table_id))
    m = tables[seat].match
    with pytest.raises(IllegalAction) as rules_say:
        m.rules.parse(m.state, "no such move at all")
    with pytest.raises(IllegalMove) as e:
        tables[seat].play("no such move at all")
    assert str(e.value) == rules_say.value.reason  # the rules' own words
    assert len(store.moves(new.table_id)) == before


def test_a_seat_cannot_play_when_the_decision_is_another_persons(store, game):
    new, tables = game
    seat = persons_turn(tables)
    m = tables[seat].match
    names = ["Ann", "Ben"]
    for move in (first_legal(m), "no such move at all"):  # whose turn it is comes first
        with pytest.raises(NotYourTurn, match=f"It is {names[seat]}'s turn to decide, not {names[1 - seat]}'s"):
            tables[1 - seat].play(move)
    assert len(store.moves(new.table_id)) == len(m.actions)


def test_a_seat_that_fell_behind_is_told_the_table_moved_on_and_catches_up(store, game):
    new, tables = game
    seat = persons_turn(tables)
    mover = tables[seat]
    stale = Table(store, new.codes[seat])
    mover.play(first_legal(mover.match))
    with pytest.raises(MovedOn, match="moved on"):
        stale.play(first_legal(mover.match))
    assert stale.catch_up() == 1 and stale.match.actions == mover.match.actions


def test_another_seat_sees_a_move_by_waiting(store, game):
    new, tables = game
    seat = persons_turn(tables)
    watcher = Table(store, new.spectator)
    tables[seat].play(first_legal(tables[seat].match))
    assert watcher.wait(timeout=5) == 1
    assert watcher.match.actions == tables[seat].match.actions and watcher.match.actions


def test_no_code_is_shown_by_a_table_or_a_new_table(store, game):
    new, tables = game
    shown = repr(new) + repr(tables[0]) + repr(store)
    for code in [*new.codes.values(), new.spectator]:
        assert code not in shown and code_hash(code) not in shown


def test_a_table_exports_to_a_save_and_the_save_opens_as_a_table_again(store, game, tmp_path):
    new, tables = game
    play_some(tables, 9)
    path = export_table(store, new.table_id, tmp_path / "t.json")
    saved = Match.load(path)
    assert saved.actions == tables[0].match.actions and saved.names == ["Ann", "Ben", "Cleo"]
    assert [s.bot for s in saved.seats] == [False, False, True] and saved.seed == 11
    again = import_save(store, path)
    assert again.table_id != new.table_id and sorted(again.codes) == [0, 1]
    assert set(again.codes.values()).isdisjoint(new.codes.values())
    moves = store.moves(again.table_id)
    assert [m.notation for m in moves] == saved.actions and [m.seat for m in moves] == saved.actors
    t = Table(store, again.codes[0])
    assert t.match.rules.state_hash(t.match.state) == saved.rules.state_hash(saved.state)
    assert Match.load(export_table(store, again.table_id, tmp_path / "u.json")).actions == saved.actions


def run(*args):
    return runner.invoke(app, list(_rewrite(list(args))))


def test_table_new_prints_one_code_per_person_and_a_spectator_code_as_json(tmp_path):
    url = str(tmp_path / "t.sqlite3")
    r = run("table", "new", "maracaibo", "--players", "2", "--store", url, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert [(s["seat"], s["name"]) for s in out["seats"]] == [(1, "Anna"), (2, "Bruno")]
    store = open_store(url, delay=0)
    assert [store.admit(s["code"]).seat for s in out["seats"]] == [0, 1]
    assert store.admit(out["spectator"]).spectator
    assert store.table(out["table"]).game == "maracaibo"


def test_table_new_prints_a_line_per_seat_with_names_bots_and_options(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    r = run("table", "new", "maracaibo", "--players", "3", "--names", "Ann,Ben,Cleo", "--bot", "3:hard",
            "--seed", "5")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("table ")
    assert lines[1].startswith("seat 1 Ann ") and lines[2].startswith("seat 2 Ben ")
    assert lines[3].split() == ["seat", "3", "Cleo", "(bot,", "hard)"]
    assert lines[4].startswith("spectator ")
    store = open_store(None, delay=0)  # the default store: the user data folder
    info = store.table(lines[0].split()[1])
    assert info.seed == 5 and [s.bot for s in info.seats] == [False, False, True]
    assert store.admit(lines[1].split()[-1]).seat == 0


@pytest.mark.parametrize("args, words", [
    (["nosuchgame"], "nosuchgame"),
    (["maracaibo", "--players", "9"], "players"),
    (["maracaibo", "--bot", "1,2"], "at least one seat for a person"),
    (["maracaibo", "--store", "ftp://x/y"], "not a ftp:// address"),
])
def test_table_new_refuses_bad_input_with_a_reason(args, words, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "data"))
    r = run("table", "new", *args)
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


def test_table_export_and_import_on_the_command_line(tmp_path):
    url = str(tmp_path / "t.sqlite3")
    out = json.loads(run("table", "new", "maracaibo", "--store", url, "--json", "--seed", "3").stdout)
    r = run("table", "export", out["table"], str(tmp_path / "s.json"), "--store", url)
    assert r.exit_code == 0 and "saved to" in r.stdout
    r = run("table", "import", str(tmp_path / "s.json"), "--store", url, "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.stdout)["seats"]) == 2
    bad = run("table", "import", str(tmp_path / "none.json"), "--store", url)
    assert bad.exit_code == 2 and "no such save file" in bad.output
    missing = run("table", "export", "nosuchtable", str(tmp_path / "x.json"), "--store", url)
    assert missing.exit_code == 2 and "no table 'nosuchtable'" in missing.output
