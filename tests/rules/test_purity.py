"""Rules modules are pure: importing any of them must not import textual or rich (nor random)."""
import pkgutil
import subprocess
import sys

import pytest

import tabletop_tui.rules as rules_pkg


def rules_modules():
    out = []
    for info in pkgutil.walk_packages(rules_pkg.__path__, "tabletop_tui.rules."):
        out.append(info.name)
    return sorted(out)


def test_there_are_rules_modules():
    assert "tabletop_tui.rules.core" in rules_modules()


@pytest.mark.parametrize("module", rules_modules())
def test_rules_module_imports_no_ui(module):
    code = (
        "import sys, importlib\n"
        f"importlib.import_module({module!r})\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'typer'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} imported UI modules: {out.stdout.strip()}"
