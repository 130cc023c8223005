"""I Cartography: draw 4, place all with the placement rules; special tiles act at once."""
from tabletop_tui.rules.finis_terrae import RULES
from tabletop_tui.rules.finis_terrae import cartography as C
from tabletop_tui.rules.finis_terrae import tiles as T

from ._helpers import acts, do, ok, put, started


def with_hand(s, *kinds):
    s = s.copy()
    s.stack.extend(s.hand)
    s.hand = []
    for k in kinds:
        s.stack.remove(k)
        s.hand.append(k)
    return s


# Rulebook: "Draw exactly 4 tiles from the stack"
def test_each_player_draws_exactly_4_tiles_and_places_all_of_them():
    s = started(2)
    assert len(s.hand) == 4
    for _ in range(4):
        assert RULES.pending(s).seat == 0
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert RULES.pending(s).seat == 1 and len(s.hand) == 4 and len(s.stack) == 56
    ok(s)


# Rulebook: "Place all the 4 drawn tiles in any order on the table, continuing the existing map"
def test_tiles_may_be_placed_in_any_order_and_rotated():
    s = with_hand(started(2), "island_1", "open_sea")
    kinds = {a.tile for a in RULES.legal_actions(s)}
    assert kinds == {"island_1", "open_sea"}
    rots = {a.rot for a in RULES.legal_actions(s) if a.tile == "island_1" and (a.x, a.y) == (2, 1)}
    assert rots == {0, 1, 2}  # land facing west would meet the sea of the Isle's corner
    # rotations giving the same edges are offered once
    assert {a.rot for a in RULES.legal_actions(s) if a.tile == "open_sea"} == {0}


# Rulebook: "Each tile you add must share at least 1 edge with another tile already on the map."
# Rulebook: "A tile cannot be placed more than 4 tiles away from another player's ship or port."
# Rulebook: "Example: Here is the cartography phase of the first day of a 2 player game."
# Rulebook: "Red have placed their 4 tiles and Green already have placed 3 of theirs and now have
#   to decide what to do with the last 1."
# Rulebook: "They cannot place it in: (A) because tiles must share at least 1 edge with another
#   tile already on the map, (C) because it is more than 4 tiles away from any opponent's ship or
#   port, as the Black Galleon is not considered an opponent's ship."
# Rulebook: "(E) because only one of the edges of the tile matches one of the already placed
#   tiles."
# Rulebook: "(B) and (D) on the other hand respect all the placement rules."
def test_placement_example_spots_a_to_e():
    """Green (seat 0, north beach) places an open sea tile; Red is on the south beach."""
    s = with_hand(started(2, beaches="NS"), "open_sea")
    for x in (2, 3):
        put(s, x, 0, "open_sea")
    put(s, 4, 0, "pirate_den")
    s.galleon["pos"] = (4, 0, 0)  # the Black Galleon is not a player's ship
    s.ships[0]["pos"] = (3, 0, 0)  # Green's own ship does not count either
    put(s, 1, -2, "island_1", 1)  # land facing east
    put(s, 2, -1, "open_sea")
    legal = {(a.x, a.y) for a in RULES.legal_actions(s)}
    assert (6, 6) not in legal  # A: shares no edge with the map
    assert (5, 0) not in legal  # C: more than 4 tiles from Red's ship and port
    assert (2, -2) not in legal  # E: only one of its edges matches
    assert (2, 1) in legal and (-2, 0) in legal  # B and D respect every rule
    assert not C.edges_match(s.tiles, "open_sea", 0, 2, -2)
    assert C.edges_match(s.tiles, "open_sea", 0, 5, 0)
    assert not C.within_reach(C.anchors(s.ships, s.ports, 0), 5, 0)


# Rulebook: "The terrain on each connected edge must be the same (land or sea)."
def test_every_shared_edge_must_match_land_to_land():
    s = with_hand(started(2, beaches="NS"), "island_1")
    put(s, 1, -2, "island_1", 1)  # land facing east, toward (2, -2)
    rots = {a.rot for a in RULES.legal_actions(s) if (a.x, a.y) == (2, -2)}
    assert rots == {3}  # only the rotation with land facing west
    assert T.edges("island_1", 3)[3] == "L"


# Rulebook: "Important: If you cannot place a tile according to the placement rules, put the tile
#   back in the box, without drawing another one."
def test_an_unplaceable_tile_goes_to_the_box_without_drawing_another():
    s = with_hand(started(2), "open_sea")
    # Red's turn will find no ship or port of Green within reach: all 4 tiles go to the box.
    del s.ports[s.ships[0]["start"]]
    s.ships[0]["ports_left"] += 1
    s.ships[0]["pos"] = None
    stack, box = len(s.stack), len(s.box)
    s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert len(s.stack) == stack - 4 and len(s.box) == box + 4
    assert s.phase != "carto"
    ok(s)


# Rulebook: "Pirate den: Take the red pirate flag and place it in front of you: you now control the
#   Black Galleon."
# Rulebook: "If the Black Galleon isn't already on the map, place it on this pirate den."
def test_pirate_den_gives_the_red_flag_and_places_the_galleon_if_not_on_the_map():
    s = with_hand(started(3), "pirate_den", "pirate_den")
    s = do(s, "place pirate_den 2,1 r0")
    assert s.flag == 0 and s.galleon["pos"] == (2, 1, 0)
    s = do(s, "place pirate_den -2,1 r0")
    assert s.flag == 0 and s.galleon["pos"] == (2, 1, 0)  # already on the map: it stays


# Rulebook: "Otherwise, leave it where it is"
def test_a_later_pirate_den_passes_the_red_flag_to_its_placer():
    s = with_hand(started(2), "pirate_den")
    s.flag = 1
    put(s, 3, 3, "pirate_den")
    s.galleon["pos"] = (3, 3, 0)
    s = do(s, "place pirate_den 2,1 r0")
    assert s.flag == 0 and s.galleon["pos"] == (3, 3, 0)


# Rulebook: "When you place a special tile on the map, immediately perform the following actions"
# Rulebook: "Treasure island: put a treasure from the supply on it."
# Rulebook: "Shipwreck: put an underwater find from the supply on it."
# Rulebook: "Castaway island: put a castaway from the supply on it."
def test_treasure_island_shipwreck_and_castaway_island_get_their_token():
    s = with_hand(started(2), "treasure_island", "shipwreck", "castaway_island")
    s = do(s, "place treasure_island 2,1 r0")
    s = do(s, "place shipwreck -2,1 r0")
    s = do(s, "place castaway_island 2,-1 r0")
    assert s.goods[(2, 1)] == {"treasure": 1}
    assert s.goods[(-2, 1)] == {"find": 1}
    assert s.goods[(2, -1)] == {"castaway": 1}
    assert s.supply["treasure"] == 4 and s.supply["find"] == 4 and s.supply["castaway"] == 4
    ok(s)


# Rulebook: "Once there are no more tiles left to draw, keep playing but skip the cartography
#   phase."
def test_cartography_is_skipped_once_the_stack_is_empty():
    s = with_hand(started(2), "open_sea")
    s.box.extend(s.stack)
    s.stack = []
    s = RULES.apply(s, RULES.legal_actions(s)[0])
    # Red has nothing to draw: straight on to preparation and sailing
    assert s.phase in ("sail", "wind") and s.hand == []
    ok(s)


# Rulebook: "Any piece of land completely surrounded by both sea and / or the edge of the map is
#   called an island."
# Rulebook: "Islands completely surrounded by sea are called complete."
# Rulebook: "They are incomplete otherwise."
def test_islands_completeness_and_islets():
    s = started(2)
    t = dict(s.tiles)
    t[(3, 3)] = ("island_1", 1)  # land east
    t[(4, 3)] = ("island_1", 3)  # land west: a complete 2-tile island
    t[(3, 5)] = ("island_2_corner", 0)  # land N and E: incomplete
    t[(5, 5)] = ("treasure_island", 0)
    isl = C.islands(t)
    assert [(3, 3), (4, 3)] in isl and [(3, 5)] in isl
    assert all((5, 5) not in cells for cells in isl)  # islets never score
    assert all((0, 0) not in cells for cells in isl)  # nor does the Isle of Winds
    assert C.is_complete(t, [(3, 3), (4, 3)]) and not C.is_complete(t, [(3, 5)])
