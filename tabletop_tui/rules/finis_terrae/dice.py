"""The dice: 2 red dice (1-6), 2 white loaded dice (2, 2, 3, 3, 4, 4: a proposal), the wind die
(N, E, S, W and two blank faces). All rolls draw from the state's seeded ``Rng``."""
from __future__ import annotations

from . import tiles as T

RED = T.COMPONENTS["red_die"]
WHITE = T.COMPONENTS["white_die"]
WIND = T.COMPONENTS["wind_die"]


def roll(rng, faces: list):
    return faces[rng.randbelow(len(faces))]


def red(rng) -> int:
    return roll(rng, RED)
