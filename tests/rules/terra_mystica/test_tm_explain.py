"""The map's explanation line (rules/terra_mystica/explain.py): what can be done on a space and at
what cost, or why nothing can — read from the engine, never changing the state."""
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica import explain as X
from tabletop_tui.rules.terra_mystica.data import CELLS, INDEX, IS_RIVER, LAND, NEIGHBORS, hex_distance

from .tmhelpers import blank, put

TILES = "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6"


def witches_at(cell="E6"):
    s = blank(["witches", "nomads"], TILES)
    put(s, 0, cell)
    return s


def line(s, cell):
    return X.explain(s, 0, cell, RULES.legal_actions(s))


def test_a_forest_next_to_the_witches_offers_a_dwelling_at_its_price():
    s = witches_at()
    nb = next(CELLS[n] for n in NEIGHBORS[INDEX["E6"]] if not IS_RIVER[n])
    s.terrain[INDEX[nb]] = "forest"
    out = line(s, nb)
    assert out.startswith(f"{nb} forest") and "build a dwelling (1W 2C)" in out


def test_another_terrain_next_door_offers_the_transform_with_spades_and_workers():
    s = witches_at()
    s.players[0].W = 10
    nb = next(CELLS[n] for n in NEIGHBORS[INDEX["E6"]] if not IS_RIVER[n] and s.terrain[n] != "forest")
    need = engine.spades_needed(s, s.players[0], s.terrain[INDEX[nb]], "forest")
    out = line(s, nb)
    assert f"transform to forest {need} spade{'s' if need > 1 else ''} ({3 * need}W)" in out


def test_a_home_transform_beyond_the_workers_at_hand_says_what_it_needs():
    s = witches_at()
    s.players[0].W = 3
    nb = next(CELLS[n] for n in NEIGHBORS[INDEX["E6"]] if not IS_RIVER[n]
              and engine.spades_needed(s, s.players[0], s.terrain[n], "forest") == 2)
    out = line(s, nb)
    assert "forest needs 2 spades = 6W, Witches have 3W" in out


def test_a_far_space_is_not_reachable_with_the_shipping_and_distance_named():
    s = witches_at()
    far = next(CELLS[h] for h in LAND if hex_distance(h, INDEX["E6"]) >= 5 and s.owner[h] == -1)
    out = line(s, far)
    d = hex_distance(INDEX[far], INDEX["E6"])
    assert out.endswith(f"Not reachable: shipping 0, nearest own structure {d} spaces.")


def test_a_space_of_another_faction_can_never_be_built_on():
    s = witches_at()
    put(s, 1, "A1")
    out = line(s, "A1")
    assert "Nomads' dwelling (P1)" in out and "Occupied by the Nomads" in out


def test_a_river_space_says_ships_cross_it():
    s = witches_at()
    out = line(s, "r0")
    assert out.startswith("r0 river") and "never built on" in out


def test_an_own_dwelling_offers_its_upgrade_or_says_what_it_lacks():
    s = witches_at()
    out = line(s, "E6")
    assert "upgrade to TP" in out
    s.players[0].C = 0
    out = line(s, "E6")
    assert "Cannot upgrade: trading house costs 2W 6C, you have" in out and "0C" in out


def test_explaining_changes_nothing():
    s = witches_at()
    before = RULES.to_json(s)
    for cell in CELLS:
        X.explain(s, 0, cell, RULES.legal_actions(s))
    assert RULES.to_json(s) == before


def test_costs_in_a_few_words():
    assert X.cost_text({"W": 2, "C": 3}) == "2W 3C"
    assert X.cost_text({}) == "free"
