"""Terra Mystica's table beside the map, as rich Text: faction boards (full for the player to move,
one or two lines for the others), the cult board, the round board and the supplies.

Renderers only: they read the state (and the engine's income preview) and build Text; player names
are appended as plain text, never markup.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from tabletop_tui.rules.core import counted
from tabletop_tui.rules.terra_mystica.data import BONUS, FACTIONS, FAVOR, POWER_ACTIONS, SCORING, TOWN
from tabletop_tui.rules.terra_mystica.power import income
from tabletop_tui.widgets import panel_fit as fit
from tabletop_tui.widgets.hex_map import TERRAIN_BG
from tabletop_tui.widgets.score_strip import ordinal

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
        parts.append(counted(t["keys"], "key"))
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


def _name_line(s, seat: int, marks: list[str], to_move: bool, is_bot: bool, width: int) -> list[Text]:
    """``▶ A  Anna  bot   20 VP``: the whole name, never shortened; the VP on the next line when the
    name leaves no room for it (a name longer than the column wraps)."""
    p = s.players[seat]
    head = Text()
    head.append("▶" if to_move else " ", "bold")
    chip(head, s, seat, marks)
    head.append(" ")
    head.append(s.names[seat], "bold")
    if is_bot:
        head.append(" bot", "italic dim")
    vp = f"{p.VP} VP" if p.faction else ""
    if not vp:
        return [head]
    if head.cell_len + 1 + len(vp) <= width:
        head.append(" " * (width - head.cell_len - len(vp)))
        head.append(vp, "bold")
        return [head]
    return [head, Text(" " * max(2, width - len(vp)) + vp, "bold")]


def _flowed(items: list[str], width: int, style: str = "") -> list[Text]:
    return [Text("  " + line, style) for line in _wrap(items, width - 2)]


#: how much of a faction board the panel shows, richest first (the seat sheet, key p, has it all)
FULL, SHORT, THREE, TWO, ONE = 4, 3, 2, 1, 0
#: TWO's items and THREE's public board in one flow (a line fewer than THREE: five factions at 120×40)
DENSE = 5


def faction_lines(s, seat: int, marks: list[str], level: int, to_move: bool, is_bot: bool = False,
                  width: int = 33, beside_table: bool = False) -> list[Text]:
    """One faction's board as lines of at most ``width`` cells, broken between items (never inside
    a name or a number): FULL about 12 lines (for the player to move), SHORT 3–4, THREE (TWO and
    the structures, shipping, digging and tiles), TWO 2 (name and faction, then coins, workers,
    priests, power bowls and cults), ONE the name line alone. ``beside_table``: the faction table
    (faction_table) is on screen: FULL leaves out the lines it holds (resources, bowls, cults,
    tiles) and keeps the rest of the board (priests, pieces left, income, what comes next)."""
    p = s.players[seat]
    lines = _name_line(s, seat, marks, to_move, is_bot, width)
    if not p.faction:
        return lines + ([Text("  choosing a faction", "dim")] if level > ONE else [])
    if level == ONE:
        return _marked(lines, width)
    fd = FACTIONS[p.faction]
    b1, b2, b3 = p.bowls
    cults = "".join(f"{n[0]}{v}" for n, v in zip(TRACK_NAMES, p.cult))
    passed = "passed" if p.passed else ""
    extra = [f"ship{p.ship}", f"dig{p.dig}"] + [f"{k}{p.counts[k]}" for k in KINDS if p.counts[k]]
    extra += ([p.bonus] if p.bonus else []) + p.favors + p.towns
    if level in (TWO, THREE):
        items = [fd["name"]] + ([passed] if passed else []) + [f"{p.C}C", f"{p.W}W", f"{p.P}P",
                                                               f"{b1}/{b2}/{b3}PW", cults]
        # THREE: and the public board the decision may turn on (shipping, digging, structures,
        # bonus card, favors, towns), dim, after it
        if level == TWO:  # (the rest of the board: p)
            return _marked(lines + _flowed(items, width), width)
        return lines + _flowed(items, width) + _flowed(extra, width, "dim")
    if level == DENSE:
        items = [fd["name"]] + ([passed] if passed else []) + [f"{p.C}C", f"{p.W}W", f"{p.P}P", f"{b1}/{b2}/{b3}PW",
                                                               cults]
        texts = [Text(x) for x in items] + [Text(x, "dim") for x in extra]
        return lines + fit.flow(Text("  "), texts, width, indent=2)
    named = [f"{fd['name']} ({fd['terrain']})"] if len(fd["name"]) + len(fd["terrain"]) + 5 + len(passed) + 3 <= width \
        else [fd["name"]]
    out = lines + _flowed(named + ([f"· {passed}"] if passed else []), width)
    if level == SHORT:
        out += _flowed([f"{p.C}C", f"{p.W}W", f"{p.P}P", f"{b1}/{b2}/{b3}PW", cults], width)
        return out + _flowed(extra, width, "dim")
    if not beside_table:
        out += _flowed([f"{p.C}C", f"{p.W}W", f"{p.P}P ", "pw", f"{b1}/{b2}/{b3}"], width)
    out += _flowed(["priests", f"{p.priests_sent} sent,", f"{7 - p.P - p.priests_sent} left"], width, "dim")
    if p.burned:
        out += _flowed([f"{p.burned} power burnt"], width, "dim")
    if not beside_table:
        out += _flowed(["cults"] + [f"{n[0]}{v}" for n, v in zip(TRACK_NAMES, p.cult)]
                       + ([f"key{p.keys}"] if p.keys else []), width)
    elif p.keys:
        out += _flowed([f"town keys {p.keys}"], width)
    sh, dg = fd["shipping"], fd["digging"]
    out += _flowed([f"ship{p.ship}/{sh['max']}", f"dig{p.dig}/{dg['max']}", f"bridges{p.bridges_left}"], width)
    out += _flowed(["left"] + [f"{k}{fd['buildings'][k]['pieces'] - p.counts[k]}" for k in KINDS], width)
    nxt = []
    for k in KINDS:
        inc = fd["buildings"][k]["income"]
        if p.counts[k] < len(inc) and inc[p.counts[k]]:
            nxt.append(f"{k}{res_text(inc[p.counts[k]]).replace(' ', '')}")
    if nxt:
        out += _flowed(["next"] + nxt, width, "dim")
    out += _flowed(["income"] + res_text(income(s, seat)).split(" "), width)
    tiles = ([p.bonus] if p.bonus else []) + p.favors + p.towns
    if tiles and not beside_table:
        out += _flowed(tiles, width)
    if p.used:
        out += _flowed(["used:"] + list(p.used), width, "dim")
    return out


def _marked(lines: list[Text], width: int) -> list[Text]:
    """``lines`` with the mark that part of the board is left out (``…p``: the seat sheets) at the
    end of the last line, or on a line of its own if that one is full."""
    last = lines[-1]
    if last.cell_len + 1 + len(MORE_IN_P) <= width:
        last = last.copy()
        last.append(" " + MORE_IN_P, "dim")
        return lines[:-1] + [last]
    return lines + [Text("  " + MORE_IN_P, "dim")]


def faction_board(s, seat: int, marks: list[str], full: bool, to_move: bool, is_bot: bool = False,
                  width: int = 33) -> Text:
    """One faction's board as Text: in full for the player to move, 3–4 lines for the others."""
    out = Text()
    for i, line in enumerate(faction_lines(s, seat, marks, FULL if full else SHORT, to_move, is_bot, width)):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


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
    # every tile and card in the game says what it gives, those held too (the faction table names
    # them short: "BON7 FAV5 TW2", "t: what each gives")
    held = {p.bonus: FACTIONS[p.faction]["name"] for p in s.players if p.bonus and p.faction}
    t.append("\nBonus cards ", "bold")
    for b in sorted(set(s.bonus_pool) | set(held), key=lambda b: int(b[3:])):
        coins = s.bonus_pool.get(b, 0)
        t.append(f"{b}" + (f"+{coins}C" if coins else "") + (f" held by {held[b]}" if b in held else ""),
                 "bold" if coins else "")
        t.append(f" ({bonus_text(b)})  ", "dim")
    t.append("\nFavor tiles ", "bold")
    t.append(tile_list(s.favor_pool, favor_text))
    t.append("\nTown tiles ", "bold")
    t.append(tile_list(s.town_pool, town_text))
    return t


def tile_list(pool: dict, text) -> str:
    """Each kind of tile with the copies left (×0: all taken) and what it gives."""
    return "  ".join(f"{k}×{n} ({text(k)})" for k, n in pool.items()) or "none"


#: the power a faction gains on reaching these cult spaces
CULT_POWER = {3: 1, 5: 2, 7: 2, 10: 3}


def cult_column(s, marks: list[str]) -> Text:
    """The cult board upright, as on the table (space 10 at the top): a column per track with the
    marks of the factions on each space, the priests' order spaces under it. 31 cells wide for up
    to five factions, 15 lines."""
    n = len(s.players)
    w = max(6, n + 1)
    t = Text()
    t.append("Cult board", "bold")
    t.append("\n      ")
    for name in TRACK_NAMES:
        t.append(f"{name:<{w}}", "bold")
    for v in range(10, -1, -1):
        gain = CULT_POWER.get(v)
        t.append("\n")
        t.append(f"{v:>2}" + (f" +{gain}" if gain else "   ") + " ", "bold" if gain else "dim")
        for i in range(4):
            who = [seat for seat, p in enumerate(s.players) if p.faction and p.cult[i] == v]
            if not who:
                t.append("·".ljust(w), "dim")
                continue
            for seat in who:
                t.append(marks[seat], faction_style(s.players[seat].faction))
            t.append(" " * (w - len(who)))
    t.append("\norder ", "bold")
    for i in range(4):
        cells = "".join(marks[h] if h >= 0 else "·" for h in s.cult_spaces[i])
        t.append(f"{cells:<{w}}")
    t.append("\n+n: power on reaching the space; 10 needs a town key; order: priests (3 2 2 2 steps)",
             "dim")
    return t


def table_cells(s, seat: int, form: int) -> list[tuple[str, str]]:
    """One faction's public board as (text, style) cells for the faction table, ``form`` 0 the
    roomiest (faction name, shipping, digging, structures) to ``TABLE_FORMS - 1`` the tightest
    (cults and favors run together). Every form keeps the resources, all three bowls, the cults,
    bonus card, favors and towns: the faction name goes first, then the structures, then the
    shipping and digging levels, and a form that leaves any of them out ends with "…p" (the seat
    sheets, p, hold them)."""
    p = s.players[seat]
    if not p.faction:
        return [("choosing a faction", "dim")]
    fd = FACTIONS[p.faction]
    tight = form >= 4
    cults = ("" if tight else " ").join(f"{n[0]}{v}" for n, v in zip(TRACK_NAMES, p.cult))
    favors = ("FAV" + ",".join(f[3:] for f in p.favors)) if tight and p.favors else " ".join(p.favors)
    cells = [(fd["name"] if form == 0 else "", "dim"), (f"{p.C}C {p.W}W {p.P}P", ""),
             (f"{p.bowls[0]}/{p.bowls[1]}/{p.bowls[2]}PW", ""), (cults, ""), (p.bonus or "", ""),
             (favors, ""), (" ".join(p.towns), "")]
    if form <= 2:  # (the levels; the structures too in the roomier forms)
        structures = [f"{k}{p.counts[k]}" for k in KINDS if p.counts[k]] if form <= 1 else []
        cells.append((" ".join([f"ship{p.ship}", f"dig{p.dig}"] + structures), "dim"))
    if form >= 1:  # what the row left out is one key away, and the row says so
        cells.append((MORE_IN_P, "dim"))
    return cells


#: the faction table's forms, roomiest first (table_cells)
TABLE_FORMS = 5


#: the mark on a faction's row that left out part of its board (the name, the levels): p shows it
MORE_IN_P = "…p"


def faction_table(s, marks: list[str], seats: list, width: int) -> list[Text]:
    """Every faction's public board, a row each, in the score strip's order (``seats``: the strip's
    StripSeat items, with the mover and the passing order): ``▶C Chiara 22VP 27C 0W 0P 7/1/0PW
    F1 W0 E1 A0 BON7 FAV5 FAV9 passed 1st``. Columns line up in the roomiest form whose every row
    fits ``width``; a row the tightest form cannot hold goes on under itself, broken between
    items (never inside a name or a number)."""
    def head(st) -> list[tuple[str, str]]:
        return [(f"{st.mark}", "chip"), (st.name, "bold" if st.to_move else ""),
                (f"{s.players[st.seat].VP}VP", "bold")]

    def tail(st) -> list[tuple[str, str]]:
        return [(f"passed {ordinal(st.passed)}" if st.passed else "", "italic dim")]

    def row(st, cells: list[tuple[str, str]], widths: list[int] | None) -> Text:
        t = Text()
        t.append("▶" if st.to_move else " ", "bold")
        chip(t, s, st.seat, marks)
        for j, (text, style) in enumerate(cells[1:], 1):
            w = widths[j] if widths is not None else len(text)
            if not w:
                continue
            t.append(" ")
            pad = " " * (w - len(text))
            if j == 2:  # (the points, right-aligned)
                t.append(pad)
            t.append(text, style)
            if j != 2:
                t.append(pad)
        t.rstrip()
        return t

    rows: list[list[tuple[str, str]]] = []
    for form in range(TABLE_FORMS):
        rows = [head(st) + table_cells(s, st.seat, form) + tail(st) for st in seats]
        n = max(len(r) for r in rows)
        rows = [r + [("", "")] * (n - len(r)) for r in rows]
        widths = [max(len(r[j][0]) for r in rows) for j in range(n)]
        widths[0] = 3  # (the chip: " A ")
        used = 1 + 3 + sum(w + 1 for w in widths[1:] if w)
        if used <= width:
            return [row(st, r, widths) for st, r in zip(seats, rows)]
    out: list[Text] = []
    for st, r in zip(seats, rows):
        first = row(st, r[:3], None)
        items = [Text(text, style) for text, style in r[3:] if text]
        out += fit.flow(first, items, width, indent=6)
    return out


def scoring_short(tile: str) -> tuple[str, str]:
    """A scoring tile in two short parts: what scores (``TP 3VP``) and its cult bonus at the
    round's end (``4W→+1 spade``: per 4 steps on Water, ``P→+2C``: per priest sent)."""
    t = SCORING[tile]
    on = {"spade": "spade", "town": "town", "D": "D", "TP": "TP", "TE": "TE", "SHSA": "SH/SA"}[t["on"]]
    per = "P" if t["track"] == "priests" else f"{t['steps']}{TRACK_NAMES[t['track']][0]}"
    return f"{on} {t['vp']}VP", f"{per}→{res_text(t['reward'])}"


def round_lines(s) -> list[Text]:
    """This round's scoring tile and the next one's, in a column 11 wide beside the compact map
    (t shows all six): ``round 3/6`` ``SCORE2`` ``town 5VP`` ``4E→+1 spade`` ``next SCORE6`` …"""
    out: list[Text] = []
    r = s.round if s.phase == "play" and 1 <= s.round <= 6 else 1  # (the set-up: round 1's to come)
    out.append(Text(f"round {r}/6", "bold"))
    for k, rr in enumerate((r, r + 1)):
        if rr > 6:
            break
        tile = s.scoring[rr - 1]
        on, per = scoring_short(tile)
        out.append(Text(tile if k == 0 else f"next {tile}", "bold" if k == 0 else ""))
        out.append(Text(on, "bold" if k == 0 else ""))
        out.append(Text(per if rr < 6 else "(no bonus)", "dim"))
    while len(out) < 8:
        out.append(Text(""))
    out.append(Text("t: all six", "dim"))
    return out
