"""No medium (or hard) bot wastes a tool a beginner would use well (issue 36, item 4): positions
where the right use is plain to any player, in every title."""
import pytest

from tabletop_tui.bots import make_bot
from tabletop_tui.rules import finca as F
from tabletop_tui.rules.finis_terrae.actions import GALLEON, Attack
from tabletop_tui.rules.finis_terrae.engine import RULES as FT
from tabletop_tui.rules.maracaibo import RULES as MAR
from tabletop_tui.rules.piratissimo import RULES as PIRA
from tabletop_tui.rules.terra_mystica import RULES as TM

from .test_piratissimo_bot import _at_green

LEVELS = ("medium", "hard")


def _choose(rules, s, level, seed=1):
    seat = rules.pending(s).seat
    return make_bot(rules.game_id, level, seed).choose(rules, rules.view(s, seat), seat)


# -- Finca ------------------------------------------------------------------------------------
def _finca_first_turn(seed=100, players=3):
    """The first turn after the farmers are placed (random placements), the seat to play holding
    no donkey cart."""
    s = F.RULES.setup([f"P{i}" for i in range(players)], seed, {})
    bot = make_bot("finca", "random", seed)
    while s.step == "place":
        s = F.RULES.apply(s, bot.choose(F.RULES, s))
    assert s.carts[s.turn] == 0
    return s


def _with_fruit(s, fruits):
    t = s.copy()
    for f in F.FRUITS:
        t.supply[f] += t.fruits[t.turn][f] - fruits.get(f, 0)
    t.fruits[t.turn] = {f: fruits.get(f, 0) for f in F.FRUITS}
    return t


@pytest.mark.parametrize("level", LEVELS)
def test_finca_the_large_donkey_cart_is_not_spent_on_a_delivery_a_normal_cart_carries(level):
    """Turn 1, no cart yet, a handful of fruit that fills a small tile or two: the large donkey
    cart (-2 VP to use) waits for a delivery of more than 6 fruits."""
    s = _with_fruit(_finca_first_turn(), {f: 1 for f in F.FRUITS})
    assert F.UseTile("large") in F.RULES.legal_actions(s)
    for seed in (1, 2, 3):
        a = _choose(F.RULES, s, level, seed)
        assert a != F.UseTile("large"), f"{level} spent the large donkey cart on turn 1"
        assert a != F.UseTile("double"), f"{level} spent the double windmill move on turn 1"


def test_finca_the_saved_large_donkey_cart_carries_the_big_delivery_when_it_comes():
    """The other half of saving it: no cart yet, three of every fruit in hand and the
    communities asking for more than a normal cart carries: the large donkey cart (up to 10
    fruits) goes out now, with more than 6 fruits on it (medium plays the whole turn; hard,
    whose every pick is a search, is asked only whether it takes the large cart out)."""
    s = _with_fruit(_finca_first_turn(), {f: 3 for f in F.FRUITS})
    assert _choose(F.RULES, s, "hard") == F.UseTile("large")
    seat = s.turn
    t, turn = s, []
    while F.RULES.pending(t) is not None and t.turn == seat and len(turn) < 20:
        a = _choose(F.RULES, t, "medium")
        turn.append(a)
        if isinstance(a, F.Confirm):
            carried = sum(F.TILES[t.stacks[c][0]].value for c in t.dlv["picks"])
            assert t.dlv["mode"] == "large" and carried > F.MAX_DELIVERY, carried
            return
        t = F.RULES.apply(t, a)
    raise AssertionError(f"medium made no delivery: {[str(a) for a in turn]}")


#: a three-player game of medium bots (seed 36070) up to the second seat's turn 13: figs on
#: blade 2, the first seat holds 6 of them, 12 left in the supply
FINCA_36070 = ("place 1,place 1,place 1,place 2,place 2,place 2,place 1,place 1,place 2,place 2,"
               "place 3,place 3,move 1,move 1,move 3,use less,pick Pollenca,pick Manacor,"
               "pick Llucmajor,confirm,omit Manacor orange,use less,pick Manacor,pick Felanitx,"
               "pick Llucmajor,fill almond,confirm,omit Felanitx lemon,use less,pick Arta,"
               "pick Manacor,fill fig,fill fig,fill almond,confirm,omit Arta orange,use gust,from 1,"
               "to 2").split(",")


@pytest.mark.parametrize("level", LEVELS)
def test_finca_no_harvest_that_the_next_seats_plain_move_sends_back(level):
    """Read in a medium game (issue 36): the second seat spent its gust of wind (-2 VP) to take
    7 figs from blade 2, moving its farmer off blade 1; the third seat's farmer left alone on
    blade 1 then moved onto blade 2 and took 8 of the 5 figs left, so the figs ran out and
    everyone's went back, the 7 just taken among them. Whatever the seat does with its turn, no
    rival's plain move afterwards may run short a fruit the seat holds 3 or more of."""
    s = F.RULES.setup(["P0", "P1", "P2"], 36070, {})
    for note in FINCA_36070:
        s = F.RULES.apply(s, F.RULES.parse(s, note))
    seat = s.turn
    assert seat == 1 and s.supply["fig"] == 12 and F.UseTile("gust") in F.RULES.legal_actions(s)
    for seed in (1, 2):
        t = s
        while F.RULES.pending(t) is not None and t.turn == seat and t.step != "over":
            t = F.RULES.apply(t, _choose(F.RULES, t, level, seed))
            if t.step == "turn" and t.turn != seat:
                break
        held = {f for f, k in t.fruits[seat].items() if k >= 3}
        for b in range(F.N_BLADES):
            if any(t.farmers[q][b] for q in range(t.n) if q != seat):
                pv = F.move_preview(t, b)
                assert not (pv["short"] and pv["fruit"] in held), \
                    f"{level}: a rival's move from blade {b + 1} runs the {pv['fruit']}s out"


# -- Finis Terrae -----------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_finis_terrae_the_starting_doubloons_are_spread_between_stash_and_holds(level):
    """A lost combat costs one whole hold: twenty doubloons in one hold and none in the stash
    lost a bot everything in its first combat. Each bot shares its 20 among holds and stash."""
    s = FT.setup(["A", "B", "C"], 5, {})
    while s.dist is None:  # the starting beaches first
        s = FT.apply(s, FT.legal_actions(s)[0])
    seen = 0
    while s.dist is not None and s.dist["why"] == "setup":
        seat = s.dist["seat"]
        a = _choose(FT, s, level, seat)
        s = FT.apply(s, a)
        if s.dist is None or s.dist["seat"] != seat:
            sh = s.ships[seat]
            piles = [n for k, n in (h for h in sh["holds"] if h is not None) if k == "doubloons"]
            assert sh["stash"] > 0 and max(piles) <= 10, (level, sh["holds"], sh["stash"])
            seen += 1
    assert seen == 3


def _ft_explorer_meets_the_galleon():
    """Day 2 of a seeded two-player game (random moves): an explorer ends its move on the
    Black Galleon's tile with 16 doubloons aboard and may attack it."""
    s = FT.setup(["A", "B"], 36, {})
    for n in range(31):
        d = FT.pending(s)
        s = FT.apply(s, make_bot("finis_terrae", "random", 36 * 1000 + n).choose(FT, FT.view(s, d.seat), d.seat))
    if FT.pending(s).kind == "pay":  # the den toll on the way: paid the usual way
        s = FT.apply(s, FT.legal_actions(s)[0])
    seat = FT.pending(s).seat
    assert Attack(GALLEON, 2, 1) in FT.legal_actions(s) and not FT.is_pirate(s, seat)
    return s, seat


@pytest.mark.parametrize("level", LEVELS)
def test_finis_terrae_no_attack_on_the_black_galleon_with_everything_aboard(level):
    """The Galleon is a pirate (+1 to its roll): an explorer wins under half its combats with
    it, and the loser gives up a hold. With the doubloons aboard and the stash nearly empty
    nobody sensible attacks it (a medium bot did, one sampled roll of the dice said it won)."""
    s, seat = _ft_explorer_meets_the_galleon()
    sh = s.ships[seat]
    assert sum(n for _, n in (h for h in sh["holds"] if h)) >= 15 and sh["stash"] <= 1
    for seed in (1, 2, 3):
        assert not isinstance(_choose(FT, s, level, seed), Attack), level


# -- Piratissimo ------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("cargo", [0, 1, 2])
def test_piratissimo_treasure_is_loaded_at_a_green_island_when_the_ship_is_far_from_full(level, cargo):
    """A green chest with room to spare aboard (even after a forced red chest of 2): a captain
    takes all it offers rather than sail past (medium bots were seen loading nothing)."""
    s = _at_green(cargo)
    chest = max(a.value for a in PIRA.legal_actions(s))
    assert cargo + chest + 2 <= 7
    for seed in (1, 2):
        a = _choose(PIRA, s, level, seed)
        assert a.verb == "load" and a.value == chest, (level, cargo, str(a))


# -- Terra Mystica ----------------------------------------------------------------------------
def _tm_position(factions, round_=1):
    from tests.rules.terra_mystica.tmhelpers import blank, put

    s = blank(list(factions), "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6")
    put(s, 0, "E5")
    put(s, 0, "G5")
    put(s, 1, "A1")
    put(s, 1, "A2")
    s.round = round_
    return s


def _tm_turn(s, level, seat=0):
    """The seat's whole turn: its free conversions and burns, then its main action."""
    out = []
    while TM.pending(s) is not None and TM.pending(s).seat == seat and TM.pending(s).kind == "main":
        a = _choose(TM, s, level, len(out) + 1)
        out.append(a)
        s = TM.apply(s, a)
        if a.kind not in ("convert", "burn"):
            break
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_terra_mystica_no_power_is_burnt_to_buy_a_priest(level):
    """Round 1 (a spade scores 2 VP), the Darklings (who dig with priests) with 12 power tokens
    in bowl II and nothing to build with: burning to convert power into a priest (5 power) takes
    tokens out of the game for good, five of twelve for one priest and a 2-VP dig as a bot did."""
    s = _tm_position(["darklings", "halflings"])
    p = s.players[0]
    p.C, p.W, p.P, p.bowls = 1, 0, 0, [0, 12, 0]
    turn = _tm_turn(s, level)
    burnt = sum(a.n for a in turn if a.kind == "burn")
    priests = [a for a in turn if a.kind == "convert" and a.b == "P"]
    assert not (burnt and priests), (level, [str(a) for a in turn])
    assert burnt <= 4, (level, [str(a) for a in turn])


@pytest.mark.parametrize("level", LEVELS)
def test_terra_mystica_a_free_priest_goes_to_a_cult_majority_one_step_away_in_the_last_round(level):
    """Round 6: a priest in hand, one step behind the Halflings on Water (4 to 5), leading the
    other tracks: the priest (3 steps) takes Water's majority; kept, it is worth nothing at the
    end."""
    s = _tm_position(["witches", "halflings"], round_=6)
    p = s.players[0]
    p.C, p.W, p.P, p.bowls = 1, 0, 1, [5, 0, 0]
    p.cult = [2, 4, 2, 2]
    s.players[1].cult = [0, 5, 0, 0]
    a = _choose(TM, s, level)
    assert (a.kind, a.a) == ("send", "WATER"), (level, str(a))


# -- Maracaibo --------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_maracaibo_a_quest_paid_for_and_on_the_way_is_taken(level):
    """The ship at location 3 with quest Q03 there (sugar and tobacco: 5 VP and a doubloon),
    the hand holding both goods: the quest is taken, not a village action or a pass."""
    from tests.rules.maracaibo.test_maracaibo_explorer_quests import _at_quest_3

    s, seat, _ids = _at_quest_3(["A01", "A13", "A07"])
    assert [a.text for a in MAR.legal_actions(s)] == ["village", "quest Q03", "pass"]
    assert _choose(MAR, s, level).text == "quest Q03"


TM_OPENING_9001 = [
    "pick darklings", "pick halflings", "pick fakirs", "pick dwarves", "build G5", "build F7",
    "build F3", "build F6", "build C5", "build D3", "build F5", "build E10", "take BON9", "take BON3",
    "take BON6", "take BON8", "transform G6 to swamp", "build G6", "done", "leech 1 from darklings",
    "leech 1 from darklings", "burn 4",
]


def test_terra_mystica_the_hard_bot_does_not_pass_first_in_round_one_with_the_means_to_build():
    """Four players (seed 9001), round 1, nobody has passed: the Halflings hold 15 coins and 8
    workers. The hard bot passed here (its rollout of the pass came out 0.2 VP ahead of building
    a dwelling: what a seat still holds is valued at the rollout's end as if spent)."""
    s = TM.setup([f"P{i}" for i in range(4)], 9001, {})
    for m in TM_OPENING_9001:
        s = TM.apply(s, TM.parse(s, m))
    p = s.players[1]
    assert (p.faction, p.C, p.W, s.round) == ("halflings", 15, 8, 1)
    assert TM.pending(s).seat == 1 and not any(q.passed for q in s.players)
    assert _choose(TM, s, "hard").kind != "pass"


def test_terra_mystica_a_pass_must_beat_building_by_the_margin_before_the_last_round():
    from tabletop_tui.bots import terra_mystica_search as ts
    from tabletop_tui.rules.terra_mystica.notation import Act

    build, pas = [Act("build", "G4")], [Act("pass", "BON5")]
    four = type("View", (), {"players": [0] * 4, "round": 1})()
    m = ts.PASS_MARGIN[4]
    assert ts._not_passing_early([(10.0, pas), (10.0 - m + 0.1, build)], four)[1] == build
    assert ts._not_passing_early([(10.0, pas), (10.0 - m - 0.1, build)], four)[1] == pas
    four.round = 6
    assert ts._not_passing_early([(10.0, pas), (9.9, build)], four)[1] == pas
