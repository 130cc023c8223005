"""A game's screen class with a mixin, made at run time (a seat at a table, a recorded game
watched), that gets every rule of the game screen's CSS.

Why not ``type()`` alone: Textual scopes a screen's inline ``CSS`` to the screen class's CSS type
name, its ``_css_type_name`` (the class's own name), by putting that name in front of every rule
that does not start with it (textual/css/parse.py, ``parse_rule_set``). For a class
``SeatPiratissimoScreen`` the rule ``PiratissimoScreen.-narrow #panels-box`` became
``SeatPiratissimoScreen PiratissimoScreen.-narrow #panels-box``: a PiratissimoScreen *inside*
the seat's screen, which there never is, so the rule matched nothing (and ``#finca-board`` or
``FinisTerraeScreen #panels-box`` likewise). The game screen's CSS was read under the run-time
class's scope because Textual reads a pushed screen's ``CSS`` with ``scope=screen._css_type_name``
(``App._load_screen_css``). The run-time class keeps the game screen's CSS type name instead: its
CSS is then scoped as the game screen's is, and the rules match it, since a class's CSS type
names are those of all its bases. (``CSS_PATH`` files and ``DEFAULT_CSS`` were never affected: the
files are read unscoped, and ``DEFAULT_CSS`` is scoped to the class that declares it.)
"""
from __future__ import annotations

from typing import Any


def game_screen_variant(prefix: str, mixin: type, cls: type, namespace: dict[str, Any] | None = None) -> type:
    """``{prefix}{cls.__name__}``: ``mixin`` before the game screen class ``cls``, in ``cls``'s
    module (so that CSS_PATH resolves beside the game screen), with ``namespace`` (BINDINGS are
    gathered from DOMNode classes only: a mixin's go here), and ``cls``'s CSS scope."""
    variant = type(f"{prefix}{cls.__name__}", (mixin, cls), {"__module__": cls.__module__, **(namespace or {})})
    variant._css_type_name = cls._css_type_name  # type: ignore[attr-defined]
    return variant


__all__ = ["game_screen_variant"]
