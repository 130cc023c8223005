"""Text for people: each choice described, each move as a log sentence, a position summary."""
from __future__ import annotations

from typing import Any

from tabletop_tui.rules.core import counted

from .actions import Confirm, Deliver, Fill, GustFrom, GustTo, Move, Omit, Pick, Place, Stop, UseTile
from .components import (ACTION_TILE_NAME, COMMUNITIES, COMMUNITY_INDEX, DIVIDING_LINES,
                         FRUIT_LETTER, MAX_DELIVERY, MAX_LARGE, TILES, article, blade_no,
                         finca_name, join_names, plural)
from .delivery import delivery_summary
from . import scoring
from .state import State
from .windmill import gust_preview, move_preview


def describe(s: State, a: Any) -> str:
    """A choice, in words, for the list of choices."""
    if isinstance(a, Place):
        f = s.blades[a.blade]
        return f"Place a farmer on blade {blade_no(a.blade)} ({f}), take 1 {f}"
    if isinstance(a, Move):
        p = move_preview(s, a.blade)
        text = (f"Move farmer on blade {blade_no(a.blade)} → blade {blade_no(p['to'])}, "
                f"take {p['fruits']} {plural(p['fruit'], p['fruits'])}")
        if p["carts"]:
            text += f" and {p['carts']} donkey cart{'s' if p['carts'] > 1 else ''}"
        if p["short"]:
            text += f" (short: everyone returns their {plural(p['fruit'], 2)} first)"
        return text
    if isinstance(a, Deliver):
        return f"Deliver fruit with a donkey cart (up to {MAX_DELIVERY} fruits)"
    if isinstance(a, UseTile):
        extra = {"double": "move, then move again", "gust": "put a farmer on any blade",
                 # (short enough for one row of choices at 80 columns)
                 "large": f"up to {MAX_LARGE} fruits, no cart returned",
                 "less": "a fruit fewer than the tiles ask"}[a.tile]
        return f"Use action tile: {ACTION_TILE_NAME[a.tile]} ({extra})"
    if isinstance(a, GustFrom):
        return f"The wind carries the farmer on blade {blade_no(a.blade)}"
    if isinstance(a, GustTo):
        p = gust_preview(s, s.gust_from, a.blade)
        return (f"Farmer lands on blade {blade_no(a.blade)}, take {p['fruits']} "
                f"{plural(p['fruit'], p['fruits'])}")
    if isinstance(a, Stop):
        return "Stop: no second move"
    if isinstance(a, Pick):
        c = COMMUNITY_INDEX[a.community.lower()]
        t = TILES[s.stacks[c][0]] if s.stacks[c] else None
        return f"Deliver to {a.community}" + (f" (tile {t.text()})" if t else "")
    if isinstance(a, Fill):
        return f"Use {article(a.fruit)} for the any-fruit symbol"
    if isinstance(a, Confirm):
        sm = delivery_summary(s)
        text = (f"Confirm: deliver {sm['fruits']} fruit{'s' if sm['fruits'] != 1 else ''} "
                f"for tile{'s' if len(sm['picks']) > 1 else ''} worth {sm['value']}")
        if sm["mode"] == "less":
            text += ", then choose the fruit to leave out"
        return text
    if isinstance(a, Omit):
        return f"Leave out {article(a.fruit)} at {a.community}"
    return str(a)

def _shortages(before: State, after: State, seat: int, fruit: str, wanted: int, took: int,
               carts: int) -> str:
    """Sentences for a supply that ran out: who returned how many (the mover too, even when
    they held none), or that the last fruit of a kind was taken."""
    out = ""
    if before.supply[fruit] < wanted:
        lost = [f"{before.names[q]} {before.fruits[q][fruit]}" for q in range(before.n)
                if before.fruits[q][fruit]]
        if lost:
            out += (f" The {plural(fruit, 2)} ran out: everyone returned theirs to the supply "
                    f"first ({join_names(lost)}).")
        else:
            out += f" The {plural(fruit, 2)} ran out and nobody held any."
        if took < wanted:
            out += f" Only {took} {'was' if took == 1 else 'were'} left."
    elif after.supply[fruit] == 0:
        out += f" No {plural(fruit, 2)} are left in the supply."
    if carts and before.windmill_carts < carts:
        lost = [f"{before.names[q]} {before.carts[q]}" for q in range(before.n) if before.carts[q]]
        out += (" The donkey carts ran out: everyone returned theirs to the windmill first"
                + (f" ({join_names(lost)})." if lost else "."))
    return out


def log_line(before: State, a: Any, after: State) -> str:
    """What a move did, as a sentence for the log."""
    seat = before.turn
    name = before.names[seat]
    if isinstance(a, Place):
        fruit = before.blades[a.blade]
        short = before.supply[fruit] < 1
        took = after.fruits[seat][fruit] - (0 if short else before.fruits[seat][fruit])
        return (f"{name} placed a farmer on blade {blade_no(a.blade)} and took {took} "
                f"{plural(fruit, took)}." + _shortages(before, after, seat, fruit, 1, took, 0))
    if isinstance(a, (Move, GustTo)):
        if isinstance(a, Move):
            p = move_preview(before, a.blade)
            verb = "moved a farmer from"
        else:
            p = gust_preview(before, before.gust_from, a.blade)
            verb = "let the wind carry a farmer from"
        fruit = p["fruit"]
        short = before.supply[fruit] < p["fruits"]
        took = after.fruits[seat][fruit] - (0 if short else before.fruits[seat][fruit])
        text = (f"{name} {verb} blade {blade_no(p['from'])} to blade {blade_no(p['to'])} "
                f"and took {took} {plural(fruit, took)}")
        if p["carts"]:
            text += f" and {p['carts']} donkey cart{'s' if p['carts'] > 1 else ''}"
        return text + "." + _shortages(before, after, seat, fruit, p["fruits"], took, p["carts"])
    if isinstance(a, Stop):
        return f"{name} made no second move."
    if isinstance(a, UseTile):
        return f"{name} used the {ACTION_TILE_NAME[a.tile]} action tile."
    if isinstance(a, Deliver):
        return f"{name} started a delivery."
    if isinstance(a, GustFrom):
        return f"{name} chose the farmer on blade {blade_no(a.blade)} for the gust of wind."
    if isinstance(a, Pick):
        return f"{name} added {a.community} to the delivery."
    if isinstance(a, Fill):
        return f"{name} chose {article(a.fruit)} for an any-fruit symbol."
    if isinstance(a, Confirm) and after.step == "omit":
        return f"{name} finished choosing communities."
    # the delivery itself (Confirm, or Omit with one less fruit)
    d = before.dlv
    picks = [COMMUNITIES[c] for c in d["picks"]]
    value = sum(TILES[before.stacks[c][0]].value for c in d["picks"])
    fruits = value - (1 if d["mode"] == "less" else 0)
    how = {"cart": "a donkey cart", "large": "the large donkey cart",
           "less": "a donkey cart and one less fruit"}[d["mode"]]
    values = [str(TILES[before.stacks[c][0]].value) for c in d["picks"]]
    took = (f"a tile worth {values[0]}" if len(values) == 1
            else f"tiles worth {join_names(values)} ({counted(value, 'point')})")
    text = (f"{name} delivered {fruits} fruit{'s' if fruits != 1 else ''} to "
            f"{join_names(picks)} with {how} and took {took}")
    extras = []
    for c in d["picks"]:
        if not after.stacks[c]:
            owner = after.finca_owner[c]
            fin = finca_name(after.finca_tile[c])
            who = after.names[owner] if owner >= 0 else "the box (a tie)"
            extras.append(f"{COMMUNITIES[c]}'s {fin} went to {who}")
    got = len(after.bonus[seat]) - len(before.bonus[seat])
    if got:
        extras.append(f"{name} took bonus tile {', '.join(map(str, after.bonus[seat][-got:]))}")
    if after.step == "over":
        extras.append("the last wooden finca is placed: the game is over")
    return text + ("; " + "; ".join(extras) if extras else "") + "."

def summary(rules, s: State) -> str:
    lines = []
    blades = " ".join(f"{blade_no(i)}:{FRUIT_LETTER[f]}" + ("|" if (i + 1) in DIVIDING_LINES else "")
                      for i, f in enumerate(s.blades))
    lines.append(f"Windmill {blades}  carts in windmill: {s.windmill_carts}")
    for c, name in enumerate(COMMUNITIES):
        if s.stacks[c]:
            lines.append(f"{name}: {TILES[s.stacks[c][0]].text()} ({len(s.stacks[c])} left), "
                         f"{finca_name(s.finca_tile[c])}")
        else:
            o = s.finca_owner[c]
            lines.append(f"{name}: closed, {finca_name(s.finca_tile[c])} → "
                         f"{s.names[o] if o >= 0 else 'box'}")
    vp = scoring.vp(s)
    for p, who in enumerate(s.names):
        fr = ", ".join(f"{n} {plural(f, n)}" for f, n in s.fruits[p].items() if n) or "no fruit"
        where = ", ".join(f"{blade_no(b)}" + (f"×{k}" if k > 1 else "")
                          for b, k in enumerate(s.farmers[p]) if k)
        lines.append(f"{who}: {vp[p]} VP; farmers on {where or '-'}; {fr}; "
                     f"{counted(s.carts[p], 'cart')}; tiles {len(s.tiles[p])}; "
                     f"action tiles {' '.join(s.action_tiles[p]) or '-'}")
    d = rules.pending(s)
    lines.append("The game is over." if d is None else f"{s.names[d.seat]} to play: {d.prompt}")
    return "\n".join(lines)


def sheet(s: State, seat: int) -> list[tuple[str, list[str]]]:
    """Everything the rules make public about a player, in words (reads only ``s``)."""
    from .components import ACTION_TILES, ACTION_VP, FINCA_VP, FRUITS

    fruits = s.fruits[seat]
    held = [f"{fruits[f]} {plural(f, fruits[f])}" for f in FRUITS if fruits[f]]
    total = sum(fruits.values())
    play = [f"{total} fruit{'s' if total != 1 else ''} in all" + (": " + ", ".join(held) if held
                                                                 else "")]
    play.append(f"{s.carts[seat]} donkey cart{'s' if s.carts[seat] != 1 else ''}")
    farmers = []
    for b, k in enumerate(s.farmers[seat]):
        if k:
            farmers.append(f"{k} on blade {blade_no(b)} ({s.blades[b]})")
    if s.to_place[seat]:
        farmers.append(f"{s.to_place[seat]} still to place")
    left = [ACTION_TILE_NAME[t] for t in ACTION_TILES if t in s.action_tiles[seat]]
    used = [ACTION_TILE_NAME[t] for t in ACTION_TILES if t not in s.action_tiles[seat]]
    tiles = [f"left ({ACTION_VP} VP each at the end): " + (", ".join(left) or "none"),
             "used: " + (", ".join(used) or "none")]
    got = [TILES[t] for t in s.tiles[seat]]
    delivered = ([f"tile {t.text()}" for t in sorted(got, key=lambda t: (t.value, t.id))]
                 or ["none yet"])
    counts = scoring.set_progress(s, seat)
    missing = [str(v) for v, n in counts.items() if n <= scoring.complete_sets(s, seat)]
    sets = scoring.complete_sets(s, seat)
    delivered.append(f"{sets} complete set{'s' if sets != 1 else ''} of values 1 to 6; "
                     f"the next needs {join_names(missing)}")
    fincas = [finca_name(f) + f" ({FINCA_VP} VP)" for f in s.fincas_of(seat)]
    bonus = [f"bonus tile {b}" for b in s.bonus[seat]]
    points = [f"{k.lower()}: {v} VP" for k, v in scoring.score_breakdown(s, seat).items()]
    points.append(f"{sum(scoring.score_breakdown(s, seat).values())} VP in all")
    return [("Play area", play), ("Farmers", farmers or ["none on the windmill"]),
            ("Action tiles", tiles), ("Fruit tiles delivered", delivered),
            ("Finca and bonus tiles", fincas + bonus or ["none yet"]), ("Points", points)]
