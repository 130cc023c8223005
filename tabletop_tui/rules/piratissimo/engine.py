"""The rules of Piratissimo: set-up, whose decision it is and what it asks, the legal answers,
carrying an answer out, and the invariants (no treasure created or lost)."""
from __future__ import annotations

import json
from typing import Any

from tabletop_tui.rules.core import (BaseRules, Decision, IllegalAction, Option, Result, Rng,
                                     resolve_options)

from . import describe, notation, scoring, state
from .actions import Action
from .board import (CAPACITY, COLOURS_BY_PLAYERS, DIE_FACES, HARBOUR, HARBOUR_EXIT, ISLANDS,
                    N_ISLANDS, PER_ISLAND, STEAL_GIVE_MAX, TORNADO_MAX, TORNADO_SQUARES, TREASURES,
                    WIN_AT, island_label, island_no, place_target)
from .sailing import arrived, sail
from .state import STEP_KIND, State, note, say
from .treasure import capsize_check, load_from_basket, neutral_other, receive
from .describe import neutral_choices
from .turn import advance, spin


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
            squares = ", ".join(str(island_no(i)) for i in TORNADO_SQUARES)
            prompt = f"{who}: place the tornado on a tornado square (islands {squares})."
        elif kind == "roll":
            where = ("in the harbour" if s.location[seat] == HARBOUR
                     else f"on {island_label(s.location[seat])}")
            prompt = f"{who}: roll the die (ship {where}, {s.cargo[seat]}/7 aboard).{empty}"
        elif kind == "load":
            isl = ISLANDS[s.location[seat]]
            most = min(isl.chest, s.basket)
            extra = f" Only {s.basket} left in the basket." if s.basket < isl.chest else ""
            prompt = (f"{who}: island {island_no(isl.index)} has a green chest — load 0 to {most} treasure "
                      f"(ship {s.cargo[seat]}/7; an 8th piece capsizes it).{extra}")
        elif kind == "neutral":
            other = neutral_other(s, seat)
            prompt = f"{who}: {neutral_choices(s, seat, other)}"
        elif kind == "tship":
            prompt = f"{who} rolled the tornado: sail your ship 1 island on, or stay.{empty}"
        elif kind == "tdir":
            prompt = f"{who}: turn the tornado clockwise or anticlockwise, or leave it."
        elif kind == "tmove":
            way = "anticlockwise" if s.tdir < 0 else "clockwise"
            # The choices list 1..k first, so that digit k moves the tornado k islands.
            prompt = f"{who}: move the tornado 1 to {s.tornado_max} islands {way}" + (
                "." if s.variant == "older" else ", or leave it where it is.")
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
        here = place_target(seat, loc)
        if kind == "place":
            return [Action("place", i, ("island", i)) for i in TORNADO_SQUARES]
        if kind == "roll":
            return [Action("roll", None, here)]
        if kind == "load":
            most = min(ISLANDS[loc].chest, s.basket)
            return [Action("load", k, here) for k in range(most + 1)]
        if kind == "neutral":
            other = neutral_other(s, seat)
            out = [Action("steal", k, here) for k in range(1, min(STEAL_GIVE_MAX, s.cargo[other]) + 1)]
            out += [Action("give", k, here) for k in range(1, min(STEAL_GIVE_MAX, s.cargo[seat]) + 1)]
            out.append(Action("pass", None, here))
            return out
        if kind == "tship":
            probe = s.copy()
            dest = sail(probe, seat, 1)
            return [Action("sail", 1, place_target(seat, dest)), Action("stay", None, here)]
        if kind == "tdir":
            t = s.tornado
            return [Action("direction", "ccw", ("island", (t - 1) % N_ISLANDS)),
                    Action("direction", "cw", ("island", (t + 1) % N_ISLANDS)),
                    Action("tornado", 0, ("island", t))]
        if kind == "tmove":
            t = s.tornado
            # 1..k, then "leave it" (standard variant): digit k means k islands, as the prompt says
            out = [Action("tornado", k, ("island", (t + s.tdir * k) % N_ISLANDS))
                   for k in range(1, s.tornado_max + 1)]
            if s.variant != "older":
                out.append(Action("tornado", 0, ("island", t)))
            return out
        if kind == "give":
            _, giver, count, receivers = step
            return [Action("give-to", s.colours[r], place_target(r, s.location[r])) for r in receivers]
        return []

    # -- applying --------------------------------------------------------------------------
    def apply(self, s: State, a: Any) -> State:
        legal = self.legal_actions(s)
        if a not in legal:
            raise IllegalAction(notation.why_not(self, s, str(a)))
        t = s.copy()
        t.last_events = []
        step = t.queue[0]
        kind = step[0]
        seat = step[1] if len(step) > 1 else t.turn
        if kind == "place":
            t.queue.pop(0)
            t.tornado = a.value
            say(t, "placed", seat, a.value)
        elif kind == "roll":
            t.queue.pop(0)
            face = DIE_FACES[t.rng.randbelow(len(DIE_FACES))]
            t.die = face
            t.wheel = None
            if face == "tornado":
                if t.variant == "younger":
                    pos = sail(t, seat, 1)
                    arrived(t, seat, pos, ("tornado-sail",))
                else:
                    say(t, "rolled-tornado", seat)
                    nxt = "tdir" if t.variant == "older" else "tmove"
                    t.queue[0:0] = [("tship", seat), (nxt, seat)]
            else:
                pos = sail(t, seat, face)
                arrived(t, seat, pos, ("rolled", face))
        elif kind == "load":
            t.queue.pop(0)
            n = a.value
            if n == 0:
                say(t, "loaded", seat, 0, t.cargo[seat])
            else:
                say(t, "loaded", seat, n, t.cargo[seat] + n)
                load_from_basket(t, seat, n, "green chest")
        elif kind == "neutral":
            t.queue.pop(0)
            other = neutral_other(t, seat)
            if a.verb == "steal":
                say(t, "stole", seat, other, a.value)
                t.cargo[other] -= a.value
                t.cargo[seat] += a.value
                note(t, seat, "aboard", a.value, "stolen")
                note(t, other, "aboard", -a.value, "stolen")
                capsize_check(t, seat)
            elif a.verb == "give":
                say(t, "gave", seat, other, a.value)
                t.cargo[seat] -= a.value
                t.cargo[other] += a.value
                note(t, seat, "aboard", -a.value, "given")
                note(t, other, "aboard", a.value, "given")
                capsize_check(t, other)
            else:
                say(t, "left-alone", seat, other)
        elif kind == "tship":
            t.queue.pop(0)
            if a.verb == "sail":
                pos = sail(t, seat, 1)
                arrived(t, seat, pos, ("sail1",))
            else:
                say(t, "stayed", seat)
        elif kind == "tdir":
            if a.verb == "tornado":
                t.queue.pop(0)
                say(t, "left-tornado", seat, t.tornado)
            else:
                t.tdir = 1 if a.value == "cw" else -1
                t.queue[0] = ("tmove", seat)
                say(t, "direction", seat, t.tdir)
        elif kind == "tmove":
            t.queue.pop(0)
            k = a.value
            if k == 0:
                say(t, "left-tornado", seat, t.tornado)
            else:
                t.tornado = (t.tornado + t.tdir * k) % N_ISLANDS
                say(t, "moved-tornado", seat, k, t.tdir, t.tornado)
                spin(t)
        elif kind == "give":
            _, giver, count, receivers = step
            r = t.colours.index(a.value)
            rest = tuple(x for x in receivers if x != r)
            t.queue[0] = ("give", giver, count - 1, rest)
            say(t, "gave", seat, r, 1)
            receive(t, giver, r)
        advance(t)
        return t

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

    # -- JSON, notation, text, the end ------------------------------------------------------
    def to_json(self, s: State) -> dict:
        return state.to_json(s)

    def from_json(self, d: dict) -> State:
        return state.from_json(d)

    def parse(self, s: State, text: str) -> Action:
        return notation.parse(self, s, text)

    def describe(self, s: State, a: Action) -> str:
        return describe.describe(self, s, a)

    def log_line(self, before: State, a: Any, after: State) -> str:
        line = describe.log_line(before, a, after)
        return super().log_line(before, a, after) if line is None else line

    def summary(self, s: State) -> str:
        return describe.summary(self, s)

    def legacy_state_hashes(self, s: State) -> tuple[str, ...]:
        """The hash a save made before islands were numbered 1–24 (and before the log kept events
        rather than sentences) recorded for this position: such saves keep loading."""
        d = state.to_json(s)
        d["last_events"] = [describe.event_text(s, e, first=0) for e in s.last_events]
        blob = json.dumps(d, sort_keys=True, separators=(",", ":"))
        import hashlib  # (loaded when first used, not before the first paint)

        return (hashlib.sha256(blob.encode()).hexdigest()[:16],)

    def view(self, s: State, seat: int) -> State:
        """Everything on the table is open; only the random stream is replaced by a fixed one,
        so a view cannot foretell the die or the wind wheel (a bot samples its own futures)."""
        v = s.copy()
        v.rng = Rng(0)
        return v

    def round_label(self, s: State) -> str:
        return f"round {(max(s.turns, 1) - 1) // len(s.names) + 1}"

    def vp(self, s: State) -> dict[int, int]:
        return scoring.vp(s)

    # -- the table at a glance ---------------------------------------------------------------
    #: the points are the treasure brought home to the harbour
    points_key = "home"

    def counters(self, s: State, seat: int) -> dict[str, int]:
        """Treasure at home (in the harbour's hollows: what wins) and treasure aboard."""
        return {"home": s.unloaded[seat], "aboard": s.cargo[seat]}

    def headline(self, s: State, seat: int) -> list[str]:
        return ["home", "aboard"]

    def sheet(self, s: State, seat: int) -> list[tuple[str, list[str]]]:
        return describe.sheet(s, seat)

    def result(self, s: State) -> Result | None:
        return scoring.result(s)


RULES = PiratissimoRules()
