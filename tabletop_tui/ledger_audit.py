"""The ledger as a property (issue 32): over seeded games played through :meth:`Match.play`, for
every action, every entry and every seat,

* the change of each counter equals the sum of the changes the rules told for it
  (:meth:`Rules.reasons`; a change left untold, or told but not made, breaks it),
* no change has an empty reason,
* no entry mixes an automatic step's changes with a decision's: a decision's entry carries no
  reason of ``Rules.automatic_reasons`` (an automatic step's entry holds what was noted after its
  marker, by construction: a reason such as "wreck" may come from a decision or the weather),
* every counter is public: the acting seat's view shows every seat's counters as they are,
* a change is told where it lands (issue 45): after every action's entries, each counter's
  running total in the ledger (the start plus every change told so far, :meth:`Match.running`)
  is the state; a reward resolved after a later choice is on that choice's entry, never written
  back onto an earlier one,
* no entry's text changes after it was first shown: at the end of the game every log line and
  every entry reads as it did when its action was played.

Within one action the automatic steps' entries come from the same ``apply``: their changes add
up, with the decision's, to the action's change of every counter; each change is on one entry.

:func:`audit_game` names the first failing entry (game, seed, move, line); :func:`measure`
counts the issue's table (changes with no reason, entries that mix). Pure apart from the bots'
seeded choices; used by ``tests/test_ledger_property.py`` and ``make fuzz``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.core import Entry, Rng


@dataclass
class Failure:
    """The first entry that breaks the property, named so that it can be replayed."""

    game: str
    seed: int
    players: int
    move: int  # 1-based number of the action
    line: str  # the entry's text (its first line)
    problem: str

    def __str__(self) -> str:
        return (f"{self.game} ({self.players} players) seed {self.seed}, move {self.move}: "
                f"{self.problem} — entry {self.line!r}")


def group(source: str) -> str:
    """A reason's group: what comes before a colon ("round tile: 2 per dwelling" → "round tile")."""
    return source.split(":")[0].strip()


def is_automatic(rules: Any, source: str) -> bool:
    return group(source) in tuple(getattr(rules, "automatic_reasons", ()))


def all_counters(rules: Any, s: Any, players: int) -> list[dict]:
    return [rules.counters(s, seat) for seat in range(players)]


def entry_problems(rules: Any, before: Any, action: Any, after: Any, entries: list[Entry],
                   names: list[str], counted: tuple[list[dict], list[dict]] | None = None
                   ) -> list[tuple[Entry | None, str]]:
    """What breaks the property in one action: (the entry, or None for the whole action, the
    problem in words). Empty when all is well. ``counted``: every seat's counters before and
    after, when the caller has them already (a game's states are counted once each)."""
    out: list[tuple[Entry | None, str]] = []
    told = [c for c in rules.reasons(before, action, after) if c.amount]
    olds, news = counted or (all_counters(rules, before, len(names)), all_counters(rules, after, len(names)))
    for seat in range(len(names)):
        old, new = olds[seat], news[seat]
        for key in dict.fromkeys(list(old) + list(new)):
            diff = new.get(key, 0) - old.get(key, 0)
            said = sum(c.amount for c in told if c.seat == seat and c.what == key)
            if diff != said:
                out.append((None, f"{names[seat]}'s {key} changed by {diff:+d} but the told changes "
                                  f"add up to {said:+d}"))
        for c in told:
            if c.seat == seat and c.what not in new and c.what not in old:
                out.append((None, f"a change of {names[seat]}'s {c.what!r}, which is no counter"))
    for e in entries:
        for c in e.changes:
            who = names[c.seat] if 0 <= c.seat < len(names) else f"seat {c.seat}"
            if not c.source:
                out.append((e, f"{who}'s {c.amount:+d} {c.what} has no reason"))
            elif e.actor is not None and is_automatic(rules, c.source):
                out.append((e, f"a decision's entry carries {who}'s {c.amount_text()}, an automatic "
                               "step's change"))
    d = rules.pending(before)
    if d is not None:
        view = rules.view(after, d.seat)
        for seat in range(len(names)):
            if rules.counters(view, seat) != news[seat]:
                out.append((None, f"{names[seat]}'s counters are not all public ({names[d.seat]}'s "
                                  "view shows them otherwise)"))
    return out


def seeded_match(game_id: str, seed: int, players: int, options: dict | None = None) -> Match:
    return Match(game_id, [Seat(f"P{i + 1}", True, "random") for i in range(players)], seed, options)


def _choose(m: Match, rng: Rng, level: str) -> Any:
    if level == "random":
        return rng.choice(m.legal_actions())
    return m.bot_action()


def audit_game(game_id: str, seed: int, players: int, *, level: str = "random",
               options: dict | None = None, max_moves: int | None = None) -> Failure | None:
    """Play one seeded game (random choices, or the seats' bots at ``level``) and check every
    entry; the first failing one, or None."""
    m = seeded_match(game_id, seed, players, options)
    if level != "random":
        for s in m.seats:
            s.level = level
    rng = Rng(seed * 31 + players)
    bound = max_moves or m.rules.max_actions
    counted = all_counters(m.rules, m.state, players)
    history = [counted]  # every seat's counters after each action (the state)
    shown: list[tuple[str, list[str]]] = []  # each action's log line and entries as first shown
    while not m.over and len(m.actions) < bound:
        action = _choose(m, rng, level)
        before = m.state
        line = m.play(action)
        shown.append((line, [e.text(m.names) for e in m.entries[-1]]))
        now = all_counters(m.rules, m.state, players)
        history.append(now)
        for e, problem in entry_problems(m.rules, before, action, m.state, m.entries[-1], m.names,
                                         (counted, now)):
            line = (e.text(m.names) if e else m.log[-1]).split("\n")[0]
            return Failure(game_id, seed, players, len(m.actions), line, problem)
        counted = now
    failure = running_failure(m, history) or rewritten_failure(m, shown)
    if failure is not None:
        move, line, problem = failure
        return Failure(game_id, seed, players, move, line, problem)
    problem = total_problem(m)
    if problem:
        return Failure(game_id, seed, players, len(m.actions), "(the whole game)", problem)
    return None


def running_failure(m: Match, history: list[list[dict]]) -> tuple[int, str, str] | None:
    """The first action after whose entries a counter's running total in the ledger (the start
    plus every change told so far, as the ledger table and a round's summary read it) is not the
    state (``history[i]``: every seat's counters after ``i`` actions): (move, entry, problem)."""
    keys = {seat: list(dict.fromkeys(k for counts in history for k in counts[seat])) for seat in range(len(m.names))}
    rows = m.running(keys)
    for k, (move, e, vals) in enumerate(rows):
        if k + 1 < len(rows) and rows[k + 1][0] == move:
            continue  # within an action: only its last entry has a state to compare with
        state = history[move]
        for (seat, key), v in vals.items():
            if v != state[seat].get(key, 0):
                return (move, e.text(m.names).split("\n")[0],
                        f"the ledger's running {key} of {m.names[seat]} is {v} after this entry, "
                        f"the game's is {state[seat].get(key, 0)}")
    return None


def rewritten_failure(m: Match, shown: list[tuple[str, list[str]]]) -> tuple[int, str, str] | None:
    """The first action whose log line or entries read otherwise now than when it was played (an
    earlier entry rewritten by a later action): (move, entry as shown then, problem)."""
    for i, (line, texts) in enumerate(shown):
        if m.log[i] != line or [e.text(m.names) for e in m.entries[i]] != texts:
            return (i + 1, line.split("\n")[0], f"its entry was rewritten later: now {m.log[i]!r}")
    return None


def total_problem(m: Match) -> str:
    """Over the whole game, every seat's told changes add up to each counter's change; "" if so."""
    for seat, name in enumerate(m.names):
        old, new = m.rules.counters(m.states[0], seat), m.rules.counters(m.state, seat)
        told: dict[str, int] = {}
        for changes in m.ledger:
            for c in changes:
                if c.seat == seat:
                    told[c.what] = told.get(c.what, 0) + c.amount
        for key in dict.fromkeys(list(old) + list(new) + list(told)):
            if told.get(key, 0) != new.get(key, 0) - old.get(key, 0):
                return (f"{name}'s {key} changed by {new.get(key, 0) - old.get(key, 0):+d} over the game but "
                        f"the log's entries tell {told.get(key, 0):+d}")
    return ""


@dataclass
class Measure:
    """The issue's table for one title: changes of public counters, those with no reason (by
    counter), and the entries that mix an automatic step with a decision."""

    changes: int = 0
    reasonless: int = 0
    by_counter: dict[str, list[int]] = field(default_factory=dict)  # key → [no reason, all]
    mixing: int = 0

    def row(self) -> str:
        worst = sorted(((k, v) for k, v in self.by_counter.items() if v[0]), key=lambda kv: -kv[1][0])
        detail = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in worst[:4])
        return (f"{self.reasonless} of {self.changes}" + (f" ({detail})" if detail else "")
                + f" | {self.mixing}")


def measure(game_id: str, seeds: range, players: int, options: dict | None = None) -> Measure:
    """Count, over seeded random games, the changes with no reason and the entries that mix."""
    out = Measure()
    for seed in seeds:
        m = seeded_match(game_id, seed, players, options)
        rng = Rng(seed * 31 + players)
        while not m.over and len(m.actions) < m.rules.max_actions:
            m.play(rng.choice(m.legal_actions()))
        for _, e in m.rows():
            mixed = False
            for c in e.changes:
                out.changes += 1
                tally = out.by_counter.setdefault(c.what, [0, 0])
                tally[1] += 1
                if not c.source:
                    out.reasonless += 1
                    tally[0] += 1
                elif e.actor is not None and is_automatic(m.rules, c.source):
                    mixed = True
            out.mixing += mixed
    return out
