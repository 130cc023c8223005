"""What each game's layout means to show, read from the state: the items the dropped-text check
(tabletop_tui/dropped_text.py) looks for on the screen. Each list is built from the rules' state,
not from the screen's own drawing, so a layout that leaves a thing out cannot also leave it out of
the list."""
from __future__ import annotations

from typing import Any

from tabletop_tui.dropped_text import Item
from tabletop_tui.match import Match


def menu_items(app: Any, m: Match) -> list[Item]:
    """Every choice of the decision: its digit and first words in the decision panel, or a mark
    there that says more choices are out of sight and the arrows reach them."""
    screen = app.screen
    labels = [str(o.prompt) for o in screen.query_one("#choices").options]
    out = []
    for i, label in enumerate(labels):
        head = label.splitlines()[0][:14].rstrip()
        out.append(Item(f"choice {i + 1}", head, "#decision", mark="↑↓"))
    return out


def maracaibo_items(app: Any, m: Match) -> list[Item]:
    """Every city's market spaces (a good still wanted, or the disc of the player who delivered
    it) inside its box on the map, and while the player to move sails, the cheapest MP to each
    stop they can reach."""
    from textual.geometry import Region

    from tabletop_tui.rules.maracaibo import surface
    from tabletop_tui.widgets.route_map import GOOD_LETTER, RouteMap

    rm = app.screen.query_one(RouteMap)
    cw, nh, gap = rm.geometry(rm.size.width, rm.size.height)
    marks = app.screen.marks
    g = m.state.g

    def box(loc: str) -> Region:
        x, y = rm.box_at(loc, cw, nh, gap)
        return Region(rm.region.x + x, rm.region.y + y, cw - 1, min(nh + gap, rm.size.height - y))

    out = []
    for loc, market in g["markets"].items():
        text = "".join(GOOD_LETTER[gd] if owner is None else marks[owner] for gd, owner in market.items())
        out.append(Item(f"{loc}'s market", text, box(loc)))
    d = m.pending
    if d is not None and d.kind == "move" and not m.seats[d.seat].bot:
        cheapest: dict[str, int] = {}
        for r in surface.reachable(m.state, d.seat):
            cheapest[r["dest"]] = min(r["mp"], cheapest.get(r["dest"], r["mp"]))
        out += [Item(f"the MP to {loc}", f"{mp}MP", box(loc)) for loc, mp in cheapest.items()]
    out += [Item(f"the quest at {loc}", "Q", box(loc)) for loc, q in g["quest_slots"].items() if q]
    return out + maracaibo_table_items(app, m)


def maracaibo_table_items(app: Any, m: Match) -> list[Item]:
    """Everything of the table beside the map: every player's VP, doubloons and combat points in
    the score strip; their influence with each nation and their explorer's space; the combat-token
    piles, the quest pile and the prestige buildings revealed; each player's hand, planning area,
    tokens and quests. Each is on the screen (the tracks under the map, the side panel, or the
    tracks' summary above the log) or behind the mark of the key that shows it: "t: tracks" for
    the tracks and piles; for a player's board "] panel ↓" (the side panel scrolls) or, without
    the side panel, "p players" (the footer)."""
    from tabletop_tui.rules.maracaibo import surface
    from tabletop_tui.rules.maracaibo.content import NATION_NAMES, NATIONS, PRESTIGE

    g = m.state.g
    marks = app.screen.marks
    full = app.screen.query_one("#mar-tracks").display  # the tracks under the map, whole
    panel = app.screen.query_one("#panels-box").display  # the side panel with every player
    out = []
    for i, p in enumerate(g["players"]):
        name = m.names[i]
        vp = m.rules.counters(m.state, i)["VP"]
        out.append(Item(f"{name}'s VP, doubloons and combat points", f"{vp}VP {p['dbl']}$ {p['cp']}CP", "#strip",
                        alts=(f"{vp} VP {p['dbl']} $ {p['cp']} CP",)))
        infl = [p["infl"][nat] for nat in NATIONS]
        if not full:
            out.append(Item(f"{name}'s influence", f"{marks[i]}{'/'.join(map(str, infl))}", None, mark="t: tracks"))
            out.append(Item(f"{name}'s explorer", f"{marks[i]}{p['explorer']}", None, mark="t: tracks"))
        else:
            sp = p["explorer"]
            quest = "Q" if g["xquests"].get(sp) else ""
            there = "".join(marks[k] for k, q in enumerate(g["players"]) if q["explorer"] == sp)
            out.append(Item(f"{name}'s explorer", f"{sp}{quest}{there}", "#mar-tracks"))
        parts = [(f"{name}'s hand", f"hand {len(p['hand'])}", (f"Hand {len(p['hand'])}/", f"Hand {len(p['hand'])} ")),
                 (f"{name}'s planning area", f"plan {len(p['plan'])}", (f"Planning {len(p['plan'])}/",)),
                 (f"{name}'s combat tokens and quests", f"tokens {len(p['tokens'])} quests {len(p['quests'])}",
                  (f"combat tokens {len(p['tokens'])} · quests {len(p['quests'])}",))]
        for what, text, alts in parts:
            # (the side panel shows the viewer first: the others below, "] panel ↓" in the footer)
            out.append(Item(what, text, None, alts=alts, mark="panel ↓" if panel else "p players"))
    if full:
        for nat in NATIONS:  # its row: the players from the most influence down
            order = sorted(range(g["n"]), key=lambda i: (-g["players"][i]["infl"][nat], i))
            row = " ".join(f"{marks[i]}{g['players'][i]['infl'][nat]}" + (
                f"r{surface.noble_rank(g['players'][i]['infl'][nat])}"
                if surface.noble_rank(g["players"][i]["infl"][nat]) else "") for i in order)
            out.append(Item(f"the influence with {NATION_NAMES[nat]}", f"{NATION_NAMES[nat]:<8} {row}", "#mar-tracks"))
    mark = "" if full else "t: tracks"
    where = "#mar-tracks" if full else None
    out.append(Item("the combat-token piles", f"okens {len(g['piles'][0])}/{len(g['piles'][1])}", where, mark=mark))
    out.append(Item("the quest pile", f"quests {len(g['quest_pile'])}", where, mark=mark,
                    alts=(f"pile {len(g['quest_pile'])}",)))
    for b in g["prestige"][:g["prestige_revealed"]]:
        if b in PRESTIGE:
            # (its name: the row under the map wraps between words, so its price may stand on the next)
            out.append(Item(f"the prestige building {PRESTIGE[b]['name']}", PRESTIGE[b]["name"], where, mark=mark))
    return out


def finca_items(app: Any, m: Match) -> list[Item]:
    """Every community by name in the communities list, or a mark there that more are below, and
    on its row each seat's count for its finca tile as its number; in a delivery, before each
    community it cannot take, the mark of the reason (or the cursor, "»"); the fruit of the
    player to move, each kind with its count, on the main screen; every player's fruit, carts and
    set of tile values in the side column where it shows (below 100 columns the strip keeps the
    carts and ``p`` every player's sheet: the footer's "p players" is the mark)."""
    from tabletop_tui.rules import finca as F
    from tabletop_tui.screens.finca import refusal_kind
    from tabletop_tui.widgets.communities import REFUSED
    from tabletop_tui.widgets.windmill import FRUIT_LETTER, FRUITS

    s = m.state
    out = [Item(name, name, "#communities", mark="▼") for name in F.COMMUNITIES]
    rows = app.screen.query_one("#communities").size.height
    # one-line rows: each seat's count under its mark, on the community's own row (in a delivery
    # too, on the rows of the communities it cannot take: their mark says why, before the name)
    if rows < 2 * len(F.COMMUNITIES) + 1:
        for c, name in enumerate(F.COMMUNITIES):
            if s.stacks[c]:
                counts = F.majority_counts(s, s.finca_tile[c])
                out.append(Item(f"{name}'s finca counts", "".join(map(str, counts)), "#communities", mark="▼",
                                alts=(" ".join(f"{v:>2}" for v in counts),), row=f"^.{name} "))
    if s.step == "deliver" and m.pending is not None:
        picks = s.dlv["picks"]
        for c, name in enumerate(F.COMMUNITIES):
            why = m.rules.explain(s, F.Pick(name)) if s.stacks[c] and c not in picks else None
            if why:
                out.append(Item(f"why {name} cannot join the delivery", REFUSED[refusal_kind(why)] + name,
                                "#communities", mark="▼", alts=("»" + name,)))
    d = m.pending
    if d is not None:
        fruit = s.fruits[d.seat]
        out += [Item(f"{m.names[d.seat]}'s {f}", f"{FRUIT_LETTER[f]}{n}", None)
                for f, n in fruit.items() if n]
    panels = app.screen.query_one("#panels-box").display
    for seat, name in enumerate(m.names):
        fruit = " ".join(f"{FRUIT_LETTER[f]}{s.fruits[seat][f]}" for f in FRUITS)
        carts = s.carts[seat]
        if panels:
            out.append(Item(f"{name}'s fruit and carts", f"{fruit} ={F.fruit_total(s, seat)} carts {carts}",
                            "#panels-box", alts=(f"{fruit} ={F.fruit_total(s, seat)}\n  carts {carts}",)))
        else:
            out.append(Item(f"{name}'s fruit", fruit, None, mark="p players"))
            vp = sum(F.score_breakdown(s, seat).values())
            out.append(Item(f"{name}'s carts", f"{name} {vp}VP {carts} cart{'s' if carts != 1 else ''}", "#strip",
                            alts=(f"{name} {vp} VP {carts} cart{'s' if carts != 1 else ''}",)))
    return out


def piratissimo_items(app: Any, m: Match) -> list[Item]:
    """Every ship (its captain's letter) in its island's or its harbour's cell, the tornado in its
    island's cell, every harbour's treasure home; each player's treasure home and aboard in the
    strip."""
    from textual.geometry import Region

    from tabletop_tui.widgets.ring_board import RingBoard, harbour_corner, island_cell

    s = m.state
    board = app.screen.query_one(RingBoard)
    cw, ch, ox, oy = board._geometry()
    marks = app.screen.marks

    def cell(c: tuple[int, int]) -> Region:
        return Region(board.region.x + ox + c[0] * cw, board.region.y + oy + c[1] * ch, cw - 1, ch)

    out = []
    for seat, name in enumerate(m.names):
        loc = s.location[seat]
        where = cell(harbour_corner(s.harbour_exit[seat])) if loc == -1 else cell(island_cell(loc))
        out.append(Item(f"{name}'s ship", marks[seat], where))
        out.append(Item(f"{name}'s harbour", f"≡{s.unloaded[seat]}/{s.target}",
                        cell(harbour_corner(s.harbour_exit[seat]))))
        out.append(Item(f"{name}'s treasure", f"{name} {s.unloaded[seat]} home {s.cargo[seat]} aboard", "#strip"))
    if s.tornado is not None:
        out.append(Item("the tornado", "@", cell(island_cell(s.tornado))))
    return out


def _holds_forms(holds: list) -> tuple[str, str]:
    """A ship board's four holds as the panel writes them: tight ("|$3|$16|-|") and in cells of
    three ("|$3 |$16| - |")."""
    from tabletop_tui.screens.finis_terrae import hold_text

    texts = [hold_text(h) for h in holds]
    return "|" + "|".join(texts) + "|", "|" + "|".join(f"{h:^3}" for h in texts) + "|"


def finis_terrae_items(app: Any, m: Match) -> list[Item]:
    """Every ship board's holds and stash and the Black Galleon's holds in the side column (while
    a player sails they decide whom to attack and where to trade: no key may stand for them then;
    else the "p: every ship board" mark may), every ship outside the map window named with the
    way to it (in every phase, cartography too) and the keys that pan the map to it."""
    from tabletop_tui.widgets.tile_map import TileMap

    s, d = m.state, m.pending
    out = []
    sailing = d is not None and s.phase == "sail" and not m.seats[d.seat].bot
    loading = s.dist["seat"] if s.dist is not None else None  # (that board shows what it loads)
    for seat, sh in enumerate(s.ships):
        if seat == loading:
            continue
        forms = _holds_forms(sh["holds"])
        n = sh["stash"]
        mark = "" if sailing else "p: every ship board"
        out.append(Item(f"{m.names[seat]}'s holds and stash", f"{forms[0]} ${n}", "#panels-box", mark=mark,
                        alts=tuple(f"{h}{gap}{st}" for h in forms for gap in (" ", "\n")
                                   for st in (f"${n}", f"stash ${n}"))))
    if s.galleon.get("pos") is not None or s.galleon["holds"]:
        forms = _holds_forms(s.galleon["holds"])
        out.append(Item("the Black Galleon's holds", forms[0], "#panels-box",
                        mark="" if sailing else "p: every ship board", alts=forms[1:]))
    tm = app.screen.query_one(TileMap)
    marks = app.screen.marks
    ships = [(marks[i], sh["pos"], m.names[i]) for i, sh in enumerate(s.ships)] + [("@", s.galleon.get("pos"), "the Galleon")]
    off = [(mark, who) for mark, pos, who in ships if pos is not None and not tm.in_view(pos[0], pos[1])]
    for mark, who in off:  # (in every phase: while charting too, where the hand takes the header)
        out.append(Item(f"{who}'s ship out of the map window", mark + "→", TileMap,
                        alts=tuple(mark + a for a in "←↑↓↗↖↘↙")))
    if off:  # the keys that bring them into view, on the map or in its key beside it
        out.append(Item("the keys that pan to the ships off view", "shift+arrows", None))
    return out


def _blocks(app: Any, m: Match, where: Any) -> dict[int, Any]:
    """Each seat's rows in the widget ``where``: from the row naming it (``▶ A  Anna``, the mark
    on its chip and the name) to the next seat's, as a Region (a seat not named there: none)."""
    from textual.geometry import Region

    from tabletop_tui.dropped_text import _region, region_rows, screen_rows

    region = _region(app.screen, where)
    rows = region_rows(screen_rows(app.screen), region)
    marks = app.screen.marks
    heads = {}
    for seat, name in enumerate(m.names):
        at = next((y for y, row in enumerate(rows) if f" {marks[seat]}  {name}" in row), None)
        if at is not None:
            heads[seat] = at
    starts = sorted(heads.values()) + [len(rows)]
    return {seat: Region(region.x, region.y + y, region.width, starts[starts.index(y) + 1] - y)
            for seat, y in heads.items()}


def terra_mystica_items(app: Any, m: Match) -> list[Item]:
    """Every faction's public board in its own rows of the faction table (below 120 columns) or
    the side panel: VP, coins, workers, priests, the three bowls, the cult positions, the bonus
    card, each favor and town; this round's and the next round's scoring tiles (the rest behind
    ``t: all``); every structure on the map in its space."""
    from tabletop_tui.widgets.hex_map import HexMap

    s = m.state
    screen = app.screen
    out: list[Item] = []
    if s.phase == "over":
        return out
    where = "#tm-table" if screen.table_shown else "#panels-box"
    blocks = _blocks(app, m, where)
    for seat, p in enumerate(s.players):
        if not p.faction:
            continue
        name = m.names[seat]
        region = blocks.get(seat)
        if region is None:
            out.append(Item(f"{name}'s row", f"{screen.marks[seat]}  {name}", where))
            continue
        cults = " ".join(f"{t[0]}{v}" for t, v in zip(("Fire", "Water", "Earth", "Air"), p.cult))
        out += [Item(f"{name}'s VP", f"{p.VP}VP", region, alts=(f"{p.VP} VP",)),
                Item(f"{name}'s coins", f" {p.C}C", region),
                Item(f"{name}'s workers", f" {p.W}W", region),
                Item(f"{name}'s priests", f" {p.P}P", region),
                Item(f"{name}'s bowls", "/".join(map(str, p.bowls)), region),
                Item(f"{name}'s cults", cults, region, alts=(cults.replace(" ", ""),))]
        if p.bonus:
            out.append(Item(f"{name}'s bonus card", p.bonus, region))
        for fv in p.favors:
            out.append(Item(f"{name}'s {fv}", fv, region, alts=(f",{fv[3:]}",)))
        for tw in p.towns:
            out.append(Item(f"{name}'s {tw}", tw, region))
    if s.phase == "play":
        out.append(Item(f"round {s.round}'s scoring tile", s.scoring[s.round - 1]))
        if s.round < 6:
            from tabletop_tui.widgets.tm_tables import scoring_short

            out.append(Item(f"round {s.round + 1}'s scoring tile", s.scoring[s.round],
                            alts=(f"next {scoring_short(s.scoring[s.round])[0]}",)))
        for r in range(s.round + 2, 7):
            out.append(Item(f"round {r}'s scoring tile", s.scoring[r - 1], mark="t: all"))
    hm = screen.query_one(HexMap)
    cells: dict[str, list[tuple[int, int]]] = {}
    for (x, y), target in hm._hit.items():
        cells.setdefault(target[1], []).append((x, y))
    from textual.geometry import Region

    from tabletop_tui.rules.terra_mystica.data import CELLS

    for i, o in enumerate(s.owner):
        if o < 0:
            continue
        pts = cells.get(CELLS[i], [])
        if not pts:
            out.append(Item(f"the structure on {CELLS[i]}", CELLS[i], HexMap))
            continue
        x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
        x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
        region = Region(hm.region.x + x0, hm.region.y + y0, x1 - x0 + 1, y1 - y0 + 1)
        mark = screen.marks[o]
        kind = s.btype[i]
        out.append(Item(f"{m.names[o]}'s {kind} on {CELLS[i]}", f"{kind}·{mark}", region,
                        alts=(f"{kind}*{mark}", f"{kind}={mark}")))
    return out


def items_for(app: Any, m: Match) -> list[Item]:
    own = {"maracaibo": maracaibo_items, "finca": finca_items, "finis_terrae": finis_terrae_items,
           "piratissimo": piratissimo_items, "terra_mystica": terra_mystica_items}.get(m.game.id)
    out = menu_items(app, m) if m.pending is not None else []
    if own is not None:
        out += own(app, m)
    return out
