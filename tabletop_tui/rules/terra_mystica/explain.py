"""What the map's explanation line says about one space, for the player to move: its terrain and
owner, what can be done there now and at what cost, or why nothing can.

Pure and read-only: it asks the engine (reach, spades, costs) and never changes the state.
"""
from __future__ import annotations

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.terra_mystica.board import (home, range_cost, range_kind, reach_sets, ship_level,
                                                    spade_cost, spade_rate, spades_needed, structures,
                                                    upgrade_cost)
from tabletop_tui.rules.terra_mystica.data import (CELLS, FACTIONS, INDEX, IS_RIVER, TERRAINS, hex_distance)
from tabletop_tui.rules.terra_mystica.power import can_pay, fac
from tabletop_tui.rules.terra_mystica.state import State

BUILDING = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
UPGRADE_FROM = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}


def cost_text(c: dict) -> str:
    """{"W": 2, "C": 3} -> "2W 3C" (nothing: "free")."""
    parts = [f"{v}{k}" for k, v in c.items() if v and k in ("W", "C", "P", "PW")]
    return " ".join(parts) if parts else "free"


def _add(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def faction_name(s: State, seat: int) -> str:
    f = s.players[seat].faction
    return FACTIONS[f]["name"] if f else s.names[seat]


def nearest_own(s: State, seat: int, h: int) -> int | None:
    """Spaces to the nearest structure of ``seat`` (None if it has none)."""
    own = structures(s, seat)
    return min((hex_distance(h, x) for x in own), default=None)


def transform_cost(s: State, seat: int, h: int, to: str) -> tuple[int, dict]:
    """(spades needed, what they cost now) to turn h into ``to``: free spades of the action first."""
    p = s.players[seat]
    need = spades_needed(s, p, s.terrain[h], to)
    free = s.spades if s.step == "spades" else 0
    return need, spade_cost(p, max(0, need - free))


def spades_given_up(s: State) -> str:
    """What building the dwelling (or stopping) gives up now: the free spades of the action not
    yet used (after ACT6's first space, the Halflings' stronghold's first two), said before it is
    chosen; "" when none are left."""
    if s.phase != "play" or s.step != "spades" or s.spades <= 0:
        return ""
    return f"gives up the {s.spades} free spade{'s' if s.spades != 1 else ''} left"


def action_cost(s: State, seat: int, a) -> str:
    """The cost of a map action in a few words, e.g. "1 spade (3W)" or "2W 3C"."""
    p = s.players[seat]
    h = INDEX[a.a]
    extra = {}
    if s.phase == "play" and a.kind in ("build", "transform") and s.step in ("main", "spades"):
        normal, ranged = reach_sets(s, seat)
        if h in ranged and h not in normal and h not in s.reached:
            extra = range_cost(p)
    how = ""
    if extra:
        how = f" + {range_kind(p)[0]} {cost_text(extra)}"
    if a.kind == "build":
        if s.phase != "play" or s.step == "witch":
            return "free"
        lost = spades_given_up(s)
        words = cost_text(_add(fac(p)["buildings"]["D"]["cost"], extra))
        return words + (f" (incl. {range_kind(p)[0]})" if extra else "") + (f"; {lost}" if lost else "")
    if a.kind == "transform":
        if s.step in ("sandstorm", "") or s.phase != "play":
            return "free"
        if s.queue and s.queue[0][0] == "cspade" and s.step not in ("main", "spades"):
            n = spades_needed(s, p, s.terrain[h], a.b)
            return f"{n} cult spade{'s' if n != 1 else ''}"
        n, c = transform_cost(s, seat, h, a.b)
        free = min(n, s.spades) if s.step == "spades" else 0
        words = f"{n} spade{'s' if n != 1 else ''}"
        if free:
            words += f", {free} free"
        if n > 3 and p.faction != "giants":
            # the cycle is never more than 3 steps: this transform may not pass over the home terrain
            words += f" (the long way round: never across {fac(p)['terrain']})"
        return f"{words} ({cost_text(c)}){how}" if c else f"{words}{how}"
    if a.kind == "upgrade":
        if s.step == "swarm":
            return "free"
        return cost_text(upgrade_cost(s, seat, h, a.b))
    if a.kind == "bridge":
        return "bridge end"
    return ""


def describe_space(s: State, cell: str) -> str:
    """Its name, terrain and what stands there: "E7 forest · Witches' dwelling (Anna), in a town"."""
    h = INDEX[cell]
    if IS_RIVER[h]:
        return f"{cell} river"
    out = f"{cell} {s.terrain[h]}"
    o = s.owner[h]
    if o >= 0:
        out += f" · {faction_name(s, o)}' {BUILDING[s.btype[h]]} ({s.names[o]})"
        if s.in_town[h]:
            out += ", in a town"
    bridges = [CELLS[b if a == h else a] for a, b, _o in s.bridges if h in (a, b)]
    if bridges:
        out += " · bridge to " + ", ".join(bridges)
    return out


def why_not(s: State, seat: int, cell: str) -> str:
    """Why the player ``seat`` can do nothing on ``cell`` now, in the rulebook's terms."""
    h = INDEX[cell]
    p = s.players[seat]
    who = faction_name(s, seat)
    if s.phase == "pick":
        return "Factions are being chosen."
    if s.phase == "place":
        if IS_RIVER[h]:
            return "Starting dwellings go on your home terrain, not the river."
        if s.owner[h] != -1:
            return "Already occupied."
        return f"Starting dwellings go on {who}' home terrain ({home(p)})."
    if s.phase != "play":
        return "Nothing can be done on the map now."
    if IS_RIVER[h]:
        lvl = ship_level(s, seat)
        return (f"River: never built on; shipping {lvl} lets {who} reach land across up to {lvl} river space"
                f"{'s' if lvl != 1 else ''}.")
    o = s.owner[h]
    if o not in (-1, seat):
        return f"Occupied by the {faction_name(s, o)}: you can never build on or transform another's space."
    if o == seat:
        bt = s.btype[h]
        if s.step != "main":
            return "Upgrades are a main action."
        nexts = [to for to, frm in UPGRADE_FROM.items() if frm == bt]
        if not nexts:
            return f"A {BUILDING[bt]} cannot be upgraded further."
        parts = []
        for to in nexts:
            if p.counts[to] >= fac(p)["buildings"][to]["pieces"]:
                parts.append(f"no {BUILDING[to]} left")
                continue
            c = upgrade_cost(s, seat, h, to)
            if not can_pay(p, c):
                parts.append(f"{BUILDING[to]} costs {cost_text(c)}, you have {p.W}W {p.C}C")
        return "Cannot upgrade: " + "; ".join(parts) + "." if parts else "Not now."
    # an empty land space of the player's own turn
    if s.step not in ("main", "spades"):
        return "Nothing to do here in this step."
    normal, ranged = reach_sets(s, seat)
    if h not in normal and h not in ranged:
        d = nearest_own(s, seat, h)
        kind, dist = range_kind(p)
        reach = f"shipping {ship_level(s, seat)}"
        if kind:
            reach += f", {kind} range {dist}"
        near = f"nearest own structure {counted(d, 'space')}" if d is not None else "no structure yet"
        return f"Not reachable: {reach}, {near}."
    hm = home(p)
    t = s.terrain[h]
    extra = range_cost(p) if h in ranged and h not in normal else {}
    if t == hm:
        c = _add(fac(p)["buildings"]["D"]["cost"], extra)
        if p.counts["D"] >= 8:
            return "All 8 dwellings are on the map."
        return f"A dwelling costs {cost_text(c)}; {who} have {p.W}W {p.C}C {p.P}P."
    if p.faction != "darklings" and not fac(p)["digging"]["rate"]:
        return f"{who} cannot dig; the space is {t}, not {hm}."
    n = spades_needed(s, p, t, hm)
    c = _add(spade_cost(p, n), extra)
    rate = "1 priest each" if p.faction == "darklings" else f"{counted(spade_rate(p), 'worker')} each"
    return (f"Turning {t} into {hm} takes {counted(n, 'spade')} ({rate}) = {cost_text(c)}; "
            f"{who} have {p.W}W {p.P}P.")


def explain(s: State, seat: int, cell: str, legal: list) -> str:
    """The whole line: the space, then what ``seat`` can do there (with costs) or why not."""
    head = describe_space(s, cell)
    here = [a for a in legal if getattr(a, "target", None) == ("hex", cell)]
    if not here:
        return f"{head} — {why_not(s, seat, cell)}"
    parts = []
    transforms = [a for a in here if a.kind == "transform"]
    for a in here:
        if a.kind == "build":
            parts.append(f"build a dwelling ({action_cost(s, seat, a)})")
        elif a.kind == "upgrade":
            parts.append(f"upgrade to {a.b} ({action_cost(s, seat, a)})")
        elif a.kind == "bridge":
            other = a.b if a.a == cell else a.a
            parts.append(f"bridge to {other}")
    if transforms:
        p = s.players[seat]
        hm = home(p)
        order = sorted(transforms, key=lambda a: (a.b != hm, TERRAINS.index(a.b)))
        bits = [f"{a.b} {action_cost(s, seat, a)}" for a in order[:3]]
        more = f" (+{len(order) - 3} more)" if len(order) > 3 else ""
        parts.append("transform to " + ", ".join(bits) + more)
        if all(a.b != hm for a in transforms) and s.step == "main":
            n = spades_needed(s, p, s.terrain[INDEX[cell]], hm)
            parts.append(f"{hm} needs {n} spades = {cost_text(spade_cost(p, n))}, {faction_name(s, seat)} have "
                         f"{p.W}W {p.P}P")
    # bridges name one end as the target; list those that end here too
    for a in legal:
        if a.kind == "bridge" and a.b == cell and a not in here:
            parts.append(f"bridge to {a.a}")
    return f"{head} — " + "; ".join(parts)


# -- why a whole entry of the action menu is not possible now ------------------------------------
#: the entries of the main action menu, in their fixed places (the digits keep their meaning while a
#: turn lasts: an entry that is not possible now stays in its place, with the reason)
MENU_SLOTS = ("build", "transform", "upgrade", "send", "ship", "dig", "power", "special", "pass", "free")

RES_WORDS = {"W": ("worker", "workers"), "C": ("coin", "coins"), "P": ("priest", "priests"),
             "PW": ("power", "power"), "VP": ("VP", "VP")}


def amount_words(c: dict) -> str:
    """{"W": 2, "C": 3} -> "2 workers and 3 coins"."""
    parts = [f"{v} {RES_WORDS[k][v != 1]}" for k, v in c.items() if v and k in RES_WORDS]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _needs(p, c: dict) -> str:
    """"needs 2 workers and 3 coins, has 1 worker": what falls short, as held now."""
    have = {"W": p.W, "C": p.C, "P": p.P, "PW": p.bowls[2], "VP": p.VP}
    short = [k for k in c if c.get(k) and have[k] < c[k]] or [k for k in c if c.get(k)]
    held = amount_words({k: have[k] for k in short}) if all(have[k] for k in short) else \
        " and ".join(f"{have[k]} {RES_WORDS[k][have[k] != 1]}" for k in short)
    return f"needs {amount_words(c)}, has {held}"


def menu_reason(s: State, seat: int, slot: str) -> str:
    """Why the player ``seat`` cannot take any action of the menu entry ``slot`` now, in a few words
    ("no trading house to upgrade", "a dwelling needs 1 worker and 2 coins, has 0 workers and 2
    coins"). Asked only for an entry with no legal action; says something true in any case."""
    from tabletop_tui.rules.terra_mystica.actions import SPECIALS, UPGRADES
    from tabletop_tui.rules.terra_mystica.data import POWER_ACTIONS
    from tabletop_tui.rules.terra_mystica.power import priest_room

    p = s.players[seat]
    f = fac(p)
    name = faction_name(s, seat)
    hm = home(p)
    if slot in ("build", "transform"):
        normal, extra = reach_sets(s, seat)
        free = [h for h in sorted(normal | extra) if s.owner[h] == -1 and not IS_RIVER[h]]
        if slot == "build":
            if p.counts["D"] >= 8:
                return "all 8 dwellings are on the map"
            homes = [h for h in free if s.terrain[h] == hm]
            if not homes:
                return f"no free {hm} space within reach: transform one first"
            cost = f["buildings"]["D"]["cost"]
            if not any(h in normal for h in homes):
                return f"a dwelling there ({range_kind(p)[0]}) {_needs(p, _add(cost, range_cost(p)))}"
            return f"a dwelling {_needs(p, cost)}"
        if p.faction != "darklings" and not f["digging"]["rate"]:
            return f"the {name} cannot transform"
        others = [h for h in free if s.terrain[h] != hm]
        if not others:
            return "no free space within reach to transform"
        spades = 2 if p.faction == "giants" else 1
        what = "2 spades" if spades == 2 else "a spade"
        return f"{what} {_needs(p, spade_cost(p, spades))}"
    if slot == "upgrade":
        own = structures(s, seat)
        cands = [(h, to) for h in own for to, frm in UPGRADES.items() if s.btype[h] == frm]
        if not cands:
            return "no dwelling, trading house or temple to upgrade"
        left = [(h, to) for h, to in cands if p.counts[to] < f["buildings"][to]["pieces"]]
        if not left:
            gone = sorted({to for _h, to in cands}, key=list(BUILDING).index)
            words = [BUILDING[t] for t in gone]
            return "no " + " or ".join(words) + " left on the faction board"
        h, to = min(left, key=lambda x: sum(upgrade_cost(s, seat, x[0], x[1]).values()))
        return f"a {BUILDING[to]} {_needs(p, upgrade_cost(s, seat, h, to))}"
    if slot == "send":
        if p.P < 1:
            return "no priest in hand"
        if all(p.cult[i] >= 10 for i in range(4)):
            return "at the top of every cult track"
        return "no cult track takes a priest now"
    if slot in ("ship", "dig"):
        key = "shipping" if slot == "ship" else "digging"
        spec = f[key]
        if spec["max"] == 0:
            return f"the {name} have no {key} track"
        level = p.ship if slot == "ship" else p.dig
        if level >= spec["max"]:
            return f"at the end of the track ({spec['max']})"
        return _needs(p, spec["cost"])
    if slot == "power":
        left = [a for a in POWER_ACTIONS if a not in s.used_pa]
        if not left:
            return "all six are taken this round"
        cheapest = min(POWER_ACTIONS[a]["cost"] for a in left)
        if p.bowls[2] < cheapest:
            return f"the cheapest left needs {cheapest} power in bowl III, has {p.bowls[2]}"
        if priest_room(p) <= 0 and left == ["ACT2"]:
            return "only ACT2 is left and 7 priests is the most"
        return "the ones left cannot be used now (no bridge, or 7 priests)"
    if slot == "special":
        sources = []
        if p.bonus in ("BON1", "BON2"):
            sources.append(p.bonus)
        if "FAV6" in p.favors:
            sources.append("FAV6")
        sp = SPECIALS.get(p.faction)
        if sp and p.counts["SH"]:
            sources.append(sp)
        if p.faction == "engineers":
            sources.append("ACTE")
        if not sources:
            return "no bonus card, favor tile or stronghold gives one"
        if all(x in p.used for x in sources if x != "ACTE"):
            if "ACTE" in sources:
                return "a bridge needs 2 workers and a bridge left, the others are used this round"
            return "used this round"
        if sources == ["ACTE"]:
            return f"a bridge {_needs(p, {'W': 2})}, and a bridge left"
        return "none can be used now"
    if slot == "pass":
        return "passed already"
    if slot == "free":
        return "nothing to convert or burn"
    return "not possible now"


def conversion_slots(s: State, seat: int) -> list[tuple[str, str]]:
    """The kinds of free action, in fixed places: ("burn", "") then (from, to) conversions; the
    Alchemists' VP and coin trades and the Darklings' ordination (last, while it lasts) only for them."""
    from tabletop_tui.rules.terra_mystica.actions import darkling_ordination

    p = s.players[seat]
    out = [("burn", ""), ("PW", "C"), ("PW", "W"), ("PW", "P"), ("P", "W"), ("P", "C"), ("W", "C")]
    if p.faction == "alchemists":
        out += [("VP", "C"), ("C", "VP")]
    if darkling_ordination(s, seat) or (p.faction == "darklings" and s.darkling_conv > 0):
        out.append(("W", "P"))
    return out


def conversion_reason(s: State, seat: int, fa: str, fb: str) -> str:
    """Why no amount of this conversion (or burn, ``fa`` "burn") is possible now."""
    from tabletop_tui.rules.terra_mystica.notation import CONVERSIONS
    from tabletop_tui.rules.terra_mystica.power import priest_room

    p = s.players[seat]
    if fa == "burn":
        return f"needs 2 power in bowl II, has {p.bowls[1]}"
    if fb == "P" and priest_room(p) <= 0:
        return "7 priests is the most"
    per = CONVERSIONS[(fa, fb)]
    if fa == "PW":
        return f"needs {per} power in bowl III, has {p.bowls[2]}"
    return _needs(p, {fa: per})
