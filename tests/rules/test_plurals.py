"""Words that are right: no message any engine produces says "1 doubloons" or "VP per project
cards". Seeded games of all five games at every player count are played through Match by random
bots; every prompt, every legal action's description and menu label (the game screen's own
words), every log line and every line of every seat sheet is collected and read for a count of
one, or a "per", before a plural noun the games use."""
from __future__ import annotations

import re

import pytest

from tabletop_tui import catalogue
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Rng

GAMES = ("piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo")
SEEDS = (1, 2, 3)
#: plural nouns the games use (a word ending in s that is no plural — "bonus", "less",
#: "compass" — must not be flagged)
PLURALS = {
    "actions", "assistants", "barriers", "bridges", "cards", "carts", "castaways", "coins", "cubes",
    "decks", "deliveries", "dice", "discs", "doubloons", "dwellings", "figures", "flags", "fruits",
    "goods", "islands", "kegs", "keys", "markers", "moves", "nations", "points", "ports", "priests",
    "quests", "ranks", "rounds", "ships", "spaces", "spades", "steps", "symbols", "temples", "tiles",
    "tokens", "towns", "treasures", "turns", "upgrades", "workers",
}
#: a count of one (or "per") before a plural noun, one qualifying word allowed between them
#: ("1 combat points", "per project cards")
WRONG = re.compile(r"\b(?:1|per|one) (?:(?:[a-z]+) )?([a-z]+s)\b")


def wrong_plurals(text: str) -> list[str]:
    return [m.group(0) for m in WRONG.finditer(text) if m.group(1) in PLURALS
            and not m.group(0).startswith("one of")]


def test_the_check_finds_what_the_issue_found_and_passes_what_is_right():
    for bad in ("Buy Powder Kegs for 1 doubloons", "1 left · 1 doubloons", "pay 1 combat points",
                "(then choose its 1 cards…)", "1 VP per project cards", "2 VP per compass symbols",
                "1 treasures opened", "1 castaways redeemed"):
        assert wrong_plurals(bad), bad
    for good in ("Buy Powder Kegs for 1 doubloon", "pay 1 combat point", "2 VP per compass symbol",
                 "1 bonus card", "one less fruit", "1 VP per 3 coins", "1 spade costs 3 workers"):
        assert not wrong_plurals(good), good


def screen_of(game_id: str, m: Match):
    """The game's screen, not mounted: its label() gives the menu's words."""
    return catalogue.get(game_id).screen_class()(m)


def texts_of_a_game(game_id: str, players: int, seed: int) -> list[tuple[str, str]]:
    m = Match(game_id, [Seat(f"P{i}", True, "random") for i in range(players)], seed)
    rng = Rng(seed)
    r = m.rules
    screen = screen_of(game_id, m)
    out: list[tuple[str, str]] = []

    def sheets(state):
        for seat in range(players):
            for head, lines in r.sheet(r.view(state, seat), seat):
                out.append(("sheet", head))
                out.extend(("sheet", line) for line in lines)

    moves = 0
    while not m.over and moves < 2500:
        s, d = m.state, m.pending
        out.append(("prompt", d.prompt))
        for a in m.legal_actions()[:300]:
            out.append(("description", r.describe(s, a)))
            try:
                out.append(("menu label", screen.label(s, a)))
            except Exception:  # a label that needs the mounted screen: its description stands
                pass
        if moves % 7 == 0:
            sheets(s)
        # a seeded random choice among the moves that keep the seat in the game (a random bot
        # that drops out of Terra Mystica ends it within a round, and with it the game's words)
        stay = [a for a in m.legal_actions() if not str(a).startswith("drop")] or m.legal_actions()
        m.play(stay[rng.randbelow(len(stay))])
        moves += 1
    sheets(m.state)
    out.extend(("log line", line) for line in m.log)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_no_message_says_one_of_a_plural(game_id):
    rules = catalogue.get(game_id).rules()
    found: dict[str, str] = {}
    for players in range(rules.min_players, rules.max_players + 1):
        for seed in SEEDS:
            for kind, text in texts_of_a_game(game_id, players, seed):
                for bad in wrong_plurals(text):
                    found.setdefault(bad, f"{kind}: {text}")
    assert not found, "\n".join(f"{bad!r} in {where}" for bad, where in sorted(found.items()))
