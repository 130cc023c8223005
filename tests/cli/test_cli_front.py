"""The command line as a newcomer meets it: plain help, names checked as in set-up, a damaged
last save named with a way out, and replay's JSON with places and winners."""
import json

from typer.testing import CliRunner

from tabletop_tui.cli import _rewrite, app
from tabletop_tui.match import Match, Seat, saves_dir
from tabletop_tui.newgame import NAME_MAX
from tabletop_tui.widgets.players import markers

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(_rewrite(list(args))))


def test_help_shows_plain_metavars():
    commands = [c.name or c.callback.__name__ for c in app.registered_commands]
    assert {"replay", "simulate", "rules", "games"} <= set(commands)
    for args in [["--help"]] + [[c, "--help"] for c in commands]:
        out = run(*args).output
        for noise in ("TEXT", "INTEGER", "<str>", "<int>", "<path>", "list[str]", "{"):
            assert noise not in out, (args, noise)
    out = run("--help").output
    assert "--game ID" in out and "--option KEY=VALUE" in out and "--players N" in out
    assert "replay [OPTIONS] FILE\n" in run("replay", "--help").output


def test_a_name_longer_than_the_set_up_allows_is_refused():
    long = "N" * (NAME_MAX + 1)
    r = run("--game", "piratissimo", "--names", f"Anna,{long}")
    assert r.exit_code == 2 and f"longer than {NAME_MAX} characters" in r.output


def test_replay_json_has_places_and_winners(tmp_path):
    m = Match("piratissimo", [Seat("Anna", True), Seat("Bruno", True), Seat("Chiara", True)], 3)
    while not m.over:
        m.play(m.bot_action())
    p = m.save(tmp_path / "done.json")
    d = json.loads(run("replay", str(p), "--json").stdout)
    res = m.result()
    assert d["winners"] == [m.names[s] for s in res.winners]
    assert d["places"] == {m.names[s]: res.place_of(s) for s in range(3)}
    assert sorted(d["places"].values())[0] == 1


def test_replay_json_of_an_unfinished_game_has_no_winners(tmp_path):
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno")], 3)
    m.play(m.bot_action())
    d = json.loads(run("replay", str(m.save(tmp_path / "g.json")), "--json").stdout)
    assert d["over"] is False and d["winners"] == [] and d["places"] == {}


def test_resume_with_a_damaged_last_save_names_it_and_the_ways_out():
    m = Match("piratissimo", [Seat("Anna"), Seat("Bruno")], 3)
    m.play(m.bot_action())
    p = m.save(saves_dir() / "cut.json")
    p.write_text(p.read_text()[:-20])  # cut short, as by a full disk
    r = run("--resume")
    assert r.exit_code == 2
    assert str(p) in r.output
    assert "Continue list" in r.output and "--resume FILE" in r.output


def test_two_names_with_the_same_initial_get_distinct_marks():
    marks = markers(["Anna", "Alberto", "anita", "Ada", "A"])
    assert len(set(marks)) == 5
    assert marks[0] == "A"
    assert markers(["[b]", "[/]"]) == ["B", "2"]


def test_plain_tabletop_reaches_the_launcher_without_the_command_line_parser_or_a_game():
    """What `tabletop` loads before the launcher's first paint: Textual and the launcher, not
    typer/click (the parser), the rules or the match machinery."""
    import subprocess
    import sys

    code = ("import sys\nimport tabletop_tui.launch\nfrom tabletop_tui.app import TabletopApp\n"
            "app = TabletopApp()\nscreen = app.get_default_screen()\n"
            "print(type(screen).__name__, sorted(m for m in ('typer', 'click', 'tabletop_tui.match', "
            "'tabletop_tui.rules.core', 'tabletop_tui.bots') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "LauncherScreen []", out.stderr


def test_arguments_go_to_the_full_command_line(capsys):
    import pytest

    from tabletop_tui.launch import main

    with pytest.raises(SystemExit) as e:
        main(["games"])
    assert e.value.code == 0 and "piratissimo" in capsys.readouterr().out
