"""A review of a finished (or unfinished) game: where each person's points went (issue 46 item 2).

For every person's seat, each of their decisions is replayed from that seat's VIEW (what they
could see then, nothing more) and rated by a bot (:mod:`tabletop_tui.bots.rating`, hard by
default): the bot's value of what was played against its value of its own choice. The costliest
decisions per player are listed, each with the position (the log lines before it, the round),
what was played, what the bot would have played, and the estimated difference — the bot's
estimate, in its unit, with its level: never a certainty.

A decision equal to the bot's choice is never listed; nor is one the bot did not value (an
answer outside the few a search plays out is rated by medium's full ranking instead, where
medium values in the same unit; else it is counted as unrated and said so).

Pure apart from :func:`cache_path` / :func:`load_cached` / :func:`save_cached` (a review is
kept beside the saves, keyed by the game's seed, actions and level, so it opens again at once).
"""
from __future__ import annotations

import hashlib
import json
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from tabletop_tui.bots import rating

#: decisions listed per player
TOP = 5
#: log lines of the position shown before a decision
CONTEXT = 4
#: a loss below this (in VP, or in win chance) is no mistake worth naming
THRESHOLD = {rating.VP: 0.5, rating.CHANCE: 0.02}
#: the format of a kept review: a review of another version is made again
FORMAT = 1


@dataclass
class Mistake:
    """One rated decision whose play the bot estimates cost something."""

    move: int  # 1-based number of the action in the game
    seat: int
    round: str  # where the game stood ("round 3 of 6"; "" where the game has no rounds)
    played: str  # the notation played
    played_text: str  # it, described
    best: str  # the bot's choice, its notation
    best_text: str
    loss: float  # the bot's estimate of what the play cost (>= THRESHOLD), in ``unit``
    unit: str
    by: str  # whose estimate ("hard", or "medium" where hard did not value the play)
    log: list[str] = field(default_factory=list)  # the log's lines before the decision
    best_why: str = ""  # the bot's choice's line of why

    def loss_text(self) -> str:
        if self.unit == rating.CHANCE:
            return f"≈ {round(100 * self.loss)} points of win chance ({self.by}'s estimate)"
        return f"≈ {self.loss:.1f} VP ({self.by}'s estimate)"


@dataclass
class PlayerReview:
    seat: int
    name: str
    decisions: int = 0  # rated decisions with more than one choice
    agreed: int = 0  # of them, the bot's own choice
    unrated: int = 0  # decisions the bot did not value
    costliest: list[Mistake] = field(default_factory=list)


@dataclass
class Review:
    game: str
    level: str
    key: str  # which game (seed, actions) this review is of
    players: list[PlayerReview]
    format: int = FORMAT

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Review":
        players = [PlayerReview(**{**p, "costliest": [Mistake(**x) for x in p["costliest"]]}) for p in d["players"]]
        return cls(d["game"], d["level"], d["key"], players, d.get("format", 0))


class Cancelled(Exception):
    """The review was stopped before it was done."""


def game_key(match: Any) -> str:
    """Which game a review is of: its title, seats, seed, options and every action."""
    blob = json.dumps([match.game.id, match.names, match.seed, match.options, match.actions], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def has_people(match: Any) -> bool:
    """Whether any seat of ``match`` was a person's (for some moves at least): else a review has
    nobody to look at."""
    return any(not s.bot or s.human_until for s in match.seats)


def decisions(match: Any, all_seats: bool = False) -> list[int]:
    """The indices of the actions to rate: people's decisions (every seat's with ``all_seats``),
    not the forced ones, with more than one legal choice."""
    out = []
    for i, seat in enumerate(match.actors):
        if match.forced[i] or not (all_seats or match.seats[seat].by_person(i)):
            continue
        if len(match.rules.legal_actions(match.states[i])) > 1:
            out.append(i)
    return out


def rate_one(rules: Any, view: Any, seat: int, played: str, level: str, seed: int) -> dict:
    """One decision, rated: the bot's choice and values (a worker process runs this: pure)."""
    by, unit, out = rating.ranking(rules, view, seat, level, seed)
    note = rules.notation
    pick = out[0][0]
    values = {note(a): v for a, v, _p in out}
    best_v, played_v = values.get(note(pick)), values.get(played)
    if note(pick) != played and (best_v is None or played_v is None) and by != "medium" and unit == rating.VP:
        # hard did not value the play (outside the few it plays out): medium's full ranking
        by2, unit2, out2 = rating.ranking(rules, view, seat, "medium", seed)
        v2 = {note(a): v for a, v, _p in out2}
        if unit2 == unit and v2.get(played) is not None and v2.get(note(out2[0][0])) is not None:
            by, pick, best_v, played_v = "medium", out2[0][0], v2[note(out2[0][0])], v2[played]
    why = ""
    if note(pick) != played:
        now, luck = rating.now_of(rules, view, seat, pick)
        why = rating.why_text(rating.Rated(pick, best_v, now, (), luck))
    return {"pick": note(pick), "pick_text": rules.describe(view, pick), "by": by, "unit": unit,
            "best": best_v, "played": played_v, "why": why}


def review(match: Any, level: str = "hard", top: int = TOP, all_seats: bool = False,
           progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] | None = None,
           pool: Executor | None = None) -> Review:
    """Rate every person's decision of ``match`` (see the module's docstring). ``progress(done,
    total)`` is called as decisions are rated; ``cancelled()`` true stops it (:class:`Cancelled`);
    ``pool`` (an executor) rates decisions in parallel."""
    rules = match.rules
    todo = decisions(match, all_seats)
    jobs = []
    for i in todo:
        seat = match.actors[i]
        jobs.append((rules, rules.view(match.states[i], seat), seat, match.actions[i], level,
                     match.seed * 1_000_003 + i))  # the seed a bot at this move would have had
    results: list[dict | None] = [None] * len(jobs)
    total = len(jobs)
    if progress:
        progress(0, total)
    if pool is None:
        for k, job in enumerate(jobs):
            if cancelled is not None and cancelled():
                raise Cancelled()
            results[k] = rate_one(*job)
            if progress:
                progress(k + 1, total)
    else:
        futures = [pool.submit(rate_one, *job) for job in jobs]
        for k, f in enumerate(futures):
            while True:
                if cancelled is not None and cancelled():
                    for g in futures:
                        g.cancel()
                    raise Cancelled()
                try:
                    results[k] = f.result(timeout=0.1)
                    break
                except TimeoutError:
                    continue
            if progress:
                progress(k + 1, total)
    return assemble(match, level, todo, results, top, all_seats)


def assemble(match: Any, level: str, todo: list[int], results: list, top: int, all_seats: bool) -> Review:
    rules = match.rules
    names = match.names
    players = {s: PlayerReview(s, names[s]) for s in range(len(names))
               if all_seats or not match.seats[s].bot or match.seats[s].human_until}
    for i, res in zip(todo, results):
        seat = match.actors[i]
        p = players.setdefault(seat, PlayerReview(seat, names[seat]))
        p.decisions += 1
        played = match.actions[i]
        if res["pick"] == played:
            p.agreed += 1
            continue
        if res["best"] is None or res["played"] is None:
            p.unrated += 1
            continue
        loss = res["best"] - res["played"]
        if loss < THRESHOLD.get(res["unit"], 0.5):
            continue
        state = match.states[i]
        view = rules.view(state, seat)
        first = max(0, i - CONTEXT)
        log = [line for line in match.log[first:i] if line]
        p.costliest.append(Mistake(
            move=i + 1, seat=seat, round=rules.round_label(state), played=played,
            played_text=_described(rules, view, played), best=res["pick"],
            best_text=res["pick_text"], loss=round(loss, 3), unit=res["unit"], by=res["by"], log=log,
            best_why=res["why"]))
    for p in players.values():
        p.costliest.sort(key=lambda x: (-x.loss, x.move))
        p.costliest = p.costliest[:top]
    return Review(match.game.id, level, game_key(match), [players[s] for s in sorted(players)])


def _described(rules: Any, view: Any, notation: str) -> str:
    try:
        return rules.describe(view, rules.parse(view, notation))
    except Exception:  # (a notation the view cannot read back: said as notation)
        return notation


# -- where the points came from (issue 46 item 3) ----------------------------------------------
#: round columns at most; more rounds are put together in spans ("1–5")
ROUND_COLUMNS = 6


def _round_no(label: str) -> int:
    """The round a round label names ("round 3 of 6" → 3); 0 where it names none (setting up)."""
    import re

    m = re.search(r"round (\d+)", label)
    return int(m.group(1)) if m else 0


def points_by_round(match: Any) -> tuple[list[str], dict[int, dict[str, list[int]]]]:
    """Every seat's points by source (the ledger's reasons, grouped as the game-over table groups
    them) over the rounds: (the columns' names, {seat: {source: [points in each column]}}).
    A column is a round of the game (as the rules name it where an action was taken), "setup"
    for what came before round 1, or a span of rounds where there are more than
    ``ROUND_COLUMNS``; each seat's rows add up to its points (with "start", what it began with)."""
    rules = match.rules
    key = rules.points_key
    rounds = [_round_no(rules.round_label(match.states[i])) for i in range(len(match.ledger))]
    n = len(match.names)
    starts = {s: rules.counters(match.states[0], s).get(key, 0) for s in range(n)}
    seen = sorted({r for r, changes in zip(rounds, match.ledger) if any(c.what == key for c in changes)}
                  | ({0} if any(starts.values()) else set()))
    played = list(range(1, max(seen) + 1)) if any(seen) else []  # (rounds without points too)
    if len(played) > ROUND_COLUMNS:  # spans of about equal length, in order
        size = -(-len(played) // ROUND_COLUMNS)
        spans = [played[k:k + size] for k in range(0, len(played), size)]
    else:
        spans = [[r] for r in played]
    columns = (["setup"] if 0 in seen else []) + [
        (f"R{sp[0]}" if len(sp) == 1 else f"R{sp[0]}–{sp[-1]}") for sp in spans]
    col_of = {r: (1 if 0 in seen else 0) + k for k, sp in enumerate(spans) for r in sp}
    col_of[0] = 0
    out: dict[int, dict[str, list[int]]] = {s: {} for s in range(n)}
    for s, v in starts.items():
        if v:
            out[s]["start"] = [v] + [0] * (len(columns) - 1)
    for r, changes in zip(rounds, match.ledger):
        for c in changes:
            if c.what != key or not c.amount:
                continue
            src = c.source.split(":")[0].strip() or "the actions themselves"
            row = out[c.seat].setdefault(src, [0] * len(columns))
            row[col_of.get(r, 0)] += c.amount
    for s in out:  # largest first, as the game-over table
        out[s] = dict(sorted(out[s].items(), key=lambda kv: -sum(kv[1])))
    return columns, out


# -- words ------------------------------------------------------------------------------------
def lines(r: Review) -> list[str]:
    """The review in plain text (``tabletop review``)."""
    out = [f"Review by the {r.level} bot — its estimates, not certainties."]
    for p in r.players:
        out.append("")
        out.append(f"{p.name}: {p.decisions} decisions rated, {p.agreed} as the bot would have played"
                   + (f", {p.unrated} it did not value" if p.unrated else ""))
        if not p.costliest:
            out.append("  no decision the bot reckons cost anything worth naming")
        for k, x in enumerate(p.costliest, 1):
            where = f"move {x.move}" + (f", {x.round}" if x.round else "")
            out.append(f"  {k}. {where}: cost {x.loss_text()}")
            out.append(f"     played: {x.played_text}")
            out.append(f"     the bot: {x.best_text}" + (f" — {x.best_why}" if x.best_why else ""))
    return out


# -- kept with the saves ----------------------------------------------------------------------
def cache_path(match: Any, level: str) -> Path:
    from tabletop_tui.match import data_dir

    return data_dir() / "reviews" / f"{match.game.id}-{game_key(match)}-{level}.json"


def load_cached(match: Any, level: str) -> Review | None:
    """The review kept for this game and level, or None (none, another format, unreadable)."""
    path = cache_path(match, level)
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
        r = Review.from_json(d)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return r if r.format == FORMAT and r.key == game_key(match) else None


def save_cached(match: Any, r: Review) -> Path | None:
    """Keep ``r`` beside the saves; None if it could not be written (a review is no loss)."""
    from tabletop_tui.match import atomic_write

    path = cache_path(match, r.level)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(r.to_json()))
    except OSError:
        return None
    return path


# -- headless: `tabletop review SAVE [--json]` --------------------------------------------------
class ReviewError(Exception):
    """A file that cannot be reviewed; the message says why, for a player."""


def headless(match: Any, level: str = "hard", all_seats: bool = False, as_json: bool = False,
             workers: int = 2, progress: Callable[[int, int], None] | None = None) -> str:
    """The review of ``match`` (a save or a recording, loaded) as text (or JSON), kept beside
    the saves: a review already made for the same game and level is read, not made again."""
    from tabletop_tui.bots import check_level

    try:
        check_level(level)
    except ValueError as e:
        raise ReviewError(str(e)) from None
    if level == "random":
        raise ReviewError("the random bot values nothing: review with easy, medium or hard")
    if not all_seats and not has_people(match):
        raise ReviewError("every seat of this game is a bot's: add --all-seats to review the bots' play")
    r = None if all_seats else load_cached(match, level)
    if r is None:
        pool = pool_of(workers)
        try:
            r = review(match, level, all_seats=all_seats, progress=progress, pool=pool)
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        if not all_seats:
            save_cached(match, r)
    return json.dumps(r.to_json(), indent=1) if as_json else "\n".join(lines(r))


def pool_of(workers: int) -> Executor | None:
    """``workers`` processes to rate decisions in (None: here, one at a time). Started afresh
    ("spawn"), not forked: the app that asks has threads of its own."""
    if workers <= 1:
        return None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    try:
        return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    except (OSError, NotImplementedError, ValueError):  # no processes here (a sandbox)
        return None
