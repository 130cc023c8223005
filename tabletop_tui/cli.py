"""The `tabletop` command. Textual is imported only when a screen is opened, so `--help`,
`games`, `rules`, `replay` and `simulate` stay fast."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from tabletop_tui import __version__, catalogue, newgame
from tabletop_tui.cli_common import (bot_option, fail, names_option, option_option, parse_new_game,
                                     players_option, seed_option)

def _plain_arguments() -> None:
    """typer 0.29 shows an argument as `{FILE}` in the usage line and `FILE <path>` in the list;
    show it plainly (`FILE`), as the options' metavars are: the word says more than the type."""
    arg = getattr(getattr(typer, "core", None), "TyperArgument", None)
    if arg is None:
        return
    if hasattr(arg, "display_type_rich"):
        arg.display_type_rich = lambda self, ctx: None
    if hasattr(arg, "_usage_display_name") and hasattr(arg, "display_name_raw"):
        arg._usage_display_name = lambda self: (self.display_name_raw if self.required
                                                else f"[{self.display_name_raw}]")
    opt = getattr(typer.core, "TyperOption", None)
    shown = getattr(opt, "display_type_rich", None)
    if shown is not None:
        # an option without a metavar is shown by its name (`--games GAMES`), not `<int>`
        opt.display_type_rich = lambda self, ctx: (shown(self, ctx) if self.metavar
                                                   else (self.name or "value").upper())


_plain_arguments()

app = typer.Typer(add_completion=False, no_args_is_help=False, rich_markup_mode=None,
                  help="Five board games in the terminal, hot-seat, with bots.")

SUBCOMMANDS = {"games", "rules", "replay", "simulate", "tournament", "table", "seat", "serve"}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tabletop-tui {__version__}")
        raise typer.Exit(0)


def _options(rules, option: List[str]) -> dict:
    """`--option KEY=VALUE ...` → the game's resolved options, or exit 2 naming the problem."""
    try:
        return newgame.parse_options(rules, option)
    except newgame.ArgumentProblem as e:
        fail(str(e))
    return {}



@app.callback(invoke_without_command=True)
def main_callback(
    ctx: typer.Context,
    game: Optional[str] = typer.Option(None, "--game", metavar="ID",
                                       help="Start a new game straight away: "
                                       + ", ".join(g.id for g in catalogue.GAMES)),
    players: Optional[int] = players_option(),
    names: Optional[str] = names_option(),
    bot: List[str] = bot_option(),
    seed: Optional[int] = seed_option(),
    option: List[str] = option_option(),
    resume: bool = typer.Option(False, "--resume",
                                help="Continue the last unfinished game; `--resume FILE` continues that save."),
    resume_file: Optional[Path] = typer.Option(None, "--resume-file", hidden=True),
    bot_delay: float = typer.Option(0.5, "--bot-delay", metavar="SECONDS",
                                    help="Pause before each bot move (0 = none); space in a game skips ahead."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    if ctx.invoked_subcommand is not None:
        return
    if not 0 <= bot_delay <= 60:
        fail(f"--bot-delay takes seconds from 0 to 60, not {bot_delay}")
    if resume or resume_file:
        from tabletop_tui.match import Match, SaveError, last_save

        path = resume_file or last_save()
        if path is None:
            fail("there is no saved game to continue yet")
        try:
            match = Match.load(path)
        except SaveError as e:
            if resume_file:
                fail(str(e))
            why = str(e).removeprefix(f"{path}: ")
            fail(f"the last saved game, {path}, cannot be opened:\n  {why}\n"
                 "Choose another from the Continue list (run `tabletop`, then press c), "
                 "or name one: `tabletop --resume FILE`.")
        if not match.game.playable:
            fail(f"{match.game.title} is in development and cannot be played in the app yet")
        _run_app(match=match, bot_delay=bot_delay)
        return
    if game is not None:
        setup = parse_new_game(game, players, names, bot, seed, option)
        _run_app(new_game=setup, bot_delay=bot_delay)
        return
    if players is not None or names or bot or seed is not None or option:
        fail("--players, --names, --bot, --seed and --option go with --game ID")
    _run_app(bot_delay=bot_delay)


def _run_app(**kwargs) -> None:
    """Run the app (one that ended by a crash exits non-zero): the same call as the quick path."""
    from tabletop_tui.app import run_app
    from tabletop_tui.lifeline import hold_app

    run_app(on_start=hold_app, **kwargs)


@app.command("games")
def games_cmd() -> None:
    """The catalogue: id, title, players, status."""
    rows = [("id", "title", "players", "status")]
    rows += [(g.id, g.title, g.players, g.status) for g in catalogue.GAMES]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        typer.echo("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


@app.command("rules")
def rules_cmd(game_id: str = typer.Argument(..., metavar="ID", show_default=False,
                                            help="A game id, as `tabletop games` lists them.")) -> None:
    """Print a game's rules text."""
    try:
        g = catalogue.get(game_id)
    except catalogue.UnknownGame as e:
        fail(str(e))
    from tabletop_tui.assets import read_text

    try:
        typer.echo(read_text(g.id, "rules.md"))
    except OSError:
        fail(f"{g.title} has no rules text yet")


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., metavar="FILE", show_default=False,
                                help="A saved game (docs/save-format.md) or, with --from snellman, "
                                "a snellman.net game log."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: game, over, actions, scores, "
                                 "places and winners."),
    source: str = typer.Option("tabletop", "--from", metavar="FORMAT",
                               help="File format: tabletop (our save) or snellman."),
    watch: bool = typer.Option(False, "--watch", help="Open it in the app, read-only: arrows step, "
                               "PgDn/PgUp a round, Home/End."),
) -> None:
    """Replay a save headless; print the position and, if over, the result (--watch: step through it)."""
    from tabletop_tui.match import SaveError

    if watch:
        from tabletop_tui.screens.watch import RecordingError, load_recording

        try:
            full = load_recording(file, source)
        except RecordingError as e:
            fail(str(e))
        _run_app(watch=full)  # the launcher underneath
        return

    if source == "snellman":
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as e:
            fail(f"{file}: cannot be read ({e.strerror})")
        except UnicodeDecodeError:
            fail(f"{file}: not a text file")
        from tabletop_tui.rules.terra_mystica.snellman import replay_summary

        try:
            out = replay_summary(text)
        except ValueError as e:
            fail(f"{file}: {e}")
        if as_json:
            typer.echo(json.dumps(out))
        else:
            typer.echo(f"Terra Mystica (imported): {out['actions']} actions replayed"
                       + (", game over." if out["over"] else "."))
            for k, v in out["scores"].items():
                typer.echo(f"  {k}: {v} VP")
        if out.get("error"):
            fail(out["error"])
        return
    if source != "tabletop":
        fail(f"--from takes tabletop or snellman, not {source!r}")
    from tabletop_tui.match import Match

    try:
        m = Match.load(file)
    except SaveError as e:
        fail(str(e))
    res = m.result()
    names = m.names
    if as_json:
        scores = {names[s]: res.scores[s] for s in res.scores} if res else {
            names[s]: v for s, v in m.rules.vp(m.state).items()}
        places = {names[s]: res.place_of(s) for s in range(len(names))} if res else {}
        winners = [names[s] for s in res.winners] if res else []
        typer.echo(json.dumps({"game": m.game.id, "over": m.over, "actions": len(m.actions),
                               "scores": scores, "places": places, "winners": winners}))
        return
    typer.echo(f"{m.game.title}: {len(m.actions)} actions replayed.")
    typer.echo(m.rules.summary(m.state))
    if res:
        typer.echo("Winner: " + " and ".join(names[s] for s in res.winners))
        for place, group in enumerate(res.ranking, 1):
            for s in group:
                parts = ", ".join(f"{k} {v}" for k, v in res.breakdown.get(s, {}).items())
                typer.echo(f"  {place}. {names[s]}: {res.scores[s]}" + (f" ({parts})" if parts else ""))


@app.command("review")
def review_cmd(
    file: Path = typer.Argument(..., metavar="FILE", show_default=False,
                                help="A saved game, or a snellman.net game log (a league game)."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON."),
    level: str = typer.Option("hard", "--level", metavar="LEVEL", help="The bot that rates: easy, medium or hard."),
    all_seats: bool = typer.Option(False, "--all-seats", help="Review the bots' seats too."),
    workers: int = typer.Option(2, "--workers", metavar="N", help="Processes that rate decisions."),
) -> None:
    """Review a game: each person's five costliest decisions, by a bot's estimate."""
    import sys

    from tabletop_tui.review import ReviewError, headless
    from tabletop_tui.screens.watch import RecordingError, load_recording

    def progress(done: int, total: int) -> None:
        if not as_json and sys.stderr.isatty():
            sys.stderr.write(f"\rrating decision {done} of {total}")
            sys.stderr.flush()

    try:
        text = headless(load_recording(file), level, all_seats, as_json=as_json, workers=workers, progress=progress)
    except (RecordingError, ReviewError) as e:
        fail(str(e))
    if not as_json and sys.stderr.isatty():
        sys.stderr.write("\n")
    typer.echo(text)


def _game_for_bots(game_id: str, players: int | None, option: list[str]) -> tuple:
    """(catalogue entry, rules, options) for a command where bots play; a clear exit otherwise."""
    try:
        g = catalogue.get(game_id)
    except catalogue.UnknownGame as e:
        fail(str(e))
    rules = g.rules()
    if rules is None:
        fail(f"{g.title} has no rules engine yet")
    if players is not None and not g.min_players <= players <= g.max_players:
        fail(f"{g.title} is for {g.min_players}–{g.max_players} players, not {players}")
    return g, rules, _options(rules, option)


@app.command("simulate")
def simulate_cmd(
    game_id: str = typer.Argument(..., metavar="ID", show_default=False,
                                  help="A game id, as `tabletop games` lists them."),
    players: Optional[int] = typer.Option(None, "--players", metavar="N",
                                          help="Number of players (default: up to 4)."),
    games: int = typer.Option(10, "--games", min=1, metavar="K", help="How many games."),
    seed: int = typer.Option(1, "--seed", metavar="N", help="Seed of the first game."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    option: List[str] = typer.Option([], "--option", metavar="KEY=VALUE", help="Game option; repeat it."),
) -> None:
    """Bots play K full games; exit 1 if any game breaks a rule or does not finish."""
    g, rules, opts = _game_for_bots(game_id, players, option)
    n = players if players is not None else min(4, g.max_players)
    from tabletop_tui.playout import simulate

    stats = simulate(rules, n, games, seed, options=opts)
    out = stats.as_json()
    if as_json:
        typer.echo(json.dumps(out))
    else:
        typer.echo(f"{g.title}, {n} players: {stats.completed}/{stats.games} completed, "
                   f"{len(stats.errors)} errors, {out['mean_actions']} actions a game, "
                   f"{out['actions_per_second']} actions/s, {out['games_per_second']} games/s")
    for e in stats.errors[:10]:
        typer.echo(f"error: {e}", err=True)
    if stats.errors or stats.completed != stats.games:
        raise typer.Exit(1)


@app.command("tournament")
def tournament_cmd(
    game_id: str = typer.Argument(..., metavar="ID", show_default=False,
                                  help="A game id, as `tabletop games` lists them."),
    players: int = typer.Option(2, "--players", metavar="N", help="Seats at the table."),
    bots_arg: str = typer.Option("medium,random", "--bots", metavar="LEVEL,LEVEL,...",
                                 help="Bot levels filling the seats in turn, comma-separated: "
                                      "random, easy, medium, hard."),
    games: int = typer.Option(10, "--games", metavar="K", help="Games to play (seats rotate each game)."),
    seed: int = typer.Option(1, "--seed", metavar="N", help="Seed of the first game (then seed+1, ...)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    option: List[str] = typer.Option([], "--option", metavar="KEY=VALUE", help="Game option; repeat it."),
) -> None:
    """Bots of the given levels play K seeded games; win rates (95% interval), scores, move times."""
    from tabletop_tui import tournament
    from tabletop_tui.bots import LEVELS

    g, rules, opts = _game_for_bots(game_id, players, option)
    levels = [b.strip().lower() for b in bots_arg.split(",") if b.strip()]
    bad = [b for b in levels if b not in LEVELS]
    if bad or not levels:
        fail(f"--bots takes levels separated by commas ({', '.join(LEVELS)}), not {bots_arg!r}")
    if games < 1:
        fail("--games takes a whole number of at least 1")
    out = tournament.public(tournament.run(g.id, players, levels, games, seed, options=opts))
    if as_json:
        typer.echo(json.dumps(out))
        return
    typer.echo(tournament.as_text(out, g.title, seed))


from tabletop_tui.table_cli import seat_cmd, serve_cmd, table_app  # noqa: E402  (issue 25: tables)

app.add_typer(table_app, name="table")
app.command("seat")(seat_cmd)
app.command("serve")(serve_cmd)


def _rewrite(argv: list[str]) -> list[str]:
    """`--resume FILE` takes an optional value, which click cannot express: rewrite it."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a.startswith("--resume="):
            out += ["--resume", "--resume-file", a.split("=", 1)[1]]
        elif a == "--resume" and i + 1 < len(argv) and not argv[i + 1].startswith("-") \
                and argv[i + 1] not in SUBCOMMANDS:
            out += ["--resume", "--resume-file", argv[i + 1]]
            i += 1
        else:
            out.append(a)
        i += 1
    return out


def main(argv: list[str] | None = None) -> None:
    args = _rewrite(list(sys.argv[1:] if argv is None else argv))
    app(args=args, prog_name="tabletop")


if __name__ == "__main__":
    main()
