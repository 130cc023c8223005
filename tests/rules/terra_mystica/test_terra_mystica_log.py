"""The log reads as sentences and tells what each round brings: the scoring tile's cult bonus at
the end of a round and everybody's income at the start of the next."""
from tabletop_tui.match import Match, Seat
from tabletop_tui.rules.terra_mystica.power import income


def played(rounds_to=3, seed=3):
    m = Match("terra_mystica", [Seat("Anna", True), Seat("Bruno", True), Seat("Chiara", True)], seed)
    while not m.over and m.state.round < rounds_to:
        m.play(m.bot_job(level="random")())
    return m


def test_log_lines_are_sentences_with_names_never_you():
    m = played(2)
    for line in m.log:
        first = line.splitlines()[0]
        assert first[0].isupper() and first.endswith(".") and ": " not in first.split(".")[0], first
        assert " you " not in f" {line.lower()} "


def test_each_round_starts_with_everybodys_income_in_the_log():
    m = played(3)
    starts = [line for line in m.log if "Round 3 begins. Income:" in line]
    assert len(starts) == 1
    text = starts[0].split("Round 3 begins. Income: ")[1]
    # the income said is the income the rules paid: compare with the round-3 state's own income
    i = next(k for k, line in enumerate(m.log) if "Round 3 begins" in line)
    after = m.states[i + 1]
    for seat, name in enumerate(after.names):
        inc = income(after, seat)
        if inc.get("W"):
            assert f"{name} {inc['W']} worker" in text


def test_a_round_end_names_the_cult_bonus_of_its_scoring_tile():
    m = played(3)
    ends = [line for line in m.log if "Round 1 ends. Cult bonus (" in line]
    assert len(ends) == 1
