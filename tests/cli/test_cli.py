"""The `tabletop` command: every subcommand and every error the issue names."""
import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tabletop_tui import __version__, catalogue
from tabletop_tui.cli import _rewrite, app
from tabletop_tui.cli_common import parse_new_game

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(_rewrite(list(args))))


def test_version():
    r = run("--version")
    assert r.exit_code == 0 and __version__ in r.stdout


def test_help_lists_commands():
    r = run("--help")
    assert r.exit_code == 0
    for word in ("games", "rules", "replay", "simulate", "--game", "--resume"):
        assert word in r.stdout


def test_games_lists_all_five_with_status():
    r = run("games")
    assert r.exit_code == 0
    for g in catalogue.GAMES:
        assert g.id in r.stdout and g.title in r.stdout
    for line in r.stdout.splitlines()[1:]:
        assert line.rstrip().endswith(("playable", "in development")), line
    assert r.stdout.count("playable") == sum(g.playable for g in catalogue.GAMES)


def test_unknown_game_is_exit_2_listing_valid_ids():
    r = run("--game", "chess")
    assert r.exit_code == 2
    assert "unknown game 'chess'" in r.output and "piratissimo" in r.output


def test_game_in_development_cannot_start(monkeypatch):
    # every game of the catalogue is playable now: a made-up one without a screen stands in
    g = catalogue.Game("dicegame", "Dice race", "Test game.", 2, 3, "tests.support.dicegame")
    monkeypatch.setitem(catalogue.BY_ID, "dicegame", g)
    r = run("--game", "dicegame")
    assert r.exit_code == 2 and "in development" in r.output


def test_bot_delay_is_seconds_from_0_to_60(monkeypatch):
    import tabletop_tui.cli as cli

    got = {}
    monkeypatch.setattr(cli, "_run_app", lambda **kw: got.update(kw))
    r = run("--game", "piratissimo", "--bot", "2", "--bot-delay", "0")
    assert r.exit_code == 0 and got["bot_delay"] == 0
    r = run("--bot-delay", "-1")
    assert r.exit_code == 2 and "--bot-delay takes seconds from 0 to 60" in r.output


@pytest.mark.parametrize("n", ["1", "5"])
def test_bad_player_count_is_exit_2(n):
    r = run("--game", "piratissimo", "--players", n)
    assert r.exit_code == 2 and "2–4 players" in r.output


@pytest.mark.parametrize("args, words", [
    (["--names", "A,B,C", "--players", "2"], "3 names for 2 players"),
    (["--names", "A,A"], "different name"),
    (["--bot", "5"], "seat numbers from 1 to 2"),
    (["--option", "nonsense"], "KEY=VALUE"),
    (["--option", "colour=red"], "unknown option 'colour'"),
])
def test_bad_new_game_arguments(args, words):
    r = run("--game", "piratissimo", *args)
    assert r.exit_code == 2 and words in r.output


def test_new_game_arguments_are_understood():
    setup = parse_new_game("piratissimo", 3, "Ann,Ben,Cid", ["2", "3"], 7, [])
    assert setup["names"] == ["Ann", "Ben", "Cid"] and setup["bots"] == [1, 2] and setup["seed"] == 7


def test_rules_prints_text():
    r = run("rules", "piratissimo")
    assert r.exit_code == 0 and "Piratissimo" in r.stdout


def test_rules_unknown_game():
    r = run("rules", "nope")
    assert r.exit_code == 2 and "unknown game" in r.output


def test_simulate_json():
    r = run("simulate", "piratissimo", "--players", "3", "--games", "5", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["game"] == "piratissimo" and d["players"] == 3 and d["games"] == 5
    assert d["completed"] == 5 and d["errors"] == 0
    assert set(d) == {"game", "players", "games", "completed", "errors", "mean_actions",
                      "actions_per_second", "games_per_second"}


def test_simulate_bad_players():
    r = run("simulate", "piratissimo", "--players", "9")
    assert r.exit_code == 2


def _finished_save(tmp_path):
    from tabletop_tui.match import Match, Seat

    m = Match("piratissimo", [Seat("Anna", True), Seat("Bruno", True)], 3)
    while not m.over:
        m.play(m.bot_action())
    return m, m.save(tmp_path / "done.json")


def test_replay_json_of_a_finished_game(tmp_path):
    m, p = _finished_save(tmp_path)
    r = run("replay", str(p), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["game"] == "piratissimo" and d["over"] is True and d["actions"] == len(m.actions)
    res = m.result()
    assert d["scores"] == {m.names[s]: res.scores[s] for s in res.scores}


def test_replay_text_names_the_winner(tmp_path):
    m, p = _finished_save(tmp_path)
    r = run("replay", str(p))
    assert r.exit_code == 0 and "Winner" in r.stdout


def test_replay_bad_action_is_exit_2_with_line(tmp_path):
    m, p = _finished_save(tmp_path)
    lines = p.read_text().splitlines()
    k = next(i for i, l in enumerate(lines) if l.strip().startswith('"roll"'))
    lines[k] = '    "sail to the moon",'
    p.write_text("\n".join(lines))
    r = run("replay", str(p))
    assert r.exit_code == 2 and f"line {k + 1}:" in r.output


def test_replay_missing_file(tmp_path):
    r = run("replay", str(tmp_path / "none.json"))
    assert r.exit_code == 2 and "no such save file" in r.output


def test_resume_without_saves_is_a_clear_error():
    r = run("--resume")
    assert r.exit_code == 2 and "no saved game" in r.output


def test_resume_bad_file_is_refused(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("garbage")
    r = run("--resume", str(p))
    assert r.exit_code == 2 and "damaged" in r.output


def test_resume_file_rewrite():
    assert _rewrite(["--resume", "a.json"]) == ["--resume", "--resume-file", "a.json"]
    assert _rewrite(["--resume"]) == ["--resume"]
    assert _rewrite(["--resume=b.json"]) == ["--resume", "--resume-file", "b.json"]


def test_python_dash_m_runs():
    out = subprocess.run([sys.executable, "-m", "tabletop_tui", "games"], capture_output=True, text=True)
    assert out.returncode == 0 and "piratissimo" in out.stdout


def test_help_does_not_import_textual():
    code = ("import sys\nfrom tabletop_tui.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('textual' in sys.modules, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("False")


def test_simulate_takes_game_options():
    r = run("simulate", "piratissimo", "--players", "2", "--games", "3", "--option", "variant=older", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["completed"] == 3
    r = run("simulate", "piratissimo", "--option", "variant=wild")
    assert r.exit_code == 2 and "one of" in r.output


def test_a_new_terra_mystica_game_starts_with_the_league_options_which_can_be_turned_off():
    setup = parse_new_game("terra_mystica", 3, None, [], 1, [])
    league = ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
              "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power")
    assert all(setup["options"][k] is True for k in league)
    setup = parse_new_game("terra_mystica", 3, None, [], 1, ["strict-leech=no"])
    assert setup["options"]["strict-leech"] is False and setup["options"]["shipping-bonus"] is True
