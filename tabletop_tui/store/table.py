"""A table seen through one code: its moves replayed into a :class:`Match`, moves played
through the store with the rules' check, and export to / import from a save file."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tabletop_tui.match import Match, SaveError, Seat, options_as_played
from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.names import plain, shown
from tabletop_tui.store.base import Access, IllegalMove, Move, NewTable, Note, Store, TableInfo, Unreplayable


def match_for(info: TableInfo, moves: Sequence[Move] = ()) -> Match:
    """The table's game as a Match: its set-up, then its moves (as a save is loaded)."""
    m = Match(info.game, [Seat(s.name, s.bot, s.level) for s in info.seats], info.seed,
              options_as_played(info.game, info.options))
    _replay(m, moves, info.id)
    return m


def _replay(m: Match, moves: Sequence[Move], table_id: str) -> None:
    """Play the store's ``moves`` into ``m``. A move the rules refuse (written into the store by
    hand, or by another version) is Unreplayable: the table cannot go on past it, and saying so
    once is all a seat can do (a retry would replay the same move)."""
    for mv in moves:
        if mv.seq != len(m.actions):
            raise Unreplayable(f"Move {mv.seq + 1} of table {table_id} is out of order "
                               f"(move {len(m.actions) + 1} was expected).")
        try:
            m.play(mv.notation, forced=m.forced_action() is not None)
        except IllegalAction as e:
            raise Unreplayable(_unreplayable(table_id, mv, e.reason)) from None
        except Exception as e:  # a notation the parser chokes on is no better
            raise Unreplayable(_unreplayable(table_id, mv, type(e).__name__)) from None


def _unreplayable(table_id: str, mv: Move, reason: str) -> str:
    return plain(f"Move {mv.seq + 1} of table {table_id} (`{shown(mv.notation)}`) cannot be replayed: {reason}")


def rules_check(info: TableInfo, moves: list[Move], notation: str, seat: int | None = None,
                cache: Match | None = None) -> tuple[int, str]:
    """The store's ``check`` by the rules: replay ``moves`` (on ``cache`` if it is that far
    already) and try ``notation`` on the position. Returns (the deciding seat, the move's
    notation as the rules write it); IllegalMove with the rules' reason if refused. When the
    decision is another person's than ``seat``'s the move is not tried: the store refuses it."""
    m = cache if cache is not None and len(cache.actions) <= len(moves) else match_for(info)
    if [mv.notation for mv in moves[:len(m.actions)]] != m.actions:
        m = match_for(info)
    _replay(m, moves[len(m.actions):], info.id)
    d = m.pending
    if d is None:
        raise IllegalMove("The game is over; no more moves can be made.")
    if seat is not None and d.seat != seat and not info.seats[d.seat].bot:
        return d.seat, notation
    try:
        action = m.rules.parse(m.state, notation)
        m.rules.apply(m.state, action)  # pure: only to hear whether the rules accept it
    except IllegalAction as e:
        raise IllegalMove(plain(e.reason)) from None
    except Exception as e:  # a notation the parser chokes on is still only a refused move
        raise IllegalMove(f"'{shown(notation)}' is not a move here ({type(e).__name__}).") from None
    return d.seat, m.rules.notation(action)


NEW_CODE = "The host gave this seat a new code: the one you opened it with no longer opens it."
NEW_SPECTATOR_CODE = "The host gave the spectators a new code: the one you opened this with no longer opens it."
SEAT_TO_BOT = "The host gave this seat to a bot."
TABLE_DELETED = "The host deleted this table."


class Table:
    """One seat's (or a spectator's) view of a table: ``match`` is the game as the store has it.
    The code is kept for appends and shown nowhere (not in ``repr``)."""

    def __init__(self, store: Store, code: str, source: str = "local"):
        self.store = store
        self._code = code
        self.source = source
        self.access: Access = store.admit(code, source)
        self.info = store.table(self.access.table_id)
        self.match = match_for(self.info)
        self.notes: list[Note] = []  # what the host did to the table (tabletop table bot/code)
        self.notes_folded = 0  # how many of them are in the match's log already
        self.new_notes: list[str] = []  # folded since a screen last took them (take_new_notes)
        self.catch_up()

    def __repr__(self) -> str:
        return f"Table({self.info.id!r}, seat={self.seat!r})"

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def seat(self) -> int | None:
        return self.access.seat

    def catch_up(self, moves: Sequence[Move] | None = None) -> int:
        """Play the store's moves not yet in ``match``; returns how many."""
        before = len(self.match.actions)
        new = self.store.moves(self.id, before) if moves is None else [m for m in moves if m.seq >= before]
        if new or before == 0:
            self._host_changes()
        _replay(self.match, new, self.id)
        self._fold_notes()
        return len(self.match.actions) - before

    def _host_changes(self) -> None:
        """The host may have handed a seat to a bot (or back) since the last look: the seats as
        the store has them now, and its notes. (Looked at when moves arrive: `tabletop table bot`
        plays the bot's pending move itself, so a change is always followed by a move.)"""
        info, self.notes = self.store.table_and_notes(self.id)  # (one read: a PostgreSQL connection each)
        if info.seats != self.info.seats:
            self.info = info
            self.match.seats[:] = [Seat(s.name, s.bot, s.level) for s in info.seats]

    def _fold_notes(self) -> None:
        """Each note into the log, as a line of the move it follows (the first move's, before it,
        for a note from before any move)."""
        log = self.match.log
        for note in self.notes[self.notes_folded:]:
            if not log or note.seq > len(log):
                break
            if note.seq == 0:
                log[0] = f"{note.text}\n{log[0]}"
            else:
                log[note.seq - 1] = f"{log[note.seq - 1]}\n{note.text}"
            self.notes_folded += 1
            self.new_notes.append(note.text)

    def ended(self) -> str | None:
        """Why this seat's code no longer opens it (the host gave the seat a new code or to a
        bot, or deleted the table), or None while it does. Counts no wrong code."""
        if self.store.holds(self._code) == self.access:
            return None
        if self.id not in self.store.table_ids():
            return TABLE_DELETED
        seats = self.store.table(self.id).seats
        if self.seat is not None and seats[self.seat].bot:
            return SEAT_TO_BOT
        return NEW_CODE if self.seat is not None else NEW_SPECTATOR_CODE

    def take_new_notes(self) -> list[str]:
        notes, self.new_notes = self.new_notes, []
        return notes

    def play(self, notation: str) -> Move:
        """Append a move for this seat (or a bot's move, which any seat may send: bots choose
        the same from the same position). MovedOn if another move landed first: call
        ``catch_up`` and decide again."""
        move = self.store.append(self._code, len(self.match.actions), notation,
                                 lambda info, moves, n, seat: rules_check(info, moves, n, seat, self.match),
                                 self.source)
        self.catch_up()
        return move

    def wait(self, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for new moves; plays them; returns how many."""
        new = self.store.wait(self.id, len(self.match.actions), timeout)
        return self.catch_up(new) if new else 0

    def export(self, path: Path) -> Path:
        return export_table(self.store, self.id, path)


def new_table(store: Store, game: str, seats: Sequence[Seat], seed: int, options: dict | None = None) -> NewTable:
    """A table for a new game; the set-up is checked as a Match checks it (ValueError)."""
    m = Match(game, list(seats), seed, options)
    return store.create_table(m.game.id, m.seats, m.seed, m.options)


def import_save(store: Store, path: Path | Match) -> NewTable:
    """A save file (or a Match loaded from one) opened as a table: its set-up and its moves, with
    fresh codes (SaveError)."""
    m = path if isinstance(path, Match) else Match.load(path)
    return store.create_table(m.game.id, m.seats, m.seed, m.options, list(zip(m.actors, m.actions)))


def export_table(store: Store, table_id: str, path: Path) -> Path:
    """The table as a save file (docs/save-format.md): it opens with `tabletop --resume FILE`."""
    info = store.table(table_id)
    m = match_for(info, store.moves(table_id))
    return m.save(Path(path))


__all__ = ["Table", "new_table", "import_save", "export_table", "match_for", "rules_check", "SaveError"]
