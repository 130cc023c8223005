"""One entry per game: what the launcher shows, where the rules and the screen live.

Modules are imported lazily so that the launcher and `--help` stay fast.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    rules_module: str
    screen: str = ""  # "module:Class" of the game screen; empty = not playable yet in the app

    @property
    def playable(self) -> bool:
        return bool(self.screen)

    @property
    def status(self) -> str:
        return "playable" if self.playable else "in development"

    @property
    def players(self) -> str:
        return f"{self.min_players}–{self.max_players}"

    def rules(self) -> Any:
        """The game's RULES object, or None if the engine is not in the package yet."""
        try:
            return importlib.import_module(self.rules_module).RULES
        except ModuleNotFoundError as e:
            if e.name and self.rules_module.startswith(e.name):
                return None
            raise

    def screen_class(self) -> Any:
        module, _, cls = self.screen.partition(":")
        return getattr(importlib.import_module(module), cls)


GAMES: tuple[Game, ...] = (
    Game("piratissimo", "Piratissimo",
         "Race your ship round the islands, load treasure, dodge the tornado.",
         2, 4, "tabletop_tui.rules.piratissimo",
         "tabletop_tui.screens.piratissimo:PiratissimoScreen"),
    Game("finca", "Finca",
         "Ride the windmill, harvest Mallorca's fruit and deliver it to the villages.",
         2, 4, "tabletop_tui.rules.finca", "tabletop_tui.screens.finca:FincaScreen"),
    Game("finis_terrae", "Finis Terrae",
         "Chart unknown seas, trade spice, brave the storms — or turn pirate.",
         2, 4, "tabletop_tui.rules.finis_terrae",
         "tabletop_tui.screens.finis_terrae:FinisTerraeScreen"),
    Game("terra_mystica", "Terra Mystica",
         "Transform the land for your faction and grow the mightiest realm.",
         2, 5, "tabletop_tui.rules.terra_mystica",
         "tabletop_tui.screens.terra_mystica:TerraMysticaScreen"),
    Game("maracaibo", "Maracaibo",
         "Sail the Caribbean, fight for three nations and explore the jungle.",
         2, 4, "tabletop_tui.rules.maracaibo", "tabletop_tui.screens.maracaibo:MaracaiboScreen"),
)

BY_ID = {g.id: g for g in GAMES}


class UnknownGame(ValueError):
    pass


def get(game_id: str) -> Game:
    try:
        return BY_ID[game_id]
    except KeyError:
        valid = ", ".join(BY_ID)
        raise UnknownGame(f"unknown game {game_id!r}; games: {valid}") from None
