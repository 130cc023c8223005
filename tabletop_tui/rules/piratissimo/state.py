"""A Piratissimo position, and the small queue of steps left in the turn."""
from __future__ import annotations

from tabletop_tui.rules.core import Rng

from .board import ISLANDS, TREASURES, WIN_AT, Island

# Steps that wait for a player's answer; every other step is carried out at once.
DECISION_STEPS = frozenset({"place", "roll", "load", "neutral", "tship", "tdir", "tmove", "give"})
STEP_KIND = {  # step → Decision.kind
    "place": "place", "roll": "roll", "load": "load", "neutral": "neutral",
    "tship": "tornado-ship", "tdir": "direction", "tmove": "tornado", "give": "overboard",
}



class State:
    """A Piratissimo position. Fields a board widget reads:

    names, colours (per seat), islands (static layout), harbour_exit (per seat), location (per
    seat: island 0..23 or -1 in harbour), cargo (on the masts), unloaded (in the harbour hollows),
    basket, tornado (island or None), die (last roll: 1..4 or "tornado"), wheel (last wind wheel
    outcome this turn), target, finished (seats in the order they reached the target), rng,
    turn (seat whose turn it is), turns (turns begun), variant, play_on, tornado_max, tdir
    (tornado direction this turn: -1 anticlockwise, +1 clockwise), queue (steps of the turn still
    to do), over, last_events (what the last action did, as events for ``describe.event_text``).
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
        self.notes: list = []  # what the last action changed and why (Change); not saved

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
        t.notes = []
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


def note(s: State, seat: int, what: str, amount: int, why: str, zero: bool = False) -> None:
    """Record a change of a seat's treasure ("home" or "aboard") with the rules' reason;
    ``zero``: a load the empty basket cuts to nothing is told too ("+0 aboard (red chest; …)")."""
    from tabletop_tui.rules.core import Change

    if not amount and not zero:
        return
    for i, c in enumerate(s.notes):  # one entry per reason: "-2 aboard (overboard)"
        if (c.seat, c.what, c.source) == (seat, what, why) and (c.amount > 0) == (amount > 0):
            s.notes[i] = Change(seat, what, c.amount + amount, why)
            return
    s.notes.append(Change(seat, what, amount, why))


def say(s: State, *event) -> None:
    """Record what happened (``("sailed", seat, place, how)``...): ``describe.event_text`` makes the
    log sentence. Events, not sentences, are kept so that rewording the log changes no save."""
    s.last_events.append(tuple(event))


def to_json(s: State) -> dict:
    return {
        "names": list(s.names), "colours": list(s.colours), "harbour_exit": list(s.harbour_exit),
        "location": list(s.location), "cargo": list(s.cargo), "unloaded": list(s.unloaded),
        "basket": s.basket, "tornado": s.tornado, "die": s.die, "wheel": s.wheel,
        "target": s.target, "finished": list(s.finished), "rng": s.rng.to_json(),
        "turn": s.turn, "turns": s.turns, "variant": s.variant, "play_on": s.play_on,
        "tornado_max": s.tornado_max, "tdir": s.tdir,
        "queue": [[list(x) if isinstance(x, tuple) else x for x in st] for st in s.queue],
        "over": s.over, "last_events": [_list(e) for e in s.last_events],
    }

def from_json(d: dict) -> State:
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
    s.last_events = [_tuple(e) for e in d["last_events"]]
    return s


def _list(x):
    return [_list(v) for v in x] if isinstance(x, (list, tuple)) else x


def _tuple(x):
    return tuple(_tuple(v) for v in x) if isinstance(x, (list, tuple)) else x
