"""The rules protocol every game implements, and the pieces they share.

Pure: no textual, rich, I/O, clock or global random here or in any rules module (a test
enforces it). Everything random flows from the seed through :class:`Rng`, whose algorithm we
own so that replays stay exact across Python versions.

A game module exposes one object, ``RULES``, implementing :class:`Rules`. States are the game's
own objects; ``apply`` must return a NEW state and leave the old one untouched (the match keeps
old states for undo), and must raise :class:`IllegalAction` without changing anything when the
action is not legal.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, Sequence, TypeVar, runtime_checkable

S = TypeVar("S")

MASK64 = (1 << 64) - 1


class IllegalAction(Exception):
    """An action the rules forbid. ``reason`` speaks the rulebook's language, for a player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _mix(z: int) -> int:
    # splitmix64 finaliser: a good bijective 64-bit mixer.
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """Counter-based PRNG: draw *n* is a pure function of (seed, n).

    Mutable for convenience inside ``apply`` (which works on a copy of the state); ``draws`` tells
    how many numbers were taken, so a change in ``draws`` means chance happened.
    """

    __slots__ = ("seed", "draws")

    def __init__(self, seed: int, draws: int = 0):
        self.seed = int(seed) & MASK64
        self.draws = int(draws)

    def next64(self) -> int:
        value = _mix(_mix(self.seed) ^ _mix(self.draws + 0x632BE59BD9B4E019))
        self.draws += 1
        return value

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.randbelow(hi - lo + 1)

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place, our own so it never changes under us."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> "Rng":
        return Rng(self.seed, self.draws)

    def to_json(self) -> dict:
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_json(cls, d: dict) -> "Rng":
        return cls(int(d["seed"]), int(d["draws"]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.draws) == (other.seed, other.draws)

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, draws={self.draws})"


@dataclass(frozen=True)
class Option:
    """A game option offered in set-up and on the command line (``--option key=value``)."""

    key: str
    label: str
    default: Any
    choices: tuple = ()  # empty: free value of the default's type (int or bool or str)
    help: str = ""
    #: the value a game saved before this option existed was played with (None: the default). A
    #: save or table keeps every option it was made with, so a key it lacks is one it predates.
    before: Any = None

    def coerce(self, raw: Any) -> Any:
        """Turn user text into the option's type; ValueError with a clear message if it can't."""
        kind = type(self.default)
        value: Any = raw
        if isinstance(raw, str):
            text = raw.strip()
            if kind is bool:
                low = text.lower()
                if low in ("1", "true", "yes", "on"):
                    value = True
                elif low in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise ValueError(f"option {self.key} takes yes or no, not {raw!r}")
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise ValueError(f"option {self.key} takes a whole number, not {raw!r}") from None
            else:
                value = text
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.key} must be one of: {allowed} (not {raw!r})")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"option {self.key} has the wrong type: {raw!r}")
        return value


def saved_options(declared: Sequence[Option], saved: dict) -> dict:
    """The options of a saved game or table as it was played: an option newer than the save takes
    the value the game was played with (``Option.before``), not today's default."""
    out = dict(saved)
    for o in declared:
        if o.key not in out and o.before is not None:
            out[o.key] = o.before
    return out


def resolve_options(declared: Sequence[Option], given: dict | None) -> dict:
    """Defaults filled in, values coerced; unknown keys are an error naming the valid ones."""
    given = dict(given or {})
    known = {o.key: o for o in declared}
    out = {}
    for key in given:
        if key not in known:
            valid = ", ".join(known) or "none"
            raise ValueError(f"unknown option {key!r}; valid options: {valid}")
    for o in declared:
        out[o.key] = o.coerce(given[o.key]) if o.key in given else o.default
    return out


@dataclass(frozen=True)
class Decision:
    """Who decides what now. ``seat`` is 0-based; ``prompt`` is shown to the player."""

    seat: int
    prompt: str
    kind: str = ""  # a short machine tag ("move", "load", "leech"...) for screens and bots


@dataclass
class Result:
    """The end of a game.

    ``ranking``: groups of seats by place, best first; ties share a group (a shared win is a
    first group with several seats). ``scores``: headline points per seat. ``breakdown``: per
    seat, category name → points, in display order. ``tiebreak``: a sentence saying how ties
    were broken, or "".
    """

    ranking: list[list[int]]
    scores: dict[int, int]
    breakdown: dict[int, dict[str, int]] = field(default_factory=dict)
    tiebreak: str = ""

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []

    def place_of(self, seat: int) -> int:
        for i, group in enumerate(self.ranking):
            if seat in group:
                return i + 1
        return len(self.ranking) + 1


def rank_by(keys: dict[int, tuple]) -> list[list[int]]:
    """Group seats by descending key tuples; equal keys share a place."""
    order = sorted(keys, key=lambda s: keys[s], reverse=True)
    groups: list[list[int]] = []
    for seat in order:
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` for ``n`` of it: the singular for one, else ``many`` (default: ``word`` + "s");
    only the last word of a phrase changes ("combat point" → "combat points")."""
    return word if n in (1, -1) else (many if many is not None else word + "s")


def counted(n: int, word: str, many: str | None = None) -> str:
    """ "1 doubloon", "2 doubloons", "0 combat points": a number and its noun, plural right."""
    return f"{n} {plural(n, word, many)}"


def unit_text(key: str, n: int) -> str:
    """A counter's unit for ``n`` of it: a plural word loses its ``s`` for one ("1 port",
    "2 ports"); symbols and short units stay ("1 VP", "1 $", "1 PW")."""
    if abs(n) == 1 and len(key) > 3 and key.endswith("s") and not key.endswith("ss") and key.replace(" ", "").isalpha():
        return key[:-1]
    return key


@dataclass(frozen=True)
class Change:
    """What one action changed of one seat's public counters, and why: ``+3 VP (flag bonus)``.

    ``what`` is a key of :meth:`BaseRules.counters` ("VP", "C", "$"…); ``amount`` is signed;
    ``source`` is the rules' reason in their words ("round tile", "pass bonus", "town", "flag
    bonus", "income"), or "" when the action itself is the reason (a cost, a conversion).

    A change is told where it lands (issue 45): on the entry of the action whose ``apply`` made
    it. A reward that the rules resolve only after a later choice (a card's "+1 VP" after its
    explore was answered) is on that choice's entry, its reason naming its cause ("Old Sea
    Chart", "quest reward: Feed the garrison"); no earlier entry is ever rewritten, so the
    ledger's running totals are the state after every action.
    """

    seat: int
    what: str
    amount: int
    source: str = ""
    #: the automatic step of the game this change belongs to (its log line, a :class:`Step`'s),
    #: or "" for the decision itself; see :func:`entries`
    step: str = ""
    #: the counter names a thing by its number rather than counting (Terra Mystica's bonus card:
    #: BON3 held is 3): its change is told by its reason alone ("bonus card BON10 returned, BON3
    #: taken"), never as a sum ("-7 BON"); see :attr:`BaseRules.named_counters`
    named: bool = False

    def amount_text(self) -> str:
        if self.named:
            return self.source or f"{self.what} changed"
        sign = "-" if self.amount < 0 else "+"  # "+0 CP (…; 3 lost at the cap of 8)": a gain cut to nothing
        text = f"{sign}{abs(self.amount)} {unit_text(self.what, self.amount)}"
        return f"{text} ({self.source})" if self.source else text


@dataclass(frozen=True)
class Step:
    """Marks, in the notes a rules' ``apply`` keeps, where an AUTOMATIC STEP of the game begins:
    income, a round's end and its scoring, cult majorities, interim or final scoring, a round-end
    trigger… Everything noted after it (until the next Step) is that step's, not the decision's.

    The ledger mechanism (issue 32), in short:

    * ``apply`` notes every change of a counter with its reason (:class:`Change`), in order;
      the decision's own changes first (costs, gains, rewards that follow the decision, a pass
      bonus), then, when the decision sets off an automatic step, ``Step("Round 4 begins:
      income")`` and that step's changes, then the next step's marker, and so on.
    * :meth:`BaseRules.reasons` hands the changes on, each tagged with its step's line
      (``Change.step``); :meth:`BaseRules.steps` lists the step lines in order. A game keeping
      its notes elsewhere (Maracaibo: tuples in its state) calls :func:`told` on them.
    * :class:`tabletop_tui.match.Match` records one action as several ENTRIES (:func:`entries`):
      the decision's, with its actor, then one entry per step, with no actor (``None``), each
      with every seat's changes in it. The action stays one action: the notation, the save, the
      replay, undo and its barriers see actions only; ``Match.log[i]`` is the entries' text.
    * ``BaseRules.automatic_reasons`` names the reasons only an automatic step gives, so that the
      property check (:mod:`tabletop_tui.ledger_audit`) finds a decision's entry carrying them.
    * A step's line names it within its action: a marker repeating a line already used in the
      same action continues that entry (give two steps two lines: "weather card 2").
    """

    line: str


def told(notes: Sequence[Any] | None) -> tuple[list[Change], list[str]]:
    """A rules' notes (Changes, 4-tuples ``(seat, what, amount, source)``, and :class:`Step`
    markers, in the order they happened) → the changes, each tagged with the step it came
    under, and the steps' lines in order."""
    out: list[Change] = []
    steps: list[str] = []
    step = ""
    for n in notes or ():
        if isinstance(n, Step):
            step = n.line
            if step and step not in steps:
                steps.append(step)
            continue
        c = n if isinstance(n, Change) else Change(*n)
        out.append(replace(c, step=step) if step and not c.step else c)
    return out, steps


@dataclass(frozen=True)
class Entry:
    """One row of the log and the ledger: a decision (``actor`` its seat) or an automatic step of
    the game it set off (``actor`` None), its sentence, and every seat's changes in it."""

    actor: int | None
    line: str
    changes: tuple[Change, ...]

    def text(self, names: Sequence[str]) -> str:
        return change_text(self.changes, names, self.actor, self.line)


def entries(changes: Sequence[Change], steps: Sequence[str], actor: int, line: str) -> list[Entry]:
    """One action's entries: the decision's (its own changes, and any not put under a step),
    then one per automatic step in ``steps``' order, with no actor. A step with no change still
    has its entry (its line says what happened)."""
    order = list(dict.fromkeys(steps))
    for c in changes:
        if c.step and c.step not in order:
            order.append(c.step)
    out = [Entry(actor, line, tuple(c for c in changes if not c.step))]
    for step in order:
        out.append(Entry(None, step, tuple(c for c in changes if c.step == step)))
    return out


def change_text(changes: Sequence[Change], names: Sequence[str], actor: int | None = None,
                line: str = "") -> str:
    """A log entry: the action's sentence, then what it changed for whom, in signed numbers.

    One seat changed: ``"Ann sailed to Havana (6) — +2 $ (career), +3 VP (flag bonus)."`` (the
    name is added when the sentence does not name that seat). Several seats: one line each under
    the sentence, ``"  Bruno: +3 VP (round tile)"``, actor first, then by seat.
    """
    by_seat: dict[int, list[Change]] = {}
    for c in changes:
        if c.amount or (c.source and not c.named):  # a told 0: a gain cut to nothing
            by_seat.setdefault(c.seat, []).append(c)
    if not by_seat:
        return line
    order = sorted(by_seat, key=lambda seat: (seat != actor, seat))
    base = line.rstrip()
    if base.endswith(".") and not base.endswith("..."):
        base = base[:-1]
    if len(order) == 1:
        seat = order[0]
        parts = ", ".join(c.amount_text() for c in by_seat[seat])
        name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
        who = "" if (seat == actor and name in base) else f"{name} "
        end = "." if base != line.rstrip() else ""  # the sentence's full stop goes to the end
        return f"{base} — {who}{parts}{end}" if base else f"{name} {parts}"
    rows = [line.rstrip()] if line.strip() else []
    for seat in order:
        name = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
        rows.append(f"  {name}: " + ", ".join(c.amount_text() for c in by_seat[seat]))
    return "\n".join(rows)


@runtime_checkable
class Rules(Protocol[S]):
    """What every game exposes. See ``BaseRules`` for shared defaults."""

    game_id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def setup(self, seats: Sequence[str], seed: int, options: dict) -> S: ...
    def pending(self, s: S) -> Decision | None: ...
    def legal_actions(self, s: S) -> list[Any]: ...
    def apply(self, s: S, a: Any) -> S: ...
    def result(self, s: S) -> Result | None: ...
    def view(self, s: S, seat: int) -> S: ...
    def to_json(self, s: S) -> dict: ...
    def from_json(self, d: dict) -> S: ...
    def parse(self, s: S, text: str) -> Any: ...


class BaseRules(Generic[S]):
    """Defaults shared by the games. Override what your game needs.

    Required from the subclass: setup, pending, legal_actions, apply, result, to_json,
    from_json, and the class attributes game_id, title, min_players, max_players.
    """

    game_id = ""
    title = ""
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = ()
    #: what a new game starts with in set-up and on the command line, where that differs from the
    #: engine's default (which is the rulebook's base game): e.g. a league's usual options
    new_game_options: dict = {}
    #: generous bound on actions in one game, for simulate/fuzz
    max_actions = 20000

    # -- notation -------------------------------------------------------------------------
    def notation(self, a: Any) -> str:
        return str(a)

    def parse(self, s: S, text: str) -> Any:
        """Notation → one of the legal actions (default: match ``str`` of legal actions).

        Games with large action spaces should override with a real parser.
        """
        wanted = " ".join(str(text).split())
        for a in self.legal_actions(s):
            if self.notation(a) == wanted:
                return a
        d = self.pending(s)
        if d is None:
            raise IllegalAction("The game is over; no more moves can be made.")
        raise IllegalAction(f"'{wanted}' is not a legal move now (the decision now: {d.prompt.rstrip('.?')}).")

    def describe(self, s: S, a: Any) -> str:
        """A player-facing label for the decision panel."""
        return self.notation(a)

    def target(self, s: S, a: Any) -> Any:
        """The board target an action concerns (hashable), or None."""
        return getattr(a, "target", None)

    # -- information ----------------------------------------------------------------------
    def view(self, s: S, seat: int) -> S:
        return s  # games without hidden information show everything

    def hidden_information(self) -> bool:
        return False

    def names(self, s: S) -> list[str]:
        return list(getattr(s, "names"))

    def summary(self, s: S) -> str:
        """A short plain-text description of the position (for `tabletop replay`)."""
        d = self.pending(s)
        names = self.names(s)
        if d is None:
            return "The game is over."
        return f"{names[d.seat]} to play: {d.prompt}"

    def vp(self, s: S) -> dict[int, int]:
        """Current points per seat, for the VP-over-time chart."""
        return {}

    def invariants(self, s: S) -> list[str]:
        """Broken conservation rules, as sentences (empty = all well). Checked in playouts."""
        return []

    def is_barrier(self, before: S, a: Any, after: S) -> bool:
        """True if undo may not step back over this action (chance or a reveal happened).

        Default: the state's ``rng`` drew numbers. Games with reveals override.
        """
        rb = getattr(before, "rng", None)
        ra = getattr(after, "rng", None)
        if rb is not None and ra is not None:
            return rb.draws != ra.draws
        return False

    def log_line(self, before: S, a: Any, after: S) -> str:
        """One sentence for the log, with names, never "you"."""
        d = self.pending(before)
        who = self.names(before)[d.seat] if d else "?"
        return f"{who}: {self.describe(before, a)}"

    # -- the table at a glance: counters, the score strip, seat sheets, the ledger ----------
    #: the key of :meth:`counters` that holds the points (the ledger's "points by source")
    points_key = "VP"
    #: counters whose value names a thing (a card's number) rather than counting it: the ledger
    #: keeps them, the log tells their change by its reason alone (see :attr:`Change.named`)
    named_counters: frozenset[str] = frozenset()

    def counters(self, s: S, seat: int) -> dict[str, int]:
        """The seat's public counted things, points first: ``{"VP": 34, "C": 5, "W": 2}``.

        The ledger is the difference of these before and after each action, so whatever is
        listed here is accounted for in the log. Only public things (a view has them all)."""
        vp = self.vp(s)
        return {self.points_key: vp[seat]} if seat in vp else {}

    def headline(self, s: S, seat: int) -> list[str]:
        """The two or three counters the score strip shows for every seat (keys of counters)."""
        return list(self.counters(s, seat))[:3]

    def turn_order(self, s: S) -> list[int]:
        """Seats in the order they play now (this round's order where it varies)."""
        return list(range(len(self.names(s))))

    def passed(self, s: S) -> list[int]:
        """Seats that are out of the current round, in the order they passed (default none)."""
        return []

    #: reasons (the part before any colon) that only an automatic step of the game gives
    #: (income, final scoring…): a decision's entry carrying one mixes the two (issue 32)
    automatic_reasons: tuple[str, ...] = ()

    def _notes(self, before: S, after: S) -> list:
        notes = getattr(after, "notes", None)
        if not notes or notes is getattr(before, "notes", None):
            return []
        return notes

    def reasons(self, before: S, a: Any, after: S) -> list[Change]:
        """Why counters changed in ``apply(before, a) == after``: the changes the rules recorded
        with their reasons, each tagged with its automatic step (see :class:`Step`). Default: the
        ``notes`` list the game keeps on its state (a fresh list each apply; Changes and Step
        markers), else none."""
        return told(self._notes(before, after))[0]

    def steps(self, before: S, a: Any, after: S) -> list[str]:
        """The lines of the automatic steps the action set off, in order (see :class:`Step`);
        each is an entry of its own in the log, after the decision's. Default: the notes'
        Step markers."""
        return told(self._notes(before, after))[1]

    def entries(self, before: S, a: Any, after: S, line: str) -> list[Entry]:
        """The action's entries for the log and the ledger: the decision's (sentence ``line``),
        then each automatic step's (:func:`entries`)."""
        d = self.pending(before)
        return entries(self.changes(before, a, after), self.steps(before, a, after),
                       d.seat if d else 0, line)

    def changes(self, before: S, a: Any, after: S) -> list[Change]:
        """Everything the action changed of every seat's counters, with the reasons the rules
        gave (:meth:`reasons`); what no reason covers is listed with the source "". Pure."""
        reasons = self.reasons(before, a, after)
        by: dict[tuple[int, str], list[Change]] = {}  # each seat's and counter's, in the told order
        for c in reasons:
            if c.amount or c.source:
                by.setdefault((c.seat, c.what), []).append(c)
        out: list[Change] = []
        for seat in range(len(self.names(before))):
            old, new = self.counters(before, seat), self.counters(after, seat)
            for key in list(new) + [k for k in old if k not in new]:
                diff = new.get(key, 0) - old.get(key, 0)
                mine = by.get((seat, key), ())
                if not mine:
                    if diff:
                        out.append(Change(seat, key, diff, "", named=key in self.named_counters))
                    continue
                merged: dict[tuple[str, str], int] = {}  # one per reason: "-20 $ (wreck)", not two
                for c in mine:
                    merged[c.source, c.step] = merged.get((c.source, c.step), 0) + c.amount
                named = key in self.named_counters
                # a change of 0 the rules told is a gain cut to nothing ("+0 CP (Dockyard Favour; 3
                # lost at the cap of 8)"): it is told too
                zero = {(c.source, c.step) for c in mine if not c.amount}
                out.extend(Change(seat, key, n, src, step, named)
                           for (src, step), n in merged.items() if n or (src, step) in zero)
                rest = diff - sum(c.amount for c in mine)
                if rest:
                    out.append(Change(seat, key, rest, "", named=named))
        return out

    def sheet(self, s: S, seat: int) -> list[tuple[str, list[str]]]:
        """Everything the rules make public about a seat, in words: (heading, lines) sections.
        Reads only ``s`` (pass a view: a seat sheet shows what that view holds)."""
        counts = self.counters(s, seat)
        return [("Counters", [f"{v} {k}" for k, v in counts.items()])] if counts else []

    def rules_text(self) -> str:
        from tabletop_tui.assets import read_text

        try:
            return read_text(self.game_id, "rules.md")
        except (FileNotFoundError, OSError):
            return f"# {self.title}\n\nRules text is not written yet."

    def state_hash(self, s: S) -> str:
        blob = json.dumps(self.to_json(s), sort_keys=True, separators=(",", ":"))
        import hashlib  # (OpenSSL's library: loaded at the first save, not before a game's first paint)

        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def round_label(self, s: S) -> str:
        """Where the game stands, in a few words for the Continue list ("round 3 of 6"); "" if
        the game has no rounds to speak of."""
        return ""


def load_asset_json(*parts: str) -> Any:
    """Component data from ``assets/`` (read once, at import of a rules module)."""
    from tabletop_tui.assets import read_text

    return json.loads(read_text(*parts))
