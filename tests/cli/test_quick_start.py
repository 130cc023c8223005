"""`tabletop --game ID --players N` opens the game without the command-line parser (typer, click
and the pydantic they bring took longer to load than the game screen's whole first paint); a
command line with anything wrong in it still gets the full command line's words."""
import subprocess
import sys

import pytest

from tabletop_tui.cli_common import parse_new_game
from tabletop_tui.launch import main
from tabletop_tui.newgame import quick_setup

# What `tabletop --game ...` loads before the game screen is built: the app is stopped before it
# runs, so what is listed was imported by the start itself.
START = """
import sys
import tabletop_tui.app as app_module
def run(self, *a, **k):
    print(sorted(m for m in {watched!r} if m in sys.modules), self.new_game["game"], self.bot_delay)
app_module.TabletopApp.run = run
from tabletop_tui.launch import main
main({args!r})
"""
PARSER = ("typer", "click", "pydantic", "tabletop_tui.cli")


def start(args: list[str], watched=PARSER) -> str:
    code = START.format(watched=watched, args=args)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return out.stdout.strip() or out.stderr


def test_a_new_game_from_the_command_line_starts_without_the_parser():
    assert start(["--game", "terra_mystica", "--players", "4"]) == "[] terra_mystica 0.5"
    assert start(["--game=piratissimo", "--players=2", "--names", "Ada,Bea", "--bot", "2:hard",
                  "--seed", "7", "--option", "variant=standard", "--bot-delay", "0"]) \
        == "[] piratissimo 0.0"


@pytest.mark.parametrize("args", [
    ["--game", "piratissimo", "--players", "2", "--names", "Ada,Bea", "--bot", "2:hard", "--seed", "7"],
    ["--players", "3", "--game", "finca", "--bot", "1,3:easy", "--seed", "11"],
    ["--game", "terra_mystica", "--players", "4", "--seed", "5", "--option", "strict-leech=0"],
])
def test_the_quick_start_sets_up_the_game_the_command_line_would(args):
    values = dict(zip(args[::2], args[1::2]))
    bots = [v for k, v in zip(args[::2], args[1::2]) if k == "--bot"]
    options = [v for k, v in zip(args[::2], args[1::2]) if k == "--option"]
    expected = parse_new_game(values["--game"], int(values["--players"]), values.get("--names"),
                              bots, int(values["--seed"]), options)
    assert quick_setup(args) == {"new_game": expected, "bot_delay": 0.5}


@pytest.mark.parametrize("args", [
    ["--game", "terra_mystica", "--players", "9"],
    ["--game", "chess"],
    ["--game", "piratissimo", "--players", "two"],
    ["--game", "piratissimo", "--bot", "7"],
    ["--game", "piratissimo", "--option", "nonsense=1"],
    ["--game", "piratissimo", "--bot-delay", "99"],
    ["--game", "piratissimo", "--game", "finca"],
    ["--game", "piratissimo", "--help"],
    ["--game"],
])
def test_anything_else_goes_to_the_full_command_line(args):
    assert quick_setup(args) is None


def test_a_wrong_player_count_is_explained_as_before(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--game", "terra_mystica", "--players", "9"])
    assert e.value.code == 2
    assert "Terra Mystica is for 2–5 players, not 9" in capsys.readouterr().err


def test_the_full_command_line_runs_with_the_collector_on(capsys):
    """Simulations and tournaments run long: only an app's start goes without the collector."""
    import gc

    with pytest.raises(SystemExit):
        main(["games"])
    assert gc.isenabled() and "piratissimo" in capsys.readouterr().out


# The game screen painted (headless) by `tabletop --game ...`, and what had been loaded by then.
PAINTED = """
import asyncio, gc, sys
import tabletop_tui.app as app_module
def run(self, *a, **k):
    async def main():
        async with self.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            print(type(self.screen).__name__, gc.isenabled(),
                  sorted(m for m in {watched!r} if m in sys.modules))
    asyncio.run(main())
app_module.TabletopApp.run = run
from tabletop_tui.launch import main
main({args!r})
"""
LATER = PARSER + ("tabletop_tui.screens.launcher", "tabletop_tui.bots.search",
                  "tabletop_tui.bots.thinker", "tabletop_tui.rules.terra_mystica.snellman",
                  "tabletop_tui.playout", "tabletop_tui.tournament",
                  # the game-over pages, with their tables and charts (loaded when a game ends)
                  "tabletop_tui.screens.game_over", "tabletop_tui.screens.terra_mystica_over",
                  "tabletop_tui.screens.maracaibo_over", "tabletop_tui.screens.finis_terrae_over",
                  "textual.widgets._data_table",
                  # what a bare Textual app does not load either: RichLog's rich.pretty (and
                  # attrs), importlib.resources for the assets, OpenSSL's hashlib before a save
                  "rich.pretty", "attr", "importlib.resources", "hashlib")


@pytest.mark.parametrize("game,players,screen", [
    ("piratissimo", 2, "PiratissimoScreen"), ("finca", 3, "FincaScreen"),
    ("finis_terrae", 2, "FinisTerraeScreen"), ("terra_mystica", 4, "TerraMysticaScreen"),
    # four people and hidden hands: the curtain comes before the first decision
    ("maracaibo", 4, "HandoffScreen"),
])
def test_a_game_is_painted_before_what_it_needs_only_later_is_loaded(game, players, screen, tmp_path):
    """No launcher under it, no parser, no bots' search or the ledger importer, no game-over
    page: those load when used. The garbage collector, off for the start, is on again."""
    code = PAINTED.format(watched=LATER + (f"tabletop_tui.bots.{game}",),
                          args=["--game", game, "--players", str(players)])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**__import__("os").environ, "TABLETOP_TUI_DATA_DIR": str(tmp_path)})
    assert out.stdout.strip() == f"{screen} True []", out.stderr[-2000:]
