"""Helpers for Piratissimo rules tests: build positions, rig the die and the wind wheel."""
from __future__ import annotations

from tabletop_tui.rules.core import Rng
from tabletop_tui.rules.piratissimo import DIE_FACES, RULES, TREASURES, WIND_WHEEL, State

NAMES = ["Anna", "Bruno", "Chiara", "Dario"]


def new_game(n: int = 2, seed: int = 1, **options) -> State:
    return RULES.setup(NAMES[:n], seed, options)


def position(n: int = 2, *, turn: int = 0, location=None, cargo=None, unloaded=None,
             tornado: int | None = 2, **options) -> State:
    """A position at the start of ``turn``'s roll, treasure conserved through the basket."""
    s = new_game(n, **options)
    if location is not None:
        s.location = list(location)
    if cargo is not None:
        s.cargo = list(cargo)
    if unloaded is not None:
        s.unloaded = list(unloaded)
    s.basket = TREASURES - sum(s.cargo) - sum(s.unloaded)
    assert s.basket >= 0
    s.tornado = None if s.variant == "younger" else tornado
    s.turn = turn
    s.queue = [("roll", turn), ("end",)]
    assert RULES.invariants(s) == [], RULES.invariants(s)
    return s


def _matches(seed: int, draws: int, wants) -> bool:
    r = Rng(seed, draws)
    for n, ok in wants:
        if r.randbelow(n) not in ok:
            return False
    return True


def rig(s: State, *wants) -> State:
    """Set the rng so that its next draws are ``wants``: pairs (n, allowed values)."""
    for d in range(s.rng.draws, s.rng.draws + 100000):
        if _matches(s.rng.seed, d, wants):
            s.rng = Rng(s.rng.seed, d)
            return s
    raise AssertionError("no rng position found")


def face_index(face) -> set:
    return {i for i, f in enumerate(DIE_FACES) if f == face}


def wheel_index(outcome: str) -> set:
    return {i for i, o in enumerate(WIND_WHEEL) if o == outcome}


def act(s: State, text: str) -> State:
    return RULES.apply(s, RULES.parse(s, text))


def roll(s: State, face, wheel: str | None = None) -> State:
    """Roll the die showing ``face`` (and, later in the turn, the wind wheel showing ``wheel``)."""
    s = s.copy()
    wants = [(len(DIE_FACES), face_index(face))]
    if wheel is not None:
        wants.append((len(WIND_WHEEL), wheel_index(wheel)))
    rig(s, *wants)
    return act(s, "roll")


def options(s: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(s)]


def kind(s: State) -> str | None:
    d = RULES.pending(s)
    return d.kind if d else None


def seat(s: State) -> int | None:
    d = RULES.pending(s)
    return d.seat if d else None


def events(s: State) -> list[str]:
    """The sentences the log shows for the last move's events."""
    from tabletop_tui.rules.piratissimo.describe import event_text

    return [event_text(s, e) for e in s.last_events]
