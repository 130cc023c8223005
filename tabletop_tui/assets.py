"""Where the game assets live: inside the installed package, or beside it in a checkout.

The wheel force-includes the top-level ``assets/`` folder as ``tabletop_tui/assets``; an
editable install or a plain checkout reads the top-level folder directly.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path


@lru_cache(maxsize=1)
def assets_root() -> Path:
    packaged = Path(str(resources.files("tabletop_tui"))) / "assets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


def read_text(*parts: str) -> str:
    return asset_path(*parts).read_text(encoding="utf-8")
