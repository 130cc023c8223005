"""What the store tests share; run as a script it appends one move from another process:
`python helpers.py STORE EXPECTED NOTATION`, with the code on standard input (never in argv),
and prints the time of the commit."""
from __future__ import annotations

import sys
import time

from tabletop_tui.store.base import IllegalMove, Move, TableInfo


def in_turn(info: TableInfo, moves: list[Move], notation: str, seat: int) -> tuple[int, str]:
    """A stand-in for the rules: the seats decide in turn, and "bad" is never a move."""
    if notation == "bad":
        raise IllegalMove("That is not a move in this game.")
    return len(moves) % len(info.seats), notation


if __name__ == "__main__":
    from tabletop_tui.store.open import open_store

    url, expected, notation = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    code = sys.stdin.readline().strip()
    store = open_store(url, delay=0)
    store.append(code, expected, notation, in_turn)
    print(time.time(), flush=True)
