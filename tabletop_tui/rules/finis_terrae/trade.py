"""D - Trade in a port: redeem castaways and underwater finds, buy and sell spice.

Not as a pirate. Buy only in your own ports (exchange value + 1 a crate, up to 2, into one
empty hold, while the supply lasts); sell only in an opponent's port (exchange value + one red
die each, up to 2); redeem in any port (exchange value + one red die each). "Trading and / or
redeeming even several times still count as 1 action": after a trade, more trades may follow in
the same action (each one at most 2 crates, each into its own empty hold). ``R`` is the rules
object, ``s`` a state being changed inside ``apply``.
"""
from __future__ import annotations

from tabletop_tui.rules.core import Change, counted

from . import cartography as C
from . import holds as H
from .dice import red as _red
from . import tiles as T
from .actions import GALLEON, Trade
from .ship_boards import short

CP = T.COMPONENTS


def max_crates(R, s, cell) -> int:
    m = CP["max_trade_crates"]
    if s.options.get("speculative_spice") and not T.info(s.tiles[cell][0]).get("isle"):
        m = max(m, len(C.island_cells(s.tiles, cell)))
    return m


def trade_actions(R, s, seat, sid, cell) -> list:
    if sid == GALLEON or s.ships[sid]["pirate"] or cell not in s.ports:
        return []
    sh = s.ships[sid]
    out = []
    for what in ("castaway", "find"):
        op = "redeem-" + what
        for n in range(1, H.amount(sh["holds"], what) + 1):
            if H.has_empty(H.take(sh["holds"], what, n)):
                out.append(Trade(op, n))
    mx = R._max_crates(s, cell)
    if s.ports[cell] == seat:
        price = s.exchange + CP["spice_price_offset"]
        for n in range(1, min(mx, s.supply["spice"]) + 1):
            if H.doubloons(sh["holds"]) >= price * n and H.has_empty(H.pay(sh["holds"], price * n)):
                out.append(Trade("buy", n))
    if s.ports[cell] != seat:
        for n in range(1, min(mx, H.amount(sh["holds"], "spice")) + 1):
            if H.has_empty(H.take(sh["holds"], "spice", n)):
                out.append(Trade("sell", n))
    return out


def trade(R, s, seat, cell, a) -> None:
    sh = s.ships[seat]
    if a.op.startswith("redeem-"):
        what = a.op[7:]
        r = _red(s.rng)
        each = s.exchange + r
        sh["holds"] = H.take(sh["holds"], what, a.n)
        sh["pile"][what] = sh["pile"].get(what, 0) + a.n
        got = R._from_bank(s, each * a.n)
        sh["holds"] = H.load(sh["holds"], "doubloons", got)
        s.notes.append(Change(seat, "$", got, short(f"{H.text((what, 2)).split(' ', 1)[1]} redeemed", each * a.n, got)))
        R._ev(s, f"{s.names[seat]} redeems {H.text((what, a.n))} at {s.exchange}+{r} = {each} each: {counted(got, 'doubloon')}")
    elif a.op == "buy":
        price = (s.exchange + CP["spice_price_offset"]) * a.n
        R._pay(s, seat, price, "spice", ("spice", a.n))
        s.bank += price
        s.supply["spice"] -= a.n
        s.notes.append(Change(seat, "$", -price, "spice bought"))
        s.notes.append(Change(seat, "spice", a.n, "spice bought"))
        R._ev(s, f"{s.names[seat]} buys {a.n} spice for {price} doubloons")
    elif a.op == "sell":
        r = _red(s.rng)
        each = s.exchange + r
        sh["holds"] = H.take(sh["holds"], "spice", a.n)
        sh["pile"]["spice"] = sh["pile"].get("spice", 0) + a.n
        got = R._from_bank(s, each * a.n)
        sh["holds"] = H.load(sh["holds"], "doubloons", got)
        s.notes.append(Change(seat, "$", got, short("spice sold", each * a.n, got)))
        R._ev(s, f"{s.names[seat]} sells {a.n} spice at {s.exchange}+{r} = {each} each: {counted(got, 'doubloon')}")
