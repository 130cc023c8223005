"""Builders for screen tests: matches at a fixed position, apps that do not wait for bots."""
from __future__ import annotations

from tabletop_tui.app import TabletopApp
from tabletop_tui.match import Match, Seat


def piratissimo_match(players=3, seed=7, moves=0, bots=(), names=None) -> Match:
    names = names or ["Anna", "Bruno", "Chiara", "Dario"][:players]
    m = Match("piratissimo", [Seat(n, i in bots) for i, n in enumerate(names)], seed)
    driver = Match("piratissimo", [Seat(n, True) for n in names], seed)
    for _ in range(moves):
        if driver.over:
            break
        a = driver.bot_action()
        driver.play(a)
        m.play(driver.actions[-1])
    return m


def finished_match(players=2, seed=3) -> Match:
    m = piratissimo_match(players, seed)
    driver = Match("piratissimo", [Seat(s.name, True) for s in m.seats], seed)
    while not driver.over:
        driver.play(driver.bot_action())
        m.play(driver.actions[-1])
    return m


def app_for(match=None, **kw) -> TabletopApp:
    return TabletopApp(match=match, bot_delay=0, **kw)
