"""Matches: the log, undo down to a barrier, atomic autosave, save/load and every bad save."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop_tui.match import Match, SaveError, Seat, last_save, list_saves
from tabletop_tui.rules.core import IllegalAction


def new(seed=5, bots=()):
    return Match("dicegame", [Seat("Anna", 0 in bots), Seat("Bruno", 1 in bots)], seed)


def test_play_records_notation_actor_and_log(dicegame):
    m = new()
    line = m.play("roll")
    assert m.actions == ["roll"] and m.actors == [0] and m.barriers == [True]
    assert line.startswith("Anna")


def test_illegal_action_changes_nothing(dicegame):
    m = new()
    with pytest.raises(IllegalAction, match="not a legal move"):
        m.play("bank")
    assert m.actions == [] and len(m.states) == 1


def test_undo_stops_at_chance(dicegame):
    m = new()
    m.play("roll")
    msg = m.undo(0)
    assert "random" in msg and m.actions == ["roll"]


def test_the_move_that_ends_a_turn_can_be_taken_back_until_the_next_human_decides(dicegame):
    m = new()
    m.play("roll")
    m.play("bank")  # Anna's decision ends her turn; Bruno to roll, but he has not decided yet
    assert m.pending.seat == 1
    assert m.undo(1) == "Undid Anna's last decision."
    assert m.actions == ["roll"] and m.pending.seat == 0 and m.pending.kind == "bank"


def test_once_the_next_human_decides_undo_takes_back_their_decision_not_the_earlier_one(dicegame):
    m = new()
    for a in ["roll", "bank", "roll", "bank"]:
        m.play(a)
    assert m.undo(0) == "Undid Bruno's last decision."
    assert m.actions == ["roll", "bank", "roll"]
    # Bruno's roll was chance: nothing before it can be taken back
    assert m.undo(0).startswith("Can't undo: something random")
    assert m.actions == ["roll", "bank", "roll"]


def test_since_last_decision_points_after_the_seats_last_decision(dicegame):
    m = new()
    for a in ["roll", "bank", "roll"]:
        m.play(a)
    assert m.since_last_decision(0) == 2 and m.since_last_decision(1) == 3
    assert new().since_last_decision(1) == 0


def test_curtain_setting_is_saved_with_the_game(dicegame, tmp_path):
    m = new()
    m.curtain = False
    m.play("roll")
    m2 = Match.load(m.save(tmp_path / "g.json"))
    assert m2.curtain is False
    m.curtain = None
    assert Match.load(m.save(tmp_path / "h.json")).curtain is None


def test_undo_takes_back_bot_moves_after_own_decision(dicegame):
    m = new(bots=(1,))
    m.play("roll")
    m.play("pass")
    # The bot's roll is chance: a barrier, so Anna can no longer undo.
    m.play(m.bot_action())
    assert m.undo(0).startswith("Can't undo")


def test_save_load_round_trip(dicegame, tmp_path):
    m = new()
    for a in ["roll", "bank", "roll", "pass", "roll"]:
        m.play(a)
    p = m.save(tmp_path / "g.json")
    m2 = Match.load(p)
    assert m2.actions == m.actions
    assert m2.rules.to_json(m2.state) == m.rules.to_json(m.state)
    data = json.loads(p.read_text())
    assert data["format"] == "tabletop-tui/save" and data["version"] == 1
    assert data["seats"] == [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"}]


def test_bot_choices_survive_resume(dicegame, tmp_path):
    m = new(bots=(0, 1))
    for _ in range(6):
        m.play(m.bot_action())
    p = m.save(tmp_path / "g.json")
    m2 = Match.load(p)
    assert m2.bot_action() == m.bot_action()


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("{\"format\": \"tabletop-tui/save\", \"version\": 1, \"ga", "the file is cut short"),
    ("[1, 2]", "not a tabletop-tui save"),
    ('{"format": "tabletop-tui/save", "version": 9, "game": "dicegame"}', "newer tabletop-tui"),
    ('{"format": "tabletop-tui/save", "version": 1, "game": "chess"}', "unknown game 'chess'"),
    ('{"format": "tabletop-tui/save", "version": 1, "game": "dicegame", "seats": [{"name": "A"}], '
     '"seed": 1, "actions": []}', "for 2–3 players, not 1"),
    ('{"format": "tabletop-tui/save", "version": 1, "game": "dicegame", "seats": [{"name": "A"}, {"name": "B"}], '
     '"seed": "x", "actions": []}', "seed"),
    ('{"format": "tabletop-tui/save", "version": 1, "game": "dicegame", "seats": [{"name": "A"}, {"name": "B"}], '
     '"seed": 1, "actions": "roll"}', "action list is damaged"),
])
def test_bad_saves_are_refused_with_the_problem_named(dicegame, tmp_path, text, words):
    p = tmp_path / "bad.json"
    p.write_text(text)
    with pytest.raises(SaveError, match=words):
        Match.load(p)
    assert p.read_text() == text  # never overwritten


def test_hand_edited_action_is_reported_by_file_line(dicegame, tmp_path):
    m = new()
    for a in ["roll", "bank", "roll"]:
        m.play(a)
    p = m.save(tmp_path / "g.json")
    text = p.read_text()
    lines = text.splitlines()
    k = next(i for i, l in enumerate(lines) if l.strip() == '"bank",')
    lines[k] = '    "fly away",'
    p.write_text("\n".join(lines) + "\n")
    with pytest.raises(SaveError, match=rf"line {k + 1}: 'fly away' "):
        Match.load(p)


def test_state_hash_mismatch_is_refused(dicegame, tmp_path):
    m = new()
    m.play("roll")
    p = m.save(tmp_path / "g.json")
    d = json.loads(p.read_text())
    d["seed"] = 6  # a different seed replays to a different roll
    p.write_text(json.dumps(d))
    with pytest.raises(SaveError, match="changed by hand"):
        Match.load(p)


def test_autosave_is_atomic_and_last_save_finds_it(dicegame):
    m = new()
    m.play("roll")
    p = m.save()
    assert p.exists() and last_save() == p
    assert not [x for x in p.parent.iterdir() if x.name.endswith(".tmp")]
    assert list_saves()[0][0] == p


def test_killed_mid_game_resumes_at_the_same_position(dicegame, tmp_path):
    """A process that is killed (no clean exit) leaves a save that resumes where it was."""
    save = tmp_path / "k.json"
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from tabletop_tui import catalogue
        catalogue.BY_ID["dicegame"] = catalogue.Game("dicegame", "Dice race", "", 2, 3, "tests.support.dicegame")
        from tabletop_tui.match import Match, Seat
        m = Match("dicegame", [Seat("Anna"), Seat("Bruno")], 11, path=__import__("pathlib").Path({str(save)!r}))
        for a in ["roll", "bank", "roll"]:
            m.play(a); m.save()
        print(m.rules.state_hash(m.state), flush=True)
        os.kill(os.getpid(), 9)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == -9
    m = Match.load(save)
    assert m.rules.state_hash(m.state) == out.stdout.strip()
    assert m.actions == ["roll", "bank", "roll"]
