"""Piratissimo (Manfred Ludwig, Selecta 2005): sail the island ring, load treasure, bring it home.

Pure rules: no UI, I/O (other than the board asset read at import), clock or global random.

The turn is a small queue of steps kept in the state (``State.queue``). Steps that need a
player's answer are decisions (roll, load, neutral, tornado-ship, direction, tornado, overboard,
place); the others (arrive, lucky, overboard, lookout, washed, end) are carried out at once by
:func:`_advance` until the next decision. Decisions of other players inside a turn (loading after
a lucky push, choosing who gets treasure when short) are simply steps for that seat.

House decisions where the rulebook is silent are listed in ``assets/piratissimo/rules.md``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop_tui.rules.core import (
    BaseRules,
    Decision,
    IllegalAction,
    Option,
    Result,
    Rng,
    load_asset_json,
    rank_by,
    resolve_options,
)

_BOARD = load_asset_json("piratissimo", "board.json")


@dataclass(frozen=True)
class Island:
    """One island of the ring (static). Reads as an object (``isl.kind``) or a dict (``isl["kind"]``)."""

    index: int
    kind: str  # "neutral" | "green" | "red"
    chest: int  # green: most you may load; red: must load; neutral: 0
    tornado_start: bool

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)


ISLANDS: tuple[Island, ...] = tuple(
    Island(int(d["index"]), d["kind"], int(d["chest"]), bool(d["tornado_start"])) for d in _BOARD["islands"]
)
N_ISLANDS = len(ISLANDS)
TORNADO_SQUARES: tuple[int, ...] = tuple(i.index for i in ISLANDS if i.tornado_start)
HARBOUR_EXIT: dict[str, int] = {c: int(h["exit"]) for c, h in _BOARD["harbours"].items()}
COLOURS_BY_PLAYERS: dict[int, list[str]] = {int(k): list(v) for k, v in _BOARD["colours_by_players"].items()}
DIE_FACES: tuple = tuple(_BOARD["die"])
WIND_WHEEL: tuple[str, ...] = tuple(_BOARD["wind_wheel"])
TORNADO_MAX: dict[int, int] = {int(k): int(v) for k, v in _BOARD["tornado_max"].items()}
TREASURES: int = int(_BOARD["treasures"])
CAPACITY: int = int(_BOARD["ship_capacity"])
PER_ISLAND: int = int(_BOARD["ships_per_island"])
RED_LOAD: int = int(_BOARD["red_chest_load"])
STEAL_GIVE_MAX: int = int(_BOARD["steal_give_max"])
WIN_AT: int = int(_BOARD["win_at"])

HARBOUR = -1  # location of a ship in its harbour

WHEEL_TEXT = {
    "lucky": "the affected ships are lucky",
    "overboard": "treasure goes overboard",
    "lookout": "the lookout saw it coming",
    "washed": "two treasure pieces are washed into the sea",
}

# Steps that wait for a player's answer; every other step is carried out at once.
DECISION_STEPS = frozenset({"place", "roll", "load", "neutral", "tship", "tdir", "tmove", "give"})
STEP_KIND = {  # step → Decision.kind
    "place": "place", "roll": "roll", "load": "load", "neutral": "neutral",
    "tship": "tornado-ship", "tdir": "direction", "tmove": "tornado", "give": "overboard",
}


# --------------------------------------------------------------------------------------------
# actions
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One answer. ``verb`` + ``value`` make the notation; ``target`` is the board place concerned.

    Notation: ``roll``, ``place tornado 8``, ``load 2``, ``steal 1``, ``give 2``, ``pass``,
    ``sail 1``, ``stay``, ``tornado 3``, ``tornado 0``, ``direction cw``, ``direction ccw``,
    ``give to blue``.
    """

    verb: str
    value: Any = None
    target: Any = None

    def __str__(self) -> str:
        v = self.verb
        if v in ("roll", "pass", "stay"):
            return v
        if v == "place":
            return f"place tornado {self.value}"
        if v == "give-to":
            return f"give to {self.value}"
        return f"{v} {self.value}"


def island_label(i: int) -> str:
    isl = ISLANDS[i]
    if isl.kind == "green":
        return f"island {i} (green chest {isl.chest})"
    if isl.kind == "red":
        return f"island {i} (red chest)"
    return f"island {i} (neutral)"


def _place_target(seat: int, loc: int) -> tuple:
    return ("harbour", seat) if loc == HARBOUR else ("island", loc)


# --------------------------------------------------------------------------------------------
# state
# --------------------------------------------------------------------------------------------
class State:
    """A Piratissimo position. Fields a board widget reads:

    names, colours (per seat), islands (static layout), harbour_exit (per seat), location (per
    seat: island 0..23 or -1 in harbour), cargo (on the masts), unloaded (in the harbour hollows),
    basket, tornado (island or None), die (last roll: 1..4 or "tornado"), wheel (last wind wheel
    outcome this turn), target, finished (seats in the order they reached the target), rng,
    turn (seat whose turn it is), turns (turns begun), variant, play_on, tornado_max, tdir
    (tornado direction this turn: -1 anticlockwise, +1 clockwise), queue (steps of the turn still
    to do), over, last_events (sentences: what the last action did).
    """

    islands: tuple[Island, ...] = ISLANDS

    def __init__(self) -> None:
        self.names: list[str] = []
        self.colours: list[str] = []
        self.harbour_exit: list[int] = []
        self.location: list[int] = []
        self.cargo: list[int] = []
        self.unloaded: list[int] = []
        self.basket: int = TREASURES
        self.tornado: int | None = None
        self.die: int | str | None = None
        self.wheel: str | None = None
        self.target: int = WIN_AT
        self.finished: list[int] = []
        self.rng: Rng = Rng(0)
        self.turn: int = 0
        self.turns: int = 1
        self.variant: str = "standard"
        self.play_on: bool = False
        self.tornado_max: int = 3
        self.tdir: int = -1
        self.queue: list[tuple] = []
        self.over: bool = False
        self.last_events: list[str] = []

    # cheap copy: lists of ints/tuples copied shallowly; names/colours/harbour_exit never change
    def copy(self) -> "State":
        t = State.__new__(State)
        t.__dict__.update(self.__dict__)
        t.location = self.location[:]
        t.cargo = self.cargo[:]
        t.unloaded = self.unloaded[:]
        t.finished = self.finished[:]
        t.queue = self.queue[:]
        t.last_events = self.last_events[:]
        t.rng = self.rng.copy()
        return t

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def phase(self) -> str:
        """The pending step's decision kind ("roll", "load", ...), or "over"."""
        if self.over or not self.queue:
            return "over"
        return STEP_KIND.get(self.queue[0][0], self.queue[0][0])

    def ships_at(self, island: int) -> list[int]:
        return [p for p, loc in enumerate(self.location) if loc == island]

    def active(self, seat: int) -> bool:
        return seat not in self.finished


# --------------------------------------------------------------------------------------------
# movement and treasure (all work on a state copy inside apply)
# --------------------------------------------------------------------------------------------
def _full(s: State, island: int, mover: int) -> bool:
    n = 0
    for p, loc in enumerate(s.location):
        if loc == island and p != mover:
            n += 1
    return n >= PER_ISLAND


def _sail(s: State, seat: int, steps: int) -> int:
    """Sail ``steps`` squares clockwise; the own harbour is a square and stops the ship.

    A full landing island is passed to the next free one (which may be the own harbour).
    Returns the new location (HARBOUR or an island).
    """
    exit_ = s.harbour_exit[seat]
    before_harbour = (exit_ - 1) % N_ISLANDS
    pos = s.location[seat]
    for _ in range(steps):
        if pos == HARBOUR:
            pos = exit_
        elif pos == before_harbour:
            pos = HARBOUR
            break
        else:
            pos = (pos + 1) % N_ISLANDS
    while pos != HARBOUR and _full(s, pos, seat):
        pos = HARBOUR if pos == before_harbour else (pos + 1) % N_ISLANDS
    s.location[seat] = pos
    return pos


def _push(s: State, seat: int) -> int:
    """The lucky push: to the next island with room, island to island (harbours are not islands)."""
    pos = (s.location[seat] + 1) % N_ISLANDS
    while _full(s, pos, seat):
        pos = (pos + 1) % N_ISLANDS
    s.location[seat] = pos
    return pos


def _say(s: State, text: str) -> None:
    s.last_events.append(text)


def _capsize_check(s: State, seat: int) -> None:
    if s.cargo[seat] > CAPACITY:
        n = s.cargo[seat]
        s.basket += n
        s.cargo[seat] = 0
        _say(s, f"{s.names[seat]}'s ship capsized with {n} treasure: all of it sank back into the basket.")


def _load_from_basket(s: State, seat: int, n: int) -> None:
    s.basket -= n
    s.cargo[seat] += n
    _capsize_check(s, seat)


def _receive(s: State, giver: int, seat: int, n: int = 1) -> None:
    """Move n treasure from giver's ship to seat: onto the masts, or straight home if in harbour."""
    s.cargo[giver] -= n
    if s.location[seat] == HARBOUR:
        _say(s, f"{s.names[seat]}'s ship is in harbour: the treasure is unloaded at once.")
        _unload_amount(s, seat, n)
    else:
        s.cargo[seat] += n
        _capsize_check(s, seat)


def _unload_amount(s: State, seat: int, n: int) -> None:
    s.unloaded[seat] += n
    if seat not in s.finished and s.unloaded[seat] >= s.target:
        s.finished.append(seat)
        place = len(s.finished)
        if place == 1:
            _say(s, f"{s.names[seat]} has {s.unloaded[seat]} treasure in harbour and wins!")
        else:
            _say(s, f"{s.names[seat]} has {s.unloaded[seat]} treasure in harbour and takes place {place}.")
        remaining = [p for p in range(s.players) if p not in s.finished]
        if not s.play_on or len(remaining) <= 1:
            s.over = True
            s.queue = []
            _say(s, "The game is over.")
        else:
            # a finished captain leaves the sea: drop whatever was still to do for them
            s.queue = [st for st in s.queue if len(st) < 2 or st[1] != seat]


def _enter_harbour(s: State, seat: int) -> None:
    n = s.cargo[seat]
    s.cargo[seat] = 0
    s.location[seat] = HARBOUR
    if n:
        _say(s, f"{s.names[seat]} unloaded {n} treasure ({s.unloaded[seat] + n} in harbour).")
    _unload_amount(s, seat, n)


def _arrived(s: State, seat: int, pos: int, how: str) -> None:
    """Log an arrival and queue the island's effect (or unload in harbour)."""
    who = s.names[seat]
    if pos == HARBOUR:
        _say(s, f"{who} {how} into the {s.colours[seat]} harbour.")
        _enter_harbour(s, seat)
    else:
        _say(s, f"{who} {how} to {island_label(pos)}.")
        s.queue.insert(0, ("arrive", seat))


def _others_for_overboard(s: State, seat: int) -> tuple:
    n = s.players
    return tuple(p for p in ((seat + k) % n for k in range(1, n)) if s.active(p))


def _neutral_other(s: State, seat: int) -> int | None:
    loc = s.location[seat]
    if loc == HARBOUR or ISLANDS[loc].kind != "neutral":
        return None
    for p, l in enumerate(s.location):
        if l == loc and p != seat:
            return p
    return None


# --------------------------------------------------------------------------------------------
# the step machine
# --------------------------------------------------------------------------------------------
def _advance(s: State) -> None:
    """Carry out automatic steps until a decision is due or the game is over."""
    while not s.over and s.queue:
        step = s.queue[0]
        kind = step[0]
        if kind in DECISION_STEPS:
            if _decision_needed(s, step):
                return
            continue
        s.queue.pop(0)
        if kind == "end":
            _next_turn(s)
        elif kind == "arrive":
            _arrive(s, step[1])
        elif kind == "lucky":
            seat = step[1]
            pos = _push(s, seat)
            _say(s, f"The tornado blew {s.names[seat]}'s ship on to {island_label(pos)}.")
            s.queue.insert(0, ("arrive", seat))
        elif kind == "overboard":
            seat = step[1]
            others = _others_for_overboard(s, seat)
            have = s.cargo[seat]
            if not others:
                continue
            if have == 0:
                _say(s, f"{s.names[seat]} has no treasure to give.")
            elif have >= len(others):
                for r in others:
                    if s.over:
                        break
                    _say(s, f"{s.names[seat]} gave 1 treasure to {s.names[r]}.")
                    _receive(s, seat, r)
            else:
                # short: the affected captain chooses who receives, one piece at a time
                s.queue.insert(0, ("give", seat, have, others))
        elif kind == "lookout":
            seat = step[1]
            _say(s, f"{s.names[seat]}'s ship reached the {s.colours[seat]} harbour in time.")
            _enter_harbour(s, seat)
        elif kind == "washed":
            seat = step[1]
            n = min(2, s.cargo[seat])
            s.cargo[seat] -= n
            s.basket += n
            if n:
                _say(s, f"{n} of {s.names[seat]}'s treasure washed into the sea (back to the basket).")
            else:
                _say(s, f"{s.names[seat]}'s ship had no treasure to lose.")
        else:  # pragma: no cover - a bug, not a rule
            raise RuntimeError(f"unknown step {step!r}")


def _decision_needed(s: State, step: tuple) -> bool:
    """True if the decision step at the head needs an answer; otherwise settle it and pop it."""
    kind = step[0]
    if kind == "load":
        seat = step[1]
        if s.basket == 0:
            s.queue.pop(0)
            _say(s, f"The basket is empty: {s.names[seat]} cannot load.")
            return False
        return True
    if kind == "neutral":
        seat = step[1]
        other = _neutral_other(s, seat)
        if other is None or (s.cargo[seat] == 0 and s.cargo[other] == 0):
            s.queue.pop(0)
            return False
        return True
    if kind == "give":
        _, giver, count, receivers = step
        valid = tuple(r for r in receivers if s.active(r))
        count = min(count, s.cargo[giver])
        if count <= 0 or not valid:
            s.queue.pop(0)
            return False
        if count >= len(valid):  # a receiver finished meanwhile: enough for everyone left
            s.queue.pop(0)
            for r in valid:
                if s.over:
                    break
                _say(s, f"{s.names[giver]} gave 1 treasure to {s.names[r]}.")
                _receive(s, giver, r)
            return False
        s.queue[0] = ("give", giver, count, valid)
        return True
    return True


def _arrive(s: State, seat: int) -> None:
    loc = s.location[seat]
    if loc == HARBOUR:
        return
    isl = ISLANDS[loc]
    who = s.names[seat]
    if isl.kind == "green":
        s.queue.insert(0, ("load", seat))
    elif isl.kind == "red":
        if s.basket == 0:
            _say(s, f"The basket is empty: {who} cannot load.")
            return
        n = min(RED_LOAD, s.basket)
        if n < RED_LOAD:
            _say(s, f"Only {n} treasure left in the basket.")
        _say(s, f"{who} had to load {n} treasure from the red chest (ship {s.cargo[seat] + n}/7).")
        _load_from_basket(s, seat, n)
    else:
        if _neutral_other(s, seat) is not None:
            s.queue.insert(0, ("neutral", seat))


def _next_turn(s: State) -> None:
    n = s.players
    p = s.turn
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.active(q):
            p = q
            break
    s.turn = p
    s.turns += 1
    s.tdir = -1
    s.queue = [("roll", p), ("end",)]


def _spin(s: State) -> None:
    """The tornado stopped: if ships are moored there, spin the wind wheel and queue its effect."""
    isl = s.tornado
    n = s.players
    hit = sorted(s.ships_at(isl), key=lambda p: (p - s.turn) % n)
    if not hit:
        _say(s, "No ship is moored there.")
        return
    outcome = WIND_WHEEL[s.rng.randbelow(len(WIND_WHEEL))]
    s.wheel = outcome
    who = " and ".join(s.names[p] for p in hit)
    _say(s, f"The tornado hit {who}: the wind wheel shows '{outcome}' — {WHEEL_TEXT[outcome]}.")
    s.queue[0:0] = [(outcome, p) for p in hit]


# --------------------------------------------------------------------------------------------
# rules
# --------------------------------------------------------------------------------------------
class PiratissimoRules(BaseRules[State]):
    game_id = "piratissimo"
    title = "Piratissimo"
    min_players = 2
    max_players = 4
    options = (
        Option("target", "Treasure to win", WIN_AT, choices=tuple(range(3, 14)),
               help="Treasure a captain must bring home to win (the rulebook says 10; younger "
                    "players may lower it). At most 13, so treasure cannot get stuck in harbours."),
        Option("variant", "Variant", "standard", choices=("standard", "younger", "older"),
               help="younger: no tornado piece, a tornado roll sails your ship one island; "
                    "older: the tornado may move either way."),
        Option("play_on", "Others play on for places", False,
               help="After the winner, the others keep playing until every place is decided."),
    )
    max_actions = 20000

    # -- set-up --------------------------------------------------------------------------
    def setup(self, seats, seed: int, options: dict | None = None) -> State:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Piratissimo is for 2 to 4 players, not {n}.")
        opts = resolve_options(self.options, options or {})
        s = State()
        s.names = [str(x) for x in seats]
        s.colours = list(COLOURS_BY_PLAYERS[n])
        s.harbour_exit = [HARBOUR_EXIT[c] for c in s.colours]
        s.location = [HARBOUR] * n
        s.cargo = [0] * n
        s.unloaded = [0] * n
        s.basket = TREASURES
        s.target = int(opts["target"])
        s.variant = opts["variant"]
        s.play_on = bool(opts["play_on"])
        s.tornado_max = TORNADO_MAX[n]
        s.rng = Rng(seed)
        s.turn = 0
        s.queue = [("roll", 0), ("end",)]
        if s.variant != "younger":
            s.queue.insert(0, ("place", 0))
        return s

    # -- decisions -----------------------------------------------------------------------
    def pending(self, s: State) -> Decision | None:
        if s.over or not s.queue:
            return None
        step = s.queue[0]
        kind = step[0]
        seat = step[1] if len(step) > 1 else s.turn
        who = s.names[seat]
        empty = " The basket is empty: nobody can load." if s.basket == 0 else ""
        if kind == "place":
            squares = ", ".join(str(i) for i in TORNADO_SQUARES)
            prompt = f"{who}: place the tornado on a tornado square (islands {squares})."
        elif kind == "roll":
            where = ("in the harbour" if s.location[seat] == HARBOUR
                     else f"on {island_label(s.location[seat])}")
            prompt = f"{who}: roll the die (ship {where}, {s.cargo[seat]}/7 aboard).{empty}"
        elif kind == "load":
            isl = ISLANDS[s.location[seat]]
            most = min(isl.chest, s.basket)
            extra = f" Only {s.basket} left in the basket." if s.basket < isl.chest else ""
            prompt = (f"{who}: island {isl.index} has a green chest — load 0 to {most} treasure "
                      f"(ship {s.cargo[seat]}/7; an 8th piece capsizes it).{extra}")
        elif kind == "neutral":
            other = _neutral_other(s, seat)
            prompt = (f"{who}: {s.names[other]}'s ship ({s.cargo[other]} aboard) is moored here — "
                      f"steal up to 2, give up to 2, or do nothing (yours: {s.cargo[seat]}).")
        elif kind == "tship":
            prompt = f"{who} rolled the tornado: sail your ship 1 island on, or stay.{empty}"
        elif kind == "tdir":
            prompt = f"{who}: turn the tornado clockwise or anticlockwise, or leave it."
        elif kind == "tmove":
            way = "anticlockwise" if s.tdir < 0 else "clockwise"
            low = 1 if s.variant == "older" else 0
            prompt = f"{who}: move the tornado {low}..{s.tornado_max} islands {way}" + (
                " (0 = leave it)." if low == 0 else ".")
        elif kind == "give":
            _, giver, count, receivers = step
            names = ", ".join(s.names[r] for r in receivers)
            prompt = (f"{who}: overboard! You have {s.cargo[giver]} treasure for {len(receivers)} "
                      f"players ({names}) — choose who gets one ({count} left to give).")
        else:  # pragma: no cover
            prompt = f"{who} to play."
        return Decision(seat, prompt, STEP_KIND[kind])

    def legal_actions(self, s: State) -> list[Action]:
        if s.over or not s.queue:
            return []
        step = s.queue[0]
        kind = step[0]
        seat = step[1] if len(step) > 1 else s.turn
        loc = s.location[seat] if seat < len(s.location) else HARBOUR
        here = _place_target(seat, loc)
        if kind == "place":
            return [Action("place", i, ("island", i)) for i in TORNADO_SQUARES]
        if kind == "roll":
            return [Action("roll", None, here)]
        if kind == "load":
            most = min(ISLANDS[loc].chest, s.basket)
            return [Action("load", k, here) for k in range(most + 1)]
        if kind == "neutral":
            other = _neutral_other(s, seat)
            out = [Action("steal", k, here) for k in range(1, min(STEAL_GIVE_MAX, s.cargo[other]) + 1)]
            out += [Action("give", k, here) for k in range(1, min(STEAL_GIVE_MAX, s.cargo[seat]) + 1)]
            out.append(Action("pass", None, here))
            return out
        if kind == "tship":
            probe = s.copy()
            dest = _sail(probe, seat, 1)
            return [Action("sail", 1, _place_target(seat, dest)), Action("stay", None, here)]
        if kind == "tdir":
            t = s.tornado
            return [Action("direction", "ccw", ("island", (t - 1) % N_ISLANDS)),
                    Action("direction", "cw", ("island", (t + 1) % N_ISLANDS)),
                    Action("tornado", 0, ("island", t))]
        if kind == "tmove":
            t = s.tornado
            low = 1 if s.variant == "older" else 0
            return [Action("tornado", k, ("island", (t + s.tdir * k) % N_ISLANDS))
                    for k in range(low, s.tornado_max + 1)]
        if kind == "give":
            _, giver, count, receivers = step
            return [Action("give-to", s.colours[r], _place_target(r, s.location[r])) for r in receivers]
        return []

    # -- applying --------------------------------------------------------------------------
    def apply(self, s: State, a: Any) -> State:
        legal = self.legal_actions(s)
        if a not in legal:
            raise IllegalAction(self._why_not(s, str(a)))
        t = s.copy()
        t.last_events = []
        step = t.queue[0]
        kind = step[0]
        seat = step[1] if len(step) > 1 else t.turn
        who = t.names[seat]
        if kind == "place":
            t.queue.pop(0)
            t.tornado = a.value
            _say(t, f"{who} placed the tornado on {island_label(a.value)}.")
        elif kind == "roll":
            t.queue.pop(0)
            face = DIE_FACES[t.rng.randbelow(len(DIE_FACES))]
            t.die = face
            t.wheel = None
            if face == "tornado":
                if t.variant == "younger":
                    pos = _sail(t, seat, 1)
                    _arrived(t, seat, pos, "rolled the tornado and sailed 1 island")
                else:
                    _say(t, f"{who} rolled the tornado.")
                    nxt = "tdir" if t.variant == "older" else "tmove"
                    t.queue[0:0] = [("tship", seat), (nxt, seat)]
            else:
                pos = _sail(t, seat, face)
                _arrived(t, seat, pos, f"rolled {face} and sailed")
        elif kind == "load":
            t.queue.pop(0)
            n = a.value
            if n == 0:
                _say(t, f"{who} loaded nothing.")
            else:
                _say(t, f"{who} loaded {n} treasure (ship {t.cargo[seat] + n}/7).")
                _load_from_basket(t, seat, n)
        elif kind == "neutral":
            t.queue.pop(0)
            other = _neutral_other(t, seat)
            if a.verb == "steal":
                _say(t, f"{who} stole {a.value} treasure from {t.names[other]}.")
                t.cargo[other] -= a.value
                t.cargo[seat] += a.value
                _capsize_check(t, seat)
            elif a.verb == "give":
                _say(t, f"{who} gave {a.value} treasure to {t.names[other]}.")
                t.cargo[seat] -= a.value
                t.cargo[other] += a.value
                _capsize_check(t, other)
            else:
                _say(t, f"{who} left {t.names[other]}'s ship alone.")
        elif kind == "tship":
            t.queue.pop(0)
            if a.verb == "sail":
                pos = _sail(t, seat, 1)
                _arrived(t, seat, pos, "sailed 1 island")
            else:
                _say(t, f"{who}'s ship stayed put.")
        elif kind == "tdir":
            if a.verb == "tornado":
                t.queue.pop(0)
                _say(t, f"{who} left the tornado on {island_label(t.tornado)}.")
            else:
                t.tdir = 1 if a.value == "cw" else -1
                t.queue[0] = ("tmove", seat)
                way = "clockwise" if t.tdir > 0 else "anticlockwise"
                _say(t, f"{who} will move the tornado {way}.")
        elif kind == "tmove":
            t.queue.pop(0)
            k = a.value
            if k == 0:
                _say(t, f"{who} left the tornado on {island_label(t.tornado)}.")
            else:
                t.tornado = (t.tornado + t.tdir * k) % N_ISLANDS
                way = "anticlockwise" if t.tdir < 0 else "clockwise"
                _say(t, f"{who} moved the tornado {k} island{'s' if k > 1 else ''} {way} to {island_label(t.tornado)}.")
                _spin(t)
        elif kind == "give":
            _, giver, count, receivers = step
            r = t.colours.index(a.value)
            rest = tuple(x for x in receivers if x != r)
            t.queue[0] = ("give", giver, count - 1, rest)
            _say(t, f"{who} gave 1 treasure to {t.names[r]}.")
            _receive(t, giver, r)
        _advance(t)
        return t

    def _why_not(self, s: State, text: str) -> str:
        """The reason an action (given as notation) is refused, in the rulebook's words."""
        d = self.pending(s)
        if d is None:
            return "The game is over; no more moves can be made."
        words = text.split()
        who = s.names[d.seat]
        step = s.queue[0]
        kind = step[0]
        verb = words[0] if words else ""
        num = None
        if len(words) >= 2 and words[-1].lstrip("-").isdigit():
            num = int(words[-1])
        loc = s.location[d.seat]
        if kind == "place":
            squares = ", ".join(str(i) for i in TORNADO_SQUARES)
            if verb == "place":
                return f"The tornado starts on a tornado square: island {squares}."
            return f"{who} must first place the tornado on a tornado square (islands {squares})."
        if kind == "roll":
            return f"{who} must roll the die now ('roll')."
        if kind == "load":
            chest = ISLANDS[loc].chest
            if verb == "load" and num is not None:
                if num < 0:
                    return "You cannot load a negative amount of treasure."
                if num > chest:
                    return f"The green chest on island {loc} lets {who} load at most {chest} treasure."
                if num > s.basket:
                    return f"The basket holds only {s.basket} treasure."
            return f"{who} must choose how much treasure to load: 'load 0' to 'load {min(chest, s.basket)}'."
        if kind == "neutral":
            other = _neutral_other(s, d.seat)
            if verb in ("steal", "give") and num is not None:
                if num > STEAL_GIVE_MAX:
                    return f"The last to arrive may {verb} at most two treasure pieces."
                if num < 1:
                    return f"'{text}' makes no sense: {verb} 1 or 2, or 'pass'."
                if verb == "steal":
                    return f"{s.names[other]}'s ship carries only {s.cargo[other]} treasure."
                return f"{who}'s ship carries only {s.cargo[d.seat]} treasure."
            return f"{who} may 'steal 1'/'steal 2', 'give 1'/'give 2' or 'pass'."
        if kind == "tship":
            return f"{who} may move the ship to the next island ('sail 1') or do nothing ('stay')."
        if kind == "tdir":
            return f"{who} must choose 'direction cw', 'direction ccw' or leave the tornado ('tornado 0')."
        if kind == "tmove":
            if verb == "tornado" and num is not None and num > s.tornado_max:
                return (f"With {s.players} players the tornado moves at most {s.tornado_max} islands.")
            low = 1 if s.variant == "older" else 0
            return f"{who} must move the tornado: 'tornado {low}' to 'tornado {s.tornado_max}'."
        if kind == "give":
            receivers = step[3]
            if verb == "give" and len(words) == 3 and words[1] == "to":
                c = words[2]
                if c in s.colours:
                    r = s.colours.index(c)
                    if r == step[1]:
                        return f"{who} cannot give treasure to their own ship."
                    if not s.active(r):
                        return f"{s.names[r]} has finished and takes no more treasure."
                    return f"{s.names[r]} has already received a piece from {who}."
                return f"There is no {c} ship in this game."
            opts = ", ".join(f"'give to {s.colours[r]}'" for r in receivers)
            return f"{who} must choose who gets a treasure piece: {opts}."
        return f"'{text}' is not a legal move now."

    def parse(self, s: State, text: str) -> Action:
        wanted = " ".join(str(text).split()).lower()
        for a in self.legal_actions(s):
            if str(a) == wanted:
                return a
        raise IllegalAction(self._why_not(s, wanted))

    # -- describing ----------------------------------------------------------------------
    def describe(self, s: State, a: Action) -> str:
        d = self.pending(s)
        seat = d.seat if d else s.turn
        v = a.verb
        if v == "roll":
            return "Roll the die"
        if v == "place":
            return f"Place the tornado on {island_label(a.value)}"
        if v == "load":
            if a.value == 0:
                return "Load nothing"
            after = s.cargo[seat] + a.value
            warn = " — capsizes!" if after > CAPACITY else ""
            return f"Load {a.value} treasure (ship {after}/7){warn}"
        if v in ("steal", "give"):
            other = _neutral_other(s, seat)
            name = s.names[other] if other is not None else "the other ship"
            if v == "steal":
                return f"Steal {a.value} from {name}"
            return f"Give {a.value} to {name}"
        if v == "pass":
            return "Do nothing"
        if v == "sail":
            tgt = a.target
            where = "into the harbour" if tgt and tgt[0] == "harbour" else f"→ {island_label(tgt[1])}"
            return f"Sail 1 island {where}"
        if v == "stay":
            return "Stay"
        if v == "direction":
            return "Turn the tornado clockwise" if a.value == "cw" else "Turn the tornado anticlockwise"
        if v == "tornado":
            if a.value == 0:
                return "Leave the tornado where it is"
            dest = a.target[1]
            hit = s.ships_at(dest)
            also = f" ({', '.join(s.names[p] for p in hit)} moored there)" if hit else ""
            return f"Move the tornado {a.value} → {island_label(dest)}{also}"
        if v == "give-to":
            r = s.colours.index(a.value)
            return f"Give 1 treasure to {s.names[r]} ({a.value})"
        return str(a)

    def log_line(self, before: State, a: Any, after: State) -> str:
        if after.last_events:
            return " ".join(after.last_events)
        return super().log_line(before, a, after)

    def summary(self, s: State) -> str:
        parts = []
        for p in range(s.players):
            where = "harbour" if s.location[p] == HARBOUR else f"island {s.location[p]}"
            parts.append(f"{s.names[p]} ({s.colours[p]}): {where}, ship {s.cargo[p]}/7, "
                         f"harbour {s.unloaded[p]}/{s.target}")
        tornado = "none" if s.tornado is None else f"island {s.tornado}"
        head = f"Turn {s.turns}. Basket {s.basket}. Tornado: {tornado}."
        d = self.pending(s)
        tail = "The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}"
        return head + " " + "; ".join(parts) + ". " + tail

    def vp(self, s: State) -> dict[int, int]:
        return {p: s.unloaded[p] for p in range(s.players)}

    # -- the end -------------------------------------------------------------------------
    def result(self, s: State) -> Result | None:
        if not s.over:
            return None
        ranking: list[list[int]] = [[p] for p in s.finished]
        rest = {p: (s.unloaded[p],) for p in range(s.players) if p not in s.finished}
        if rest:
            ranking += rank_by(rest)
        scores = {p: s.unloaded[p] for p in range(s.players)}
        breakdown = {p: {"Treasure in harbour": s.unloaded[p], "Treasure on ship": s.cargo[p]}
                     for p in range(s.players)}
        tiebreak = (f"Captains are placed in the order they brought {s.target} treasure home; "
                    "the others by treasure in their harbour (equal treasure shares a place; "
                    "treasure still on a ship does not count).")
        return Result(ranking=ranking, scores=scores, breakdown=breakdown, tiebreak=tiebreak)

    # -- checks ----------------------------------------------------------------------------
    def invariants(self, s: State) -> list[str]:
        bad = []
        total = s.basket + sum(s.cargo) + sum(s.unloaded)
        if total != TREASURES:
            bad.append(f"treasure not conserved: basket {s.basket} + ships {sum(s.cargo)} + "
                       f"harbours {sum(s.unloaded)} = {total}, not {TREASURES}")
        if s.basket < 0:
            bad.append(f"the basket holds {s.basket} treasure")
        for p in range(s.players):
            if not 0 <= s.cargo[p] <= CAPACITY:
                bad.append(f"{s.names[p]}'s ship carries {s.cargo[p]} treasure")
            if s.unloaded[p] < 0:
                bad.append(f"{s.names[p]} has {s.unloaded[p]} treasure in harbour")
            if s.location[p] == HARBOUR and s.cargo[p]:
                bad.append(f"{s.names[p]}'s ship is in harbour with treasure still aboard")
            if not -1 <= s.location[p] < N_ISLANDS:
                bad.append(f"{s.names[p]}'s ship is at {s.location[p]}")
        moored: dict[int, int] = {}
        for loc in s.location:
            if loc != HARBOUR:
                moored[loc] = moored.get(loc, 0) + 1
        for i, count in moored.items():
            if count > PER_ISLAND:
                bad.append(f"island {i} holds {count} ships")
        if s.variant == "younger":
            if s.tornado is not None:
                bad.append("the younger variant has no tornado piece")
        elif s.tornado is None and (s.turns > 1 or s.die is not None):
            bad.append("the tornado was never placed")
        if len(set(s.finished)) != len(s.finished):
            bad.append("a captain finished twice")
        for p in s.finished:
            if s.unloaded[p] < s.target or s.location[p] != HARBOUR:
                bad.append(f"{s.names[p]} finished without {s.target} treasure in harbour")
        if s.over != (not s.queue):
            bad.append("the game is over but steps remain (or the reverse)")
        return bad

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self, s: State) -> dict:
        return {
            "names": list(s.names), "colours": list(s.colours), "harbour_exit": list(s.harbour_exit),
            "location": list(s.location), "cargo": list(s.cargo), "unloaded": list(s.unloaded),
            "basket": s.basket, "tornado": s.tornado, "die": s.die, "wheel": s.wheel,
            "target": s.target, "finished": list(s.finished), "rng": s.rng.to_json(),
            "turn": s.turn, "turns": s.turns, "variant": s.variant, "play_on": s.play_on,
            "tornado_max": s.tornado_max, "tdir": s.tdir,
            "queue": [[list(x) if isinstance(x, tuple) else x for x in st] for st in s.queue],
            "over": s.over, "last_events": list(s.last_events),
        }

    def from_json(self, d: dict) -> State:
        s = State()
        s.names = [str(x) for x in d["names"]]
        s.colours = [str(x) for x in d["colours"]]
        s.harbour_exit = [int(x) for x in d["harbour_exit"]]
        s.location = [int(x) for x in d["location"]]
        s.cargo = [int(x) for x in d["cargo"]]
        s.unloaded = [int(x) for x in d["unloaded"]]
        s.basket = int(d["basket"])
        s.tornado = None if d["tornado"] is None else int(d["tornado"])
        s.die = d["die"]
        s.wheel = d["wheel"]
        s.target = int(d["target"])
        s.finished = [int(x) for x in d["finished"]]
        s.rng = Rng.from_json(d["rng"])
        s.turn = int(d["turn"])
        s.turns = int(d["turns"])
        s.variant = str(d["variant"])
        s.play_on = bool(d["play_on"])
        s.tornado_max = int(d["tornado_max"])
        s.tdir = int(d["tdir"])
        s.queue = [tuple(tuple(x) if isinstance(x, list) else x for x in st) for st in d["queue"]]
        s.over = bool(d["over"])
        s.last_events = [str(x) for x in d["last_events"]]
        return s


RULES = PiratissimoRules()
