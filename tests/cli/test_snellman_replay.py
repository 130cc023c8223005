"""`tabletop replay FILE --from snellman --json` on the real league records, and our own save of an
imported game replaying through the Match to the same final position."""
import json
from pathlib import Path

import pytest

from tabletop_tui.cli import _rewrite, app
from tabletop_tui.match import Match, Seat
from typer.testing import CliRunner

# shared/ sits beside the checkout (CI, developers); a clone elsewhere falls back to /work/shared
DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "terra_mystica" / "snellman_games"
if not DATA.is_dir():
    DATA = Path("/work/shared/data/terra_mystica/snellman_games")
EXPECTED = {g["log_file"]: g["expected_total_vp"]
            for g in json.loads((DATA / "expected_scores.json").read_text())["games"]}


@pytest.mark.parametrize("name", sorted(EXPECTED)[:2])
def test_cli_replays_a_league_record_to_its_published_scores(name):
    r = CliRunner().invoke(app, _rewrite(["replay", str(DATA / name), "--from", "snellman", "--json"]))
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["game"] == "terra_mystica" and out["over"] is True
    assert {k.replace("_", ""): v for k, v in out["scores"].items()} == \
        {k.replace("_", ""): v for k, v in EXPECTED[name].items()}


def test_cli_refuses_a_damaged_record_with_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a ledger\n")
    r = CliRunner().invoke(app, _rewrite(["replay", str(bad), "--from", "snellman", "--json"]))
    assert r.exit_code == 2


def test_our_save_of_an_imported_game_loads_to_the_same_final_state(tmp_path):
    from tabletop_tui.rules.terra_mystica.snellman import import_snellman, replay_snellman

    text = (DATA / "4pLeague_S67_D1L1_G3.txt").read_text()
    options, names, actions = import_snellman(text)
    m = Match("terra_mystica", [Seat(n) for n in names], 0, options)
    for a in actions:
        m.play(a)
    path = m.save(tmp_path / "imported.json")
    again = Match.load(path)
    assert again.rules.state_hash(again.state) == m.rules.state_hash(replay_snellman(text).state)
    res = again.result()
    assert res is not None
    by_faction = {again.state.players[s].faction.replace("_", ""): v for s, v in res.scores.items()}
    assert by_faction == {k.replace("_", ""): v for k, v in EXPECTED["4pLeague_S67_D1L1_G3.txt"].items()}
