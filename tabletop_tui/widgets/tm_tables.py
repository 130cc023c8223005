"""Terra Mystica's table beside the map, as rich Text: faction boards (full for the player to move,
one or two lines for the others), the cult board, the round board and the supplies.

Renderers only: they read the state (and the engine's income preview) and build Text; player names
are appended as plain text, never markup.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tabletop_tui.rules.terra_mystica.data import BONUS, FACTIONS, FAVOR, POWER_ACTIONS, SCORING, TOWN
from tabletop_tui.rules.terra_mystica.power import income
from tabletop_tui.widgets.hex_map import TERRAIN_BG

TRACK_NAMES = ("Fire", "Water", "Earth", "Air")
KINDS = ("D", "TP", "TE", "SH", "SA")
RES_WORD = {"C": "C", "W": "W", "P": "P", "PW": "PW", "VP": "VP", "spade": " spade"}


def res_text(d: dict) -> str:
    return " ".join(f"+{v}{RES_WORD.get(k, k)}" for k, v in d.items() if v) or "—"


def faction_style(faction: str) -> Style:
    terr = FACTIONS[faction]["terrain"]
    fg = "#000000" if terr in ("desert", "mountains", "lakes") else "#ffffff"
    return Style(color=fg, bgcolor=TERRAIN_BG[terr], bold=True)


def chip(t: Text, s, seat: int, marks: list[str]) -> None:
    """The player's mark on their faction's colour (the letter is the signal, colour helps)."""
    p = s.players[seat]
    st = faction_style(p.faction) if p.faction else Style(reverse=True, bold=True)
    t.append(f" {marks[seat]} ", st)


def bonus_text(card: str) -> str:
    b = BONUS[card]
    parts = [res_text(b["income"])]
    if "special" in b:
        parts.append({"spade": "action: 1 spade", "cult": "action: 1 cult step"}[b["special"]])
    if "ship" in b:
        parts.append("+1 shipping")
    if b.get("pass_vp"):
        parts.append("pass: " + ", ".join(f"{v}VP {k.replace('_', ' ')}" for k, v in b["pass_vp"].items()))
    return ", ".join(parts)


def favor_text(fv: str) -> str:
    f = FAVOR[fv]
    tr, n = f["cult"]
    parts = [f"+{n} {TRACK_NAMES[tr]}"]
    if "income" in f:
        parts.append(res_text(f["income"]) + " income")
    if "town_power" in f:
        parts.append("towns need power 6")
    if "special" in f:
        parts.append("action: 1 cult step")
    for k, v in f.get("on_build", {}).items():
        parts.append(f"{k} +{v}VP")
    if "pass_vp_by_tp" in f:
        parts.append("pass VP by TPs")
    return ", ".join(parts)


def town_text(tw: str) -> str:
    t = TOWN[tw]
    parts = [f"{t['vp']}VP"]
    if t["gain"]:
        parts.append(res_text(t["gain"]))
    if t.get("cult_each"):
        parts.append(f"+{t['cult_each']} each cult")
    if t.get("ship"):
        parts.append("+1 shipping")
    if t["keys"] > 1:
        parts.append(f"{t['keys']} keys")
    return " ".join(parts)


def scoring_text(tile: str) -> str:
    t = SCORING[tile]
    on = {"spade": "spade", "town": "town", "D": "D", "TP": "TP", "TE": "TE", "SHSA": "SH/SA"}[t["on"]]
    track = "priest sent" if t["track"] == "priests" else f"{t['steps']} {TRACK_NAMES[t['track']]}"
    return f"{on} {t['vp']}VP · per {track}: {res_text(t['reward'])}"


def _wrap(items: list[str], width: int) -> list[str]:
    """Space-separated items in lines of at most ``width`` (an item longer than that alone)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines


def faction_board(s, seat: int, marks: list[str], full: bool, to_move: bool, is_bot: bool = False,
                  width: int = 33) -> Text:
    """One faction's board: in full (about 12 lines) for the player to move, 3 lines for the others."""
    p = s.players[seat]
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append("▶" if to_move else " ", "bold")
    chip(t, s, seat, marks)
    vp = f"{p.VP} VP" if p.faction else ""
    room = max(4, width - 6 - len(vp) - (4 if is_bot else 0) - 1)
    name = s.names[seat]
    if len(name) > room:
        name = name[: room - 1] + "…"
    t.append(" ")
    t.append(name, "bold")
    if is_bot:
        t.append(" bot", "italic dim")
    used = 5 + len(name) + (4 if is_bot else 0)
    t.append(" " * max(1, width - used - len(vp)))
    t.append(vp, "bold")
    if not p.faction:
        t.append("\n  choosing a faction", "dim")
        return t
    fd = FACTIONS[p.faction]
    passed = " · passed" if p.passed else ""
    named = f"  {fd['name']} ({fd['terrain']})"
    if len(named) + len(passed) > width:  # a narrow column: the colour and the map tell the terrain
        named = f"  {fd['name']}"
    t.append("\n" + named)
    if passed:
        t.append(passed, "italic")
    b1, b2, b3 = p.bowls
    cults = "".join(f"{n[0]}{v}" for n, v in zip(TRACK_NAMES, p.cult))
    if not full:
        extra = [f"ship{p.ship}", f"dig{p.dig}"] + [f"{k}{p.counts[k]}" for k in KINDS if p.counts[k]]
        if p.bonus:
            extra.append(p.bonus)
        extra += p.favors + p.towns
        line = f"  {p.C}C {p.W}W {p.P}P {b1}/{b2}/{b3}PW"
        if len(line) + 1 + len(cults) <= width:
            line += " " + cults
        else:  # a narrow column: the cult steps lead the next line
            extra.insert(0, cults)
        t.append("\n" + line)
        for wrapped in _wrap(extra, width - 2):
            t.append("\n  " + wrapped, "dim")
        return t
    t.append(f"\n  {p.C}C {p.W}W {p.P}P  pw {b1}/{b2}/{b3}")
    t.append(f"\n  priests {p.priests_sent} sent, {7 - p.P - p.priests_sent} left", "dim")
    if p.burned:
        t.append(f"\n  {p.burned} power burnt", "dim")
    t.append(f"\n  cults {' '.join(f'{n[0]}{v}' for n, v in zip(TRACK_NAMES, p.cult))}")
    if p.keys:
        t.append(f" key{p.keys}")
    sh, dg = fd["shipping"], fd["digging"]
    t.append(f"\n  ship{p.ship}/{sh['max']} dig{p.dig}/{dg['max']} bridges{p.bridges_left}")
    t.append("\n  left ")
    for k in KINDS:
        left = fd["buildings"][k]["pieces"] - p.counts[k]
        t.append(f"{k}{left} ", "" if left else "dim")
    nxt = []
    for k in KINDS:
        inc = fd["buildings"][k]["income"]
        if p.counts[k] < len(inc) and inc[p.counts[k]]:
            nxt.append(f"{k}{res_text(inc[p.counts[k]]).replace(' ', '')}")
    if nxt:
        line = "   next"
        for item in nxt:
            if len(line) + 1 + len(item) > width:
                t.append("\n" + line, "dim")
                line = "       "
            line += " " + item
        t.append("\n" + line, "dim")
    t.append("\n  income " + res_text(income(s, seat)))
    tiles = []
    if p.bonus:
        tiles.append(p.bonus)
    tiles += p.favors + p.towns
    for wrapped in _wrap(tiles, width - 2):
        t.append("\n  " + wrapped)
    if p.used:
        for wrapped in _wrap(["used:"] + list(p.used), width - 2):
            t.append("\n  " + wrapped, "dim")
    return t


def slot(v: int) -> int:
    """Columns for cult space v: space 0 holds all five factions at the start."""
    return 6 if v == 0 else 4


def cult_board(s, marks: list[str]) -> Text:
    """The four tracks 0–10 with every faction's mark, the order spaces and who holds them."""
    t = Text()
    t.append("Cult board", "bold")
    t.append("  power at 3:+1 5:+2 7:+2 10:+3 · space 10 needs a town key, one faction only\n", "dim")
    t.append("       ")
    for v in range(11):
        t.append(f"{v:<{slot(v)}}", "bold" if v in (3, 5, 7, 10) else "dim")
    t.append("order 3 2 2 2\n", "dim")
    for i, name in enumerate(TRACK_NAMES):
        t.append(f"{name:<7}", "bold")
        at: dict[int, list[int]] = {}
        for seat, p in enumerate(s.players):
            if p.faction:
                at.setdefault(p.cult[i], []).append(seat)
        for v in range(11):
            w = slot(v)
            who = at.get(v, [])
            if not who:
                t.append("·".ljust(w), "dim")
                continue
            cap = w - 1  # letters that fit before the gap to the next space
            letters = who if len(who) <= cap else who[: cap - 1]
            for seat in letters:
                t.append(marks[seat], faction_style(s.players[seat].faction))
            more = len(who) > len(letters)
            if more:
                t.append("+", "bold")
            t.append(" " * (w - len(letters) - more))
        for j in range(4):
            holder = s.cult_spaces[i][j]
            t.append(marks[holder] if holder >= 0 else "·", "bold" if holder >= 0 else "dim")
            t.append(" ")
        t.append("\n")
    return t


def round_board(s) -> Text:
    t = Text()
    t.append("Rounds", "bold")
    t.append("  scoring tile · cult bonus at the round's end\n", "dim")
    for r, tile in enumerate(s.scoring, 1):
        now = r == s.round
        t.append("▶" if now else " ", "bold")
        t.append(f" {r} {tile:<7}", "bold" if now else ("dim" if r < s.round else ""))
        text = scoring_text(tile)
        if r == 6:
            text = text.split(" · ")[0] + " · (no cult bonus in round 6)"
        t.append(text + "\n", "bold" if now else ("dim" if r < s.round else ""))
    t.append("Power actions ", "bold")
    for a, spec in POWER_ACTIONS.items():
        gain = "bridge" if spec.get("bridge") else (f"{spec['spades']}sp" if spec.get("spades") else res_text(spec["gain"]))
        taken = a in s.used_pa
        t.append(f"{a} {gain} {spec['cost']}PW" + (" ✗" if taken else ""), "dim strike" if taken else "")
        t.append("  ")
    t.append("\nBonus cards ", "bold")
    for b, coins in s.bonus_pool.items():
        t.append(f"{b}" + (f"+{coins}C" if coins else ""), "bold" if coins else "")
        t.append(f" ({bonus_text(b)})  ", "dim")
    t.append("\nFavor tiles ", "bold")
    t.append(" ".join(f"{f}×{n}" for f, n in s.favor_pool.items() if n) or "none")
    t.append("\nTown tiles ", "bold")
    t.append(" ".join(f"{tw}×{n}({town_text(tw)})" for tw, n in s.town_pool.items() if n) or "none")
    return t
