"""Actions and their text notation (docs/notation/maracaibo.md).

An action is its notation text plus the board target it concerns. Words:
``career K3`` ``plan A07.1`` ``discard A03.2`` ``plan-done`` ``move 18 via 15U`` ``city``
``city deliver A07.1 sugar U03`` ``village`` ``quest Q05`` ``pay-with A01.1`` ``assist A18.1`` ``pass``
``sell`` ``odd-job`` ``buy B10.1`` ``invest P3`` ``drill`` ``news`` ``scout`` ``fittings`` ``palms``
``nation spain`` ``explore E7`` ``disc U03`` ``draw deck`` ``draw A07.1`` ``option 2``
``pay`` ``decline`` ``pile 1`` ``infl 1`` ``infl 2`` ``annex 13`` ``displace 13`` ``card B17.1``
``spend cp`` ``spend figure`` ``end`` ``quest skip``. Old saves' ``quest Q05 A01.1 A02.1`` (the
whole payment on one line) is still read (``MaracaiboRules.parse``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Act:
    text: str
    target: Any = None

    def __str__(self) -> str:
        return self.text

    @property
    def kind(self) -> str:
        return self.text.split(" ", 1)[0]

    @property
    def args(self) -> list:
        return self.text.split(" ")[1:]


def act(text: str, target: Any = None) -> Act:
    return Act(text, target)


def normalise(text: str) -> str:
    return " ".join(str(text).split())
