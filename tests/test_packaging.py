"""The wheel carries the assets: install it into a clean venv and start a game from there."""
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_installs_and_plays_from_a_clean_venv(tmp_path):
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                            "-w", str(dist), str(ROOT)], capture_output=True, text=True)
    if build.returncode != 0:  # hatchling may be absent from the test venv: build in isolation
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(ROOT)],
                               capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(dist.glob("tabletop_tui-*.whl"))
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "tabletop_tui/assets/piratissimo/rules.md" in names
    assert "tabletop_tui/assets/piratissimo/board.json" in names
    # a clean venv that reuses this one's installed packages for the dependencies
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    py = env_dir / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    deps = [p for p in sys.path if p.endswith("site-packages")]
    Path(site, "deps.pth").write_text("\n".join(deps) + "\n")
    zipfile.ZipFile(wheel).extractall(site)
    env = dict(os.environ, TABLETOP_TUI_DATA_DIR=str(tmp_path / "data"), PYTHONPATH="")
    code = ("import tabletop_tui, json; from tabletop_tui.match import Match, Seat;"
            "m = Match('piratissimo', [Seat('A', True), Seat('B', True)], 4);"
            "[m.play(m.bot_action()) for _ in range(30)];"
            "from tabletop_tui.assets import assets_root;"
            "print(json.dumps([tabletop_tui.__file__, str(assets_root()), len(m.actions)]))")
    out = subprocess.run([str(py), "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    module_file, assets, n = json.loads(out.stdout)
    assert str(env_dir) in module_file and str(env_dir) in assets and n == 30
    rules = subprocess.run([str(py), "-m", "tabletop_tui", "rules", "piratissimo"], capture_output=True,
                           text=True, env=env, cwd=tmp_path)
    assert rules.returncode == 0 and "Piratissimo" in rules.stdout
