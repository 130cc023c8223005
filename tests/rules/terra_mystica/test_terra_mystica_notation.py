"""Notation: every legal action prints and parses back; snellman spellings and bad lines."""
import subprocess
import sys

import pytest

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import RULES
from tabletop_tui.rules.terra_mystica.notation import Act, parse_text


def walk(seed, n_players=3, steps=400):
    s = RULES.setup([f"P{i}" for i in range(n_players)], seed, {})
    k = seed
    for _ in range(steps):
        if RULES.pending(s) is None:
            break
        acts = RULES.legal_actions(s)
        yield s, acts
        k = (k * 1103515245 + 12345) % (1 << 31)
        s = RULES.apply(s, acts[k % len(acts)])


def test_every_legal_action_prints_and_parses_back_uniquely():
    for seed in (1, 2, 3):
        for s, acts in walk(seed):
            texts = [str(a) for a in acts]
            assert len(set(texts)) == len(texts)
            for a in acts:
                assert RULES.parse(s, str(a)) == a


@pytest.mark.parametrize("text,act", [
    ("build E7", Act("build", "E7")),
    ("upgrade F3 to TP", Act("upgrade", "F3", "TP")),
    ("transform E8 to red", Act("transform", "E8", "wasteland")),
    ("Transform f4 to Gray", Act("transform", "F4", "mountains")),
    ("leech 2 from nomads", Act("leech", "nomads", "", 2)),
    ("Decline 3 from chaosmagicians", Act("decline", "chaos_magicians", "", 3)),
    ("pass BON3", Act("pass", "BON3")),
    ("convert 3PW to 1W", Act("convert", "PW", "W", 1)),
    ("convert 6PW to 2W", Act("convert", "PW", "W", 2)),
    ("burn 2", Act("burn", n=2)),
    ("bridge E9:D6", Act("bridge", "D6", "E9")),
    ("send p to FIRE for 3", Act("send", "FIRE", "", 3)),
    ("+FAV11", Act("favor", "FAV11")),
    ("+TW3", Act("town", "TW3")),
    ("+air", Act("cult", "AIR")),
    ("connect r17", Act("connect", "r17")),
])
def test_text_forms_are_read(text, act):
    assert parse_text(text) == act


@pytest.mark.parametrize("text,words", [
    ("build Z9", "no space"),
    ("transform E7 to purple", "not a terrain"),
    ("convert 2PW to 1W", "rate"),
    ("send p to MOON", "not a cult track"),
    ("dance", "not a Terra Mystica move"),
])
def test_malformed_lines_are_refused_with_the_reason(text, words):
    with pytest.raises(IllegalAction) as e:
        parse_text(text)
    assert words in e.value.reason


def test_illegal_line_names_the_rule():
    s = RULES.setup(["A", "B"], 1, {"factions": "witches,nomads"})
    with pytest.raises(IllegalAction) as e:
        RULES.parse(s, "upgrade E7 to TP")
    assert "cannot" in e.value.reason


def test_labels_for_players():
    s = RULES.setup(["A", "B"], 1, {"factions": "witches,nomads"})
    assert RULES.describe(s, Act("build", "E7")) == "Build a dwelling on E7"
    assert "VP" in RULES.describe(s, Act("leech", "nomads", "", 3))


def test_rules_modules_import_no_ui_and_no_global_random():
    code = ("import sys; import tabletop_tui.rules.terra_mystica, tabletop_tui.rules.terra_mystica.snellman; "
            "bad=[m for m in ('textual','rich') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    import re
    from pathlib import Path

    import tabletop_tui.rules.terra_mystica as pkg
    for f in Path(pkg.__file__).parent.glob("*.py"):
        text = f.read_text()
        assert not re.search(r"^\s*(import|from) (random|time|os|pathlib|textual|rich)\b", text, re.M), f.name
