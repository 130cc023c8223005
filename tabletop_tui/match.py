"""A game in progress: seats, the action log, undo, autosave, save/load and replay.

A save file IS the set-up plus the action log (see docs/save-format.md). Loading replays every
action through the rules and checks the final state's hash; anything wrong is refused with a
message naming the problem (and the file line of a bad action), and nothing is written.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop_tui import bots, catalogue
from tabletop_tui.bots import bot_action_for  # noqa: F401 (the screens' and tests' name for it)
from tabletop_tui.rules.core import Change, Entry, IllegalAction, resolve_options, saved_options
from tabletop_tui.rules.names import names_problem

FORMAT = "tabletop-tui/save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded; the message says why, for a player."""


@dataclass
class Seat:
    """A player: a name, human or bot, and the bot's level (``bots.LEVELS``; ignored for humans)."""

    name: str
    bot: bool = False
    level: str = bots.DEFAULT_LEVEL
    #: a seat a person resigned: how many moves the game had when the bot took over (the seat's
    #: moves before that were the person's decisions); None for a seat that kept its kind
    human_until: int | None = None

    def to_json(self) -> dict:
        d: dict = {"name": self.name, "kind": "bot" if self.bot else "human"}
        if self.bot:
            d["level"] = self.level
            if self.human_until is not None:
                d["human_until"] = self.human_until
        return d

    def by_person(self, move: int) -> bool:
        """Whether this seat's decision at move number ``move`` (0 = the first) was a person's."""
        return not self.bot or (self.human_until is not None and move < self.human_until)


def data_dir() -> Path:
    env = os.environ.get("TABLETOP_TUI_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop-tui", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def atomic_write(path: Path, text: str) -> None:
    """Write via a temp file in the same folder and os.replace, so a kill never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Match:
    """Seats + rules + the log. ``states[i]`` is the position after ``i`` actions."""

    def __init__(self, game_id: str, seats: list[Seat], seed: int, options: dict | None = None,
                 path: Path | None = None):
        self.game = catalogue.get(game_id)
        rules = self.game.rules()
        if rules is None:
            raise ValueError(f"{self.game.title} has no rules engine yet")
        self.rules = rules
        n = len(seats)
        if not rules.min_players <= n <= rules.max_players:
            raise ValueError(f"{self.game.title} is for {rules.min_players}–{rules.max_players} players, not {n}")
        problem = names_problem([s.name for s in seats], "Seat")  # (issue 44: a save's names too)
        if problem:
            raise ValueError(problem)
        self.seats = seats
        self.seed = int(seed)
        self.options = resolve_options(rules.options, options)
        self.path = path
        self.curtain: bool | None = None  # None = the game's default (on where it hides things)
        self.actions: list[str] = []
        self.actors: list[int] = []
        self.barriers: list[bool] = []
        self.forced: list[bool] = []  # played for a human because it was no real choice
        self.log: list[str] = []
        # what each action changed of each seat's counters, and why (rules.changes): the one
        # record the log, the curtain, the seat sheets and the game-over breakdown all read
        self.ledger: list[list[Change]] = []
        # each action's entries (issue 32): the decision's, then one per automatic step it set off
        # (income, a round's end…) with no actor; log[i] is their text, ledger[i] all their changes
        self.entries: list[list[Entry]] = []
        self.states: list[Any] = [rules.setup([s.name for s in seats], self.seed, self.options)]
        self.vp_history: list[dict[int, int]] = [dict(rules.vp(self.states[0]))]
        # When the game last changed by a move or an undo, local time: the Continue list
        # orders by it. Set when a changed game is saved; a save with nothing new is not rewritten.
        self.last_move_at = ""
        self._saved_body: str | None = None
        self._saved_actions: tuple[str, ...] | None = None

    # -- the position ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def pending(self):
        return self.rules.pending(self.state)

    @property
    def over(self) -> bool:
        return self.pending is None

    def result(self):
        return self.rules.result(self.state)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def legal_actions(self) -> list:
        return self.rules.legal_actions(self.state)

    def bot_to_play(self) -> bool:
        d = self.pending
        return d is not None and self.seats[d.seat].bot

    # -- acting ----------------------------------------------------------------------------
    def play(self, action: Any, forced: bool = False) -> str:
        """Apply an action (object or notation). Raises IllegalAction, leaving all unchanged."""
        before = self.state
        d = self.rules.pending(before)
        if d is None:
            raise IllegalAction("The game is over; no more moves can be made.")
        if isinstance(action, str):
            action = self.rules.parse(before, action)
        after = self.rules.apply(before, action)
        # told where they land (issue 45): this action's entries only, no earlier one rewritten
        entries = self.rules.entries(before, action, after, self.rules.log_line(before, action, after))
        changes = [c for e in entries for c in e.changes]
        line = self._text(entries)
        self.states.append(after)
        self.actions.append(self.rules.notation(action))
        self.actors.append(d.seat)
        self.barriers.append(bool(self.rules.is_barrier(before, action, after)))
        self.forced.append(forced)
        self.log.append(line)
        self.ledger.append(changes)
        self.entries.append(entries)
        self.vp_history.append(dict(self.rules.vp(after)))
        return line

    def _text(self, entries: list[Entry]) -> str:
        return "\n".join(t for t in (e.text(self.names) for e in entries) if t)

    def forced_action(self) -> Any | None:
        """The pending human's only answer when it is no real choice (the rules say which, e.g. a
        forced "leave the hold empty"); None otherwise. A die roll is never forced: it stays the
        player's key press."""
        d = self.pending
        if d is None or self.seats[d.seat].bot:
            return None
        is_forced = getattr(self.rules, "forced", None)
        if is_forced is None:
            return None
        actions = self.legal_actions()
        if len(actions) == 1 and is_forced(self.state, actions[0]):
            after = self.rules.apply(self.state, actions[0])
            if not self.rules.is_barrier(self.state, actions[0], after):  # chance: the player's key
                return actions[0]
        return None

    def play_forced(self) -> list[str]:
        """Play every forced answer now pending; returns their log lines."""
        lines = []
        while (a := self.forced_action()) is not None:
            lines.append(self.play(a, forced=True))
        return lines

    def since_last_decision(self, seat: int) -> int:
        """Index into ``log`` of the first line after ``seat``'s last decision (0: from the start)."""
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == seat and not self.forced[i]:
                return i + 1
        return 0

    def bot_request(self, level: str | None = None) -> tuple | None:
        """Everything a bot needs for the pending decision, taken on the main thread:
        ``(rules, view, seat, level, seed)``, or None if the game is over. ``level`` overrides
        the seat's own (a suggestion for a human asks for "medium"); a human seat's default is
        the default bot level. Pass it to :func:`bot_action_for` (pure, safe in a worker thread)."""
        d = self.pending
        if d is None:
            return None
        seat = self.seats[d.seat]
        level = level or (seat.level if seat.bot else bots.DEFAULT_LEVEL)
        return (self.rules, self.rules.view(self.state, d.seat), d.seat, level,
                self.seed * 1_000_003 + len(self.actions))

    def bot_action(self) -> Any:
        """The bot's choice for the pending decision, at its seat's level; seeded by the game
        seed and the move number, so a resumed game makes the same bot choices."""
        return self.bot_job()()

    def bot_job(self, level: str | None = None, thinker: Any = None):
        """A call that computes the pending seat's bot choice from a snapshot of the position
        (its view), touching nothing of the match: the screen runs it in a worker thread.
        ``level`` overrides the seat's own (a suggestion for a human asks for "medium"). With a
        ``thinker`` (bots/thinker.py) a searching level thinks in its process; the call then
        takes ``cancelled``, a test that stops the thinking when it turns true."""
        req = self.bot_request(level)

        def job(cancelled: Any = None) -> Any:
            if req is None:
                raise ValueError("the game is over; a bot has nothing to choose")
            if thinker is not None and req[3] in thinker.LEVELS:
                return thinker.think(req, cancelled)
            return bot_action_for(*req)

        return job

    # -- the ledger ------------------------------------------------------------------------
    def rows(self) -> list[tuple[int, Entry]]:
        """The log's entries in order, each with the number of the action (1-based) that made
        it: a decision's entry has its actor, an automatic step's none."""
        return [(i + 1, e) for i, es in enumerate(self.entries) for e in es]

    def running(self, keys: dict[int, list[str]]) -> list[tuple[int, Entry, dict[tuple[int, str], int]]]:
        """(move, entry, {(seat, key): value after the entry}) for every entry of the log, for the
        counters ``keys`` names per seat: those at the start plus every entry's changes so far.
        The one record the ledger table and a round's summary read (issue 45): a change is on the
        entry of the action that made it, so after each action's last entry this is the state."""
        vals = {(s, k): self.rules.counters(self.states[0], s).get(k, 0) for s, ks in keys.items() for k in ks}
        out = []
        for i, es in enumerate(self.entries):
            for e in es:
                for c in e.changes:
                    if (c.seat, c.what) in vals:
                        vals[c.seat, c.what] += c.amount
                out.append((i + 1, e, dict(vals)))
        return out

    def points_by_source(self, seat: int, grouped: bool = False) -> dict[str, int]:
        """The seat's points so far, by the rules' reasons (from the ledger; "" = the actions
        themselves), largest first; with the points it started with, they add up to its points.
        ``grouped``: reasons put together by what comes before a colon ("round tile: 2 per
        dwelling" and "round tile: 3 per temple" are both "round tile")."""
        key = self.rules.points_key
        out: dict[str, int] = {}
        for changes in self.ledger:
            for c in changes:
                if c.seat == seat and c.what == key:
                    src = c.source.split(":")[0].strip() if grouped else c.source
                    out[src] = out.get(src, 0) + c.amount
        start = self.rules.counters(self.states[0], seat).get(key, 0)
        if start:
            out = {"start": start, **out}
        return {k: v for k, v in sorted(out.items(), key=lambda kv: -kv[1]) if v}

    # -- undo ------------------------------------------------------------------------------
    def undo_steps(self, seat: int | None = None) -> tuple[int, str, int | None]:
        """How many actions undo would take back: the last decision of a person and the forced
        answers after it (with what the rules did by themselves after them: a round's end,
        income). Never past a barrier: a chance outcome or a revealed card, or a decision of
        another seat — a bot's move too: once the player has seen another seat's answer, their
        own decision stands ("until the next player decides"). Returns (steps, reason if none,
        the seat whose decision it takes back). ``seat`` only names who asked, for the messages."""
        names = self.names
        asker = names[seat] if seat is not None else "anyone"
        n = 0
        for i in range(len(self.actions) - 1, -1, -1):
            actor = self.actors[i]
            bot_moved = (f"Can't undo: {names[actor]} has moved since; what another player did "
                         "is never taken back.")
            if self.barriers[i]:  # (a bot's move that revealed something: said as the bot's move)
                if not self.forced[i] and self.seats[actor].bot:
                    return 0, bot_moved, None
                return 0, "Can't undo: something random was revealed since the last decision.", None
            n += 1
            if self.forced[i]:
                continue  # no choice was made: it goes with the decision before it
            if self.seats[actor].bot:
                return 0, bot_moved, None
            return n, "", actor
        return 0, f"Nothing to undo yet for {asker}." if seat is not None else "Nothing to undo yet.", None

    def undo(self, seat: int | None = None) -> str:
        """Take back the last decision of a person (and the forced answers after it). Returns a
        message. It may be taken back until another player (person or bot) decides or chance is
        revealed."""
        steps, why, actor = self.undo_steps(seat)
        if steps == 0:
            return why
        for _ in range(steps):
            self.states.pop()
            self.actions.pop()
            self.actors.pop()
            self.barriers.pop()
            self.forced.pop()
            self.log.pop()
            self.ledger.pop()
            self.entries.pop()
            self.vp_history.pop()
        # a forced answer now pending again is the same no-choice: it is not played again here,
        # so that the undone player's position shows; the screen plays it on their next move.
        return f"Undid {self.names[actor]}'s last decision."

    # -- saving ----------------------------------------------------------------------------
    def human_decisions(self) -> int:
        """Decisions taken by people (bots' moves not counted), for the Continue list; a seat
        resigned keeps its person's decisions from before the bot took over."""
        return sum(1 for i, a in enumerate(self.actors) if self.seats[a].by_person(i))

    def resign(self, seat: int) -> None:
        """The person at ``seat`` leaves the table: a bot of the default level plays it from the
        next move on, and the seat's moves so far stay theirs (``Seat.human_until``)."""
        s = self.seats[seat]
        if not s.bot:
            s.human_until = len(self.actions)
        s.bot, s.level = True, bots.DEFAULT_LEVEL  # whatever a save said

    def to_text(self, stamp: str | None = None) -> str:
        if stamp is None:
            stamp = self.last_move_at or now_stamp()
        head = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.id,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "curtain": self.curtain,
            "over": self.over,
            "saved_at": stamp,
            "last_move_at": stamp,
            "human_decisions": self.human_decisions(),
            "state_hash": self.rules.state_hash(self.state),
        }
        # One action per line, so that an error can name the line of a bad action.
        lines = ["{"]
        for k, v in head.items():
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)},")
        if self.actions:
            lines.append('  "actions": [')
            body = [f"    {json.dumps(a)}" for a in self.actions]
            lines.append(",\n".join(body))
            lines.append("  ]")
        else:
            lines.append('  "actions": []')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def default_path(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return saves_dir() / f"{self.game.id}-{stamp}-{self.seed}.json"

    def save(self, path: Path | None = None) -> Path:
        """Write the save. A game with nothing new since its last save (or since it was loaded)
        is not rewritten, so looking at a game and leaving does not move it up the list."""
        moved = path is not None and Path(path) != self.path
        if path is not None:
            self.path = Path(path)
        if self.path is None:
            self.path = self.default_path()
        body = self.to_text(stamp="")
        if body == self._saved_body and not moved and self.path.exists():
            return self.path
        if tuple(self.actions) != self._saved_actions or not self.last_move_at:
            self.last_move_at = now_stamp()  # a move or an undo; not a setting such as the curtain
        atomic_write(self.path, self.to_text())
        self._saved_body = body
        self._saved_actions = tuple(self.actions)
        return self.path

    # -- loading ---------------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path | str) -> "Match":
        path = Path(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SaveError(f"{path}: no such save file") from None
        except OSError as e:
            raise SaveError(f"{path}: cannot be read ({e.strerror})") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"{path}: this file is not a tabletop-tui save (it is not text)") from None
        return cls.from_text(text, path)

    @classmethod
    def from_text(cls, text: str, path: Path | None = None) -> "Match":
        where = f"{path}: " if path else ""
        if not text.strip():
            raise SaveError(f"{where}the file is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise SaveError(f"{where}{_json_damage(text, e)}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(f"{where}this file is not a tabletop-tui save")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError(f"{where}the save has no valid format version")
        if version > VERSION:
            raise SaveError(f"{where}this save was made by a newer tabletop-tui (format version {version}; "
                            f"this one reads up to {VERSION}); update to open it")
        if version < 1:
            raise SaveError(f"{where}unknown save format version {version}")
        game_id = data.get("game")
        try:
            catalogue.get(str(game_id))
        except catalogue.UnknownGame as e:
            raise SaveError(f"{where}{e}") from None
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) and s.get("name").strip()
                and s.get("kind", "human") in ("human", "bot") for s in seats_raw):
            raise SaveError(f"{where}the seats are damaged (each needs a name and kind human or bot)")
        if not all(s.get("level", "random") in bots.LEVELS for s in seats_raw):
            raise SaveError(f"{where}a seat has an unknown bot level (levels: {', '.join(bots.LEVELS)})")
        seats = [_seat_of(s) for s in seats_raw]
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError(f"{where}the seed is missing or not a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SaveError(f"{where}the options are damaged")
        options = options_as_played(str(game_id), options)
        _check_options(catalogue.get(str(game_id)), options, where)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError(f"{where}the action list is damaged (it must be a list of moves as text)")
        try:
            m = cls(str(game_id), seats, seed, options, path=path)
        except ValueError as e:
            raise SaveError(f"{where}{e}") from None
        except IllegalAction as e:
            raise SaveError(f"{where}{e.reason}") from None
        curtain = data.get("curtain")
        m.curtain = curtain if isinstance(curtain, bool) else None
        lines = _action_lines(text, len(actions))
        for i, a in enumerate(actions):
            try:
                m.play(a, forced=m.forced_action() is not None)
            except IllegalAction as e:
                raise SaveError(f"{where}line {lines[i]}: {_illegal_line(a, e.reason)}") from None
            except Exception as e:  # the rules must not crash on a saved line; if they do, say where
                raise SaveError(f"{where}line {lines[i]}: '{a}' could not be replayed: the game's rules "
                                f"failed on it ({e or type(e).__name__})") from None
        want = data.get("state_hash")
        legacy = getattr(m.rules, "legacy_state_hashes", lambda s: ())(m.state)  # older saves' checks
        if want is not None and want != m.rules.state_hash(m.state) and want not in legacy:
            raise SaveError(f"{where}the moves lead to another position than the one saved: the file "
                            "was changed by hand or made by another version of tabletop-tui")
        m.last_move_at = _stamp_of(data, path)
        m._saved_body = m.to_text(stamp="")
        m._saved_actions = tuple(m.actions)
        return m


def options_as_played(game_id: str, options: dict) -> dict:
    """A save's or a table's options as its game was played: an option newer than it takes the
    value it was played with (``Option.before``), not today's default."""
    rules = catalogue.get(game_id).rules()
    return saved_options(rules.options, options) if rules is not None else dict(options)


def _check_options(game: catalogue.Game, options: dict, where: str) -> None:
    """Options of another game (a save edited, or its "game" changed by hand) are named as that:
    the save does not match its game; a value the game does not take is named with its option."""
    rules = game.rules()
    if rules is None:
        return
    known = [o.key for o in rules.options]
    unknown = [k for k in options if k not in known]
    if unknown:
        theirs = f"its options are {', '.join(known)}" if known else "it has no options"
        raise SaveError(f"{where}the save does not match its game: {game.title} has no option "
                        f"{', '.join(repr(k) for k in unknown)} ({theirs}); the file was changed by hand "
                        f"or its options belong to another game")
    try:
        resolve_options(rules.options, options)
    except ValueError as e:
        raise SaveError(f"{where}the save's options do not fit {game.title}: {e}") from None


def _seat_of(raw: dict) -> Seat:
    """A saved seat. A human seat has no saved level: it keeps the default level, at which a
    bot plays it if the player resigns. A bot seat without one is from before bot levels, when
    the random bot was the only one: it loads as "random", so it goes on playing exactly the
    moves it would have. A resigned seat's ``human_until`` (saves before it have none: their
    seat counts as a bot's throughout) is a move count; anything else is ignored."""
    bot = raw.get("kind") == "bot"
    until = raw.get("human_until")
    until = until if bot and isinstance(until, int) and not isinstance(until, bool) and until >= 0 else None
    return Seat(raw["name"], bot, raw.get("level", "random" if bot else bots.DEFAULT_LEVEL), until)


def now_stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?")


def _stamp_of(head: dict, path: Path | None) -> str:
    """When a saved game last changed: its ``last_move_at``, else (older saves) its
    ``saved_at``, else the file's modification time."""
    for key in ("last_move_at", "saved_at"):
        v = head.get(key)
        if isinstance(v, str) and STAMP.fullmatch(v):
            return v
    try:
        if path is not None:
            return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        pass
    return ""


def _json_damage(text: str, e: json.JSONDecodeError) -> str:
    """A JSON error in a player's words: a file that stops in the middle (a save cut short by a
    full disk or a crash) or a line that is not in the save's format."""
    body = text.rstrip()
    last = body.count("\n") + 1
    if not body.lstrip().startswith("{"):
        return "the file is damaged: it is not a tabletop-tui save"
    if e.pos >= len(body) or e.lineno >= last:
        return f"the file is cut short (it stops in the middle of line {last})"
    return f"line {e.lineno} is damaged: it is not written the way a save is"


def _illegal_line(notation: str, reason: str) -> str:
    """A saved move the rules refuse: its text, and the rules' reason unless it says the same."""
    reason = reason.strip()
    if f"'{notation}'" in reason or f'"{notation}"' in reason:
        return reason
    return f"'{notation}' is not a legal move there ({reason.rstrip('.')})"


def _action_lines(text: str, count: int) -> list[int]:
    """File line of each element of the "actions" array (best effort; 0 if unknown)."""
    out: list[int] = []
    m = re.search(r'"actions"\s*:\s*\[', text)
    if m:
        dec = json.JSONDecoder()
        pos = m.end()
        while len(out) < count:
            while pos < len(text) and text[pos] in " \t\r\n,":
                pos += 1
            try:
                _, end = dec.raw_decode(text, pos)
            except json.JSONDecodeError:
                break
            out.append(text.count("\n", 0, pos) + 1)
            pos = end
    out += [0] * (count - len(out))
    return out


def list_saves(folder: Path | None = None) -> list[tuple[Path, dict]]:
    """Saved games, the last changed first, with their header. The order is by the time of the
    last move stored in each save (``last_move`` in the header given back), not by the file's
    time, so copying or touching a file does not reorder the list. A file that cannot be read
    as a save is listed with ``"error"`` and its file time. ``folder``: another folder of saves
    (the deleted ones, trash.py), else the saves folder."""
    found = []
    folder = saves_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    for p in folder.glob("*.json"):
        try:
            head = json.loads(p.read_text(encoding="utf-8"))
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                raise ValueError
        except (OSError, ValueError, UnicodeDecodeError):
            head = {"error": "damaged"}
        head["last_move"] = _stamp_of(head, p)
        found.append((p, head))
    found.sort(key=lambda t: (t[1]["last_move"], t[0].name), reverse=True)
    return found


def last_save() -> Path | None:
    """The save `tabletop --resume` continues: the last changed game that is not finished. A
    damaged file counts too (its state is unknown), so that a damaged newest save is named
    rather than passed over in silence; falls back to the newest finished game."""
    saves = list_saves()
    unfinished = [p for p, h in saves if not h.get("over")]
    if unfinished:
        return unfinished[0]
    return saves[0][0] if saves else None
