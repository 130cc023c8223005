"""Builders for screen tests: matches at a fixed position, apps that do not wait for bots."""
from __future__ import annotations

from contextlib import asynccontextmanager
from typing import AsyncIterator

from tabletop_tui.app import TabletopApp
from tabletop_tui.match import Match, Seat


NAMES = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]


#: Terra Mystica's seeded screen positions were found when its digging was the league's (before
#: issue 45 made the rulebook's the default): the tests that pick a position by its seed keep it
TM_SEEDED = {"digging": "league"}


def played_match(game_id, players=2, seed=5, moves=0, bots=(), until=None, finish=False, options=None) -> Match:
    """A match after ``moves`` seeded bot choices, then on until ``until(match)`` holds (or to
    the end with ``finish``). Bot choices depend only on the seed and the move number, so the
    seats' kinds do not change the position reached."""
    m = Match(game_id, [Seat(n, i in bots) for i, n in enumerate(NAMES[:players])], seed, options)
    k = 0
    while not m.over and (finish or k < moves or (until is not None and not until(m))):
        m.play(m.bot_job(level="random")())  # random: positions stay put when bots change
        k += 1
    return m


def piratissimo_match(players=3, seed=7, moves=0, bots=()) -> Match:
    return played_match("piratissimo", players, seed, moves, bots)


def finished_match(players=2, seed=3) -> Match:
    return played_match("piratissimo", players, seed, finish=True)


def app_for(match=None, **kw) -> TabletopApp:
    return TabletopApp(match=match, bot_delay=0, **kw)


def notices(app) -> list:
    """Every notice said to the player: the toasts and the notices a game told on its decision
    panel's notice row (each with ``message``, ``title``, ``severity``)."""
    return list(app._notifications) + list(getattr(app, "told", []))


# A whole game by keyboard bounds the player's keys, not the waits for the bots: a loaded machine
# (CI, four workers on two cores) makes a bot slower, not the game longer. The waits in a row (no
# key between them) have a bound of their own, far above one bot's turn (each wait is at least
# 10 ms: a minute or more), so a game that never hands back the keyboard fails soon, not in CI's
# ninetieth minute.
BOT_WAITS = 6_000


def where_it_stood(app) -> str:
    """For a keyboard game that did not end: the screen, the decision pending, the bots' state
    machine (its worker, its timer, the move chosen) and its last steps, and what the bot watchdog
    did (screens/game.py)."""
    s = app.screen
    m = getattr(s, "match", None)
    return (f"on {type(s).__name__}, pending {m.pending if m else None}, bot {getattr(s, 'bot_worker', None)}, "
            f"timer {getattr(s, 'bot_timer', None)}, chosen {getattr(s, 'bot_ready', None)}, "
            f"steps {list(getattr(s, 'bot_trace', []))}, watchdog {getattr(app, 'bot_watchdog_acts', None)}")


#: each game's (players, random moves of seed 3) to a person's decision of under ten choices
AT_A_DECISION = {"maracaibo": (4, 60), "finca": (4, 40), "finis_terrae": (4, 200), "terra_mystica": (5, 60),
                 "piratissimo": (3, 20)}


@asynccontextmanager
async def game_at_a_decision(game: str, size: tuple[int, int] = (80, 24), more_moves: int = 0) -> AsyncIterator:
    """The game at its ``AT_A_DECISION`` position (``more_moves`` further on), its app running at
    ``size`` past the curtain: ``(app, pilot, match)``."""
    from tests.support.table_view import past_curtain, random_match

    players, moves = AT_A_DECISION[game]
    m = random_match(game, players, 3, moves=moves + more_moves,
                     options=TM_SEEDED if game == "terra_mystica" else None)
    app = app_for(m)
    async with app.run_test(size=size) as pilot:
        await past_curtain(app, pilot)
        yield app, pilot, m
