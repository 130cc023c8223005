"""The log reads as sentences a table would say, never "you", never raw notation; each round's end
and start are announced once (what they bring is in the ledger's numbers under the entry)."""
import re

from tabletop_tui.match import Match, Seat


def played(rounds_to=3, seed=3):
    m = Match("terra_mystica", [Seat("Anna", True), Seat("Bruno", True), Seat("Chiara", True)], seed)
    while not m.over and m.state.round < rounds_to:
        m.play(m.bot_job(level="random")())
    return m


def test_log_lines_are_sentences_with_names_never_you():
    m = played(2)
    for line in m.log:
        first = line.splitlines()[0].split(" — ")[0]
        assert first[0].isupper() and first.endswith(".") or " — " in line.splitlines()[0], first
        assert ": " not in first.split(".")[0], first
        assert " you " not in f" {line.lower()} " and " your " not in f" {line.lower()} ", line


def test_log_lines_say_no_raw_notation():
    """"action ACTW", "+AIR", "bridge D6:E9" are the notation, not sentences."""
    for seed in (3, 4):
        m = played(4, seed)
        for line in m.log:
            assert not re.search(r"\baction (ACT|BON|FAV|ACT)\w*|\+(FIRE|WATER|EARTH|AIR)\b|bridge \w+:\w+", line), line


def test_each_round_begins_once_in_the_log():
    m = played(3)
    assert sum("Round 3 begins: everyone takes their income." in line for line in m.log) == 1
    assert sum("Round 2 ends." in line for line in m.log) == 1
