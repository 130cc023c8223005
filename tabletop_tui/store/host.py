"""The host's tools for running a table (`tabletop table list|show|code|bot|delete`, issue 35):
where each table stands, a new code for a seat whose player lost theirs, a departed player's seat
handed to a bot (said in the table's log, and its pending moves played at once, so that the
open seats see the change with the next move), and deleting a table. Whoever can open the store
is the host: these need no code."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.names import plain, quoted
from tabletop_tui.store.base import MovedOn, Note, Store, StoreError, TableInfo, _Tx
from tabletop_tui.store.codes import code_hash, new_code
from tabletop_tui.store.table import _replay, match_for, rules_check


@dataclass
class Standing:
    """Where a table stands: its set-up, its moves, and its game replayed (None with ``problem``
    when a move cannot be replayed)."""

    info: TableInfo
    moves: int
    last_move_at: float | None
    match: Match | None
    problem: str = ""
    notes: list[Note] = field(default_factory=list)

    @property
    def turn(self) -> int | None:
        """The seat whose decision is pending (None: the game is over, or cannot be replayed)."""
        d = self.match.pending if self.match is not None else None
        return None if d is None else d.seat

    def scores(self) -> dict[int, int]:
        return dict(self.match.rules.vp(self.match.state)) if self.match is not None else {}


def standing(store: Store, table_id: str) -> Standing:
    info = store.table(table_id)  # StoreError for an unknown id
    moves = store.moves(table_id)
    with store._read() as tx:
        last = tx.one("SELECT MAX(at) FROM moves WHERE table_id = ?", (table_id,))[0]
    try:
        m, problem = match_for(info, moves), ""
    except StoreError as e:  # a move the rules refuse: the table is listed, with why it stopped
        m, problem = None, str(e)
    except Exception as e:  # a set-up no game takes (a store written by hand): the same
        m, problem = None, plain(f"the table's set-up cannot be played ({e})")
    return Standing(info, len(moves), None if last is None else float(last), m, problem, store.notes(table_id))


def seat_of(info: TableInfo, seat: str) -> int:
    """A seat as the host names it: its number from 1, or its player's name."""
    names = [s.name for s in info.seats]
    if seat.strip().isdigit():
        n = int(seat)
        if 1 <= n <= len(names):
            return n - 1
        raise StoreError(f"Table {info.id} has seats 1 to {len(names)}, not {n}.")
    named = [i for i, name in enumerate(names) if name.casefold() == seat.strip().casefold()]
    if len(named) == 1:
        return named[0]
    if named:  # (a store written by hand: names are unique when made)
        raise StoreError(f"Table {info.id} has {len(named)} seats named {quoted(seat)} "
                         f"(seats {', '.join(str(i + 1) for i in named)}): give the seat's number.")
    raise StoreError(f"Table {info.id} has no seat {quoted(seat)}: its seats are {', '.join(names)} (or 1 to {len(names)}).")


def _note(store: Store, tx: _Tx, table_id: str, text: str) -> None:
    seq = tx.one("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))[0]
    tx.run("INSERT INTO notes (table_id, seq, text, at) VALUES (?, ?, ?, ?)", (table_id, int(seq), text, time.time()))


def _set_seats(tx: _Tx, table_id: str, seats: list[Seat]) -> None:
    tx.run("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps([s.to_json() for s in seats]), table_id))


def new_seat_code(store: Store, table_id: str, seat: int | None) -> str:
    """A new code for ``seat`` (None: the spectators'); the old one stops opening it. A bot's seat
    given a code is a person's again from now on (said in the log)."""
    code = new_code()
    with store._write() as tx:
        info = store._info(tx, table_id, lock=True)
        if seat is None:
            tx.run("DELETE FROM codes WHERE table_id = ? AND seat IS NULL", (table_id,))
        else:
            tx.run("DELETE FROM codes WHERE table_id = ? AND seat = ?", (table_id, seat))
            if info.seats[seat].bot:
                seats = list(info.seats)
                seats[seat] = Seat(seats[seat].name)
                _set_seats(tx, table_id, seats)
                _note(store, tx, table_id, f"{seats[seat].name}'s seat is played by a person again.")
        tx.run("INSERT INTO codes (hash, table_id, seat) VALUES (?, ?, ?)", (code_hash(code), table_id, seat))
    return code


def hand_to_bot(store: Store, table_id: str, seat: int, level: str) -> int:
    """``seat`` played by a bot at ``level`` from now on: its code stops opening it, the log says
    so, and the bot's pending decisions are played now (the open seats see the change with that
    move). Returns the number of moves the bots made. The last person's seat is refused."""
    with store._write() as tx:
        info = store._info(tx, table_id, lock=True)
        seats = list(info.seats)
        if all(s.bot for i, s in enumerate(seats) if i != seat):
            raise StoreError(f"Seat {seat + 1} is the last one a person plays at table {table_id}: a table "
                             f"of bots alone plays nobody's game (`tabletop table delete` ends it).")
        seats[seat] = Seat(seats[seat].name, True, level)
        _set_seats(tx, table_id, seats)
        tx.run("DELETE FROM codes WHERE table_id = ? AND seat = ?", (table_id, seat))
        _note(store, tx, table_id, f"{seats[seat].name}'s seat is played by a bot ({level}) from now on.")
    return play_bots(store, table_id)


def play_bots(store: Store, table_id: str) -> int:
    """Play the bots' pending decisions until a person's (or the end); the same moves every open
    seat computes (seeded by the game's seed and the move number): if one lands first, fine."""
    info = store.table(table_id)
    m = match_for(info, store.moves(table_id))
    made = 0
    while m.bot_to_play():
        notation = m.rules.notation(m.bot_action())
        try:
            store.append_bot(table_id, len(m.actions), notation,
                             lambda i, moves, n, seat: rules_check(i, moves, n, seat, m))
            made += 1
        except MovedOn:  # an open seat sent it first
            pass
        _replay(m, store.moves(table_id, len(m.actions)), table_id)
    return made


def delete_table(store: Store, table_id: str) -> None:
    """The table, its moves, codes and notes, gone for good."""
    with store._write() as tx:
        store._info(tx, table_id, lock=True)  # StoreError for an unknown id
        for sql in ("DELETE FROM notes WHERE table_id = ?", "DELETE FROM codes WHERE table_id = ?",
                    "DELETE FROM moves WHERE table_id = ?", "DELETE FROM tables WHERE id = ?"):
            tx.run(sql, (table_id,))
        store._notify(tx, table_id)  # (a seat still open hears of it at its next look)


__all__ = ["Standing", "standing", "seat_of", "new_seat_code", "hand_to_bot", "play_bots", "delete_table"]
