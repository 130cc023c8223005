"""Finis Terrae's game screen: the growing tile map, each ship board, the Galleon, the weather.

Cartography by keyboard: the decision panel lists the places of the tile chosen from the hand
(every legal cell and turn, the cells highlighted on the map); ←/→ go from cell to cell, ↑/↓
through the list, ``r`` turns the tile at the same cell, ``t`` takes the next tile of the hand,
Enter (or the digit) places it. A click on a legal cell shows the tile there, a second click places
it. Sailing uses the generic targets: the reachable tiles are highlighted, ←/→ cycle them.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.finis_terrae import holds as H
from tabletop_tui.rules.finis_terrae import tiles as T
from tabletop_tui.rules.finis_terrae.actions import (ChooseWind, DropHold, LoadHold, Move, Place, Spoils,
                                                     Throw, Trade)
from tabletop_tui.screens.game import GameScreen, OutOfReach
from tabletop_tui.widgets import panel_fit as fit
from tabletop_tui.widgets.decision import DecisionPanel
from tabletop_tui.widgets.tile_map import TileMap

HOLD_LETTER = {"doubloons": "$", "spice": "s", "find": "f", "castaway": "c", "treasure": "t"}
WEATHER = {"sunny": "Sunny", "rainy": "Rainy", "storm": "Storm", "finis_terrae": "Finis Terrae (sunny)"}
PHASE = {"beach": "set-up", "split": "set-up", "carto": "cartography", "prep": "preparation",
         "wind": "storm", "sail": "sailing", "over": "game over"}


def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def tile_name(kind: str) -> str:
    return kind.replace("_", " ")


def hold_text(h) -> str:
    if h is None:
        return "-"
    if h[0] == "?":
        return "?"
    kind, n = h
    return f"{HOLD_LETTER.get(kind, '?')}{n}"


class FinisTerraeScreen(GameScreen):
    CSS = """
    FinisTerraeScreen #panels-box { width: 34; }
    FinisTerraeScreen #decision { max-height: 14; }
    """
    BINDINGS = [
        Binding("r", "rotate", "rotate", id="rotate"),
        Binding("t", "next_tile", "tile", id="next_tile"),
        Binding("shift+left", "pan(-1, 0)", "pan the map west", show=False),
        Binding("shift+right", "pan(1, 0)", "pan the map east", show=False),
        Binding("shift+up", "pan(0, 1)", "pan the map north", show=False),
        Binding("shift+down", "pan(0, -1)", "pan the map south", show=False),
        Binding("c", "centre", "centre map", show=False),
    ]

    # From 80×24 (the terminal's default) up: below 100×30 the column of ship boards narrows to
    # the player to move (every score stays in the strip, every ship board one key away, p), the
    # choices and the log take fewer rows, and the map follows the cursor and the ship to move.
    MIN_SIZE = (80, 24)

    def __init__(self, match, curtain: bool | None = None) -> None:
        super().__init__(match, curtain)
        self.sel_kind: str | None = None  # the tile of the hand being placed
        self._last_place_cell: tuple[int, int] | None = None
        self._panel_targets: set = set()
        self._panel_cursor: Any = None
        self._panel_text: Text | None = None
        self._vp: tuple[int, dict] = (0, {})
        self._panel_state: Any = None

    # -- layout ----------------------------------------------------------------------------
    def compose_board(self) -> Widget:
        names = self.match.names
        colours = [self.player_colour(i) for i in range(len(names))]
        return TileMap(self.match.state, colours, self.marks, id="board")

    def on_resize(self, event) -> None:
        # (GameScreen.on_resize runs too, after this one: Textual calls the handler of every class
        # in the MRO; the log's height is set once both have run)
        self._lay_out(event.size.width, event.size.height)
        self.call_after_refresh(self._lay_out, event.size.width, event.size.height)
        self.call_after_refresh(self._fit_panels)

    def _lay_out(self, width: int, height: int) -> None:
        """Small terminals: fewer rows of choices and of the log, more of the map, a narrower
        column of ship boards. The decision panel is as tall as its prompt and choices need (a
        prompt of two rows never pushes the last choice out of it)."""
        if not self.is_mounted or self.app.screen is not self:
            return
        rows = 3 if height < 30 else 5 if height < 36 else 7
        self.query_one(DecisionPanel).styles.max_height = None
        self.query_one("#choices").styles.max_height = rows
        self.query_one("#panels-box").styles.width = 30 if width < 100 else 34
        if height < 30:
            self.query_one("#log").styles.height = 3

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """The tile keys (r, t) only while a tile is being placed: the footer names no key that
        does nothing now."""
        if action in ("rotate", "next_tile") and not self._carto():
            return False
        return super().check_action(action, parameters)

    def refresh_all(self) -> None:
        super().refresh_all()
        if self._carto() != getattr(self, "_carto_keys", None):
            self._carto_keys = self._carto()
            self.refresh_bindings()
        # the decision panel may have grown or shrunk: fit the players to the column it leaves
        self.call_after_refresh(self._fit_panels)

    # -- cartography: the tile in hand and its turn ---------------------------------------
    def _carto(self) -> bool:
        d = self.match.pending
        return d is not None and d.kind == "place" and not self.match.seats[d.seat].bot

    def _placeable_kinds(self, actions: list) -> list[str]:
        kinds = {a.tile for a in actions if isinstance(a, Place)}
        out = []
        for k in self.match.state.hand:
            if k in kinds and k not in out:
                out.append(k)
        return out

    def shown_actions(self, actions: list) -> tuple[list, int]:
        """While a human charts, list only the places of the tile chosen from the hand (not
        every tile at every cell), the one nearest the last cursor highlighted."""
        if not self._carto():
            return actions, 0
        kinds = self._placeable_kinds(actions)
        if self.sel_kind not in kinds:
            self.sel_kind = kinds[0] if kinds else None
        shown = sorted((a for a in actions if isinstance(a, Place) and a.tile == self.sel_kind),
                       key=lambda a: (-a.y, a.x, a.rot))
        hi = 0
        if self._last_place_cell is not None and shown:
            lx, ly = self._last_place_cell
            hi = min(range(len(shown)), key=lambda i: (abs(shown[i].x - lx) + abs(shown[i].y - ly), i))
        return shown, hi

    def decision_thread(self, d: Any) -> Any:
        """Each tile charted is a decision of its own (the next tile is another question)."""
        return None if d.kind == "place" else super().decision_thread(d)

    def choice_key(self, a: Any) -> Any:
        """Loading the holds one by one is one decision: "2 doubloons" keeps its digit from
        hold to hold (the recommended split, offered before the first hold only, stays dim)."""
        if isinstance(a, LoadHold):
            return ("load", a.what, a.n)
        return super().choice_key(a)

    def gone_reason(self, key: Any) -> str:
        if isinstance(key, str) and key.startswith("split "):
            return "only before the first hold is loaded"
        return super().gone_reason(key)

    def prompt_text(self, d: Any) -> str:
        if self._carto():
            return (f"{self.match.names[d.seat]}: place the {tile_name(self.sel_kind or '')} "
                    f"(r turn it, t next tile, ←/→ cells, Enter place)")
        return super().prompt_text(d)

    def refresh_panels(self, view: Any) -> None:
        pass  # update_board redraws the panels, with the holds the cursor concerns highlighted

    def label(self, s: Any, a: Any) -> str:
        """The rules' label, and for a voyage what waits at its end."""
        if isinstance(a, OutOfReach):
            return a.label
        text = self.rules.describe(s, a)
        if isinstance(a, ChooseWind):
            return f"The wind blows {dict(N='North', E='East', S='South', W='West')[a.direction]}"
        if isinstance(a, (LoadHold, Trade)) and a.n == 1:  # one thing, one word
            for many, one in (("doubloons", "doubloon"), ("spice crates", "spice crate"),
                              ("underwater finds", "underwater find"), ("castaways", "castaway")):
                text = text.replace(f" 1 {many}", f" 1 {one}")
            return text
        if isinstance(a, Place) and len(T.rotations(a.tile)) == 1:
            return text.replace(" turned 0°", "")  # a tile that looks the same every way round
        if isinstance(a, (Throw, DropHold)):
            ship = s.galleon if a.ship == -1 else s.ships[a.ship]
            h = ship["holds"][a.hold]
            what = H.text(h)
            if isinstance(a, Throw):
                return f"Throw hold {a.hold + 1} ({what}) into the sea to free it"
            return f"Leave hold {a.hold + 1} ({what}) on the tile; the rest is lost"
        if isinstance(a, Spoils):
            loser = s.galleon if a.loser == -1 else s.ships[a.loser]
            who = "the Black Galleon" if a.loser == -1 else self.match.names[a.loser]
            what = H.text(loser["holds"][a.hold])
            if not a.take:
                return f"Throw {who}'s hold {a.hold + 1} ({what}) into the sea"
            out = f"Take {who}'s hold {a.hold + 1} ({what})"
            if a.throw >= 0:
                q = s.queue[0] if s.queue else {}
                win = q.get("winner", 0)
                mine = s.galleon if win == -1 else s.ships[win]
                out += f", throwing your hold {a.throw + 1} ({H.text(mine['holds'][a.throw])}) away"
            return out
        if isinstance(a, Move):
            what = []
            kind = s.tiles[(a.x, a.y)][0]
            info = T.info(kind)
            if info["pirate_den"]:
                what.append("pirate den")
            elif info["reef"] is False and kind in ("treasure_island", "castaway_island", "shipwreck"):
                what.append(tile_name(kind))
            if info["beach"] and not info.get("isle"):
                what.append("beach")
            owner = s.ports.get((a.x, a.y))
            if owner is not None:
                what.append(f"{self.match.names[owner]}'s port")
            goods = s.goods.get((a.x, a.y), {})
            for k, v in goods.items():
                if v:
                    what.append(H.text((k, v)))  # "1 doubloon", "2 castaways"
            here = [self.match.names[i] for i, sh in enumerate(s.ships)
                    if sh["pos"] is not None and tuple(sh["pos"][:2]) == (a.x, a.y)]
            if s.galleon["pos"] is not None and tuple(s.galleon["pos"][:2]) == (a.x, a.y):
                here.append("the Black Galleon")
            if here:
                what.append("ship " + ", ".join(here))
            if what:
                text += " · " + ", ".join(what)
        return text

    def action_rotate(self) -> None:
        if not self._carto() or not self.actions:
            return
        panel = self.query_one(DecisionPanel)
        i = panel.highlighted or 0
        cur = self.actions[i]
        same = [k for k, a in enumerate(self.actions) if (a.x, a.y) == (cur.x, cur.y)]
        if len(same) < 2:
            self.notify(f"The {tile_name(cur.tile)} fits at {cur.x},{cur.y} only as shown.",
                        severity="information")
            return
        panel.highlight(same[(same.index(i) + 1) % len(same)])

    def action_next_tile(self) -> None:
        if not self._carto():
            return
        kinds = self._placeable_kinds(self.match.legal_actions())
        if len(kinds) < 2:
            self.notify("No other tile of the hand can be placed now.", severity="information")
            return
        self._remember_cursor()
        k = kinds.index(self.sel_kind) if self.sel_kind in kinds else -1
        self.sel_kind = kinds[(k + 1) % len(kinds)]
        self.refresh_all()

    def reveal(self, action: Any) -> bool:
        """A suggested placement of another tile of the hand: show that tile's places."""
        if not self._carto() or not isinstance(action, Place) or action.tile == self.sel_kind:
            return False
        if action.tile not in self._placeable_kinds(self.match.legal_actions()):
            return False
        self._remember_cursor()
        self.sel_kind = action.tile
        self.refresh_all()
        return True

    def _remember_cursor(self) -> None:
        cur = self._cursor()
        if cur is not None and cur[0] == "cell":
            self._last_place_cell = (cur[1], cur[2])

    def play(self, action: Any) -> None:
        if isinstance(action, Place):
            self._last_place_cell = (action.x, action.y)
        super().play(action)

    def choose_target(self, target: Any) -> None:
        if target[0] == "hand":
            return self._choose_hand(target[1])
        if self._carto() and target[0] == "cell":
            options = [i for i, a in enumerate(self.actions) if ("cell", a.x, a.y) == target]
            if not options:
                self.notify("The tile cannot go there: it must touch the map, match land to land "
                            "and sea to sea, and lie within 4 tiles of another player's ship or port.",
                            severity="information")
                return
            panel = self.query_one(DecisionPanel)
            if panel.highlighted in options:
                self.play(self.actions[panel.highlighted])
            else:
                panel.highlight(options[0])
                if len(options) > 1:
                    self.notify("Click again to place it, or press r to turn it first.")
                else:
                    self.notify("Click again (or Enter) to place it there.")
            return
        super().choose_target(target)

    def _choose_hand(self, i: int) -> None:
        if not self._carto():
            return
        hand = self.match.state.hand
        if not 0 <= i < len(hand):
            return
        kinds = self._placeable_kinds(self.match.legal_actions())
        if hand[i] not in kinds:
            self.notify(f"The {tile_name(hand[i])} fits nowhere yet; place another tile first.",
                        severity="information")
            return
        if hand[i] == self.sel_kind:
            self.action_rotate()
            return
        self._remember_cursor()
        self.sel_kind = hand[i]
        self.refresh_all()

    def show_game_over(self) -> None:
        from tabletop_tui.screens.finis_terrae_over import FinisTerraeGameOver

        self.game_over_page(FinisTerraeGameOver(self.match, self))

    # -- the map ---------------------------------------------------------------------------
    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        placing = None
        hand_sel = None
        hint = ""
        if self._carto() and self.sel_kind in state.hand:
            hand_sel = state.hand.index(self.sel_kind)
            panel_i = self.query_one(DecisionPanel).highlighted
            rot = T.rotations(self.sel_kind)[0]
            if panel_i is not None and 0 <= panel_i < len(self.actions):
                rot = self.actions[panel_i].rot
            placing = (self.sel_kind, rot)
            n_cells = len({(a.x, a.y) for a in self.actions})
            turn = f"turned {rot * 90}°" if len(T.rotations(self.sel_kind)) > 1 else "any way round"
            hint = (f"{tile_name(self.sel_kind)}\n"
                    f"{turn} · {n_cells} place{'s' if n_cells != 1 else ''}\n"
                    f"r turn · t tile · Enter place")
        focus = None
        ship = self._ship_focus(state)
        if cursor is not None and cursor[0] == "cell":
            focus = (cursor[1], cursor[2])
        self.query_one(TileMap).update_state(state, targets, cursor, placing=placing, hand_sel=hand_sel,
                                             hand_hint=hint, focus=focus, also=ship,
                                             status=(self.status_line(state), self.status_line(state, True)))
        self._panel_targets, self._panel_cursor = targets, cursor
        self._refresh_panels(state)

    def _ship_focus(self, s) -> tuple[int, int] | None:
        d = self.match.pending
        if d is None:
            return None
        if s.sail and s.phase == "sail" and "order" in s.sail and s.sail["i"] < len(s.sail["order"]):
            seat, gal = s.sail["order"][s.sail["i"]]
            pos = s.galleon["pos"] if gal else s.ships[seat]["pos"]
        else:
            pos = s.ships[d.seat]["pos"]
        return (pos[0], pos[1]) if pos else None

    def _refresh_panels(self, state) -> None:
        self._panel_state = state
        self._fit_panels()

    def _fit_panels(self) -> None:
        """Every ship board and the Galleon whole in the column, without scrolling: the richest
        layout that fits (everyone in full, with the map key when the map has no room for it;
        then the player to move in full and the others in two lines; then without the key)."""
        state = getattr(self, "_panel_state", None)
        if state is None or not self.is_mounted:
            return
        try:
            box = self.query_one("#panels-box")
            tile_map = self.query_one(TileMap)
        except NoMatches:  # the screen is gone (game over) before the refresh came
            return
        width, height = box.size.width, box.size.height
        if width <= 0 or height <= 0:
            width, height = 31, 1000
        key = tile_map.legend_rows() < 2  # no room under the map: the key is here
        lines = fit.pick(self._panel_layouts(state, width, key), width, height)
        fit.scroll_only_if_needed(box, lines, width, height)
        panel = fit.join(lines)
        if panel != self._panel_text:  # an unchanged panel is not laid out again
            same_height = self._panel_text is not None and \
                self._panel_text.plain.count("\n") == panel.plain.count("\n")
            self._panel_text = panel
            self.query_one("#panels", Static).update(panel, layout=not same_height)

    def _panel_layouts(self, state: Any, width: int, key: bool):
        """The layouts to try, richest first."""
        n = len(self.match.names)
        focus = self._focus_seat()
        galleon = self.galleon_lines(state, width)
        full = [line for seat in range(n) for line in self.player_lines(state, seat, width)]
        focused = [line for seat in range(n)
                   for line in self.player_lines(state, seat, width, compact=seat != focus)]
        compact = [line for seat in range(n)
                   for line in self.player_lines(state, seat, width, compact=True)]
        keys = [self.map_key(width), self.map_key(width, short=True)] if key else []
        for k in keys:
            yield full + galleon + k
            yield focused + galleon + k
        yield full + galleon
        yield focused + galleon
        yield compact + galleon
        # a small terminal: the player to move in full, the others one line each (their holds
        # and stash decide whom to attack and where to trade: in view without a key)
        mover = self.player_lines(state, focus, width)
        rivals = [self.rival_line(state, seat, width) for seat in range(n) if seat != focus]
        galleon_line = [self.galleon_line(state, width)]
        yield mover + rivals + galleon
        yield mover + rivals + galleon_line
        yield self.player_lines(state, focus, width, compact=True) + rivals + galleon_line
        # then the player to move alone (every score is in the strip above, every ship board one
        # key away, p)
        yield mover + galleon
        yield self.player_lines(state, focus, width, compact=True) + galleon
        yield self.player_lines(state, focus, width, compact=True) + [Text("p: every ship board", "dim")]

    def _focus_seat(self) -> int:
        """The player shown in full when the column is short: the human to move (while a bot
        moves, the human who moved last)."""
        return self.viewer_seat()

    @staticmethod
    def map_key(width: int, short: bool = False) -> list[Text]:
        """What the map's letters mean (shown here when the map has no rows left for it)."""
        parts = (("⌂A=port", "@=Galleon", "!=lighthouse", "#=fort", "+=choice", "t c f $ s=goods",
                  "shift+arrows=pan") if short else
                 ("A=ship", "⌂A=port", "@=Galleon", "^=land", ".=beach", "!=lighthouse", "#=fort",
                  "t=treasure", "c=castaway", "f=find", "$=doubloons", "s=spice", "+=choice",
                  "shift+arrows=pan"))
        return fit.flow(Text("Map:", "bold"), [Text(p, "dim") for p in parts], width, indent=0)

    def legend(self) -> list[tuple[str, str]]:
        """Every symbol the map draws, and what it means."""
        marks = ", ".join(f"{self.marks[i]} {n}" for i, n in enumerate(self.match.names))
        return [
            ("A B C D", f"a player's ship, in the player's colour ({marks}); dark letters on the "
                        "colour: an explorer, the colour on black: a pirate"),
            ("⌂A", "a player's port (the letter is the player's; a single letter on a small beach)"),
            ("@", "the Black Galleon"),
            ("^", "land"),
            (".", "a beach (a port can be established there)"),
            ("!", "a lighthouse (protects ships from a storm's push onto its island)"),
            ("#", "a fort"),
            ("x x x / reef", "a reef: a ship pushed across it is wrecked"),
            ("den", "a pirate den (explorers pay a toll to sail through it)"),
            ("wreck", "a shipwreck tile"),
            ("···N··· W··+··E", "the Isle of Winds with its four beaches, the starting ports"),
            ("t", "a treasure lying there"),
            ("c", "a castaway lying there"),
            ("f", "an underwater find lying there"),
            ("$", "doubloons lying there (a wreck's hold)"),
            ("s", "spice crates lying there (a wreck's hold)"),
            ("+ + corners", "a place the current decision can choose"),
            ("┏ ┓ corners", "the cursor: the choice the Enter key takes"),
            ("····· on a blank", "a place for the tile being placed, shown there"),
            ("N↑ and numbers", "north is up; the numbers are the columns (x, east) and rows (y, north)"),
            ("|$14|s2 | - |", "a ship board's four holds ($ doubloons, s spice, f finds, c castaways, "
                              "- empty); stash: the doubloons kept safe beside it"),
            ("B 5VP |$8|-|s2|c1| $3", "another ship board in one line (a short column): the player, "
                                      "VP, the four holds and the stash"),
            ("off view: B→ @↙", "ships (and the Galleon) outside the map window, and the way to them: "
                                "shift+arrows pan the map, c centres it"),
            ("kept t1 s2", "treasures opened and spice, finds and castaways sold or redeemed, kept "
                           "for the end scoring"),
            ("shift+arrows, c", "pan the map; c centres it again"),
            ("⌂1 (7 left)", "ports a ship has established, and how many it can still place"),
            ("t: …", "cartography, above the map: the other tiles drawn this turn (\"also in hand "
                     "(t)\"; t takes the next one to place)"),
            ("g: the rest", "the key under the map goes on here"),
        ]

    def action_pan(self, dx: int, dy: int) -> None:
        self.query_one(TileMap).pan(dx, dy)

    def action_centre(self) -> None:
        self.query_one(TileMap).recentre()

    # -- text ------------------------------------------------------------------------------
    def round_text(self, s: Any) -> str:
        if not s.day:
            return "set-up"
        text = f"Day {s.day} · {PHASE.get(s.phase, s.phase)}"
        if s.phase == "carto":
            text += f" · {counted(len(s.stack), 'tile')} in the stack"
        return text

    def status_line(self, s: Any, short: bool = False) -> str:
        """The weather card, the deck, the exchange board and the dice (short: fewer words)."""
        parts = []
        if s.weather:
            w = WEATHER.get(s.weather, s.weather)
            if short and s.weather == "finis_terrae":
                w = "Finis Terrae"
            if s.weather == "storm" and s.wind:
                w += f", wind {s.wind}"
            parts.append(w)
        left = len(s.deck)
        ft = ""
        if s.ft == 0 and "finis_terrae" in s.deck:
            k = s.deck.index("finis_terrae") + 1
            ft = f" (FT card {ordinal(k)})" if short else f" (Finis Terrae card {ordinal(k)})"
        elif s.ft == 1:
            ft = " (FT card among them)" if short else " (the Finis Terrae card is among them)"
        parts.append(f"deck {left}{ft}" if short else f"{left} weather cards left{ft}")
        if s.phase != "sail":  # the dice of the day are rolled after the weather
            return " · ".join(parts)
        if s.exchange:
            parts.append(f"exchange {s.exchange}, spice {s.exchange + 1}" if short
                         else f"exchange value {s.exchange}, spice costs {s.exchange + 1}")
        if s.common:
            move = f"move {s.common}"
            sail = s.sail or {}
            if s.phase == "sail" and sail.get("rolled") and s.weather in ("sunny", "finis_terrae"):
                # (until the mover puts the dice in order, the legs are the last mover's)
                legs = (sail.get("legs") or []) if sail.get("step") != "order" else []
                if len(legs) == 2:
                    move = f"moves {legs[0]}+{legs[1]}" if short else f"moves {legs[0]} then {legs[1]}"
                else:
                    move = f"move {s.common}+{sail['rolled']}" if short else \
                        f"move {s.common} + rolled {sail['rolled']}"
            parts.append(move)
        return " · ".join(parts)

    def player_panel(self, s: Any, seat: int) -> Text:
        return fit.join(self.player_lines(s, seat, 31))

    def player_lines(self, s: Any, seat: int, width: int, compact: bool = False) -> list[Text]:
        """A ship board: who (pirate or explorer) and VP; the holds and the stash; where the ship
        is, its ports and its tokens. ``compact`` (a rival when the column is short): the same in
        two lines: the ports beside the VP, the stash, position and tokens beside the holds."""
        m = self.match
        colour = self.player_colour(seat)
        d = m.pending
        sh = s.ships[seat]
        head = Text()
        turn = d is not None and d.seat == seat
        head.append("▶ " if turn else "  ", "bold")
        head.append(f" {self.marks[seat]} ", Style(bold=True, color="black", bgcolor=colour))
        items = [Text(m.names[seat], "bold")]  # a name is text, never markup
        if m.seats[seat].bot:
            items.append(Text("bot", "italic dim"))
        if sh["pirate"]:
            items.append(Text("PIRATE", Style(bold=True, color="white", bgcolor="black")))
        elif not compact:
            items.append(Text("explorer", "dim"))
        if self._vp[0] != id(s):
            self._vp = (id(s), self.rules.vp(s))
        items.append(Text(f"{self._vp[1].get(seat, 0)} VP", "bold"))
        pos = sh["pos"]
        ports = sum(1 for o in s.ports.values() if o == seat)
        if compact:
            items.append(Text(f"⌂{ports}", "dim"))
        lines = fit.flow(head, items, width, indent=3)
        d_ = s.dist
        holds = Text("   ")
        after: list[Text] = []
        if d_ is not None and d_["seat"] == seat:
            # a distribution in progress: the holds filled so far, the rest still to load
            loaded = [None if h is None else (h[0], h[1]) for h in d_["holds"]]
            self._holds(holds, loaded + [None] * (4 - len(loaded)), seat, loading=len(loaded))
            pool = ", ".join(f"{HOLD_LETTER[k]}{v}" for k, v in d_["pool"].items() if v)
            lines.append(holds)
            load = [Text(f"to load: {pool or 'nothing'}", Style(bold=True, color="#ffd866"))]
            if d_["pool"].get("doubloons") and d_["why"] != "wreck":
                load.append(Text("(rest: stash)", "dim"))
            lines += fit.flow(Text("   "), load, width, indent=3)  # (broken between its parts)
            holds = None
        else:
            self._holds(holds, sh["holds"], seat)
            after.append(Text(f"${sh['stash']}" if compact else f"stash ${sh['stash']}"))
        pile = sh["pile"]
        kept = " ".join(f"{HOLD_LETTER[k]}{pile.get(k, 0)}" for k in ("treasure", "spice", "find", "castaway")
                        if pile.get(k, 0))
        extras: list[Text] = []
        if pos is not None and not compact:
            extras.append(Text(f"at {pos[0]},{pos[1]}", "dim"))
        if compact:
            after.append(Text(f"at {pos[0]},{pos[1]}" if pos is not None else "", "dim"))
        else:
            extras.append(Text(f"⌂{ports} ({sh['ports_left']} left)", "dim"))
        if s.first == seat:
            extras.append(Text("East marker", "bold"))
        if s.flag == seat:
            extras.append(Text("red flag", Style(bold=True, color="#e8554e")))
        if sh["plus3"]:
            extras.append(Text(f"+3×{sh['plus3']}", "bold"))
        if sh["minus3"]:
            extras.append(Text(f"-3×{sh['minus3']}", "bold"))
        if kept:
            extras.append(Text(f"kept {kept}", "dim"))
        if compact:
            # tokens beside the VP while they fit there, the rest after the holds and stash
            while extras and lines[-1].cell_len + 1 + extras[0].cell_len <= width:
                lines[-1].append(" ")
                lines[-1].append_text(extras.pop(0))
            if holds is not None:
                lines += fit.flow(holds, after + extras, width, indent=3)
            else:
                lines += fit.flow(Text("  "), after + extras, width, indent=3)
            return lines
        if holds is not None:
            lines += fit.flow(holds, after, width, indent=3)
        # where the ship is, its ports and its tokens: broken between items, never inside one
        lines += fit.flow(Text("   "), extras, width, indent=3, sep=" · ", sep_style="dim")
        return lines

    def rival_line(self, s: Any, seat: int, width: int) -> Text:
        """Another player's ship board in one line: the mark, VP, the four holds and the stash."""
        sh = s.ships[seat]
        t = Text()
        t.append(f" {self.marks[seat]} ", Style(bold=True, color="black", bgcolor=self.player_colour(seat)))
        if self._vp[0] != id(s):
            self._vp = (id(s), self.rules.vp(s))
        t.append(f" {self._vp[1].get(seat, 0)}VP ", "bold")
        self._holds(t, sh["holds"], seat, tight=True)
        t.append(f" stash ${sh['stash']}" if t.cell_len + 12 <= width else f" ${sh['stash']}")
        return t

    def galleon_line(self, s: Any, width: int) -> Text:
        """The Black Galleon in one line: its holds and where it is."""
        t = Text()
        t.append(" @ ", Style(bold=True, color="white", bgcolor="black"))
        t.append(" ")
        self._holds(t, s.galleon["holds"], -1, tight=True)
        pos = s.galleon["pos"]
        where = f" at {pos[0]},{pos[1]}" if pos is not None else " not out yet"
        if t.cell_len + len(where) <= width:
            t.append(where, "dim")
        return t

    def galleon_panel(self, s: Any) -> Text:
        return fit.join(self.galleon_lines(s, 31))

    def galleon_lines(self, s: Any, width: int) -> list[Text]:
        head = Text()
        head.append(" @ ", Style(bold=True, color="white", bgcolor="black"))
        items = [Text("Black Galleon", "bold")]
        if s.flag is not None:
            items.append(Text(f"({self.match.names[s.flag]})", "dim"))
        lines = fit.flow(head, items, width, indent=3)
        g = s.galleon
        holds = Text("   ")
        self._holds(holds, g["holds"], -1)
        where = (f"at {g['pos'][0]},{g['pos'][1]}" if g["pos"] is not None else "not on the map yet")
        return lines + fit.flow(holds, [Text(where, "dim")], width, indent=3)

    def _holds(self, t: Text, holds: list, ship: int, loading: int = -1, tight: bool = False) -> None:
        """The four holds between bars; ``tight``: each as wide as its text (a one-line board)."""
        t.append("|", "dim")
        for i, h in enumerate(holds):
            target = ("hold", ship, i)
            style = "bold" if h is not None else "dim"
            if i == loading:
                style = "bold black on #ffd866"
                h = ("?", 0)
            if target == self._panel_cursor:
                style = "bold black on #ffd866"
            elif target in self._panel_targets:
                style = "bold reverse"
            t.append(hold_text(h) if tight else f"{hold_text(h):^3}", style)
            t.append("|", "dim")
