"""A hard bot thinks in a process of its own (bots/thinker.py): the same move as in the thread,
stopped when cancelled, and never a lost move when the process cannot run."""
from __future__ import annotations

import subprocess

import pytest

from tabletop_tui.bots.thinker import Cancelled, Thinker
from tabletop_tui.match import Match, Seat, bot_action_for


def hard_request(seed: int = 3) -> tuple:
    """A Finis Terrae position a dozen moves in, its hard bot's request (under a second)."""
    m = Match("finis_terrae", [Seat("Anna", True), Seat("Bruno", True)], seed)
    for _ in range(12):
        m.play(m.bot_job("random")())
    req = list(m.bot_request())
    req[3] = "hard"
    return tuple(req)


@pytest.fixture
def thinker():
    t = Thinker()
    yield t
    t.close()


def test_the_process_chooses_the_move_the_thread_would(thinker):
    for seed in (3, 4):
        req = hard_request(seed)
        assert thinker.think(req) == bot_action_for(*req)
    assert thinker.started == 1  # one process, kept between moves


def test_cancelling_stops_the_process_and_the_next_move_starts_another(thinker):
    req = hard_request()
    with pytest.raises(Cancelled):
        thinker.think(req, cancelled=lambda: True)
    assert thinker._proc is None
    assert thinker.think(req) == bot_action_for(*req)
    assert thinker.started == 2


def test_a_process_that_dies_costs_no_move(thinker):
    req = hard_request()
    thinker.think(req)
    thinker._proc.kill()
    thinker._proc.wait(5)
    assert thinker.think(req) == bot_action_for(*req)  # a new process, or the thread


def test_without_processes_the_bot_thinks_in_the_thread(thinker, monkeypatch):
    def no_processes(*a, **k):
        raise OSError("no processes in this sandbox")

    monkeypatch.setattr(subprocess, "Popen", no_processes)
    req = hard_request()
    assert thinker.think(req) == bot_action_for(*req)
    assert thinker.broken and thinker.started == 0


def test_a_closed_thinker_thinks_no_more(thinker):
    thinker.close()
    with pytest.raises(Cancelled):
        thinker.think(hard_request())


def test_only_the_searching_level_goes_to_the_process(thinker):
    m = Match("finis_terrae", [Seat("Anna", True), Seat("Bruno", True)], 3)
    m.play(m.bot_job("random")())
    assert m.bot_job("medium", thinker)() == m.bot_job("medium")()
    assert thinker.started == 0
    assert m.bot_job("hard", thinker)() == m.bot_job("hard")()
    assert thinker.started == 1


async def test_on_the_game_screen_a_hard_bot_moves_from_its_process():
    from tests.screens.helpers import app_for

    m = Match("finis_terrae", [Seat("Anna", True, "hard"), Seat("Bruno", True, "hard")], 3)
    for _ in range(12):
        m.play(m.bot_job("random")())
    want = m.bot_job()()  # the hard bot's choice, thought in this thread
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            await pilot.pause(0.02)
            if len(m.actions) > 12:
                break
        assert m.actions[12] == m.rules.notation(want)
        assert app.thinker.started == 1
    assert app.thinker.closed and app.thinker._proc is None  # the app's end stops the process


def test_a_request_that_cannot_be_sent_is_thought_in_the_thread(thinker):
    rules, view, seat, level, seed = hard_request()

    class LocalRules(type(rules)):  # a class defined in a function cannot be pickled
        pass

    req = (LocalRules(), view, seat, level, seed)
    assert thinker.think(req) == bot_action_for(*req)
    assert thinker.started == 0
