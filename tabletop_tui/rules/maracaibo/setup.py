"""Set-up for 2, 3 or 4 players (design.md 2)."""
from __future__ import annotations

from tabletop_tui.rules.core import Rng

from .content import C, CITY_ACTIONS, CARDS, CAREERS, LOCS, PRESTIGE, QUESTS, SETUP, TOKENS, UPGRADE_IDS, NATIONS, INFLUENCE, XTRACK
from .state import State, push, task
from . import cards


def new_game(names: list, seed: int) -> State:
    n = len(names)
    rng = Rng(seed)
    by = SETUP["by_players"][str(n)]
    g: dict = {"n": n, "round": 1, "phase": "opening", "turns": 0, "reveals": 0, "stack": [],
               "trigger": None, "extra": [], "scoring": False, "cur": None, "turn": {"mp": 0, "used_assist": None, "combat_used": []},
               "final": None, "barrier_first": {}, "end_arrivals": 0}
    # 1 city tiles: 2 helm + 2 others, shuffled onto 4, 5, 14, 17
    helm = [a["id"] for a in C["city_actions"] if a["kind"] == "tile" and a.get("helm")]
    other = [a["id"] for a in C["city_actions"] if a["kind"] == "tile" and not a.get("helm")]
    rng.shuffle(helm)
    rng.shuffle(other)
    chosen = helm[: SETUP["city_tiles_drawn"]["helm"]] + other[: SETUP["city_tiles_drawn"]["other"]]
    rng.shuffle(chosen)
    g["tiles"] = dict(zip(SETUP["city_tile_slots"], chosen))
    g["maracaibo"] = by["maracaibo_action"]
    g["markets"] = {loc: {gd: None for gd in spec["market"]} for loc, spec in LOCS.items() if spec.get("market")}
    g["flags"] = {loc: None for loc, spec in LOCS.items() if spec.get("flag")}
    # 2 combat piles (top = last)
    toks = sorted(TOKENS)
    rng.shuffle(toks)
    a = SETUP["combat_piles"][0]
    g["piles"] = [toks[:a], toks[a:]]
    # 3 quests: one face-up pile (top = last), map slots, explorer-track spaces
    qs = sorted(QUESTS)
    rng.shuffle(qs)
    g["quest_pile"] = qs
    g["quest_slots"] = {loc: qs.pop() for loc in by["quest_slots"]}
    g["xquests"] = {sp: qs.pop() for sp in C["explorer_track"]["quest_spaces"]}
    # 4 ownership markers
    g["supply"] = {nat: list(INFLUENCE["ownership_spaces"]) for nat in NATIONS}
    g["removed"] = {nat: 0 for nat in NATIONS}
    # 5 prestige buildings
    pb = sorted(PRESTIGE)
    rng.shuffle(pb)
    g["prestige"] = pb[: SETUP["prestige_in_game"]]
    g["prestige_revealed"] = SETUP["prestige_revealed_at_start"]
    # 6 project cards
    two = n == 2
    inst = {"A": [], "B": []}
    for cid in sorted(CARDS):
        spec = CARDS[cid]
        copies = 1 if two else spec["copies"]
        inst[spec["deck"]] += [f"{cid}.{k + 1}" for k in range(copies)]
    deck_a = inst["A"]
    rng.shuffle(deck_a)
    hands = [[deck_a.pop() for _ in range(SETUP["deal_a_cards"])] for _ in range(n)]
    deck = deck_a + inst["B"]
    rng.shuffle(deck)
    g["deck"], g["display"], g["discard"] = deck, [], []
    s = State(g, rng, list(names))
    cards.refill_display(s)
    g["reveals"] = 0
    # 7 players; the first player is drawn, seats go clockwise from them
    first = rng.randbelow(n)
    g["start_seat"] = first
    start = SETUP["player_start"]
    careers = sorted(CAREERS)
    rng.shuffle(careers)
    players = []
    for seat in range(n):
        pos = (seat - first) % n
        players.append({
            "dbl": by["start_doubloons_by_seat"][pos], "vp": start["vp"], "cp": start["combat_points"],
            "fig_personal": start["figures_personal"], "fig_general": start["figures_general"],
            "assistants": [], "ship": start["ship"], "explorer": start["explorer"], "barriers": [],
            "infl": dict(start["influence"]), "inc_d": start["doubloon_income_level"],
            "inc_v": start["vp_income_level"], "discs": {u: 2 for u in UPGRADE_IDS}, "discs_gone": 0,
            "unlocked": [], "hand": hands[seat], "plan": [], "bought": [], "tokens": [], "quests": [],
            "career": None, "career_offer": [careers.pop() for _ in range(SETUP["career_dealt"])],
            "career_paid": 0, "invested": [],
        })
    g["players"] = players
    # 8-9 careers and the opening hand, in seat order from the first player
    # step 8 for everyone first (keep 1 of 2 careers), then step 9 in seat order
    order = [(first + k) % n for k in range(n)]
    tasks = [task("career", seat) for seat in order]
    for seat in order:
        tasks += [task("oplan", seat), task("odiscard", seat), task("odiscard", seat)]
    push(g, *tasks)
    return s
