"""Conservation checks, run on every action in playouts."""
from __future__ import annotations

from .content import CARDS, INFLUENCE, NATIONS, QUESTS, TOKENS, UPGRADE_IDS, CONST


def check(s) -> list:
    g = s.g
    out = []
    total = sum(1 if g["n"] == 2 else c["copies"] for c in CARDS.values())
    held = len(g["deck"]) + len(g["display"]) + len(g["discard"])
    for p in g["players"]:
        held += len(p["hand"]) + len(p["plan"]) + len(p["bought"])
    if held != total:
        out.append(f"cards: {held} counted across deck, display, discard, hands, planning areas and displays; {total} in the game")
    for nat in NATIONS:
        on_map = sum(1 for o in g["flags"].values() if o == nat)
        k = sum(g["supply"][nat]) + on_map + g["removed"][nat]
        if k != INFLUENCE["markers_per_nation"]:
            out.append(f"{nat}: {k} ownership markers across supply, map and removed, not 13")
    for i, p in enumerate(g["players"]):
        in_markets = sum(1 for m in g["markets"].values() for o in m.values() if o == i)
        board = sum(p["discs"].values())
        if board + in_markets + p["discs_gone"] != 24 or any(not 0 <= p["discs"][u] <= 2 for u in UPGRADE_IDS):
            out.append(f"player {i}: discs {board} on board + {in_markets} in markets + {p['discs_gone']} gone != 24")
        figs = p["fig_personal"] + p["fig_general"] + len(p["assistants"])
        if figs != CONST["figures_per_player"] or p["fig_personal"] < 0 or p["fig_general"] < 0:
            out.append(f"player {i}: {figs} figures, not 8")
        if not 0 <= p["cp"] <= CONST["combat_points_max"]:
            out.append(f"player {i}: {p['cp']} combat points")
        if p["dbl"] < 0:
            out.append(f"player {i}: negative doubloons ({p['dbl']})")
        if not all(0 <= v <= INFLUENCE["track_max"] for v in p["infl"].values()):
            out.append(f"player {i}: influence off the track")
    tokens = len(g["piles"][0]) + len(g["piles"][1]) + sum(len(p["tokens"]) for p in g["players"])
    tokens += sum(1 for t in g["stack"] if t["t"] == "fight" and t.get("token"))
    if tokens != len(TOKENS):
        out.append(f"combat tokens: {tokens}, not {len(TOKENS)}")
    quests = len(g["quest_pile"]) + sum(1 for q in g["quest_slots"].values() if q) + sum(1 for q in g["xquests"].values() if q)
    quests += sum(len(p["quests"]) for p in g["players"])
    quests += sum(1 for t in g["stack"] if t["t"] in ("qtile", "qpay"))  # being paid: its cards are chosen  # taken, reward still resolving (5.4)
    if quests != len(QUESTS):
        out.append(f"quest tiles: {quests}, not {len(QUESTS)}")
    return out
