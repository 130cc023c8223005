"""`tabletop seat` with plain arguments opens the seat without the command-line parser: typer
converts option values with pydantic, 12 MiB in every seat process a host runs (issue 35: an
idle seat within 60 MiB). Anything unusual still goes to the full command line, which explains."""
import subprocess
import sys

import pytest

from tabletop_tui.launch import quick_seat


@pytest.mark.parametrize("args,expected", [
    ([], {"code": None, "store": None, "bot_delay": 0.5}),
    (["ABC"], {"code": "ABC", "store": None, "bot_delay": 0.5}),
    (["--store", "/t.sqlite3", "ABC"], {"code": "ABC", "store": "/t.sqlite3", "bot_delay": 0.5}),
    (["ABC", "--store=postgresql:///x", "--bot-delay=0"], {"code": "ABC", "store": "postgresql:///x", "bot_delay": 0.0}),
    (["--bot-delay", "2.5", "--store", "s"], {"code": None, "store": "s", "bot_delay": 2.5}),
])
def test_plain_seat_arguments_are_read_without_the_parser(args, expected):
    assert quick_seat(args) == expected


@pytest.mark.parametrize("args", [
    ["--help"], ["ABC", "DEF"], ["--store"], ["--bot-delay", "soon"], ["--store", "a", "--store", "b"],
    ["--colour", "red"], ["-h"],
])
def test_anything_else_goes_to_the_full_command_line(args):
    assert quick_seat(args) is None


def test_a_seat_is_opened_without_typer_parsing_or_pydantic(tmp_path):
    code = ("import sys\nimport tabletop_tui.table_cli as t\n"
            "t.seat_cmd = lambda **k: print(sorted(m for m in ('pydantic', 'tabletop_tui.cli') if m in sys.modules), "
            "sorted(k.items()))\nfrom tabletop_tui.launch import main\n"
            f"main(['seat', '--store', {str(tmp_path / 't.sqlite3')!r}, '--bot-delay', '0'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == (f"[] [('bot_delay', 0.0), ('code', None), ('store', "
                                  f"{str(tmp_path / 't.sqlite3')!r})]"), out.stderr[-2000:]


def test_a_refusal_on_the_quick_path_is_one_line_and_exit_2(tmp_path):
    """A store that is not there: said with its path, exit 2, no traceback (as the parser's path)."""
    missing = tmp_path / "none.sqlite3"
    out = subprocess.run([sys.executable, "-m", "tabletop_tui", "seat", "--store", str(missing)],
                         input="AAAA-BBBB\n", capture_output=True, text=True,
                         env={**__import__("os").environ, "TABLETOP_TUI_DATA_DIR": str(tmp_path / "data")})
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("tabletop: ") and str(missing) in out.stderr and "Traceback" not in out.stderr
