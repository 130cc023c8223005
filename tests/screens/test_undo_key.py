"""`u` on the game screen never goes back past another seat's move: the reported Terra Mystica case
(round 4, after the bots' round-4 moves, `u` put the player back in round 3 before their pass)."""
from ..test_undo_barriers import tm_round_four_after_the_bots_moved
from .helpers import app_for
from tests.screens.helpers import notices


async def test_u_in_round_four_after_the_bots_moved_does_not_go_back_into_round_three(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = tm_round_four_after_the_bots_moved()
    n = len(m.actions)
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert len(m.actions) == n and m.state.round == 4 and m.pending.seat == 0
        assert any("never taken back" in str(note.message) for note in notices(app))
