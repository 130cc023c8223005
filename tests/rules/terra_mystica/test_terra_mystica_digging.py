"""Digging as the reference moderator has it (jsnell/terra-mystica, src/commands.pm:
command_transform, command_dig; src/map.pm: transform_cost): in one action a space is transformed
once, from its terrain to the target, with exactly the spades that costs; a transform to the
terrain a space already has is refused; a transform to a non-home terrain uses every spade bought
for it; after a space left on a non-home terrain with spades to spare the next makes home terrain;
spades from other sources as the reference treats them (issue 34)."""
from tabletop_tui.rules.terra_mystica import RULES, engine
from tabletop_tui.rules.terra_mystica.data import INDEX
from tabletop_tui.rules.terra_mystica.explain import action_cost
from tabletop_tui.rules.terra_mystica.notation import Act

from . import tmhelpers
from .tmhelpers import legal, play, put, refused

TILES = "SCORE2,SCORE3,SCORE5,SCORE4,SCORE6,SCORE7"
# the wheel: plains - swamp - lakes - forest - mountains - wasteland - desert - (plains)


def witches(w=6, **terrain):
    """Witches (home forest) with a dwelling on E7; E6, D5, D4 and E8 are next to it."""
    s = tmhelpers.blank(["witches", "nomads"], TILES)
    put(s, 0, "E7")
    p = s.players[0]
    p.W, p.C, p.bowls = w, 20, [0, 6, 6]
    for h, t in terrain.items():
        s.terrain[INDEX[h]] = t
    return s


# -- a space is transformed once per action ------------------------------------------------------
def test_a_space_dug_away_cannot_be_dug_back_in_the_same_action():
    """The reported case: 6 workers, E8 desert -> plains (1 spade, 3W); the menu then offered
    plains -> desert for 3W more: 6 workers for nothing (reference: "it already is desert")."""
    s = witches(w=6, E8="desert")
    s = play(s, "transform E8 to plains")
    assert s.players[0].W == 3
    assert "transform E8 to desert" not in legal(s)
    refused(s, "transform E8 to desert", match="never dug away and back")


def test_a_space_goes_the_shorter_way_round_with_exactly_the_spades_that_costs():
    """Dug a spade at a time, the space still goes from the terrain it began with to its target by
    the way that costs the fewest spades: desert -> plains -> swamp is desert -> swamp (2 spades),
    but desert -> plains -> wasteland would be 3 spades for a 1-spade change."""
    s = witches(w=9, E8="desert")
    s = play(s, "transform E8 to plains")
    names = legal(s)
    assert "transform E8 to swamp" in names  # on along the way: 2 spades in all
    assert "transform E8 to wasteland" not in names
    refused(s, "transform E8 to wasteland", match="1 spade")
    s = play(s, "transform E8 to swamp")
    assert s.terrain[INDEX["E8"]] == "swamp" and s.players[0].W == 3  # 2 spades, 6 workers


def test_a_bonus_card_spade_cannot_farm_spades_on_a_one_step_change():
    """BON1's spade: E6 swamp -> plains, then on to desert is swamp -> desert (2 spades, one
    bought); back to swamp, or round to lakes (1 step from where it began), is refused."""
    s = witches(w=9, E6="swamp")
    s.players[0].bonus = "BON1"
    s = play(s, "action BON1", "transform E6 to plains")
    assert s.players[0].W == 9 and s.spades == 0
    names = legal(s)
    assert "transform E6 to swamp" not in names and "transform E6 to lakes" not in names
    refused(s, "transform E6 to swamp")
    refused(s, "transform E6 to lakes")
    s = play(s, "transform E6 to desert")  # BON1 + one bought spade, as "action BON1. dig 1"
    assert s.players[0].W == 6


def test_a_transform_to_the_terrain_a_space_already_has_is_refused():
    s = witches(E6="mountains", D5="forest")
    assert not any(a.startswith("transform D5") for a in legal(s))
    refused(s, "transform D5 to forest", match="already is forest")
    refused(s, "transform E6 to mountains", match="already is mountains")


def test_a_transform_to_a_non_home_terrain_uses_every_spade_bought_for_it():
    """The spades are bought by the transform, exactly its cost (mountains -> desert: 2 spades,
    6 workers); the space may not then be turned to wasteland, 1 spade from mountains (reference:
    "Must use all available spades when transforming a hex to non-home color")."""
    s = witches(w=9, E6="mountains")
    s = play(s, "transform E6 to desert")
    assert s.players[0].W == 3 and s.terrain[INDEX["E6"]] == "desert"
    assert "transform E6 to wasteland" not in legal(s)
    refused(s, "transform E6 to wasteland", match="2 were spent on it already")


def test_only_one_space_per_action_is_left_on_a_non_home_terrain():
    """ACT6's two spades: after one space left on a non-home terrain, the second spade must make
    home terrain (reference: "Can't transform more than one hex to non-home color in one action")."""
    s = witches(w=1, E6="wasteland", D5="mountains")
    s = play(s, "action ACT6", "transform E6 to mountains")
    assert s.spades == 1
    assert "transform D5 to wasteland" not in legal(s)
    refused(s, "transform D5 to wasteland", match="must make your home terrain")
    s = play(s, "transform D5 to forest", "build D5")
    assert s.btype[INDEX["D5"]] == "D" and s.terrain[INDEX["E6"]] == "mountains"


def test_act6_may_take_one_space_two_steps_with_both_spades_but_not_back():
    s = witches(w=1, E6="wasteland")
    s = play(s, "action ACT6", "transform E6 to mountains")
    refused(s, "transform E6 to wasteland", match="never dug away and back")
    s = play(s, "transform E6 to forest", "build E6")
    assert s.btype[INDEX["E6"]] == "D" and s.spades == 0


# -- building after ACT6's first spade gives the second up, and the menu says so first -------------
def test_building_after_act6s_first_spade_says_it_gives_up_the_second():
    s = witches(w=1, E6="mountains", D5="mountains")
    s = play(s, "action ACT6", "transform E6 to forest")
    build = Act("build", "E6")
    assert build in RULES.legal_actions(s)
    assert RULES.describe(s, build) == "Build a dwelling on E6 (gives up the 1 free spade left)"
    assert action_cost(s, 0, build).endswith("; gives up the 1 free spade left")
    assert RULES.describe(s, Act("done")) == "Stop here (gives up the 1 free spade left)"
    s = play(s, "build E6")
    assert s.spades == 0 and s.terrain[INDEX["D5"]] == "mountains"


def test_building_with_no_free_spade_left_gives_nothing_up():
    s = witches(w=1, E6="mountains", D5="mountains")
    s = play(s, "action ACT6", "transform E6 to forest", "transform D5 to forest")
    assert RULES.describe(s, Act("build", "E6")) == "Build a dwelling on E6"


# -- spades from other sources, as the reference treats them ----------------------------------------
def test_cult_bonus_spades_may_go_to_several_spaces_each_to_any_terrain():
    """Cult-reward spades come after the player passed: the reference asks neither one space nor
    home terrain next (command_transform's limits hold only for a player who has not passed)."""
    s = witches(E6="mountains", D5="lakes")
    s.step = "next"
    s.queue = [["cspade", 0, 2, 0, 0]]
    engine.settle(s)
    s = play(s, "transform E6 to wasteland")  # non-home, one spade left
    assert "transform D5 to swamp" in legal(s)
    s = play(s, "transform D5 to swamp")
    assert [s.terrain[INDEX[h]] for h in ("E6", "D5")] == ["wasteland", "swamp"]


def test_the_halflings_stronghold_spades_go_to_up_to_three_spaces_never_topped_up():
    s = tmhelpers.blank(["halflings", "witches"], TILES)
    put(s, 0, "E7", "TP")
    p = s.players[0]
    p.W, p.C = 10, 20
    for h in ("E6", "D5", "D4", "E8"):
        s.terrain[INDEX[h]] = "swamp"  # one step from plains (the Halflings' home)
    s = play(s, "upgrade E7 to SH", "transform E6 to plains", "transform D5 to plains", "transform D4 to plains")
    assert s.spades == 0 and not any(a.startswith("transform") for a in legal(s))
    refused(s, "transform E8 to plains", match="cannot")


def test_the_giants_spend_exactly_two_spades_on_one_space():
    s = tmhelpers.blank(["giants", "witches"], TILES)
    put(s, 0, "E7", "SH")
    s.terrain[INDEX["E6"]] = "lakes"
    s.terrain[INDEX["D5"]] = "lakes"
    s = play(s, "action ACTG", "transform E6 to forest")  # any change is 2 spades for the Giants
    assert s.spades == 0
    assert not any(a.startswith("transform") for a in legal(s))


# -- saves ---------------------------------------------------------------------------------------------
def test_a_position_without_a_dig_under_way_keeps_its_json_and_a_save_made_mid_dig_before_still_loads(tmp_path):
    """The terrains dug spaces began the action with are kept only while a dig is under way (so
    older saves' positions hash as before); a save made mid-dig by an older version still loads."""
    import hashlib
    import json

    from tabletop_tui import bots
    from tabletop_tui.match import Match, Seat

    m = Match("terra_mystica", [Seat("Anna"), Seat("Bruno")], 4)
    chooser = bots.make_bot("terra_mystica", "random", 2)
    while not (m.state.phase == "play" and m.pending.kind == "main"
               and any(a.kind == "transform" for a in m.legal_actions())):
        m.play(chooser.choose(m.rules, m.rules.view(m.state, m.pending.seat), m.pending.seat))
    assert "dug_from" not in m.rules.to_json(m.state)
    m.play(next(a for a in m.legal_actions() if a.kind == "transform"))
    assert m.state.dug_from
    old = m.rules.to_json(m.state)
    del old["dug_from"]
    old_hash = hashlib.sha256(json.dumps(old, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
    path = m.save(tmp_path / "mid-dig.json")
    text = path.read_text().replace(m.rules.state_hash(m.state), old_hash)
    assert old_hash in text
    again = Match.from_text(text)
    assert again.rules.state_hash(again.state) == m.rules.state_hash(m.state)


def test_the_log_says_the_spade_left_was_given_up():
    s = witches(w=1, E6="mountains")
    s = play(s, "action ACT6", "transform E6 to forest")
    after = play(s, "build E6")
    line = RULES.log_line(s, Act("build", "E6"), after)
    assert line.endswith("built a dwelling on E6 (gave up the 1 free spade left).")
