"""Save metadata for the Continue list: when a game last changed, how many decisions people
took; a game looked at and left is not rewritten, so the list keeps its order."""
import json
import os

from tabletop_tui.match import Match, Seat, last_save, list_saves, saves_dir


def new(seed=5, bots=()):
    return Match("dicegame", [Seat("Anna", 0 in bots), Seat("Bruno", 1 in bots)], seed)


def age(path, seconds=3600):
    t = path.stat().st_mtime - seconds
    os.utime(path, (t, t))
    return path.stat().st_mtime


def test_a_save_records_when_the_game_last_changed_and_human_decisions(dicegame):
    m = new(bots=(1,))
    m.play("roll")
    m.play("bank")
    head = json.loads(m.save().read_text())
    assert head["last_move_at"] == m.last_move_at != ""
    assert head["human_decisions"] == 2  # both Anna's; bot moves would not count
    assert head["saved_at"] == head["last_move_at"]  # older readers still find a time


def test_saving_again_with_nothing_new_does_not_rewrite_the_file(dicegame):
    m = new()
    m.play("roll")
    p = m.save()
    old = age(p)
    m.save()
    assert p.stat().st_mtime == old


def test_loading_and_leaving_does_not_rewrite_the_file(dicegame):
    m = new()
    m.play("roll")
    p = m.save()
    old = age(p)
    back = Match.load(p)
    back.save()
    assert p.stat().st_mtime == old
    assert back.last_move_at == m.last_move_at


def saved_long_ago():
    """A game with one move, saved, its times set back to 2020 in the file, and loaded again."""
    m = new()
    m.play("roll")
    p = m.save()
    head = json.loads(p.read_text())
    head["last_move_at"] = head["saved_at"] = "2020-01-01T10:00:00"
    p.write_text(json.dumps(head))
    return p, Match.load(p)


def test_a_new_move_rewrites_and_moves_the_time_on(dicegame):
    p, back = saved_long_ago()
    assert back.last_move_at == "2020-01-01T10:00:00"
    back.play("bank")
    back.save()
    assert json.loads(p.read_text())["last_move_at"] > "2020-01-01T10:00:00"


def test_the_list_is_ordered_by_the_stored_time_not_the_file_time(dicegame):
    a, b = new(seed=1), new(seed=2)
    a.play("roll")
    b.play("roll")
    pa, pb = a.save(saves_dir() / "a.json"), b.save(saves_dir() / "b.json")
    for p, stamp in ((pa, "2026-01-02T10:00:00"), (pb, "2026-01-01T10:00:00")):
        head = json.loads(p.read_text())
        head["last_move_at"] = stamp
        p.write_text(json.dumps(head))
    age(pa)  # a's file is older, but its game changed later
    assert [p.name for p, _ in list_saves()] == ["a.json", "b.json"]
    assert last_save() == pa


def test_an_old_save_without_the_new_fields_still_loads_and_lists(dicegame):
    m = new()
    m.play("roll")
    p = m.save(saves_dir() / "old.json")
    head = json.loads(p.read_text())
    for key in ("last_move_at", "human_decisions"):
        del head[key]
    head["saved_at"] = "2025-06-01T09:30:00"
    p.write_text(json.dumps(head))
    back = Match.load(p)
    assert back.actions == ["roll"] and back.last_move_at == "2025-06-01T09:30:00"
    assert list_saves()[0][1]["last_move"] == "2025-06-01T09:30:00"


def test_a_damaged_newest_save_is_the_one_resume_names(dicegame):
    m = new()
    m.play("roll")
    p = m.save(saves_dir() / "zz-good.json")
    head = json.loads(p.read_text())
    head["last_move_at"] = "2020-01-01T10:00:00"
    p.write_text(json.dumps(head))
    bad = saves_dir() / "aa-damaged.json"
    bad.write_text("{ not json")
    assert last_save() == bad


def test_a_changed_setting_is_saved_but_keeps_the_time_of_the_last_move(dicegame):
    p, back = saved_long_ago()
    back.seats[1].bot = True  # Bruno resigns: a bot plays on
    back.save()
    head = json.loads(p.read_text())
    assert head["seats"][1]["kind"] == "bot" and head["last_move_at"] == "2020-01-01T10:00:00"


def test_each_game_says_its_round_for_the_continue_list():
    """Terra Mystica is played in six rounds, Maracaibo in four; Finca and Piratissimo count
    rounds of turns, Finis Terrae days. Before play starts each says what the players are doing."""
    from tests.screens.helpers import played_match

    tm = played_match("terra_mystica", 3, seed=4)
    assert tm.rules.round_label(tm.state) == "choosing factions and first dwellings"
    tm = played_match("terra_mystica", 3, seed=4, until=lambda m: m.state.phase == "play" and m.state.round == 2)
    assert tm.rules.round_label(tm.state) == "round 2 of 6"
    mar = played_match("maracaibo", 2, seed=4, moves=10)
    assert mar.rules.round_label(mar.state) == f"round {mar.state.g['round']} of 4"
    finca = played_match("finca", 2, seed=4)
    assert finca.rules.round_label(finca.state) == "placing the farmers"
    finca = played_match("finca", 2, seed=4, until=lambda m: m.state.round == 3)
    assert finca.rules.round_label(finca.state) == "round 3"
    pir = played_match("piratissimo", 2, seed=4, until=lambda m: m.state.turns == 5)
    assert pir.rules.round_label(pir.state) == "round 3"  # turns 1–2 round 1, 3–4 round 2, 5 round 3
    ft = played_match("finis_terrae", 2, seed=4, until=lambda m: m.state.day == 2)
    assert ft.rules.round_label(ft.state) == "day 2"


def test_a_game_without_rounds_says_nothing(dicegame):
    m = new()
    assert m.rules.round_label(m.state) == ""


def test_a_resigned_seat_keeps_the_decisions_its_person_took():
    """Resigning hands the seat to a bot from the next move on; the moves before stay the
    person's in the save (human_until), so the Continue list counts them."""
    from tests.screens.helpers import played_match

    m = played_match("piratissimo", 2, seed=4, moves=12)
    anna = sum(1 for a in m.actors if a == 0)
    bruno = sum(1 for a in m.actors if a == 1)
    assert anna and bruno
    resigned_at = len(m.actions)
    m.resign(0)
    for _ in range(6):
        m.play(m.bot_job(level="random")())
    assert m.human_decisions() == anna + bruno + sum(1 for a in m.actors[resigned_at:] if a == 1)
    p = m.save(saves_dir() / "resigned.json")
    head = json.loads(p.read_text())
    assert head["seats"][0] == {"kind": "bot", "level": "medium", "name": "Anna", "human_until": resigned_at}
    assert head["human_decisions"] == m.human_decisions() > 0
    back = Match.load(p)
    assert back.seats[0].human_until == resigned_at and back.human_decisions() == m.human_decisions()


def test_a_save_from_before_human_until_still_loads_its_bot_seats_as_bots_throughout():
    from tests.screens.helpers import played_match

    m = played_match("piratissimo", 2, seed=4, moves=6, bots=(1,))
    p = m.save(saves_dir() / "old.json")
    head = json.loads(p.read_text())
    assert "human_until" not in json.dumps(head["seats"])  # a seat that kept its kind: as before
    head["seats"][0]["human_until"] = "soon"  # damaged: ignored, never a crash
    p.write_text(json.dumps(head))
    back = Match.load(p)
    assert back.seats[1].human_until is None and back.seats[0].human_until is None
    assert back.human_decisions() == sum(1 for a in back.actors if a == 0)


def test_a_save_edited_to_another_games_options_says_it_does_not_match_its_game():
    """A Finca save given Finis Terrae's option: not "unknown option ...; valid options: ...",
    but that the save does not match its game."""
    import pytest

    from tabletop_tui.match import SaveError
    from tests.screens.helpers import played_match

    p = played_match("finca", 2, seed=3, moves=4).save(saves_dir() / "finca.json")
    head = json.loads(p.read_text())
    head["options"] = {"combat_dice": 1}
    p.write_text(json.dumps(head))
    with pytest.raises(SaveError) as e:
        Match.load(p)
    assert "the save does not match its game: Finca has no option 'combat_dice'" in str(e.value)
    assert "its options are any_fruit" in str(e.value)
    head["options"] = {"any_fruit": "maybe"}
    p.write_text(json.dumps(head))
    with pytest.raises(SaveError, match="the save's options do not fit Finca: option any_fruit"):
        Match.load(p)
