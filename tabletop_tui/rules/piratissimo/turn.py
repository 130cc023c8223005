"""The turn as a queue of steps: decisions wait for a player, the rest (arriving, the wind
wheel's effects, the end of the turn) are carried out at once; the tornado and the wind wheel."""
from __future__ import annotations

from .board import HARBOUR, ISLANDS, RED_LOAD, WIND_WHEEL
from .sailing import push
from .state import DECISION_STEPS, State, note, say
from .treasure import (enter_harbour, load_from_basket, neutral_other, others_for_overboard,
                       receive)


def advance(s: State) -> None:
    """Carry out automatic steps until a decision is due or the game is over."""
    while not s.over and s.queue:
        step = s.queue[0]
        kind = step[0]
        if kind in DECISION_STEPS:
            if decision_needed(s, step):
                return
            continue
        s.queue.pop(0)
        if kind == "end":
            next_turn(s)
        elif kind == "arrive":
            arrive(s, step[1])
        elif kind == "lucky":
            seat = step[1]
            pos = push(s, seat)
            say(s, "blown", seat, pos)
            s.queue.insert(0, ("arrive", seat))
        elif kind == "overboard":
            seat = step[1]
            others = others_for_overboard(s, seat)
            have = s.cargo[seat]
            if not others:
                continue
            if have == 0:
                say(s, "nothing-to-give", seat)
            elif have >= len(others):
                for r in others:
                    if s.over:
                        break
                    say(s, "gave", seat, r, 1)
                    receive(s, seat, r)
            else:
                # short: the affected captain chooses who receives, one piece at a time
                s.queue.insert(0, ("give", seat, have, others))
        elif kind == "lookout":
            seat = step[1]
            say(s, "in-time", seat)
            enter_harbour(s, seat, "lookout")
        elif kind == "washed":
            seat = step[1]
            n = min(2, s.cargo[seat])
            s.cargo[seat] -= n
            s.basket += n
            note(s, seat, "aboard", -n, "washed overboard")
            if n:
                say(s, "washed", seat, n)
            else:
                say(s, "nothing-to-lose", seat)
        else:  # pragma: no cover - a bug, not a rule
            raise RuntimeError(f"unknown step {step!r}")


def decision_needed(s: State, step: tuple) -> bool:
    """True if the decision step at the head needs an answer; otherwise settle it and pop it."""
    kind = step[0]
    if kind == "load":
        seat = step[1]
        if s.basket == 0:
            s.queue.pop(0)
            say(s, "basket-empty", seat)
            return False
        return True
    if kind == "neutral":
        seat = step[1]
        other = neutral_other(s, seat)
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
                say(s, "gave", giver, r, 1)
                receive(s, giver, r)
            return False
        s.queue[0] = ("give", giver, count, valid)
        return True
    return True


def arrive(s: State, seat: int) -> None:
    loc = s.location[seat]
    if loc == HARBOUR:
        return
    isl = ISLANDS[loc]
    if isl.kind == "green":
        s.queue.insert(0, ("load", seat))
    elif isl.kind == "red":
        if s.basket == 0:
            say(s, "basket-empty", seat)
            note(s, seat, "aboard", 0, f"red chest; {RED_LOAD} short: the basket is empty", zero=True)
            return
        n = min(RED_LOAD, s.basket)
        if n < RED_LOAD:
            say(s, "only-left", n)
        say(s, "red-chest", seat, n, s.cargo[seat] + n)
        load_from_basket(s, seat, n, "red chest" if n == RED_LOAD
                         else f"red chest; {RED_LOAD - n} short: the basket is empty")
    else:
        if neutral_other(s, seat) is not None:
            s.queue.insert(0, ("neutral", seat))


def next_turn(s: State) -> None:
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


def spin(s: State) -> None:
    """The tornado stopped: if ships are moored there, spin the wind wheel and queue its effect."""
    isl = s.tornado
    n = s.players
    hit = sorted(s.ships_at(isl), key=lambda p: (p - s.turn) % n)
    if not hit:
        say(s, "no-ship")
        return
    outcome = WIND_WHEEL[s.rng.randbelow(len(WIND_WHEEL))]
    s.wheel = outcome
    say(s, "hit", tuple(hit), outcome)
    s.queue[0:0] = [(outcome, p) for p in hit]
