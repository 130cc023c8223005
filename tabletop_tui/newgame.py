"""A new game from the command line (`tabletop --game ID ...`) without the command-line parser.

`tabletop --game terra_mystica --players 4` is the everyday way into a game: loading typer (and
the pydantic it brings) took longer than the whole game screen's first paint. ``quick_setup``
reads the flags that open a game; anything else, or anything wrong, goes to the full command
line (cli.py), which says what is wrong in its own words. The checks themselves are shared: the
command line's new-game checks are the ones below.
"""
from __future__ import annotations

from typing import List, Optional

from tabletop_tui import catalogue
from tabletop_tui.rules.names import NAME_MAX, name_problem, quoted  # noqa: F401  (NAME_MAX: re-exported)


class ArgumentProblem(ValueError):
    """A new-game argument that cannot be used; the message says why, for the player."""


def fail(message: str) -> None:
    raise ArgumentProblem(message)


def parse_new_game(game: str, players: Optional[int], names: Optional[str], bots: List[str],
                   seed: Optional[int], option: List[str]) -> dict:
    """Check the new-game arguments; returns the set-up for the app or raises ArgumentProblem
    with a reason."""
    try:
        g = catalogue.get(game)
    except catalogue.UnknownGame as e:
        fail(str(e))
    if not g.playable:
        playable = ", ".join(x.id for x in catalogue.GAMES if x.playable)
        fail(f"{g.title} is in development and cannot be played yet; playable: {playable}")
    rules = g.rules()
    name_list = [n.strip() for n in names.split(",")] if names else []
    if names is not None and any(not n for n in name_list):
        fail("--names takes names separated by commas, none of them empty")
    if players is None:
        players = len(name_list) if name_list else g.min_players
    if not g.min_players <= players <= g.max_players:
        fail(f"{g.title} is for {g.min_players}–{g.max_players} players, not {players}")
    if name_list and len(name_list) != players:
        fail(f"--names gives {len(name_list)} names for {players} players")
    for n in name_list:  # (the one check of a name: names.py)
        problem = name_problem(n)
        if problem:
            fail(f"--names: {quoted(n)} {problem}")
    if len(set(n.casefold() for n in name_list)) != len(name_list):
        fail("--names: every player needs a different name")
    defaults = ["Anna", "Bruno", "Chiara", "Dario", "Elena"]
    if not name_list:
        name_list = defaults[:players]
    levels = parse_bot_seats(bots, players)
    opts = parse_options(rules, option)
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1, 10**9)
    return {"game": g.id, "names": name_list, "bots": sorted(levels), "levels": levels, "seed": seed,
            "options": opts}


def parse_bot_seats(bots: List[str], players: int) -> dict[int, str]:
    """`--bot 2`, `--bot 2:hard`, `--bot 1,3:easy` → {seat index: level}; ArgumentProblem
    naming the valid values otherwise. A seat without a level gets the default level."""
    from tabletop_tui.bots import DEFAULT_LEVEL, LEVELS

    out: dict[int, str] = {}
    for raw in bots:
        for part in raw.split(","):
            part = part.strip()
            if not part:
                continue
            num, sep, level = part.partition(":")
            num, level = num.strip(), level.strip().lower()
            if not num.isdigit() or not 1 <= int(num) <= players:
                fail(f"--bot takes seat numbers from 1 to {players}, optionally with :LEVEL, not {part!r}")
            if sep and level not in LEVELS:
                fail(f"--bot {part}: unknown level {level!r}; levels: {', '.join(LEVELS)}")
            out[int(num) - 1] = level if sep else DEFAULT_LEVEL
    return out


def parse_options(rules, option: List[str]) -> dict:
    """`--option KEY=VALUE ...` → the game's resolved options, or ArgumentProblem naming it."""
    opts: dict = dict(getattr(rules, "new_game_options", {}))  # e.g. a league's usual options
    for item in option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--option takes KEY=VALUE, not {item!r}")
        opts[key.strip()] = value
    from tabletop_tui.rules.core import resolve_options

    try:
        return resolve_options(rules.options, opts)
    except ValueError as e:
        fail(str(e))
    return {}


#: the flags that open a new game; the others (and subcommands) belong to the full command line
_SINGLE = {"--game", "--players", "--names", "--seed", "--bot-delay"}
_REPEATED = {"--bot", "--option"}


def _whole_number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def quick_setup(args: list[str]) -> dict | None:
    """``tabletop --game ID [--players N] [--names A,B] [--bot SEAT]... [--seed N]
    [--option KEY=VALUE]... [--bot-delay SECONDS]`` → the app's arguments (``new_game``,
    ``bot_delay``); None for any other command line or any problem in it (the full command line
    then handles it and names the problem)."""
    single: dict[str, str] = {}
    repeated: dict[str, list[str]] = {k: [] for k in _REPEATED}
    i = 0
    while i < len(args):
        flag, sep, value = args[i].partition("=")
        if flag not in _SINGLE and flag not in _REPEATED:
            return None
        if not sep:
            if i + 1 >= len(args):
                return None
            i += 1
            value = args[i]
        if value.startswith("-"):
            return None
        if flag in _REPEATED:
            repeated[flag].append(value)
        elif flag in single:
            return None
        else:
            single[flag] = value
        i += 1
    if "--game" not in single:
        return None
    players = seed = None
    if "--players" in single:
        players = _whole_number(single["--players"])
        if players is None:
            return None
    if "--seed" in single:
        seed = _whole_number(single["--seed"])
        if seed is None:
            return None
    bot_delay = 0.5
    if "--bot-delay" in single:
        text = single["--bot-delay"]
        if not (text.isascii() and text.replace(".", "", 1).isdigit()):
            return None
        bot_delay = float(text)
        if not 0 <= bot_delay <= 60:
            return None
    try:
        setup = parse_new_game(single["--game"], players, single.get("--names"),
                               repeated["--bot"], seed, repeated["--option"])
    except ArgumentProblem:
        return None
    return {"new_game": setup, "bot_delay": bot_delay}
