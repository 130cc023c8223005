"""An assistant has one state in one wording (the seat sheet, the side panel, the round's end),
its action in the menu says what it does, and the log tells what happened in a sentence of its
own rather than repeating the menu's label."""
from tabletop_tui.rules.maracaibo.assistants import ASSISTANT_STATE, assistant_effect
from tabletop_tui.widgets.maracaibo_table import full_panel
from tests.screens.helpers import played_match


def at_an_assistant():
    m = played_match("maracaibo", 2, seed=1, until=lambda m: any(a.text.startswith("assist") for a in m.legal_actions()))
    return m, next(a for a in m.legal_actions() if a.text.startswith("assist"))


# Rulebook: "The assistant allows you to perform a special action described on the card"
def test_the_assistant_action_says_what_it_does_and_the_log_says_what_happened():
    m, a = at_an_assistant()
    c = a.text.split(" ")[1]
    effect = assistant_effect(c)
    label = m.rules.describe(m.state, a)
    assert label.endswith(f": {effect}") and effect and "Assistant at" not in effect
    line = m.play(a)
    name = m.names[m.actors[-1]]
    assert line.startswith(f"{name}'s assistant ") and f"acted: {effect}" in line
    assert label not in line


def test_the_sheet_names_each_assistant_state_in_the_one_wording():
    m, a = at_an_assistant()
    seat = m.pending.seat
    sheet = dict(m.rules.sheet(m.state, seat))["Assistants"]
    assert any(line.endswith(f"({ASSISTANT_STATE[True]})") for line in sheet)
    m.play(a)
    sheet = dict(m.rules.sheet(m.state, seat))["Assistants"]
    assert any(line.endswith(f"({ASSISTANT_STATE[False]})") for line in sheet)
    assert not any("used this round" in line or "(done)" in line for line in sheet)
    panel = full_panel(m.state, seat, m.names[seat], "A", "red", False, False, True, width=60).plain
    assert ASSISTANT_STATE[False] in panel and "(done)" not in panel


def test_a_career_reads_as_words():
    """Not "compass 1→2 doubloons, 1 VP, 3→3 VP": the counter named, each milestone in words."""
    from tabletop_tui.rules.maracaibo.describe import career_words

    privateer = [{"counter": "combat_tokens", "at_least": 2, "reward": [{"op": "doubloons", "n": 2}, {"op": "vp", "n": 1}]},
                 {"counter": "combat_tokens", "at_least": 4, "reward": [{"op": "vp", "n": 3}]}]
    assert career_words(privateer) == "at 2 combat tokens: 2 doubloons, 1 VP; at 4: 3 VP"
    compass = [{"counter": "compass", "at_least": 1, "reward": [{"op": "doubloons", "n": 1}]}]
    assert career_words(compass) == "at 1 compass symbol: 1 doubloon"
