"""Finis Terrae: the rules engine (set-up, the four phases of a day, the end and scoring).

Flow: ``_advance`` runs every automatic step (drawing tiles, turning weather cards, rolling dice,
storm pushes) until a player must decide; ``pending`` then names the decision. Priority: a
distribution of things on a ship board (``dist``), then the queue (wreck, spoils, den), then the
phase (beach, split, carto, wind, sail).
"""
from __future__ import annotations

from dataclasses import replace

from tabletop_tui.rules.core import BaseRules, Change, Decision, IllegalAction, Option, Result, Rng, counted, rank_by, told

from . import cartography as C
from . import combat, trade
from . import holds as H
from . import sailing as SL
from . import scoring as SC
from . import ship_boards as SB
from .log_words import goods, tile_words as _tile_words
from .log_words import doing as _doing_words
from .log_words import sentence as _sentence
from . import tiles as T
from . import weather as W
from .actions import (GALLEON, Attack, ChooseBeach, ChooseWind, Den, DropHold, LoadHold, Move,
                      Pay, Place, Recover, Simple, Split, Spoils, SunnyOrder, Throw, Trade)
from .dice import red as _red
from .dice import roll as _roll
from .state import State

CP = T.COMPONENTS


SIDE_DIR = {"N": 0, "E": 1, "S": 2, "W": 3}


class FinisTerraeRules(BaseRules):
    game_id = "finis_terrae"
    title = "Finis Terrae"
    min_players = 2
    max_players = 4
    max_actions = 20000
    options = (
        Option("combat_dice", "Red dice per ship in combat", 2, (2, 1),
               "Alternative rule: 1 die each for more intense ship combats."),
        Option("speculative_spice", "Speculative spice trades", False, (),
               "Alternative rule: buy or sell up to as many crates as the island has tiles "
               "(at least 2; still 2 on the Isle of Winds)."),
        Option("wind_die", "Wind die blank faces", "choice", ("choice", "calm"),
               "House proposal: the two unnamed faces let the first player choose the wind "
               "(choice) or blow no wind at all (calm)."),
    )

    # ------------------------------------------------------------------ set-up
    def setup(self, seats, seed, options):
        s = State()
        s.names = list(seats)
        s.n = len(seats)
        if not self.min_players <= s.n <= self.max_players:
            raise ValueError(f"Finis Terrae is for {self.min_players}-{self.max_players} players")
        s.options = {o.key: options.get(o.key, o.default) for o in self.options}
        s.rng = Rng(seed)
        for c in T.ISLE_CELLS:
            s.tiles[(c["x"], c["y"])] = (c["kind"], c["rot"])
        stack = T.full_stack()
        for kind, k in T.REMOVALS.get(str(s.n), {}).items():
            for _ in range(k):
                stack.remove(kind)
                s.box.append(kind)
        s.rng.shuffle(stack)
        s.stack = stack
        s.deck, s.out = W.build_deck(s.rng)
        for _ in range(s.n):
            s.ships.append({"pos": None, "start": None, "pirate": False, "holds": H.empty_holds(),
                            "stash": 0, "pile": {"treasure": 0, "spice": 0, "find": 0, "castaway": 0},
                            "plus3": 0, "minus3": 0, "ports_left": CP["port_tokens"]})
        s.galleon = {"pos": None,
                     "holds": [("doubloons", k) if k else None for k in CP["galleon_holds"]]}
        s.supply = dict(CP["supply"])
        s.bank = CP["doubloons_total"] - sum(CP["galleon_holds"])
        s.first = 0
        s.phase = "beach"
        s.cur = 0
        return s

    # ------------------------------------------------------------------ helpers
    def seat_order(self, s) -> list[int]:
        return [(s.first + i) % s.n for i in range(s.n)]

    @staticmethod
    def ship(s, sid: int) -> dict:
        return s.galleon if sid == GALLEON else s.ships[sid]

    @staticmethod
    def is_pirate(s, sid: int) -> bool:
        return sid == GALLEON or s.ships[sid]["pirate"]

    def controller(self, s, sid: int) -> int:
        return s.flag if sid == GALLEON else sid

    def ship_name(self, s, sid: int) -> str:
        return "the Black Galleon" if sid == GALLEON else s.names[sid]

    def _current(self, s):
        """(seat deciding, ship id) of the sailing phase in progress."""
        seat, gal = s.sail["order"][s.sail["i"]]
        return seat, (GALLEON if gal else seat)

    def dens(self, s) -> list[tuple[int, int]]:
        return sorted((c for c, t in s.tiles.items() if T.info(t[0])["pirate_den"]),
                      key=lambda c: (-c[1], c[0]))

    def ships_on(self, s, cell) -> list[int]:
        out = [i for i, sh in enumerate(s.ships) if sh["pos"] is not None and sh["pos"][:2] == cell]
        g = s.galleon["pos"]
        if g is not None and g[:2] == cell:
            out.append(GALLEON)
        return out

    def _return(self, s, hold) -> None:
        """Throw a hold's content into the sea: back to the bank or the supply."""
        if hold is None:
            return
        kind, k = hold
        if kind == "doubloons":
            s.bank += k
        else:
            s.supply[kind] = s.supply.get(kind, 0) + k

    def _from_bank(self, s, k: int) -> int:
        k = max(0, min(k, s.bank))
        s.bank -= k
        return k

    def _ev(self, s, text: str) -> None:
        s.events.append(text)

    # ------------------------------------------------------------------ decisions
    def pending(self, s):
        if s.phase == "over":
            return None
        if s.dist is not None:
            d = s.dist
            why = {"setup": "share your 20 doubloons between holds and stash",
                   "wreck": "load the 6 doubloons of the repairs (and any from the stash)",
                   "reorganize": "reorganize your holds"}[d["why"]]
            return Decision(d["seat"], f"{why}: hold {d['hold'] + 1}", "load")
        if s.queue:
            q = s.queue[0]
            if q["t"] == "wreck":
                return Decision(self.controller(s, q["ship"]),
                                f"{self.ship_name(s, q['ship'])} wrecked: choose the hold to leave on the tile",
                                "drop")
            if q["t"] == "spoils":
                return Decision(self.controller(s, q["winner"]),
                                f"{self.ship_name(s, q['winner'])} won the combat: take or dump one hold of "
                                f"{self.ship_name(s, q['loser'])}", "spoils")
            if q["t"] == "den":
                return Decision(s.flag, "the Black Galleon was wrecked: choose its pirate den", "den")
        if s.phase == "beach":
            return Decision(self.seat_order(s)[s.cur], "choose your starting beach on the Isle of Winds", "beach")
        if s.phase == "split":
            raise AssertionError("split without a distribution")
        if s.phase == "carto":
            return Decision(self.seat_order(s)[s.cur], "place a tile (" + ", ".join(s.hand) + ")", "place")
        if s.phase == "wind":
            return Decision(s.first, "storm: the wind die lets you choose the wind's direction", "wind")
        if s.phase == "sail":
            seat, sid = self._current(s)
            step = s.sail["step"]
            who = "the Black Galleon" if sid == GALLEON else "your ship"
            if s.sail.get("pay"):
                p = s.sail["pay"]
                return Decision(seat, f"pay {counted(p['n'], 'doubloon')} for the {p['why']}: which holds "
                                      f"pay? (each gives all it has before the next)", "pay")
            if step == "order":
                whose = "the Black Galleon's move" if sid == GALLEON else "your ship's move"
                return Decision(seat, f"sunny day, {whose}: use the rolled {s.sail['rolled']} for "
                                      f"the first or the second move", "order")
            if step == "move":
                v = s.sail["legs"][s.sail["leg"]]
                if not self._moves(s, sid):  # only pirate dens lead out, and no toll to pay
                    return Decision(seat, f"your ship can leave only across a pirate den and cannot "
                                          f"pay the toll of 3 doubloons: hoist the black flag (pirates "
                                          f"pay no toll) and move up to {counted(v, 'tile')}, or stay", "move")
                return Decision(seat, f"move {who} up to {counted(v, 'tile')}", "move")
            if step == "act":
                return Decision(seat, f"perform 1 action with {who}", "act")
            if step == "after":
                return Decision(seat, "reorganize your holds in your port, or end the move", "act")
        raise AssertionError(f"no decision in phase {s.phase}")

    def legal_actions(self, s) -> list:
        if s.phase == "over":
            return []
        if s.dist is not None:
            return self._dist_actions(s)
        if s.queue:
            return self._queue_actions(s)
        if s.phase == "beach":
            taken = {tuple(sh["start"]) for sh in s.ships if sh["start"] is not None}
            out = []
            for c in T.ISLE_CELLS:
                if c["kind"] == "isle_beach" and (c["x"], c["y"]) not in taken:
                    out.append(ChooseBeach(c["side"], c["x"], c["y"]))
            return sorted(out, key=lambda a: "NESW".index(a.side))
        if s.phase == "carto":
            seat = self.seat_order(s)[s.cur]
            anchors = C.anchors(s.ships, s.ports, seat)
            out = []
            cells = C.open_cells(s.tiles, anchors)
            for kind in sorted(set(s.hand)):
                for (x, y, r) in C.placements(s.tiles, kind, anchors, cells):
                    out.append(Place(kind, x, y, r))
            return out
        if s.phase == "wind":
            return [ChooseWind(d) for d in "NESW"]
        if s.phase == "sail":
            return self._sail_actions(s)
        return []

    # -- distributions (set-up split, repairs after a wreck, reorganizing holds)
    @staticmethod
    def _feasible(pool: dict, left: int, need: int) -> bool:
        k = sum(1 for kind, v in pool.items() if kind != "doubloons" and v > 0)
        if need > 0:
            return k + 1 <= left and pool.get("doubloons", 0) >= need
        return k <= left

    def _dist_actions(self, s) -> list:
        d = s.dist
        k = d["hold"]
        left = H.NHOLDS - k - 1
        need = max(0, d["min"] - d["placed"])
        out = []
        if d["why"] == "setup" and k == 0:
            r = CP["recommended_split"]
            out.append(Split(tuple(r[:4]), r[4]))
        pool = d["pool"]
        if self._feasible(pool, left, need):
            out.append(LoadHold(k))
        for kind in ("doubloons", "spice", "find", "castaway"):
            have = pool.get(kind, 0)
            for n in range(1, have + 1):
                p2 = dict(pool)
                p2[kind] = have - n
                need2 = max(0, need - n) if kind == "doubloons" else need
                if self._feasible(p2, left, need2):
                    out.append(LoadHold(k, kind, n))
        return out

    def _apply_dist(self, s, a) -> None:
        d = s.dist
        if isinstance(a, Split):
            for h in a.holds:
                self._apply_dist(s, LoadHold(d["hold"], "doubloons" if h else "", h))
                if s.dist is None:
                    break
            return
        if a.what:
            d["pool"][a.what] -= a.n
            d["holds"].append([a.what, a.n])
            if a.what == "doubloons":
                d["placed"] += a.n
        else:
            d["holds"].append(None)
        d["hold"] += 1
        if d["hold"] < H.NHOLDS:
            return
        sh = s.ships[d["seat"]]
        sh["holds"] = [None if h is None else (h[0], h[1]) for h in d["holds"]]
        sh["stash"] += d["pool"].get("doubloons", 0)
        if d["pool"].get("doubloons", 0):
            s.notes.append(Change(d["seat"], "stash", d["pool"]["doubloons"], "kept in the stash"))
        why = d["why"]
        s.dist = None
        self._ev(s, f"{s.names[d['seat']]} loads: " + ", ".join(H.text(h) for h in sh["holds"])
                 + f"; stash {sh['stash']}")
        if why == "setup":
            s.cur += 1
            if s.cur < s.n:
                self._start_split(s)
            else:
                self._new_day(s)
        elif why == "reorganize":
            self._leg_end(s)

    def _start_split(self, s) -> None:
        seat = self.seat_order(s)[s.cur]
        # a step of the set-up, not the decision that ended the last one: an entry of its own
        SB.step(s, f"{s.names[seat]} took the starting doubloons.")
        k = self._from_bank(s, CP["start_doubloons"])
        s.notes.append(Change(seat, "$", k, SB.short("starting doubloons", CP["start_doubloons"], k)))
        s.dist = {"seat": seat, "pool": {"doubloons": k}, "hold": 0, "holds": [], "min": 0,
                  "placed": 0, "why": "setup"}

    # -- the queue: wrecks, spoils of combat, the Galleon's den
    def _queue_actions(self, s) -> list:
        q = s.queue[0]
        if q["t"] == "wreck":
            hs = self.ship(s, q["ship"])["holds"]
            return [DropHold(i, q["ship"]) for i, h in enumerate(hs) if h is not None]
        if q["t"] == "den":
            return [Den(x, y) for (x, y) in self.dens(s)]
        if q["t"] == "spoils":
            win = self.ship(s, q["winner"])["holds"]
            lose = self.ship(s, q["loser"])["holds"]
            out = []
            for k, h in enumerate(lose):
                if h is None:
                    continue
                if H.has_empty(win):
                    out.append(Spoils(k, True, -1, q["loser"]))
                else:
                    for j in range(H.NHOLDS):
                        out.append(Spoils(k, True, j, q["loser"]))
                out.append(Spoils(k, False, -1, q["loser"]))
            return out
        return []

    def _apply_queue(self, s, a) -> None:
        q = s.queue[0]
        if q["t"] == "wreck":
            self._finish_wreck(s, q, a.hold)
        elif q["t"] == "den":
            s.queue.pop(0)
            self._galleon_to_den(s, (a.x, a.y))
        elif q["t"] == "spoils":
            s.queue.pop(0)
            win = self.ship(s, q["winner"])
            lose = self.ship(s, q["loser"])
            h = lose["holds"][a.hold]
            lose["holds"] = list(lose["holds"])
            lose["holds"][a.hold] = None
            winner, loser = self.controller(s, q["winner"]), self.controller(s, q["loser"])
            if q["loser"] != GALLEON:
                SB.note_goods(s, loser, h, -1, "spoils of combat")
            if a.take:
                thrown = ""
                if a.throw >= 0:
                    # (the log says what went overboard to make room, and the ledger why)
                    old = win["holds"][a.throw]
                    if q["winner"] != GALLEON:
                        SB.note_goods(s, winner, old, -1, "thrown into the sea")
                    if old is not None:
                        thrown = f", throwing {H.text(old)} into the sea to make room"
                    self._return(s, old)
                    win["holds"][a.throw] = None
                win["holds"] = H.load(win["holds"], h[0], h[1])
                if q["winner"] != GALLEON:
                    SB.note_goods(s, winner, h, 1, "spoils of combat")
                self._ev(s, f"{self.ship_name(s, q['winner'])} takes {H.text(h)} from "
                         f"{self.ship_name(s, q['loser'])}{thrown}")
            else:
                self._return(s, h)
                self._ev(s, f"{self.ship_name(s, q['winner'])} throws {H.text(h)} of "
                         f"{self.ship_name(s, q['loser'])} into the sea")

    def _wreck(self, s, sid: int, drop, why: str) -> None:
        """Queue the wreck procedure for a ship (drop = tile for the chosen hold, or None)."""
        s.queue.append({"t": "wreck", "ship": sid, "drop": list(drop) if drop else None, "why": why})

    def _resolve_auto_queue(self, s) -> bool:
        """Resolve queue entries that need nobody's choice. True if a decision is waiting."""
        while s.queue:
            if s.dist is not None:  # a wrecked player is loading the repairs first
                return True
            q = s.queue[0]
            if q["t"] == "wreck":
                hs = self.ship(s, q["ship"])["holds"]
                full = [i for i, h in enumerate(hs) if h is not None]
                if len(full) >= 2 and q["drop"] is not None:
                    return True
                self._finish_wreck(s, q, full[0] if full else None)
                continue
            if q["t"] == "den":
                dens = self.dens(s)
                if len(dens) == 1:
                    s.queue.pop(0)
                    self._galleon_to_den(s, dens[0])
                    continue
                return True
            return True
        return False

    def _finish_wreck(self, s, q, hold) -> None:
        s.queue.pop(0)
        sid = q["ship"]
        sh = self.ship(s, sid)
        hs = list(sh["holds"])
        if sid != GALLEON:
            for h in hs:
                SB.note_goods(s, sid, h, -1, "wreck")
        if hold is not None and hs[hold] is not None:
            kind, k = hs[hold]
            cell = tuple(q["drop"]) if q["drop"] is not None else None
            if cell is not None:
                g = s.goods.setdefault(cell, {})
                g[kind] = g.get(kind, 0) + k
                self._ev(s, f"{self.ship_name(s, sid)} leaves {H.text(hs[hold])} on tile {cell[0]},{cell[1]}")
            else:
                self._return(s, hs[hold])
            hs[hold] = None
        for h in hs:
            self._return(s, h)
        sh["holds"] = H.empty_holds()
        if sid == GALLEON:
            sh["pos"] = None
            s.queue.insert(0, {"t": "den"})
            return
        sh["pos"] = (sh["start"][0], sh["start"][1], 0)
        if s.supply["minus3"] > 0:
            s.supply["minus3"] -= 1
            sh["minus3"] += 1
        k = self._from_bank(s, CP["wreck_refund"])
        s.notes.append(Change(sid, "$", k, SB.short("repairs", CP["wreck_refund"], k)))
        s.dist = {"seat": sid, "pool": {"doubloons": k + sh["stash"]}, "hold": 0, "holds": [],
                  "min": k, "placed": 0, "why": "wreck"}
        if sh["stash"]:
            s.notes.append(Change(sid, "stash", -sh["stash"], "taken out to load after the wreck"))
        sh["stash"] = 0
        self._ev(s, f"{s.names[sid]} is back in the starting port for repairs and takes a \"-3\" token")

    def _galleon_to_den(self, s, cell) -> None:
        kind, rot = s.tiles[cell]
        s.galleon["pos"] = (cell[0], cell[1], 0)
        s.galleon["holds"] = [("doubloons", self._from_bank(s, k)) if k else None
                              for k in CP["galleon_holds"]]
        s.galleon["holds"] = [h if h is None or h[1] > 0 else None for h in s.galleon["holds"]]
        self._ev(s, f"the Black Galleon is refitted on the pirate den at {cell[0]},{cell[1]}")

    # -- sailing actions
    def _sail_actions(self, s) -> list:
        ctx = s.sail
        seat, sid = self._current(s)
        sh = self.ship(s, sid)
        step = ctx["step"]
        if ctx.get("pay"):
            return [Pay(used) for used, _left in self._pay_ways(ctx["pay"])]
        flag = [Simple("flag")] if sid != GALLEON and not sh["pirate"] else []
        if step == "order":
            r, c = ctx["rolled"], s.common
            return [SunnyOrder(r, c), SunnyOrder(c, r)] + flag
        if step == "move":
            moves = self._moves(s, sid)
            if not moves and self._den_bound(s, sid):
                return flag + [Simple("end")]  # hoist the black flag, or stay where you are
            return moves + flag
        cell = sh["pos"][:2]
        out: list = []
        if step == "act":
            if ctx["acted"] is None:
                out += self._main_actions(s, seat, sid, cell)
            out += self._trade_actions(s, seat, sid, cell)
            if not H.has_empty(sh["holds"]):
                out += [Throw(i, sid) for i in range(H.NHOLDS) if self._throw_makes_room(s, seat, sid, cell, i)]
        if self._can_reorganize(s, sid, cell):
            out.append(Simple("reorganize"))
        out += flag
        out.append(Simple("end"))
        return out

    def _throw_makes_room(self, s, seat, sid, cell, hold) -> bool:
        """A hold may be thrown into the sea only "if you need to load something in 1 empty hold
        and none of them are": emptying this one must allow a load (recovering what lies on the
        tile, opening a treasure, a trade) that is not possible now."""
        trial = s.copy()  # never touch the state asked about (a bot may read it meanwhile)
        sh = self.ship(trial, sid)
        sh["holds"] = list(sh["holds"])
        sh["holds"][hold] = None
        now = (self._main_actions(trial, seat, sid, cell) if trial.sail["acted"] is None else []) + \
            self._trade_actions(trial, seat, sid, cell)
        return any(isinstance(a, (Recover, Trade)) for a in now)

    def _moves(self, s, sid, pirate: bool | None = None) -> list:
        sh = self.ship(s, sid)
        v = s.sail["legs"][s.sail["leg"]]
        free = self.is_pirate(s, sid) if pirate is None else pirate
        dest = SL.destinations(s.tiles, sh["pos"], v, free, H.doubloons(sh["holds"]))
        out = []
        for (x, y, a), tolls in dest.items():
            kind, rot = s.tiles[(x, y)]
            side = T.area_name(kind, rot, a) if len(T.sea_areas(kind, rot)) > 1 else ""
            out.append(Move(x, y, a, side, tolls * SL.TOLL))
        return sorted(out, key=lambda m: (-m.y, m.x, m.area))

    def _main_actions(self, s, seat, sid, cell) -> list:
        out: list = []
        sh = self.ship(s, sid)
        if sid != GALLEON and not sh["pirate"] and self._port_cost(s, seat, cell) is not None:
            out.append(Simple("port", cell[0], cell[1]))
        if H.has_empty(sh["holds"]):
            for what in ("castaway", "find", "treasure", "spice", "doubloons"):
                if s.goods.get(cell, {}).get(what, 0) > 0:
                    out.append(Recover(what, cell[0], cell[1]))
        for opp in self._opponents(s, sid, cell):
            out.append(Attack(opp, cell[0], cell[1]))
        if sid != GALLEON and sh["pirate"] and tuple(sh["start"]) == cell:
            out.append(Simple("cease", cell[0], cell[1]))
        return out

    def _port_price(self, s, seat, cell):
        """Doubloons a port here costs, or None if the rules forbid one here whatever the money."""
        sh = s.ships[seat]
        info = T.info(s.tiles[cell][0])
        if not info["beach"] or info.get("isle") or info["pirate_den"] or sh["ports_left"] <= 0:
            return None
        island = C.island_cells(s.tiles, cell)
        if any(c in s.ports for c in island):
            return None
        return CP["port_cost_per_tile"] * len(island)

    def _port_cost(self, s, seat, cell):
        """Doubloons to establish a port here, or None if the rules forbid it (or it is not paid)."""
        cost = self._port_price(s, seat, cell)
        if cost is None or H.doubloons(s.ships[seat]["holds"]) < cost:
            return None
        return cost

    def out_of_reach(self, s) -> list[tuple[str, str]]:
        """The choices the player would have now but for what they lack, with what it is: a port
        at this beach without the doubloons ("needs 6 doubloons, you have 2")."""
        d = self.pending(s)
        if d is None or d.kind != "act" or s.phase != "sail" or s.sail["step"] != "act" \
                or s.sail["acted"] is not None:
            return []
        seat, sid = self._current(s)
        sh = self.ship(s, sid)
        if sid == GALLEON or sh["pirate"]:
            return []
        cell = sh["pos"][:2]
        cost = self._port_price(s, seat, cell)
        have = H.doubloons(sh["holds"])
        if cost is None or have >= cost:
            return []
        return [("Establish a port here", f"needs {counted(cost, 'doubloon')}, you have {have}")]

    def _opponents(self, s, sid, cell) -> list[int]:
        return combat.opponents(self, s, sid, cell)

    def _max_crates(self, s, cell) -> int:
        return trade.max_crates(self, s, cell)

    def _trade_actions(self, s, seat, sid, cell) -> list:
        return trade.trade_actions(self, s, seat, sid, cell)

    def _den_bound(self, s, sid) -> bool:
        """An explorer who cannot move, but could as a pirate (only dens lead out, no toll)."""
        return (sid != GALLEON and not s.ships[sid]["pirate"]
                and bool(self._moves(s, sid, pirate=True)))

    def _can_reorganize(self, s, sid, cell) -> bool:
        return sid != GALLEON and not s.ships[sid]["pirate"] and s.ports.get(cell) == sid

    # ------------------------------------------------------------------ apply
    def apply(self, s, a):
        if s.phase == "over":
            raise IllegalAction("The game is over; no more moves can be made.")
        if self.paying(s) and not isinstance(a, Pay):
            s = self._paid_as_before(s, a)
        if not self._is_legal(s, a):
            raise IllegalAction(self._why_illegal(s, a))
        s = s.copy()
        if s.dist is not None:
            self._apply_dist(s, a)
        elif s.queue:
            self._apply_queue(s, a)
        elif s.phase == "beach":
            self._apply_beach(s, a)
        elif s.phase == "carto":
            self._apply_place(s, a)
        elif s.phase == "wind":
            s.phase = "prep"
            self._storm(s, SIDE_DIR[a.direction])
        elif s.phase == "sail":
            self._apply_sail(s, a)
        self._advance(s)
        return s

    def _is_legal(self, s, a) -> bool:
        if (isinstance(a, Place) and s.phase == "carto" and s.dist is None and not s.queue):
            # direct check: cheaper than listing every placement
            if a.tile not in s.hand or (a.x, a.y) in s.tiles or a.rot not in T.rotations(a.tile):
                return False
            seat = self.seat_order(s)[s.cur]
            if not C.within_reach(C.anchors(s.ships, s.ports, seat), a.x, a.y):
                return False
            return C.edges_match(s.tiles, a.tile, a.rot, a.x, a.y)
        try:
            return a in self.legal_actions(s)
        except TypeError:
            return False

    def _any_placement(self, s) -> bool:
        seat = self.seat_order(s)[s.cur]
        kinds = sorted(set(s.hand))
        for (x, y, req) in C.open_cells(s.tiles, C.anchors(s.ships, s.ports, seat)):
            for kind in kinds:
                for r in T.rotations(kind):
                    if C.fits(kind, r, req):
                        return True
        return False

    def _why_illegal(self, s, a) -> str:
        d = self.pending(s)
        if isinstance(a, Move) and d and d.kind == "move":
            return (f"You cannot sail to {a.x},{a.y}: it is beyond your movement value, behind land "
                    f"or a reef, your starting tile, or a pirate den whose toll of 3 doubloons "
                    f"from your holds you cannot pay.")
        if isinstance(a, Place) and d and d.kind == "place":
            return (f"{a.tile} cannot go at {a.x},{a.y}: a tile must share an edge with the map, "
                    f"every shared edge must match land to land and sea to sea, and it must lie "
                    f"within 4 tiles of another player's ship or port.")
        if isinstance(a, Simple) and a.what == "port":
            return ("You can establish a port only on a beach, as an explorer, on an island "
                    "without a port (not the Isle of Winds, not a pirate den), paying 5 doubloons "
                    "from your holds per tile of the island.")
        if isinstance(a, Trade):
            return ("You cannot make that trade: trade only as an explorer in a port; buy spice "
                    "in your own ports, sell in your opponents' ports, at most 2 crates at a time, "
                    "into a single empty hold.")
        if isinstance(a, Attack):
            return ("You cannot attack that ship: combat needs another ship on your tile, at least "
                    "one pirate among them, no fort on the island, and explorers attack only pirates.")
        what = d.prompt if d else "nothing"
        return f"'{a}' is not a legal move now (the decision is: {what})."

    def _apply_beach(self, s, a) -> None:
        seat = self.seat_order(s)[s.cur]
        sh = s.ships[seat]
        sh["start"] = (a.x, a.y)
        sh["pos"] = (a.x, a.y, 0)
        s.ports[(a.x, a.y)] = seat
        s.notes.append(Change(seat, "ports", 1, "starting port"))
        sh["ports_left"] -= 1
        s.cur += 1
        if s.cur == s.n:
            s.cur = 0
            s.phase = "split"
            self._start_split(s)

    def _apply_place(self, s, a) -> None:
        seat = self.seat_order(s)[s.cur]
        s.hand.remove(a.tile)
        s.tiles[(a.x, a.y)] = (a.tile, a.rot)
        info = T.info(a.tile)
        cell = (a.x, a.y)
        tok = info["token"]
        if tok and s.supply.get(tok, 0) > 0:
            s.supply[tok] -= 1
            g = s.goods.setdefault(cell, {})
            g[tok] = g.get(tok, 0) + 1
        if info["pirate_den"]:
            if s.flag != seat:
                if s.flag is not None:
                    s.notes.append(Change(s.flag, "red flag", -1, "pirate den placed"))
                s.notes.append(Change(seat, "red flag", 1, "pirate den placed"))
            s.flag = seat
            self._ev(s, f"{s.names[seat]} takes the red pirate flag and controls the Black Galleon")
            if s.galleon["pos"] is None and not any(q["t"] == "den" for q in s.queue):
                s.galleon["pos"] = (a.x, a.y, 0)

    def _apply_sail(self, s, a) -> None:
        ctx = s.sail
        seat, sid = self._current(s)
        sh = self.ship(s, sid)
        if isinstance(a, Simple) and a.what == "flag":
            sh["pirate"] = True
            self._ev(s, f"{s.names[seat]} hoists the black flag and becomes a pirate")
            return
        if isinstance(a, Pay):
            p = ctx.pop("pay")
            sh["holds"] = dict(self._pay_ways(p))[a.holds]
            return
        if isinstance(a, SunnyOrder):
            ctx["legs"] = [a.first, a.second]
            ctx["step"] = "move"
            return
        if isinstance(a, Move):
            if a.toll:
                self._pay(s, sid, a.toll, "pirate den toll")
                s.bank += a.toll
                if sid != GALLEON:
                    s.notes.append(Change(seat, "$", -a.toll, "pirate den toll"))
                self._ev(s, f"{s.names[seat]} pays the pirate den toll of {counted(a.toll, 'doubloon')}")
            sh["pos"] = (a.x, a.y, a.area)
            if sid != GALLEON:
                s.moves_today.append((a.x, seat))
            ctx["step"] = "act"
            ctx["acted"] = None
            ctx["trades"] = []
            return
        cell = sh["pos"][:2]
        if isinstance(a, Throw):
            if sid != GALLEON:
                SB.note_goods(s, seat, sh["holds"][a.hold], -1, "thrown into the sea")
            self._return(s, sh["holds"][a.hold])
            sh["holds"][a.hold] = None
            return
        if isinstance(a, Simple):
            if a.what == "end":
                self._leg_end(s)
            elif a.what == "reorganize":
                pool = {"doubloons": sh["stash"]}
                for h in sh["holds"]:
                    if h is not None:
                        pool[h[0]] = pool.get(h[0], 0) + h[1]
                sh["holds"] = H.empty_holds()
                if sh["stash"]:
                    s.notes.append(Change(seat, "stash", -sh["stash"], "taken out to reorganize"))
                sh["stash"] = 0
                s.dist = {"seat": seat, "pool": pool, "hold": 0, "holds": [], "min": 0,
                          "placed": 0, "why": "reorganize"}
            elif a.what == "port":
                cost = self._port_cost(s, seat, cell)
                self._pay(s, sid, cost, "port")
                s.bank += cost
                s.ports[cell] = seat
                s.notes.append(Change(seat, "ports", 1, "port established"))
                s.notes.append(Change(seat, "$", -cost, "port established"))
                sh["ports_left"] -= 1
                self._ev(s, f"{s.names[seat]} establishes a port at {cell[0]},{cell[1]} for {counted(cost, 'doubloon')}")
                ctx["step"] = "after"
            elif a.what == "cease":
                sh["pirate"] = False
                self._ev(s, f"{s.names[seat]} ceases to be a pirate")
                ctx["step"] = "after"
            return
        if isinstance(a, Recover):
            g = s.goods[cell]
            k = g.pop(a.what)
            if not g:
                del s.goods[cell]
            if a.what == "treasure":
                pile = s.ships[seat]["pile"]
                pile["treasure"] = pile.get("treasure", 0) + k
                s.notes.append(Change(seat, "treasures", k, f"recovered from tile {cell[0]},{cell[1]}"))
                r1, r2 = _red(s.rng), _red(s.rng)
                got = self._from_bank(s, (r1 + r2) * k)
                sh["holds"] = H.load(sh["holds"], "doubloons", got)
                if sid != GALLEON:
                    s.notes.append(Change(seat, "$", got, SB.short("treasure opened", (r1 + r2) * k, got)))
                self._ev(s, f"{self.ship_name(s, sid)} opens a treasure: {r1}+{r2} = {counted(got, 'doubloon')}")
            else:
                sh["holds"] = H.load(sh["holds"], a.what, k)
                if sid != GALLEON:
                    SB.note_goods(s, seat, (a.what, k), 1, f"recovered from tile {cell[0]},{cell[1]}")
                self._ev(s, f"{self.ship_name(s, sid)} recovers {H.text((a.what, k))}")
            ctx["step"] = "after"
            return
        if isinstance(a, Attack):
            self._combat(s, sid, a.opponent)
            ctx["step"] = "after"
            return
        if isinstance(a, Trade):
            self._trade(s, seat, cell, a)
            ctx["acted"] = "trade"
            ctx["trades"].append(a.op)
            return
        raise IllegalAction(f"'{a}' is not a legal move now.")

    # -- paying from the holds: the player chooses which holds pay, when that makes a difference
    def _pay(self, s, sid, n: int, why: str, load=None) -> None:
        """Pay n doubloons from the ship's holds (then load ``load`` = (kind, k) into an empty
        hold): ``pay``'s own way at once, and when the holds could pay so as to be left with
        something else, the player's choice of the holds that pay is the next decision (the
        half-done payment in ``sail["pay"]``: the price, why, the holds as they were)."""
        sh = self.ship(s, sid)
        p = {"n": n, "why": why, "from": [list(h) if h else None for h in sh["holds"]],
             "load": list(load) if load else None}
        ways = self._pay_ways(p)
        sh["holds"] = ways[0][1]
        if len(ways) > 1 and sid != GALLEON:
            s.sail["pay"] = p

    @staticmethod
    def _pay_ways(p: dict) -> list:
        """(the holds that pay, the holds left with any purchase loaded) for each way to pay."""
        held = [None if h is None else (h[0], h[1]) for h in p["from"]]
        ways = H.pay_ways(held, p["n"], room=p["load"] is not None)
        if p["load"]:
            ways = [(used, H.load(left, p["load"][0], p["load"][1])) for used, left in ways]
        return ways

    @staticmethod
    def paying(s) -> bool:
        """A payment's holds are to be chosen (the decision "pay")."""
        return s.phase == "sail" and bool(s.sail and s.sail.get("pay")) and s.dist is None and not s.queue

    def _paid_as_before(self, s, a):
        """A line of a game saved before the holds that pay were chosen (they paid the usual way,
        the smallest pile first): that payment stands, and the line is the next decision's."""
        t = s.copy()
        t.sail.pop("pay")
        return t if self._is_legal(t, a) else s

    def legacy_state_hashes(self, s) -> tuple:
        """A game saved before the holds that pay were chosen, right after a payment: its hash was
        taken with the usual payment made and nothing more to decide about it."""
        if not self.paying(s):
            return ()
        t = s.copy()
        t.sail.pop("pay")
        t.events = list(s.events)
        return (self.state_hash(t),)

    def parse(self, s, text: str):
        try:
            return super().parse(s, text)
        except IllegalAction:
            if not self.paying(s):
                raise
            t = s.copy()
            t.sail.pop("pay")
            try:
                return super().parse(t, text)
            except IllegalAction:
                raise IllegalAction(f"'{' '.join(str(text).split())}' is not a legal move now (the decision "
                                    f"now: {self.pending(s).prompt}).") from None

    def _combat(self, s, att: int, dfn: int) -> None:
        return combat.fight(self, s, att, dfn)

    def _trade(self, s, seat, cell, a) -> None:
        return trade.trade(self, s, seat, cell, a)

    def _leg_end(self, s) -> None:
        ctx = s.sail
        ctx["leg"] += 1
        ctx["acted"] = None
        ctx["trades"] = []
        if ctx["leg"] < len(ctx["legs"]):
            ctx["step"] = "move"
        else:
            ctx["i"] += 1
            ctx["step"] = "begin"

    # -- storm
    def _storm(self, s, d: int) -> None:
        s.wind = "NESW"[d]
        self._ev(s, f"storm: the wind blows {'North East South West'.split()[d]}")
        movers = []
        if s.galleon["pos"] is not None:
            movers.append(GALLEON)
        movers += self.seat_order(s)
        results = {}
        for sid in movers:
            sh = self.ship(s, sid)
            results[sid] = W.push(s.tiles, s.ports, sh["pos"], self.is_pirate(s, sid), d)
        for sid in movers:
            r = results[sid]
            name = self.ship_name(s, sid)
            if r[0] == "stay":
                self._ev(s, f"{name} is not pushed: {r[1]}")
            elif r[0] == "moved":
                self.ship(s, sid)["pos"] = r[1]
                self._ev(s, f"{name} is pushed to {r[1][0]},{r[1][1]}")
            else:
                self._ev(s, f"{name} is wrecked: {r[1]}")
                self._wreck(s, sid, r[2], r[1])

    # ------------------------------------------------------------------ automatic steps
    def _new_day(self, s) -> None:
        s.day += 1
        if s.day == 1:
            # the first day begins after the last captain's loading: its tiles drawn are an
            # entry of their own, not that captain's (later days begin in the end-of-day step)
            SB.step(s, "Day 1 began.")
        s.moves_today = []
        s.weather = None
        s.wind = None
        s.phase = "carto"
        s.cur = 0
        s.sail = {"drawn": False}

    def _advance(self, s) -> None:
        for _ in range(10000):
            if s.dist is not None:
                return
            if s.queue and self._resolve_auto_queue(s):
                return
            if s.dist is not None:
                continue
            ph = s.phase
            if ph in ("beach", "wind", "over"):
                return
            if ph == "split":
                return
            if ph == "carto":
                if self._carto_step(s):
                    return
                continue
            if ph == "prep":
                self._prep_step(s)
                continue
            if ph == "sail":
                if self._sail_step(s):
                    return
                continue
            raise AssertionError(ph)
        raise AssertionError("no decision reached")

    def _carto_step(self, s) -> bool:
        """One automatic step of the cartography phase; True when a player must place."""
        ctx = s.sail
        if s.cur >= s.n:
            s.phase = "prep"
            s.sail = None
            return False
        if not ctx["drawn"]:
            if not s.stack:
                s.phase = "prep"
                s.sail = None
                return False
            k = min(CP["tiles_per_day"], len(s.stack))
            s.hand = s.stack[:k]
            s.stack = s.stack[k:]
            ctx["drawn"] = True
            self._ev(s, f"{s.names[self.seat_order(s)[s.cur]]} draws " + ", ".join(s.hand))
        if s.hand:
            if self._any_placement(s):
                return True
            self._ev(s, "no legal place: " + ", ".join(s.hand) + " go back to the box")
            s.box.extend(s.hand)
            s.hand = []
        s.cur += 1
        ctx["drawn"] = False
        return False

    def _prep_step(self, s) -> None:
        turned = sum(1 for n in s.notes if isinstance(n, SB.DayStep) and n.line.startswith(f"Day {s.day}:"))
        # (a storm's card is followed by the next at once: each its own entry, each its own line)
        SB.step(s, f"Day {s.day}: a weather card was turned." if not turned else
                f"Day {s.day}: weather card {turned + 1} was turned.")
        card = s.deck.pop(0)
        if card == W.FT:
            s.ft += 1
            if s.ft == 1:
                s.deck.append(W.FT)
                s.rng.shuffle(s.deck)
                self._ev(s, "the Finis Terrae card is turned: it is shuffled with the last 2 cards")
                return
            s.last_day = True
        s.discard.append(card)
        s.weather = card
        if card == "storm":
            face = _roll(s.rng, CP["wind_die"][s.options.get("wind_die", "choice")])
            if face == "choice":
                s.phase = "wind"
                self._ev(s, "storm: the wind die lets the first player choose the direction")
            elif face == "calm":
                self._ev(s, "storm: the wind die shows calm; nobody is pushed")
            else:
                self._storm(s, SIDE_DIR[face])
            return
        s.exchange = _red(s.rng)
        s.common = _roll(s.rng, CP["white_die"])
        self._ev(s, f"weather: {card}; exchange value {s.exchange}; movement {s.common}")
        order = []
        for seat in self.seat_order(s):
            if seat == s.flag and s.galleon["pos"] is not None:
                order.append([seat, True])
            order.append([seat, False])
        s.phase = "sail"
        s.sail = {"order": order, "i": 0, "step": "begin", "legs": [], "leg": 0,
                  "acted": None, "trades": [], "rolled": 0}

    def _sail_step(self, s) -> bool:
        ctx = s.sail
        if ctx["i"] >= len(ctx["order"]):
            self._end_of_day(s)
            return False
        step = ctx["step"]
        seat, sid = self._current(s)
        if ctx.get("pay"):
            return True  # the holds that pay are to be chosen
        if step == "begin":
            if self.ship(s, sid)["pos"] is None:
                ctx["i"] += 1
                return False
            ctx["leg"] = 0
            ctx["acted"] = None
            ctx["trades"] = []
            if s.weather in W.SUNNY:
                r = _roll(s.rng, CP["white_die"])
                ctx["rolled"] = r
                if r != s.common:
                    ctx["step"] = "order"
                    return True
                ctx["legs"] = [r, r]
            else:
                ctx["legs"] = [s.common]
            ctx["step"] = "move"
            return False
        if step == "move":
            if self.ship(s, sid)["pos"] is None:
                ctx["i"] += 1
                ctx["step"] = "begin"
                return False
            if self._moves(s, sid):
                return True
            if self._den_bound(s, sid):
                return True  # "you can become a pirate at any moment": offered, not skipped
            self._ev(s, f"{self.ship_name(s, sid)} cannot move")
            self._leg_end(s)
            return False
        if step == "after":
            cell = self.ship(s, sid)["pos"][:2]
            if self._can_reorganize(s, sid, cell):
                return True
            self._leg_end(s)
            return False
        return True

    def _end_of_day(self, s) -> None:
        SB.step(s, f"Day {s.day} ended." if s.last_day else f"Day {s.day} ended; day {s.day + 1} began.")
        if s.moves_today:
            far = max(x for x, _ in s.moves_today)
            last = [p for x, p in s.moves_today if x == far][-1]
            if last != s.first:
                self._ev(s, f"{s.names[last]} takes the East marker")
                s.notes.append(Change(s.first, "East marker", -1, "end of day: passed on"))
                s.notes.append(Change(last, "East marker", 1, "end of day: sailed farthest east"))
            s.first = last
        if s.last_day:
            s.phase = "over"
            s.sail = None
            self._ev(s, "the Finis Terrae day is over: the game ends")
            return
        if s.flag is not None:
            s.notes.append(Change(s.flag, "red flag", -1, "end of day: passed to the left"))
            s.flag = (s.flag + 1) % s.n
            s.notes.append(Change(s.flag, "red flag", 1, "end of day: passed to the left"))
        self._new_day(s)

    # ------------------------------------------------------------------ results and views
    def result(self, s):
        if s.phase != "over":
            return None
        b = SC.breakdown(s)
        scores = {p: sum(v.values()) for p, v in b.items()}
        ranking = rank_by({p: (scores[p],) for p in scores})
        # the sentence about ties only when the first place is shared (a lone winner's page
        # spoke of a tie that was not there)
        tie = "Tied players all win (they all become Governors)." if len(ranking[0]) > 1 else ""
        return Result(ranking=ranking, scores=scores, breakdown=b, tiebreak=tie)

    def round_label(self, s):
        return f"day {s.day}" if s.day else "setting sail"

    def vp(self, s):
        return SC.totals(s)

    # -- the table at a glance: counters, the ledger's reasons, the seat sheet
    def counters(self, s, seat):
        """VP (the end scoring as it stands), the seat's doubloons (holds and stash), the spice,
        treasures, finds and castaways it has (aboard or kept in front of the board), its ports."""
        return SB.counters(s, seat, self._totals(s)[seat])

    #: the last state scored and its totals, and the last move's notes as changes: every seat's
    #: counters and the ledger read them several times per move. Kept by the state object itself
    #: (a state is never changed once made: apply works on a copy; a state changed by hand is a
    #: new object to compare, or not looked at before)
    _scored: tuple = ()  # ((state, totals), ...), the last few
    _noted: tuple = (None, None, None)

    def _totals(self, s):
        for last, totals in self._scored:
            if last is s:
                return totals
        totals = SC.totals(s)
        self._scored = ((s, totals),) + self._scored[:3]
        return totals

    def headline(self, s, seat):
        return list(SB.HEADLINE)

    def turn_order(self, s):
        """The players from the one holding the East marker (the first player) on."""
        return self.seat_order(s)

    automatic_reasons = ("end of day", "weather", "starting doubloons")

    def _told(self, before, after):
        b, a, got = self._noted
        if b is not before or a is not after:
            got = told(SB.point_reasons(before, after))
            self._noted = (before, after, got)
        return got

    def reasons(self, before, a, after):
        """Each change of points is a change of one scoring line, named by that line; the rest
        are the gains and losses the rules name (starting doubloons, repairs, treasures, sales,
        spoils of combat, wrecks), recorded by ``apply`` in the state's ``notes``; the end of a
        day and the weather are automatic steps of their own (SB.DayStep)."""
        return self._told(before, after)[0]

    def steps(self, before, a, after):
        return self._told(before, after)[1]

    def entries(self, before, a, after, line):
        """The decision's entry, then the end of the day and the weather with what happened in
        them (their events: the storm's pushes, the wind, the weather card) and their changes;
        a step where nothing happened has no entry."""
        subjects = list(after.names) + ["the Black Galleon"]
        marks = [n for n in after.notes if isinstance(n, SB.DayStep)]
        first, *rest = super().entries(before, a, after, line)
        out = [first]
        for e, m, nxt in zip(rest, marks, marks[1:] + [None]):
            said = [_sentence(x, subjects) for x in after.events[m.at:nxt.at if nxt else None]]
            if e.changes or said:
                out.append(replace(e, line=" ".join([m.line] + said)))
        return out

    def changes(self, before, a, after):
        # the generic one, with the scoring worked out once per state (it is the costly part)
        reasons = self.reasons(before, a, after)
        old_vp, new_vp = self._totals(before), self._totals(after)
        by: dict = {}  # each seat's and counter's reasons, in the told order
        for c in reasons:
            if c.amount or c.source:
                by.setdefault((c.seat, c.what), []).append(c)
        out = []
        for seat in range(before.n):
            old = SB.counters(before, seat, old_vp[seat])
            new = SB.counters(after, seat, new_vp[seat])
            for key in new:
                mine = by.get((seat, key), ())
                if not mine:
                    if new[key] != old[key]:
                        out.append(Change(seat, key, new[key] - old[key], ""))
                    continue
                merged: dict[tuple[str, str], int] = {}  # one per reason and step
                for c in mine:
                    merged[c.source, c.step] = merged.get((c.source, c.step), 0) + c.amount
                # a told 0 is a gain cut to nothing: "+0 $ (repairs; 6 short: the bank ran out)"
                zero = {(c.source, c.step) for c in mine if not c.amount}
                out.extend(Change(seat, key, n, src, st) for (src, st), n in merged.items() if n or (src, st) in zero)
                rest = new[key] - old[key] - sum(c.amount for c in mine)
                if rest:
                    out.append(Change(seat, key, rest, ""))
        return out

    def sheet(self, s, seat):
        return SB.sheet(s, seat, s.names)

    def view(self, s, seat):
        """The tile stack, the weather deck and the 2 cards out of the game are face down for
        everybody; the random stream is replaced by a fixed one, so nothing in a view rebuilds
        them or the dice to come (a bot fills them in with its own guesses: bots/finis_terrae)."""
        v = s.copy()
        v.stack = ["?"] * len(s.stack)
        v.out = ["?"] * len(s.out)
        v.deck = [c if (c == W.FT and s.ft == 0) else "?" for c in s.deck]
        v.rng = Rng(0)
        return v

    def forced(self, s, a) -> bool:
        """Leaving a hold empty when that is the only answer is no real choice: the screen plays
        it for the player and logs it (issue 13). Nothing else is ever played for a person."""
        return isinstance(a, LoadHold) and not a.what

    def hidden_information(self) -> bool:
        # The tile stack and the weather deck are hidden from everybody alike (``view`` masks
        # them); no seat holds private information, so no hand-off screen is needed.
        return False

    def is_barrier(self, before, a, after) -> bool:
        return (before.rng.draws != after.rng.draws or len(before.stack) != len(after.stack)
                or len(before.deck) != len(after.deck) or before.ft != after.ft)

    def to_json(self, s):
        return s.to_json()

    def from_json(self, d):
        return State.from_json(d)

    # ------------------------------------------------------------------ for the board widget
    def map_cells(self, s) -> dict:
        """Everything a tile-map widget draws, by grid cell (x east, y north).

        {(x, y): {"kind", "rot", "edges" ("NESW" of L/S), "beach", "lighthouse", "fort", "reef",
        "den", "isle", "areas" (list of edge-letter strings), "goods" ({thing: n}),
        "port" (seat or None), "ships" (seat indexes, -1 = the Black Galleon)}}
        """
        ships: dict = {}
        for i, sh in enumerate(s.ships):
            if sh["pos"] is not None:
                ships.setdefault(sh["pos"][:2], []).append(i)
        if s.galleon["pos"] is not None:
            ships.setdefault(s.galleon["pos"][:2], []).append(GALLEON)
        out = {}
        for c, (kind, rot) in s.tiles.items():
            info = T.info(kind)
            out[c] = {"kind": kind, "rot": rot, "edges": T.edges(kind, rot),
                      "beach": info["beach"], "lighthouse": info["lighthouse"],
                      "fort": info["fort"], "reef": info["reef"], "den": info["pirate_den"],
                      "isle": bool(info.get("isle")),
                      "areas": [T.area_name(kind, rot, i) for i in range(len(T.sea_areas(kind, rot)))],
                      "goods": dict(s.goods.get(c, {})), "port": s.ports.get(c),
                      "ships": ships.get(c, [])}
        return out

    def bounds(self, s) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the map, one empty ring added for placements."""
        xs = [c[0] for c in s.tiles]
        ys = [c[1] for c in s.tiles]
        return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1

    # ------------------------------------------------------------------ text
    def describe(self, s, a) -> str:
        if isinstance(a, Place):
            return f"Place {_tile_words(a)}"
        if isinstance(a, Move):
            t = f"Sail to {a.x},{a.y}" + (f" ({a.side} side)" if a.side else "")
            return t + (f", paying the {a.toll} doubloon toll" if a.toll else "")
        if isinstance(a, Simple) and a.what == "port":
            d = self.pending(s)
            cost = self._port_cost(s, d.seat, (a.x, a.y)) if d else None
            return f"Establish a port here ({counted(cost, 'doubloon')})"
        if isinstance(a, Trade):
            if a.op == "buy":
                return f"Buy {a.n} spice for {counted((s.exchange + CP['spice_price_offset']) * a.n, 'doubloon')}"
            if a.op == "sell":
                return f"Sell {a.n} spice at {s.exchange} + a red die each"
            return f"Redeem {goods(a.n, a.op[7:])} at {s.exchange} + a red die each"
        if isinstance(a, Attack):
            return f"Attack {self.ship_name(s, a.opponent)}"
        if isinstance(a, LoadHold):
            return f"Hold {a.hold + 1}: " + (goods(a.n, a.what) if a.what else "leave empty")
        if isinstance(a, Split):
            return "Recommended: " + ", ".join(str(h) for h in a.holds) + f" in the holds, {a.stash} in the stash"
        if isinstance(a, ChooseBeach):
            return f"Start on the {dict(N='north', E='east', S='south', W='west')[a.side]} beach"
        if isinstance(a, SunnyOrder):
            return f"Sail up to {a.first} tiles first, then up to {a.second}"
        if isinstance(a, ChooseWind):
            return f"The wind blows {dict(N='North', E='East', S='South', W='West')[a.direction]}"
        if isinstance(a, Simple) and a.what == "end" and self.pending(s) and self.pending(s).kind == "move":
            return "Stay where you are (this move is lost)"
        if isinstance(a, Simple) and a.what == "flag":
            return "Hoist the black flag: become a pirate (pirates pay no den toll)"
        if isinstance(a, Pay):
            left = dict(self._pay_ways(s.sail["pay"]))[a.holds]
            usual = " (the usual way: smallest pile first)" if a == self.legal_actions(s)[0] else ""
            which = f"Hold {a.holds[0] + 1} pays" if len(a.holds) == 1 else \
                f"Holds {' then '.join(str(i + 1) for i in a.holds)} pay"
            return f"{which} → {H.board(left)}{usual}"
        if isinstance(a, Throw):
            d = self.pending(s)
            sid = self._current(s)[1] if s.sail and "order" in s.sail else (d.seat if d else 0)
            return f"Throw hold {a.hold + 1} ({H.text(self.ship(s, sid)['holds'][a.hold])}) into the sea to make room"
        s_ = str(a)
        return s_[0].upper() + s_[1:]

    def log_line(self, before, a, after) -> str:
        """What a decision did, as sentences in the past tense: the player's own doing first
        ("Green sailed the Black Galleon to 3,1."), then what followed (storm pushes, dice, a new
        day...). The events stay in the state word for word (saves hash them); they become the
        player's words only here."""
        d = self.pending(before)
        seat = d.seat if d else 0
        galleon = bool(d and d.kind in ("move", "act", "order") and before.sail
                       and "order" in before.sail and self._current(before)[1] == GALLEON)
        first = _doing_words(self, before, a, before.names[seat], galleon, d)
        subjects = list(after.names) + ["the Black Galleon"]
        marks = [n.at for n in after.notes if isinstance(n, SB.DayStep)]
        dice = iter(n.text for n in after.notes if isinstance(n, SB.Dice))
        # the decision's own events; the end of the day and the weather are entries of their own
        events = [next(dice, None) or _sentence(e, subjects) if e.startswith("combat:") else _sentence(e, subjects)
                  for e in after.events[:marks[0] if marks else None]]
        return " ".join(([first] if first else []) + events) or \
            _sentence(f"{before.names[seat]}: {a}", subjects)

    def summary(self, s) -> str:
        if s.phase == "over":
            r = self.result(s)
            return "Game over. " + ", ".join(f"{s.names[p]} {r.scores[p]}" for p in range(s.n))
        d = self.pending(s)
        return (f"Day {s.day}, {s.weather or 'no weather yet'}, exchange {s.exchange}, movement "
                f"{s.common}. {s.names[d.seat]} to play: {d.prompt}")

    # ------------------------------------------------------------------ conservation
    def invariants(self, s) -> list[str]:
        out = []

        def on_boards(kind):
            n = 0
            for sh in s.ships + [s.galleon]:
                n += H.amount(sh["holds"], kind)
            return n

        def on_tiles(kind):
            return sum(g.get(kind, 0) for g in s.goods.values())

        dist_pool = (lambda k: s.dist["pool"].get(k, 0) + sum(h[1] for h in s.dist["holds"] if h and h[0] == k)) \
            if s.dist else (lambda k: 0)
        dbl = (s.bank + on_boards("doubloons") + on_tiles("doubloons") + dist_pool("doubloons")
               + sum(sh["stash"] for sh in s.ships))
        if dbl != CP["doubloons_total"]:
            out.append(f"doubloons: {dbl} counted, {CP['doubloons_total']} expected")
        for kind in ("spice", "treasure", "find", "castaway"):
            n = (s.supply.get(kind, 0) + on_boards(kind) + on_tiles(kind) + dist_pool(kind)
                 + sum(sh["pile"].get(kind, 0) for sh in s.ships))
            if n != CP["supply"][kind]:
                out.append(f"{kind}: {n} counted, {CP['supply'][kind]} expected")
        for tok in ("plus3", "minus3"):
            n = s.supply[tok] + sum(sh[tok] for sh in s.ships)
            if n != CP["supply"][tok]:
                out.append(f"{tok} tokens: {n} counted, {CP['supply'][tok]} expected")
        placed = sum(1 for t in s.tiles.values() if not T.info(t[0]).get("isle"))
        tiles = placed + len(s.stack) + len(s.hand) + len(s.box)
        if tiles != 80:
            out.append(f"map tiles: {tiles} counted, 80 expected")
        for p, sh in enumerate(s.ships):
            ports = sum(1 for o in s.ports.values() if o == p)
            if ports + sh["ports_left"] != CP["port_tokens"]:
                out.append(f"{s.names[p]}'s port tokens: {ports + sh['ports_left']} counted")
        for sid, sh in [(i, x) for i, x in enumerate(s.ships)] + [(GALLEON, s.galleon)]:
            for h in sh["holds"]:
                if h is not None and h[1] <= 0:
                    out.append(f"{self.ship_name(s, sid)} has an empty pile in a hold")
            if sh["pos"] is not None:
                t = s.tiles.get(sh["pos"][:2])
                if t is None or sh["pos"][2] >= len(T.sea_areas(t[0], t[1])):
                    out.append(f"{self.ship_name(s, sid)} is not on a sea area")
        for c in s.goods:
            if c not in s.tiles:
                out.append(f"goods lie off the map at {c}")
        return out


RULES = FinisTerraeRules()
