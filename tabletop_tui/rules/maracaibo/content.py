"""Component data of Maracaibo, loaded once from assets/maracaibo/content.json."""
from __future__ import annotations

from tabletop_tui.rules.core import load_asset_json

C = load_asset_json("maracaibo", "content.json")
CONST = C["constants"]
NATIONS = [n["id"] for n in C["nations"]]
NATION_NAMES = {n["id"]: n["name"] for n in C["nations"]}
GOODS = list(C["goods"])
LOCS = {loc["id"]: loc for loc in C["map"]["locations"]}
LOC_ORDER = [loc["id"] for loc in C["map"]["locations"]]
EDGES = C["map"]["edges"]
CITY_ACTIONS = {a["id"]: a for a in C["city_actions"]}
TILE_IDS = [a["id"] for a in C["city_actions"] if a["kind"] == "tile"]
VILLAGE_OPTIONS = {v["id"]: v for v in C["village_options"]}
CARDS = {c["id"]: c for c in C["project_cards"]}
TOKENS = {t["id"]: t for t in C["combat_tokens"]}
QUESTS = {q["id"]: q for q in C["quest_tiles"]}
PRESTIGE = {p["id"]: p for p in C["prestige_buildings"]}
CAREERS = {k["id"]: k for k in C["career_cards"]}
XTRACK = {sp["id"]: sp for sp in C["explorer_track"]["spaces"]}
BARRIERS = {b["band"]: b for b in C["explorer_track"]["barriers"]}
UPGRADES = {u["id"]: u for u in C["ship_board"]["upgrades"]}
UPGRADE_IDS = [u["id"] for u in C["ship_board"]["upgrades"]]
INFLUENCE = C["influence"]
SETUP = C["setup"]
TRACK_MAX = INFLUENCE["track_max"]
RANKS = sorted((int(k), v) for k, v in INFLUENCE["rank_thresholds"].items())
FLAG_LOCS = [loc["id"] for loc in C["map"]["locations"] if loc.get("flag")]
PASSIVE_OPS = {op for op, spec in C["effect_ops"].items() if spec["kind"] in ("ongoing", "end")}


def design(card: str) -> str:
    """'A07.2' -> 'A07' (a physical copy's design)."""
    return card.split(".")[0]


_BY_COPY: dict = {}


def card(card_id: str) -> dict:
    spec = _BY_COPY.get(card_id)
    if spec is None:
        spec = _BY_COPY[card_id] = CARDS[design(card_id)]
    return spec
