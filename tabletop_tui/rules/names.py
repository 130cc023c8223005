"""Players' names, and any text from outside shown as text (issue 44, item 6).

One check for a name, on every path that makes a seat: `--names` (cli.py, `table new`), the
set-up screen, a save opened or imported (Match), a table made in the store. A name is printable
(no control or escape character: "Ben\\x1b]2;PWNED\\x07" set the host's terminal title), at most
:data:`NAME_MAX` characters (a 200,000-character name filled every screen), and unique at its table
whatever its case (`table code T Ann` silently picked the first of two Anns).

And one way to show a text that came from a save or the store (a name, a move's notation, a
note): :func:`plain` escapes every character that is not printable, as Python writes it in a
string (``\\x1b``, ``\\n``, ``\\u202e``), so that what reaches a terminal is the text, never a
command to it. Pure (no I/O, nothing imported): it sits with the rules, under every floor that
shows a name.
"""
from __future__ import annotations

from typing import Sequence

# The longest player name, in the set-up screen and on the command line alike: names appear in
# panels, tables and the log, which are laid out for it.
NAME_MAX = 16


def plain(text: str) -> str:
    """``text`` with every character that is not printable escaped (a space is printable; a
    newline, a tab, ESC, BEL, a bidirectional override are not): shown as text, never obeyed."""
    text = text if isinstance(text, str) else str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shown(text: str, limit: int = 40) -> str:
    """``text`` made plain and cut to ``limit`` characters (the last one "…" when cut)."""
    flat = plain(text)
    return flat if len(flat) <= limit else flat[:max(0, limit - 1)] + "…"


def quoted(name: str) -> str:
    """A name as a message quotes it: plain, cut, in quotes."""
    return f"'{shown(name, NAME_MAX + 8)}'"


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a player's name, as the end of a sentence about it ("is
    longer than 16 characters"), or None when it is a name."""
    if not isinstance(name, str) or not name.strip():
        return "is empty"
    if not name.isprintable():
        return "holds a control character"
    if len(name) > NAME_MAX:
        return f"is longer than {NAME_MAX} characters"
    return None


def names_problem(names: Sequence[str], what: str = "seat") -> str | None:
    """The first thing wrong with a table's names, in one line (None: none): each a name (see
    :func:`name_problem`), no two alike whatever their case. ``what`` names a seat in the line
    ("seat 2's name 'Ben\\x1b' holds a control character")."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            return f"{what} {i + 1}'s name {quoted(name)} {problem}"
        key = name.strip().casefold()
        if key in seen:
            return f"{what}s {seen[key] + 1} and {i + 1} are both named {quoted(name)}: every player needs a different name"
        seen[key] = i
    return None


def readable(names: Sequence[str]) -> list[str]:
    """Names read from a store (written there by hand, or by an older version) made fit to show:
    each that is not a name made plain and cut, and a name repeated given its seat's number. The
    store itself is not changed."""
    out: list[str] = []
    for i, name in enumerate(names):
        fit = name if name_problem(name) is None else (shown(name, NAME_MAX) if str(name).strip() else "")
        taken = {n.casefold() for n in out}
        if not fit or fit.casefold() in taken:
            fit = f"Seat {i + 1}"
            while fit.casefold() in taken:
                fit += "'"
        out.append(fit)
    return out


__all__ = ["NAME_MAX", "plain", "shown", "quoted", "name_problem", "names_problem", "readable"]
