"""The rest of Maracaibo's table as text: the influence and explorer tracks, the card display and
the prestige row, a player's ship board, hand and planning area, the short line of the others,
and cards as cards (name, cost, type, effect in short; the full text for the detail pane).

Everything is built with rich ``Text`` (names are never markup). The functions read the position
they are given (a seat's view) and the engine's read-only surface; they decide nothing.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.maracaibo import surface as SF
from tabletop_tui.rules.maracaibo.assistants import ASSISTANT_STATE
from tabletop_tui.rules.maracaibo.describe import ops_words as ops_text
from tabletop_tui.rules.maracaibo.content import (CAREERS, NATION_NAMES, NATIONS, PRESTIGE, QUESTS,
                                                  UPGRADES, UPGRADE_IDS, XTRACK, card)
from tabletop_tui.widgets.route_map import GOOD_LETTER, NATION_LETTER, NATION_STYLE

DIM = Style(dim=True)
BOLD = Style(bold=True)
GOLD = Style(color="#ffd866", bold=True)
TYPE_SHORT = {"instant": "instant", "ongoing": "ongoing", "assistant": "assistant", "end_scoring": "end-scoring"}
UP_SHORT = {"U01": "Hand+1", "U02": "Rigging", "U03": "$inc+2", "U04": "$inc+2", "U05": "VPinc+1",
            "U06": "VPinc+1", "U07": "Compass", "U08": "Compass", "U09": "Cards-1", "U10": "Drill",
            "U11": "Plan+1", "U12": "Fight+2"}
EXPLORER_ROW = ["S", "E1", "E2", "E3", "E4", "|red|", "E5", "E6", "<", "L1", "L2", "L3", "/", "K1", ">",
                "E7", "E8", "|blue|", "E9", "E10", "E11", "E12", "|green|", "E13", "E14", "END"]


def player_style(colour: str) -> Style:
    return Style(bold=True, color="#000000", bgcolor=colour)


def goods_text(c: str) -> str:
    return "".join(GOOD_LETTER.get(g, "?") for g in card(c)["goods"])




def card_line(s: Any, seat: int, c: str, width: int = 31) -> Text:
    """One line: name, the price for this player, the goods, the type (and VP/compass); at narrow
    widths the line wraps between whole words (never a word cut or shortened)."""
    spec = card(c)
    t = Text()
    pr = SF.price(s, seat, c)
    extra = ""
    if spec["vp"]:
        extra += f" {spec['vp']}VP"
    if spec["compass"]:
        extra += " ☼" * spec["compass"]
    tail = f"  {pr}$ {goods_text(c)} {TYPE_SHORT.get(spec['type'], spec['type'])}{extra}"
    if len(spec["name"]) + len(tail) > width:  # one space less; the rest wraps between whole words
        tail = tail[1:]
    t.append(spec["name"], BOLD)  # whole (a long name wraps: never cut)
    t.append(tail, DIM)
    return t


def card_detail(s: Any, seat: int | None, c: str) -> Text:
    spec = card(c)
    t = Text()
    t.append(f"{spec['name']} ({c.split('.')[0]})", BOLD)
    cost = f"cost {spec['cost']}"
    if seat is not None:
        pr = SF.price(s, seat, c)
        if pr != spec["cost"]:
            cost += f", you pay {pr}"
    t.append(f" · {spec['type'].replace('_', ' ')} · {cost} · goods {', '.join(spec['goods'])}")
    if spec["vp"]:
        t.append(f" · {spec['vp']} VP")
    if spec["compass"]:
        t.append(f" · {spec['compass']} compass")
    t.append(" — " + spec["text"])
    return t


def quest_text(qid: str) -> str:
    q = QUESTS[qid]
    cost = q["cost"]
    parts = []
    if cost.get("doubloons"):
        parts.append(counted(cost["doubloons"], "doubloon"))
    if cost.get("combat_points"):
        parts.append(counted(cost["combat_points"], "combat point"))
    if cost.get("goods"):
        parts.append("goods " + " + ".join(cost["goods"]))
    if cost.get("cards"):
        parts.append(counted(cost["cards"], "hand card"))
    return f"{q['name']}: pay {', '.join(parts) or 'nothing'} → {ops_text(q['reward'])}"


# -- the tracks ---------------------------------------------------------------------------------
def influence_lines(s: Any, marks: list[str], colours: list[str], short: bool = False) -> Text:
    g = s.g
    t = Text()
    on_map = SF.markers_on_map(s)
    for k, nat in enumerate(NATIONS):
        if k:
            t.append("\n")
        t.append(f"[{NATION_LETTER[nat]}]", NATION_STYLE[nat])
        t.append(f" {NATION_NAMES[nat]:<8}", BOLD)
        order = sorted(range(g["n"]), key=lambda i: (-g["players"][i]["infl"][nat], i))
        for i in order:
            v = g["players"][i]["infl"][nat]
            t.append(" ")
            t.append(marks[i], player_style(colours[i]))
            rk = SF.noble_rank(v)
            t.append(f"{v}" + (f"r{rk}" if rk else ""))
        if short:
            t.append(f"  map {on_map[nat]} sup {SF.markers_in_supply(s, nat)} {SF.vp_per_rank(s, nat)}VP/rk", DIM)
        else:
            t.append(f"  map {on_map[nat]} · supply {SF.markers_in_supply(s, nat)} · {SF.vp_per_rank(s, nat)} VP/rank",
                     DIM)
    return t


def combat_lines(s: Any, marks: list[str], colours: list[str], first: str | None, width: int, rows: int) -> Text:
    """What a combat decision weighs, for the detail rows under the map where the tracks have no
    room: each nation's influence per player (most first, with the noble rank), its VP per rank
    and its markers on the map and in supply; the nation fought for (``first``) leads in full with
    the rank steps. The nations are packed into ``rows`` rows of ``width``, in the longest form
    that fits (the shortest names only the players' influence)."""
    from tabletop_tui.rules.maracaibo.content import RANKS

    g = s.g
    on_map = SF.markers_on_map(s)
    order = ([first] if first in NATIONS else []) + [n for n in NATIONS if n != first]

    def nation(nat: str, form: int) -> Text:
        t = Text()
        t.append(NATION_NAMES[nat] + (" (this fight)" if nat == first and form == 0 else ""), NATION_STYLE[nat] + BOLD)
        for i in sorted(range(g["n"]), key=lambda i: (-g["players"][i]["infl"][nat], i)):
            v = g["players"][i]["infl"][nat]
            rk = SF.noble_rank(v)
            t.append(" ")
            t.append(marks[i], player_style(colours[i]))
            t.append(f"{v}" + (f"r{rk}" if rk else ""))
        if form == 0:
            steps = "/".join(str(at) for at, _ in RANKS)
            t.append(f" · ranks at {steps} · {SF.vp_per_rank(s, nat)} VP/rank · markers: map {on_map[nat]}, "
                     f"supply {SF.markers_in_supply(s, nat)}", DIM)
        elif form == 1:
            t.append(f" · {SF.vp_per_rank(s, nat)} VP/rank · map {on_map[nat]} supply {SF.markers_in_supply(s, nat)}",
                     DIM)
        elif form == 2:
            t.append(f" {SF.vp_per_rank(s, nat)}VP/rk map {on_map[nat]} sup {SF.markers_in_supply(s, nat)}", DIM)
        return t

    def packed(forms: list[int]) -> list[Text]:
        lines: list[Text] = []
        for nat, form in zip(order, forms):
            part = nation(nat, form)
            if lines and len(lines[-1].plain) + 3 + len(part.plain) <= width:
                lines[-1].append(" │ ", DIM)
                lines[-1].append_text(part)
            else:
                lines.append(part)
        return lines

    tries = [[0, 1, 1], [0, 2, 2], [1, 2, 2], [2, 2, 2], [1, 3, 3], [2, 3, 3], [3, 3, 3]]
    lines = packed(tries[-1])
    for forms in tries:
        got = packed(forms)
        if len(got) <= rows and all(len(x.plain) <= width for x in got):
            lines = got
            break
    return Text("\n").join(lines)


def explorer_line(s: Any, marks: list[str], colours: list[str], targets: set = frozenset(),
                  cursor: Any = None) -> Text:
    """The explorer track on one line (wrapping): spaces, barriers, the branch (< L… / K1 >),
    quests (Q), every explorer; the spaces an explore may reach are highlighted."""
    g = s.g
    at: dict[str, list[int]] = {}
    for i, p in enumerate(g["players"]):
        at.setdefault(p["explorer"], []).append(i)
    t = Text()
    t.append("Expl ", BOLD)
    for sp in EXPLORER_ROW:
        if sp in XTRACK:
            quest = XTRACK[sp]["quest_slot"] and g["xquests"].get(sp)
            st = GOLD if quest else (BOLD if sp in at else DIM)
            if ("xtrack", sp) == cursor:
                st = Style(bold=True, color="#000000", bgcolor="#ffd866")
            elif ("xtrack", sp) in targets:
                st = Style(bold=True, reverse=True)
            t.append(sp + ("Q" if quest else ""), st)
            for i in at.get(sp, []):
                t.append(marks[i], player_style(colours[i]))
            t.append(" ")
        else:
            t.append(sp + " ", Style(color="#e8554e" if "red" in sp else "#4f8fe8" if "blue" in sp
                                     else "#3fb950" if "green" in sp else "#8a8a8a"))
    return t


def display_line(s: Any, seat: int | None, width: int) -> Text:
    """The piles and the prestige row (the card display itself is drawn on the map), and at
    roomy sizes the letters of the goods."""
    g = s.g
    t = Text()
    t.append(f"Discard {len(g['discard'])} · tokens {len(g['piles'][0])}/{len(g['piles'][1])}"
             f" · quests {len(g['quest_pile'])}", DIM)
    k = g["prestige_revealed"]
    t.append(" · Prestige: ", BOLD)
    for i, b in enumerate(g["prestige"]):
        if i:
            t.append(", ", DIM)
        if i < k and b in PRESTIGE:
            t.append(f"{PRESTIGE[b]['name']} {PRESTIGE[b]['cost']}$")
        else:
            t.append("?", DIM)
    return t  # whole: it wraps when the row is narrow


def summary_parts(s: Any, marks: list[str], colours: list[str], first: str = "") -> list[Text]:
    """The tracks and the piles in short, for a screen with no room for them in full: every
    explorer's space, each nation's influence per player, the quests open (on the map, on the
    explorer track, in the pile), the combat-token piles and the prestige buildings. ``first`` (one
    of "explorer", "influence", "quests", "prestige") puts the part a decision needs first."""
    g = s.g
    n = g["n"]
    expl = Text()
    expl.append("Expl", BOLD)
    for i in range(n):
        expl.append(" ")
        expl.append(marks[i], player_style(colours[i]))
        expl.append(g["players"][i]["explorer"])
    infl = Text()  # each player's influence with France/England/Spain: "A 0/2/1"
    infl.append("Infl ", BOLD)
    for k, nat in enumerate(NATIONS):
        infl.append("/" if k else "", DIM)
        infl.append(NATION_LETTER[nat], NATION_STYLE[nat])
    for i in range(n):
        infl.append(" ")
        infl.append(marks[i], player_style(colours[i]))
        infl.append("/".join(str(g["players"][i]["infl"][nat]) for nat in NATIONS))
    quests = Text()
    quests.append("Quests", BOLD)
    on_map = sum(1 for q in g["quest_slots"].values() if q)
    on_track = sum(1 for q in g["xquests"].values() if q)
    quests.append(f" map {on_map} expl {on_track} pile {len(g['quest_pile'])}")
    tokens = Text()
    tokens.append("Tokens", BOLD)
    tokens.append(f" {len(g['piles'][0])}/{len(g['piles'][1])}")
    prest = Text()
    prest.append("Prestige", BOLD)
    k = g["prestige_revealed"]
    shown = [f"{PRESTIGE[b]['name']} {PRESTIGE[b]['cost']}$" for b in g["prestige"][:k] if b in PRESTIGE]
    prest.append(" " + (", ".join(shown) if shown else "none revealed"))
    hidden = len(g["prestige"]) - len(shown)
    if hidden > 0:
        prest.append(f" +{hidden} hidden", DIM)
    parts = {"explorer": expl, "influence": infl, "quests": quests, "tokens": tokens, "prestige": prest}
    order = ["explorer", "influence", "quests", "tokens", "prestige"]
    if first in parts:
        order.remove(first)
        order.insert(0, first)
    return [parts[k] for k in order]


#: the mark at the summary's end: the key of the page with the tracks in full
SUMMARY_KEY = "t: tracks"


def summary_line(parts: list[Text], width: int) -> Text:
    """As many parts as fit in ``width``, in their order (a part never cut), then the key of the
    page that holds them all."""
    t = Text()
    tail = Text(" │ " + SUMMARY_KEY, BOLD)
    for part in parts:
        sep = Text(" │ ", DIM) if t.plain else Text("")
        if len(t.plain) + len(sep.plain) + len(part.plain) + len(tail.plain) > width:
            continue  # (a shorter part further on may still fit)
        t.append_text(sep)
        t.append_text(part)
    t.append_text(tail if t.plain else Text(SUMMARY_KEY, BOLD))
    return t


def tracks_page(s: Any, marks: list[str], colours: list[str], names: list[str], viewer: int | None) -> Text:
    """Everything of the table beside the map, in full: the influence tracks, the explorer track,
    the piles and the prestige row, the quests open and what they ask and give, and every
    player's public board in short."""
    import textwrap

    g = s.g
    t = Text()
    t.append("The tracks, the piles and the players", BOLD)
    t.append(" · Esc or t: back\n\n", DIM)
    t.append("Influence\n", BOLD)
    t.append_text(influence_lines(s, marks, colours))
    t.append("\n\nExplorer track", BOLD)
    t.append(" (Q: a quest lies there; the barriers in colour)\n", DIM)
    t.append_text(explorer_line(s, marks, colours))
    t.append("\n\nPiles and prestige\n", BOLD)
    t.append_text(display_line(s, viewer, 80))
    t.append(f" · deck {len(g['deck'])}", DIM)
    open_ = [(f"on the map at {loc}", q) for loc, q in g["quest_slots"].items() if q]
    open_ += [(f"on the explorer track at {sp}", q) for sp, q in g["xquests"].items() if q]
    t.append("\n\nQuests open", BOLD)
    t.append(f" ({len(g['quest_pile'])} in the pile)", DIM)
    for where, q in open_:  # (wrapped between words, the rest under the quest's name)
        t.append("\n" + "\n".join(textwrap.wrap(f"{where}: {quest_text(q)}", 64, initial_indent="  ",
                                                 subsequent_indent="    ", break_long_words=False)))
    if not open_:
        t.append("\n  none", DIM)
    t.append("\n\nPlayers", BOLD)
    t.append(" (p: each one's whole board)", DIM)
    for i in range(g["n"]):
        t.append("\n")
        t.append_text(short_panel(s, i, names[i], marks[i], colours[i], False, False, 200))
    return t


# -- the players ---------------------------------------------------------------------------------
def head_line(s: Any, seat: int, name: str, mark: str, colour: str, to_move: bool, bot: bool) -> Text:
    p = s.g["players"][seat]
    t = Text()
    t.append("▶ " if to_move else "  ", BOLD)
    t.append(f" {mark} ", player_style(colour))
    t.append(f" {name}", BOLD)
    if bot:
        t.append(" bot", Style(italic=True, dim=True))
    t.append(f"  {p['vp']} VP", BOLD)
    return t


def short_panel(s: Any, seat: int, name: str, mark: str, colour: str, to_move: bool, bot: bool,
                width: int = 29) -> Text:
    p = s.g["players"][seat]
    t = head_line(s, seat, name, mark, colour, to_move, bot)
    t.append(f" ${p['dbl']} cp{p['cp']}")
    line2 = f" cards {len(p['bought'])} tokens {len(p['tokens'])} quests {len(p['quests'])}"
    up = f" upgr {SF.completed_upgrades(s, seat)}"
    t.append(f"\n ship {p['ship']} hand {len(p['hand'])} plan {len(p['plan'])} expl {p['explorer']}"
             f"\n{line2}{up if len(line2) + len(up) <= width + 2 else ''}", DIM)
    return t


def full_panel(s: Any, seat: int, name: str, mark: str, colour: str, to_move: bool, bot: bool,
               show_hand: bool, focus_cards: set | None = None, width: int = 31) -> Text:
    """The player to move in full: money and points, the hand and the planning area first (what a
    decision is made with), then the ship board (what each space unlocks), figures, tokens,
    quests, careers, assistants and prestige."""
    g = s.g
    p = g["players"][seat]
    focus_cards = focus_cards or set()
    t = head_line(s, seat, name, mark, colour, to_move, bot)
    t.append(f" ${p['dbl']} cp{p['cp']}/8", BOLD)
    if show_hand:
        t.append(f"\n Hand {len(p['hand'])}/{SF.hand_limit(s, seat)}", BOLD)
        for c in p["hand"]:
            t.append("\n  ")
            line = card_line(s, seat, c, width)
            if c in focus_cards:
                line.stylize("reverse")
            t.append_text(line)
    else:
        t.append(f"\n Hand {len(p['hand'])} cards (hidden)", DIM)
    t.append(f"\n Planning {len(p['plan'])}/{SF.planning_slots(s, seat)}", BOLD)
    for c in p["plan"]:
        t.append("\n  ")
        line = card_line(s, seat, c, width)
        if c in focus_cards:
            line.stylize("reverse")
        t.append_text(line)
    income = f" income {4 + p['inc_d']}$ {p['inc_v']}VP"
    figures = f"figures {p['fig_personal']}+{p['fig_general']}"
    # (one line when it fits, else two: never "figures" at a line's end and its count below)
    t.append(f"\n{income} · {figures}" if len(income) + 3 + len(figures) <= width else f"\n{income}\n {figures}")
    t.append(f"\n ship {p['ship']} · explorer {p['explorer']} · ☼ {SF.compasses(s, seat)}")
    t.append(f"\n combat tokens {len(p['tokens'])} · quests {len(p['quests'])}")
    cp = SF.career_progress(s, seat)
    if cp is not None:
        paid, now, nxt = cp
        line = f" career {CAREERS[p['career']]['name']} {paid}/3"
        t.append("\n" + line)
        if nxt and len(line) + len(f" ({now}/{nxt})") <= width + 2:
            t.append(f" ({now}/{nxt})", DIM)
    t.append("\n Ship board ", BOLD)
    t.append("●=disc ✓=open", DIM)
    cols = 3 if width >= 30 else 2
    for k, u in enumerate(UPGRADE_IDS):
        t.append("\n " if k % cols == 0 else "  ")
        n = p["discs"][u]
        t.append(f"{UP_SHORT[u]:<7}", BOLD if n == 0 else Style())
        t.append("✓ " if n == 0 else ("●●" if n == 2 else "●·"), GOLD if n == 0 else Style())
    if p["assistants"]:
        t.append("\n assistants ")
        t.append(", ".join(f"at {a['loc']} {ASSISTANT_STATE[a['live']]}" for a in p["assistants"]))
    if p["invested"]:
        t.append("\n prestige " + ", ".join(PRESTIGE[b]["name"] for b in p["invested"]))
    if p["bought"]:
        t.append(f"\n Cards {len(p['bought'])}: ", BOLD)
        t.append(", ".join(card(c)["name"] for c in p["bought"]), DIM)
    return t


def upgrade_text(u: str) -> str:
    return f"{UPGRADES[u]['name']} ({u}): {UPGRADES[u]['text']}"
