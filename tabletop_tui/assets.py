"""Where the game assets live: inside the installed package, or beside it in a checkout.

The wheel force-includes the top-level ``assets/`` folder as ``tabletop_tui/assets``; an
editable install or a plain checkout reads the top-level folder directly.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def assets_root() -> Path:
    # (the package's own folder: importlib.resources would say the same for an installed
    # package, and loading it took a tenth of a game's start)
    packaged = Path(__file__).resolve().parent / "assets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


def read_text(*parts: str) -> str:
    return asset_path(*parts).read_text(encoding="utf-8")
