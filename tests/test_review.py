"""The review of a game (tabletop_tui/review.py, issue 46 item 2): each person's decisions rated
from their seat's view by a bot, the costliest listed first; `tabletop review SAVE [--json]`.

The planted blunders: a seeded all-medium game where one person's decision is replaced by a
blunder; every other decision of theirs is medium's own, so a medium review must list the
blunder — first, and nothing that equals the bot's choice."""
import json

from typer.testing import CliRunner

from tabletop_tui import review
from tabletop_tui.cli import app
from tabletop_tui.match import Match, Seat


def planted(game: str, players: int, seed: int, at: int, blunder, after: int = 30) -> Match:
    """Anna (seat 0, a person) and medium bots; medium's moves for everyone, but at move ``at``
    the action ``blunder(match)`` is played; then ``after`` more medium moves."""
    m = Match(game, [Seat("Anna")] + [Seat(f"Bot{i}", True, "medium") for i in range(1, players)], seed)
    while len(m.actions) < at:
        m.play(m.bot_job(level="medium")())
    m.play(blunder(m))
    for _ in range(after):
        if m.over:
            break
        m.play(m.bot_job(level="medium")())
    return m


def tm_pass_with_a_spade_on_the_round_tile(m: Match):
    """Terra Mystica rulebook: "Power actions are the six orange spaces on the board, each
    available once per round, ... costing three, four or six power from bowl three. They give
    ... one spade, or two spades." and "Passing is an action." Round 4 of seed 6 scores 2 VP a
    spade (SCORE1) and Anna has the power for the one-spade action: she passes instead."""
    s = m.state
    assert m.pending.seat == 0 and m.pending.kind == "main"
    assert s.scoring[s.round - 1] == "SCORE1"  # the round tile: 2 VP for each spade
    acts = m.legal_actions()
    assert any(a.kind == "action" and a.a == "ACT5" for a in acts)
    return next(a for a in acts if a.kind == "pass")


def test_a_pass_past_a_power_action_the_round_tile_pays_for_is_listed_first():
    m = planted("terra_mystica", 3, 6, 114, tm_pass_with_a_spade_on_the_round_tile)
    r = review.review(m, "medium")
    anna = next(p for p in r.players if p.seat == 0)
    assert [p.seat for p in r.players] == [0]  # only the person is reviewed
    top = anna.costliest[0]
    assert top.move == 115 and top.played.startswith("pass")
    assert top.best == "action ACT5" and top.by == "medium" and top.loss >= 2
    assert "round 4" in top.round
    # every other decision of hers was medium's own choice: none of them is listed
    assert len(anna.costliest) == 1 and anna.agreed == anna.decisions - 1


def finca_move_past_a_full_delivery(m: Match):
    """Finca rulebook: "On a player's turn, they must choose one of the following three
    options: 1. Move farmer 2. Deliver fruit 3. Use action tile". Anna can deliver (medium's
    choice) and moves a farmer instead."""
    acts = m.legal_actions()
    assert m.pending.seat == 0
    assert m.bot_job(level="medium")().__class__.__name__ == "Deliver"
    return next(a for a in acts if type(a).__name__ == "Move")


def test_a_farmer_moved_past_a_full_delivery_is_listed_first():
    m = planted("finca", 3, 3, 17, finca_move_past_a_full_delivery)
    r = review.review(m, "medium")
    anna = r.players[0]
    top = anna.costliest[0]
    assert top.move == 18 and top.played.startswith("move") and top.best == "deliver"
    assert top.loss >= 2 and "Deliver" in top.best_text
    assert len(anna.costliest) == 1 and anna.agreed == anna.decisions - 1


def test_a_decision_equal_to_the_bots_choice_is_never_listed():
    """Every seat played hard: a hard review with every seat lists nothing at all."""
    m = Match("piratissimo", [Seat(n, True, "hard") for n in ("A", "B", "C")], 4)
    for _ in range(45):
        m.play(m.bot_action())
    r = review.review(m, "hard", all_seats=True)
    assert sum(p.decisions for p in r.players) > 10
    for p in r.players:
        assert p.costliest == [] and p.agreed == p.decisions


def test_the_log_around_the_decision_and_the_estimate_are_given_as_the_bots():
    m = planted("finca", 3, 3, 17, finca_move_past_a_full_delivery)
    top = review.review(m, "medium").players[0].costliest[0]
    assert top.log == [x for x in m.log[17 - review.CONTEXT:17] if x]
    assert top.loss_text().endswith("VP (medium's estimate)")
    text = "\n".join(review.lines(review.review(m, "medium")))
    assert text.startswith("Review by the medium bot — its estimates, not certainties.")
    assert "1. move 18" in text and "played: " in text and "the bot: " in text


def test_nothing_of_another_seats_hidden_hand_appears_in_a_review():
    """Maracaibo hot seat: the review of Anna's decisions names no card Bruno held."""
    import re

    m = Match("maracaibo", [Seat("Anna"), Seat("Bruno", True, "medium")], 8)
    held: set[str] = set()
    for _ in range(120):
        held |= set(m.state.g["players"][1]["hand"])
        m.play(m.bot_job(level="medium")())
    r = review.review(m, "medium")
    words = json.dumps(r.to_json())
    for i in review.decisions(m):
        seen = set(re.findall(r"[AB]\d\d\.\d", json.dumps(m.rules.to_json(m.rules.view(m.states[i], 0)))))
        held -= seen  # a card Anna saw (the display, her hand) may be named
    assert held and not [c for c in held if c in words]


def test_the_review_is_kept_with_the_saves_and_opens_again_at_once(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = planted("finca", 3, 3, 17, finca_move_past_a_full_delivery, after=5)
    r = review.review(m, "medium")
    assert review.load_cached(m, "medium") is None
    review.save_cached(m, r)
    assert review.load_cached(m, "medium") == r
    m.play(m.bot_job(level="medium")())  # another game now (one more move): not the kept review
    assert review.load_cached(m, "medium") is None


def test_tabletop_review_save_json(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    m = planted("finca", 3, 3, 17, finca_move_past_a_full_delivery, after=5)
    path = m.save(tmp_path / "g.json")
    res = CliRunner().invoke(app, ["review", str(path), "--json", "--level", "medium", "--workers", "1"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["level"] == "medium" and d["players"][0]["name"] == "Anna"
    assert d["players"][0]["costliest"][0]["move"] == 18
    assert review.cache_path(m, "medium").exists()
    res = CliRunner().invoke(app, ["review", str(path), "--level", "medium"])
    assert res.exit_code == 0 and "Anna: " in res.output and "1. move 18" in res.output


def test_tabletop_review_says_what_is_wrong_in_plain_words(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path))
    res = CliRunner().invoke(app, ["review", str(tmp_path / "nothing.json")])
    assert res.exit_code != 0 and "cannot be read" in res.output and "Traceback" not in res.output
    m = Match("piratissimo", [Seat("A", True), Seat("B", True)], 1)
    path = m.save(tmp_path / "bots.json")
    res = CliRunner().invoke(app, ["review", str(path)])
    assert res.exit_code != 0 and "--all-seats" in res.output
    res = CliRunner().invoke(app, ["review", str(path), "--level", "genius"])
    assert res.exit_code != 0 and "levels: random, easy, medium, hard" in res.output


def test_where_the_points_came_from_round_by_round_adds_up_to_each_score():
    """Issue 46 item 3: every player's points by source over the rounds, from the ledger: each
    player's rows add up to their final score, each source's row to the ledger's total for it."""
    m = planted("terra_mystica", 3, 6, 114, tm_pass_with_a_spade_on_the_round_tile, after=10_000)
    assert m.over
    columns, by_seat = review.points_by_round(m)
    assert columns == ["setup", "R1", "R2", "R3", "R4", "R5", "R6"]
    for seat, rows in by_seat.items():
        assert sum(sum(v) for v in rows.values()) == m.result().scores[seat]
        assert {k: sum(v) for k, v in rows.items() if sum(v)} == m.points_by_source(seat, grouped=True)
    # Anna's pass in round 4 paid its pass bonus there (the ledger's "pass bonus", in the R4 column)
    assert by_seat[0]["pass bonus"][columns.index("R4")] > 0


def test_many_rounds_are_put_together_in_spans():
    m = planted("finca", 3, 3, 17, finca_move_past_a_full_delivery, after=10_000)
    columns, by_seat = review.points_by_round(m)
    assert len(columns) <= 1 + review.ROUND_COLUMNS and columns[1].startswith("R1–")
    for seat, rows in by_seat.items():
        assert sum(sum(v) for v in rows.values()) == m.result().scores[seat]
