"""The log tells the story in words: a whole random game of every title writes no program
identifier (``fort_1_beach``, ``finis_terrae``), no ``None``/``True``/``{…}`` into its lines."""
import importlib
import re

import pytest

from tabletop_tui.bots import RandomBot

RAW = re.compile(r"\b\w*[a-z]_[a-z]\w*\b|[{}]|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize("game", ["piratissimo", "finca", "finis_terrae", "terra_mystica", "maracaibo"])
def test_a_whole_random_game_logs_words_not_identifiers(game):
    rules = importlib.import_module(f"tabletop_tui.rules.{game}").RULES
    s = rules.setup(["Anna", "Bruno", "Carla"], 3, {})
    bot = RandomBot(3)
    lines = []
    for _ in range(5000):
        if rules.pending(s) is None:
            break
        a = bot.choose(rules, s)
        after = rules.apply(s, a)
        lines.append(rules.log_line(s, a, after))
        s = after
    assert rules.result(s) is not None, "the random game should have ended"
    raw = [(m.group(0), line) for line in lines for m in [RAW.search(line)] if m]
    assert raw == []
