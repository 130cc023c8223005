"""The turn as a queue of steps: decisions wait for a player, the rest (arriving, the wind
wheel's effects, the end of the turn) are carried out at once; the tornado and the wind wheel."""
from __future__ import annotations

from .board import HARBOUR, ISLANDS, RED_LOAD, WHEEL_TEXT, WIND_WHEEL, island_label
from .sailing import push
from .state import DECISION_STEPS, State, say
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
            say(s, f"The tornado blew {s.names[seat]}'s ship on to {island_label(pos)}.")
            s.queue.insert(0, ("arrive", seat))
        elif kind == "overboard":
            seat = step[1]
            others = others_for_overboard(s, seat)
            have = s.cargo[seat]
            if not others:
                continue
            if have == 0:
                say(s, f"{s.names[seat]} has no treasure to give.")
            elif have >= len(others):
                for r in others:
                    if s.over:
                        break
                    say(s, f"{s.names[seat]} gave 1 treasure to {s.names[r]}.")
                    receive(s, seat, r)
            else:
                # short: the affected captain chooses who receives, one piece at a time
                s.queue.insert(0, ("give", seat, have, others))
        elif kind == "lookout":
            seat = step[1]
            say(s, f"{s.names[seat]}'s ship reached the {s.colours[seat]} harbour in time.")
            enter_harbour(s, seat)
        elif kind == "washed":
            seat = step[1]
            n = min(2, s.cargo[seat])
            s.cargo[seat] -= n
            s.basket += n
            if n:
                say(s, f"{n} of {s.names[seat]}'s treasure washed into the sea (back to the basket).")
            else:
                say(s, f"{s.names[seat]}'s ship had no treasure to lose.")
        else:  # pragma: no cover - a bug, not a rule
            raise RuntimeError(f"unknown step {step!r}")


def decision_needed(s: State, step: tuple) -> bool:
    """True if the decision step at the head needs an answer; otherwise settle it and pop it."""
    kind = step[0]
    if kind == "load":
        seat = step[1]
        if s.basket == 0:
            s.queue.pop(0)
            say(s, f"The basket is empty: {s.names[seat]} cannot load.")
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
                say(s, f"{s.names[giver]} gave 1 treasure to {s.names[r]}.")
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
    who = s.names[seat]
    if isl.kind == "green":
        s.queue.insert(0, ("load", seat))
    elif isl.kind == "red":
        if s.basket == 0:
            say(s, f"The basket is empty: {who} cannot load.")
            return
        n = min(RED_LOAD, s.basket)
        if n < RED_LOAD:
            say(s, f"Only {n} treasure left in the basket.")
        say(s, f"{who} had to load {n} treasure from the red chest (ship {s.cargo[seat] + n}/7).")
        load_from_basket(s, seat, n)
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
        say(s, "No ship is moored there.")
        return
    outcome = WIND_WHEEL[s.rng.randbelow(len(WIND_WHEEL))]
    s.wheel = outcome
    who = " and ".join(s.names[p] for p in hit)
    say(s, f"The tornado hit {who}: the wind wheel shows '{outcome}' — {WHEEL_TEXT[outcome]}.")
    s.queue[0:0] = [(outcome, p) for p in hit]
