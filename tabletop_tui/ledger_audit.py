"""The ledger as a property (issue 32): over seeded games played through :meth:`Match.play`, for
every action, every entry and every seat,

* the change of each counter equals the sum of the changes the rules told for it
  (:meth:`Rules.reasons`; a change left untold, or told but not made, breaks it),
* no change has an empty reason,
* no entry mixes an automatic step's changes with a decision's: a decision's entry carries no
  reason of ``Rules.automatic_reasons`` (an automatic step's entry holds what was noted after its
  marker, by construction: a reason such as "wreck" may come from a decision or the weather),
* every counter is public: the acting seat's view shows every seat's counters as they are,
* a reward that follows a decision is on that decision's entry: a change the rules resolved only
  after a choice inside an earlier decision (``Change.follows``: a quest's +1 $ after its "draw
  1" was answered) is booked by the Match on that decision's entry, never on the choice's; over
  the whole game the told changes add up to every counter's change.

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
    while not m.over and len(m.actions) < bound:
        action = _choose(m, rng, level)
        before = m.state
        m.play(action)
        now = all_counters(m.rules, m.state, players)
        for e, problem in entry_problems(m.rules, before, action, m.state, m.entries[-1], m.names,
                                         (counted, now)):
            line = (e.text(m.names) if e else m.log[-1]).split("\n")[0]
            return Failure(game_id, seed, players, len(m.actions), line, problem)
        counted = now
        problem = rebooking_problem(m) if m.untouched[-1] is not None else ""
        if problem:
            return Failure(game_id, seed, players, len(m.actions), m.log[-1].split("\n")[0], problem)
    problem = total_problem(m)
    if problem:
        return Failure(game_id, seed, players, len(m.actions), "(the whole game)", problem)
    return None


def rebooking_problem(m: Match) -> str:
    """The last action's changes that follow an earlier decision: each booked on that decision's
    entry (a decision of the same seat), none left on the last action's; "" when all is well."""
    k = len(m.actions) - 1
    follows = [c for c in m.rules.reasons(m.states[k], None, m.state) if c.follows and (c.amount or c.source)]
    for c in follows:
        j = m.parent(c, k)
        who = m.names[c.seat]
        if j is None:
            return f"{who}'s {c.amount_text()} follows an earlier decision but is told on this choice's entry"
        if m.actors[j] != c.seat or not any(x.seat == c.seat and x.what == c.what and x.source == c.source
                                            for x in m.entries[j][0].changes):
            return f"{who}'s {c.amount_text()} is not on the entry of the decision it follows (move {j + 1})"
    return ""


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
