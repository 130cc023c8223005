"""Content checks: every reference in the data resolves; routes, explorer paths, tokens."""
from tabletop_tui.rules.maracaibo.content import (C, CARDS, CAREERS, CITY_ACTIONS, LOCS, PRESTIGE, QUESTS,
                                                  TOKENS, UPGRADES, VILLAGE_OPTIONS, XTRACK, EDGES, NATIONS)
from tabletop_tui.rules.maracaibo import voyage

OPS = set(C["effect_ops"])
COUNTERS = set(C["counters"])


def _ops(ops):
    for op in ops:
        yield op
        for key in ("then", "gain", "action"):
            if key in op:
                yield from _ops(op[key])
        for opt in op.get("options", []):
            yield from _ops(opt)


def all_op_lists():
    for c in CARDS.values():
        yield c["id"], c["effects"]
    for a in CITY_ACTIONS.values():
        yield a["id"], a["effects"]
    for v in VILLAGE_OPTIONS.values():
        yield v["id"], v["effects"]
    for q in QUESTS.values():
        yield q["id"], q["reward"]
    for loc in LOCS.values():
        if loc.get("flag"):
            yield loc["id"], loc["flag"]
    for k in CAREERS.values():
        for m in k["milestones"]:
            yield k["id"], m["reward"]
    for sp in XTRACK.values():
        yield sp["id"], sp["reward"]
    for u in UPGRADES.values():
        yield u["id"], u["effects"]
    for t in TOKENS.values():
        yield t["id"], [r for r in t["riders"].values() if r]


def test_counts_of_every_component():
    assert len(CARDS) == 60
    assert sum(1 for c in CARDS.values() if c["deck"] == "A") == 28
    assert sum(c["copies"] for c in CARDS.values()) == 84
    assert len(TOKENS) == 25 and len(QUESTS) == 24 and len(PRESTIGE) == 8 and len(CAREERS) == 8
    assert sum(1 for a in CITY_ACTIONS.values() if a["kind"] == "tile") == 9
    assert sum(1 for a in CITY_ACTIONS.values() if a.get("helm")) == 3
    assert len(UPGRADES) == 12
    assert sum(C["influence"]["ownership_spaces"]) == 13
    assert len(LOCS) == 25


def test_every_op_and_counter_resolves():
    for owner, ops in all_op_lists():
        for op in _ops(ops):
            assert op["op"] in OPS, (owner, op)
            if "per" in op:
                assert op["per"] in COUNTERS, (owner, op)
            if op["op"] == "influence":
                assert op["nation"] in ("any", "each", "fighting", *NATIONS), (owner, op)
            if op["op"] == "village_option":
                assert op["option"] in VILLAGE_OPTIONS
    for t in TOKENS.values():
        if t["modifier"]:
            assert t["modifier"]["per"] in COUNTERS | {"rank_fighting"}
    for p in PRESTIGE.values():
        assert p["score"]["per"] in COUNTERS


def test_every_village_option_is_granted_by_what_names_it():
    for v in VILLAGE_OPTIONS.values():
        if v["granted_by"] == "base":
            continue
        src = CARDS.get(v["granted_by"]) or UPGRADES.get(v["granted_by"])
        effects = src["effects"]
        assert any(op["op"] == "village_option" and op["option"] == v["id"] for op in effects), v["id"]


def test_every_location_reference_exists_with_the_right_kind():
    for c in CARDS.values():
        for op in c["effects"]:
            if op["op"] == "assistant":
                assert op["at"] in LOCS and LOCS[op["at"]]["kind"] in ("village", "city")
    for e in EDGES:
        assert e["from"] in LOCS and e["to"] in LOCS
    for slot in C["setup"]["city_tile_slots"]:
        assert LOCS[slot]["kind"] == "city" and LOCS[slot]["action"] == "tile_slot"
    for a in CITY_ACTIONS.values():
        for loc in a.get("at", []):
            assert LOCS[loc]["kind"] == "city"
    for by in C["setup"]["by_players"].values():
        for loc in by["quest_slots"]:
            assert LOCS[loc]["kind"] == "village"
        assert by["maracaibo_action"] in CITY_ACTIONS
    for sp in XTRACK.values():
        for nxt in sp["next"]:
            assert nxt in XTRACK


def _route(kind, via):
    total, locs, at = 0, 0, "0"
    edges = voyage.move_edges(kind)
    while at != "20":
        options = edges[at]
        to, mp = options[0] if len(options) == 1 else next(o for o in options if o[0] == via)
        total += mp
        locs += 1
        at = to
    return total, locs


def test_route_lengths_from_havana_to_20_by_both_branches():
    assert _route(1, "15U") == (20, 19)
    assert _route(1, "15L") == (21, 20)
    assert _route(4, "15U") == (20, 19)


def test_21a_only_by_round_end_and_21b_22_only_in_round_4():
    assert "21a" not in voyage.ahead("0", 1) and "21a" not in voyage.ahead("0", 4)
    assert "21b" not in voyage.ahead("0", 1) and "22" in voyage.ahead("0", 4)
    assert voyage.move_edges(1).get("20") is None


def test_fastest_trigger_takes_three_turns():
    reach = {"0"}
    for turns in range(1, 5):
        reach = {d for loc in reach for d, _, _, _ in voyage.destinations(loc, 1)}
        if "20" in reach:
            break
    assert turns == 3


def _paths(sp):
    if sp == "END":
        return [0]
    return [1 + k for nxt in XTRACK[sp]["next"] for k in _paths(nxt)]


def test_explorer_path_lengths_16_short_18_long():
    assert sorted(_paths("S")) == [16, 18]
    assert C["explorer_track"]["quest_spaces"] == ["E3", "L2", "E11"]
    assert [b["id"] for b in C["explorer_track"]["barriers"]] == ["red", "blue", "green"]


def test_every_combat_token_has_a_nation_without_a_cost():
    for t in TOKENS.values():
        free = [n for n in NATIONS if not (t["riders"][n] and t["riders"][n]["op"] == "pay_doubloons")]
        assert free, t["id"]
        assert set(t["values"]) == set(NATIONS)


def test_goods_balance_on_cards_and_markets():
    from collections import Counter
    cards = Counter(g for c in CARDS.values() for g in c["goods"])
    assert set(cards.values()) == {24}
    markets = Counter(g for loc in LOCS.values() for g in loc.get("market", []))
    assert set(markets.values()) == {4} and sum(markets.values()) == 20
    assert all(len(set(c["goods"])) == 2 for c in CARDS.values())


def test_rewards_read_as_words_with_their_plurals_and_nations():
    """One wording of a reward everywhere (the board's tables, the seat sheets, the choices)."""
    from tabletop_tui.rules.maracaibo.describe import ops_words

    assert ops_words([{"op": "doubloons", "n": 1}, {"op": "vp", "n": 3}]) == "1 doubloon, 3 VP"
    assert ops_words([{"op": "doubloons", "n": 2}, {"op": "combat_points", "n": 1}]) == \
        "2 doubloons, 1 combat point"
    assert ops_words([{"op": "influence", "n": 1, "nation": "any"}]) == "1 influence with a nation"
    assert ops_words([{"op": "influence", "n": 2}]) == "2 influence"
    assert ops_words([{"op": "village_actions", "n": 2}, {"op": "remove_disc", "n": 1}]) == \
        "2 village actions, 1 disc off the ship"
