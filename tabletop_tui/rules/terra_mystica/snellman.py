"""Import of terra.snellman.net ledger exports: translate to our actions and replay through our engine.

``import_snellman(text)`` returns ``(options, seat names, our action notations)``: set up with
``RULES.setup(names, 0, options)`` and apply the actions in order to replay the game.
``replay_snellman(text)`` does that and also compares, after every ledger row, the acting
faction's VP, coins, workers, priests, power bowls and cult positions with the ledger.

The ledger is the moderator's log: one row per player entry, each a list of commands separated by
". ". Power offers and the Cultists' cult step are answered by the offered player in later rows;
our engine asks for them right after the builder's turn, so the importer looks ahead for the
answer (with the burns and conversions its row writes before it). If the ledger answers only after
someone else has acted, the importer leaves the offer open (`wait`) and answers it out of turn
(`leech 2 from witches by cultists`, `+AIR by cultists`) at the ledger's row, so every player's
rows come in the ledger's order. Where our engine still takes an answer earlier (an open offer is
asked again at the player's next turn or the round's end), those rows are compared in part or not
at all; every row not compared in full is counted by kind (SKIP_KINDS).
A command or row the importer cannot read is refused with its line number and text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop_tui.rules.core import IllegalAction
from tabletop_tui.rules.terra_mystica import engine
from tabletop_tui.rules.terra_mystica.data import (CELLS, FACTION_IDS, INDEX, IS_RIVER, NEIGHBORS, TERRAINS,
                                                   TERRAIN_OF_COLOR, TRACKS)
from tabletop_tui.rules.terra_mystica.notation import Act, faction_id

KNOWN_OPTIONS = ("mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
                 "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power")
AUTO = ("setup", "other_income_for_faction", "cult_income_for_faction", "[opponent accepted power]",
        "[all opponents declined power]", "score_resources", "income_for_faction", "all_income_for_faction")
#: the income rows after which a player's whole income is in (older ledgers: income_for_faction)
INCOME_ROWS = ("other_income_for_faction", "income_for_faction", "all_income_for_faction")
#: the reference's house options that change what is legal in ways our rules do not play
UNSUPPORTED_OPTIONS = ("loose-adjust-resource", "loose-dig", "loose-multi-spade", "loose-bridge-adjacency",
                       "loose-engineer-bridge", "manual-fav5")
FIELD_RE = {
    "VP": re.compile(r"(-?\d+) VP"), "C": re.compile(r"(-?\d+) C"), "W": re.compile(r"(-?\d+) W"),
    "P": re.compile(r"(-?\d+) P"),
}
PW_RE = re.compile(r"(\d+)/(\d+)/(\d+) PW")
CULT_RE = re.compile(r"^(\d+)/(\d+)/(\d+)/(\d+)$")


@dataclass
class Row:
    line: int
    faction: str
    fields: dict
    text: str
    cmds: list = field(default_factory=list)  # [command text, consumed]
    checked: bool = False
    partial: bool = False  # our order of this player's events differs: compare coins, workers, priests only
    merged: bool = False  # a command row merged with the moderator's income row (compared after the income)
    status: str = ""  # "full", "partial" or the kind of skip (see SKIP_KINDS)


@dataclass
class Ledger:
    options: dict
    names: list
    factions: list
    scoring: list
    bonus: list
    rows: list


class ImportError_(ValueError):
    """A ledger we cannot read (unknown command, unsupported option, map or faction)."""


_FACTION_WORDS = {f.replace("_", "") for f in FACTION_IDS} | set(FACTION_IDS)


def _clean(cmd: str) -> str:
    """One ledger command with the reference's spacing rules: runs of blanks become one, and a blank
    between a word and a sign is dropped ("+ FAV5" is "+FAV5")."""
    c = " ".join(cmd.split())
    c = re.sub(r"(\W) (\w)", r"\1\2", c)
    c = re.sub(r"(\w) (\W)", r"\1\2", c)
    return c


def parse_ledger(text: str) -> Ledger:
    options = {k: False for k in KNOWN_OPTIONS}
    names: list[str] = []
    factions: list[str] = []
    scoring = [""] * 6
    removed: list[str] = []
    rows: list[Row] = []
    for no, raw in enumerate(text.splitlines(), 1):
        raw = re.sub(r"\tshow history\s*$", "", raw)
        line = raw.strip()
        if not line:
            continue
        m = re.match(r"option (\S+)$", line)
        if m:
            if m.group(1) in options:
                options[m.group(1)] = True
            elif m.group(1).startswith("fire-and-ice") or m.group(1).startswith("variable"):
                raise ImportError_(f"line {no}: option {m.group(1)} (Fire & Ice) is not supported")
            elif m.group(1) in UNSUPPORTED_OPTIONS:
                raise ImportError_(f"line {no}: option {m.group(1)} (a house rule of the reference site that "
                                   "changes what is legal) is not supported")
            continue
        if re.match(r"map \S+", line):
            raise ImportError_(f"line {no}: only the base map is supported, not {line}")
        m = re.match(r"Round (\d) scoring: (SCORE\d+)", line)
        if m:
            scoring[int(m.group(1)) - 1] = m.group(2)
            continue
        m = re.match(r"Removing tile (BON\d+)", line)
        if m:
            removed.append(m.group(1))
            continue
        m = re.match(r"(\w+) dropped from the game$", line)
        if m:
            try:
                fac = faction_id(m.group(1))
            except IllegalAction:
                raise ImportError_(f"line {no}: {line!r} names no faction of the game") from None
            row = Row(no, fac, {}, "dropped from the game")
            row.checked = True
            row.status = "dropped"
            rows.append(row)
            continue
        m = re.match(r"Player (\d+): (.*)$", line)
        if m:
            names.append(m.group(2).strip())
            continue
        parts = raw.split("\t")
        if len(parts) < 10 or not re.match(r"^[a-z]+$", parts[0]):
            if len(parts) > 1 and parts[0].strip().lower() in _FACTION_WORDS:
                raise ImportError_(f"line {no}: a ledger row we cannot read: {line!r}")
            continue
        try:
            fac = faction_id(parts[0])
        except IllegalAction:
            raise ImportError_(f"line {no}: faction {parts[0]!r} is not one of the 14 base factions") from None
        cells = [c.strip() for c in parts[1:]]
        f: dict = {}
        for c in cells:
            for k, rx in FIELD_RE.items():
                mm = rx.fullmatch(c)
                if mm:
                    f[k] = int(mm.group(1))
            mm = PW_RE.fullmatch(c)
            if mm:
                f["PW"] = [int(mm.group(i)) for i in (1, 2, 3)]
            mm = CULT_RE.fullmatch(c)
            if mm:
                f["cult"] = [int(mm.group(i)) for i in (1, 2, 3, 4)]
        cmd = parts[-1].strip()
        if cmd == "setup":
            factions.append(fac)
        row = Row(no, fac, f, cmd)
        if cmd not in AUTO and not re.match(r"^\+\d+vp for ", cmd):
            parts_ = [_clean(c) for c in cmd.split(".") if c.strip()]
            autos = [c for c in parts_ if c.lower() in AUTO]
            row.cmds = [[c, False] for c in parts_ if c.lower() not in AUTO]
            if autos:
                # a merged row (the player's command and the moderator's income, e.g. a cult-bonus
                # transform then other_income_for_faction): the fields show the state after both,
                # so the command part is not compared on its own
                if row.cmds:
                    row.checked = True
                    row.merged = True
                    row.status = "merged"
                    rows.append(row)
                row = Row(no, fac, f, autos[-1].lower())
        else:
            row.cmds = []
        rows.append(row)
    if not factions:
        raise ValueError("this is not a snellman.net game ledger (it names no faction).")
    all_bon = [f"BON{i}" for i in range(1, 10)] + (["BON10"] if options["shipping-bonus"] else [])
    bonus = [b for b in all_bon if b not in removed]
    return Ledger(options, names, factions, scoring, bonus, rows)


def _game_options(led: Ledger) -> dict:
    o = dict(led.options)
    o["digging"] = "league"  # the reference digs strictly unless a game sets loose-dig (not supported)
    o["factions"] = ",".join(led.factions)
    o["scoring-tiles"] = ",".join(led.scoring)
    o["bonus-cards"] = ",".join(led.bonus)
    return o


@dataclass
class ReplayReport:
    state: object
    actions: list
    mismatches: list
    names: list
    options: dict
    factions: list
    error: str = ""
    reordered: int = 0
    rows_checked: int = 0
    rows_partial: int = 0
    skipped: dict = field(default_factory=dict)  # kind of row not compared -> count (see SKIP_KINDS)

    @property
    def scores(self) -> dict:
        return {p.faction: p.VP for p in self.state.players}


class _Driver:
    def __init__(self, led: Ledger, rules):
        self.led = led
        self.rules = rules
        self.options = _game_options(led)
        self.names = led.names or [f.title() for f in led.factions]
        self.s = rules.setup(self.names, 0, self.options)
        self.seat_of = {f: i for i, f in enumerate(led.factions)}
        self.actions: list[str] = []
        self.mismatches: list[str] = []
        self.pos = 0
        self.reordered = 0
        self.compared = 0
        self.partial = 0
        self.cur: Row | None = None  # the row whose command is being applied (for error messages)
        self.open_answers: set = set()  # ids of ledger commands answering an offer we left open
        self.waited: set = set()  # the offers (queue entries) we left open once
        self.reserved: dict = {}  # offer left open -> (row, command) that answers it
        self.errata_seen = 0  # "[all opponents declined power]" rows passed
        self.errata_ours = 0  # errata power our engine gave

    # -- applying ------------------------------------------------------------------------------
    def act(self, text: str | Act) -> None:
        a = self.rules.parse(self.s, str(text)) if not isinstance(text, Act) else text
        before = dict(self.s.groups)
        self.s = self.rules.apply(self.s, a)
        self.actions.append(str(a))
        for gid, g in before.items():
            if gid not in self.s.groups and not g[1] and a.kind == "decline" and (g[3] or a.n > 0):
                fac = self.led.factions[g[2]]
                if fac == "cultists" and self.s.options.get("errata-cultist-power"):
                    # the errata power went to the Cultists now; if the ledger notes it later, the
                    # Cultists' rows until then are compared without their power
                    self.errata_ours += 1
                    if self.errata_ours > self.errata_seen:
                        seen = self.errata_seen
                        for k in range(self.pos, len(self.led.rows)):
                            x = self.led.rows[k]
                            if x.faction == fac and x.text == "[all opponents declined power]":
                                if seen + 1 == self.errata_ours:
                                    self._mark_between(fac, k)
                                    break
                                seen += 1

    def _mark_between(self, fac: str, k: int) -> None:
        between = [x for x in self.led.rows[self.pos:k] if x.faction == fac and x.cmds
                   and not all(y[1] for y in x.cmds)]
        for x in between:
            if not x.checked and not x.partial:
                x.partial = True
                self.reordered += 1

    def pending(self):
        return engine.pending_seat(self.s)

    def _find_ahead(self, seat: int, pred, before_action: bool = False) -> tuple | None:
        """The player's next unconsumed command that ``pred`` accepts. With ``before_action`` the
        search stops at the player's next action: an offer not answered by then was declined by
        taking it (reference)."""
        fac = self.led.factions[seat]
        for r in self.led.rows[self.pos:]:
            if r.faction != fac:
                continue
            for c in r.cmds:
                if c[1] or id(c) in self.open_answers:
                    continue  # consumed, or held for an offer left open
                if pred(c[0]):
                    return r, c
                if before_action and not re.match(r"(?i)^(leech|decline|\+|wait|burn|convert)", c[0]):
                    return None
        return None

    def _consume(self, r: Row, c: list) -> None:
        # answered ahead of the ledger's order: if the player has own rows before this one that are
        # still to come, the ledger's order of that player's events differs from ours; those rows
        # (and this one) are not compared
        k = self.led.rows.index(r)
        between = [x for x in self.led.rows[self.pos:k] if x.faction == r.faction and x.cmds
                   and not all(y[1] for y in x.cmds)]
        if between:
            for x in between:
                if not x.checked and not x.partial:
                    x.partial = True
                    self.reordered += 1
            if not r.checked:
                r.checked = True  # answered before the player's own earlier rows: not comparable
                r.status = "answered-ahead"
                self.reordered += 1
        c[1] = True
        if all(x[1] for x in r.cmds) and not r.checked:
            r.checked = True
            self.compare(r)

    def settle_others(self, fac: str, cmd: str) -> None:
        """Answer decisions that the engine asks before ``fac`` may do ``cmd``."""
        for _ in range(200):
            d = self.pending()
            if d is None:
                return
            seat, _prompt, kind = d
            me = self.seat_of[fac]
            if kind == "after" and seat == me and _is_free(cmd):
                return
            if kind == "main" and seat != me and self.s.players[seat].passed:
                self.act("done")  # a loose Chaos Magicians' double turn whose second action was not taken
                continue
            if kind == "after" or (kind == "spades" and not (seat == me and _spade_cmd(cmd))):
                if kind == "spades" and seat == me and _is_free(cmd):
                    return
                self.act("done")
                continue
            if kind == "leech":
                q = self.s.queue[0]
                src = self.led.factions[q[3]]
                src_names = {src, src.replace("_", "")}
                found = self._find_ahead(seat, lambda t: _answers(t, src_names), before_action=True)
                held = self.reserved.get(tuple(q))
                if held is not None and not held[1][1]:
                    found = held  # the answer this offer was left open for
                amt = engine.leech_amount(self.s, q)
                if found and self._answer_later(seat, found[0]) and tuple(q) not in self.waited \
                        and engine.can_wait(self.s):
                    # the ledger answers after others have acted: leave the offer open and answer
                    # it out of turn where the ledger does (once: an offer the engine asks again,
                    # at the player's turn or the round's end, is answered then)
                    self.waited.add(tuple(q))
                    self.act(Act("wait"))
                    self.open_answers.add(id(found[1]))
                    self.reserved[tuple(q)] = found
                    continue
                if found:
                    r, c = found
                    # burns and conversions the row makes before answering come first
                    for x in r.cmds:
                        if x is c:
                            break
                        if not x[1] and re.match(r"(?i)^(burn|convert)\b", x[0]):
                            self.apply_cmd(r.faction, x[0], r)
                            x[1] = True
                    amt = engine.leech_amount(self.s, self.s.queue[0])
                    word = c[0].split()[0].lower()
                    rnd = self.s.round
                    self.act(Act("leech" if word == "leech" else "decline", src, "", amt))
                    if (self.s.round != rnd or self.s.phase == "over") and not r.checked:
                        r.checked = True  # the last answer of the round: the round ended with it
                        r.status = "round-end"
                    if c[0].strip().lower() != "decline":  # a bare "decline" declines every offer
                        self._consume(r, c)
                    if r.faction == fac and c[0] == cmd:
                        return  # the command being read was this answer: nothing more to settle
                else:
                    self.act(Act("decline", src, "", amt))
                continue
            if kind == "cult" and seat != me or (kind == "cult" and self.s.step not in engine.OWN_TURN_STEPS
                                                 and not re.match(r"(?i)\+\d*(fire|water|earth|air)$", cmd)):
                found = self._find_ahead(seat, lambda t: bool(re.match(r"(?i)\+\d*(fire|water|earth|air)$", t)))
                if found and self.s.queue and self.s.queue[0][0] == "cultstep" and \
                        self._answer_later(seat, found[0]) and tuple(self.s.queue[0]) not in self.waited \
                        and engine.can_wait(self.s):
                    key = tuple(self.s.queue[0])
                    self.waited.add(key)
                    self.act(Act("wait"))
                    self.open_answers.add(id(found[1]))
                    self.reserved[key] = found
                    continue
                if found:
                    r, c = found
                    self.act("+" + re.sub(r"^\+\d*", "", c[0]).upper())
                    self._consume(r, c)
                else:
                    self.act("+FIRE")
                    self.mismatches.append(f"row {self.pos}: no cult step found for {self.led.factions[seat]}")
                continue
            if kind == "cult" and seat == me and self.s.step == "cult" and not _is_free(cmd) \
                    and not re.match(r"(?i)\+\d*(fire|water|earth|air)$", _clean(cmd)):
                # the ledger writes the player's next command (even "Pass BON7") before the track
                # of the cult step their action gave ("action FAV6. pass BON7. +AIR"): the reference
                # accepted that order; our engine asks for the track first, so the step written
                # later is taken now (the rows in between are compared without it)
                found = self._find_ahead(seat, lambda t: bool(re.match(r"(?i)\+\d*(fire|water|earth|air)$",
                                                                       _clean(t))))
                if found:
                    r, c = found
                    self.act("+" + re.sub(r"^\+\d*", "", _clean(c[0])).upper())
                    self._consume(r, c)
                    continue
            if kind == "cspade" and (seat != me or not _spade_cmd(cmd)):
                found = self._find_ahead(seat, lambda t: t.lower().startswith("transform"))
                if found and (seat != me):
                    r, c = found
                    self.apply_cmd(self.led.factions[seat], c[0], r)
                    self._consume(r, c)
                else:
                    self.act("done")
                continue
            return

    def apply_cmd(self, fac: str, cmd: str, row: Row | None = None, idx: int = -1) -> None:
        if row is not None:
            self.cur = row
        c = _clean(cmd)
        low = c.lower()
        s = self.s
        d = self.pending()
        me = self.seat_of[fac]
        if low in ("wait", "done"):
            return
        m = re.match(r"(?i)^(?:pass)(?: (bon\d+))?$", c)
        if m:
            if s.phase == "bonus":
                self.act(f"take {m.group(1).upper()}")
            else:
                self.act(f"pass {m.group(1).upper()}" if m.group(1) else "pass")
            return
        m = re.match(r"(?i)^dig (\d+)$", c)
        if m:
            # our transform computes the spades it needs: transform now, at the place of the dig, the
            # space the row transforms or builds on next (conversions after the dig then see the
            # power the spades gave, as in the reference)
            # A later dig of the same action before that space ("dig 2. convert 3PW to 1W. dig 1.
            # build F1") digs the space part of the way now, the rest at the later dig.
            if row is not None:
                later = 0  # spades the row's later digs of this action buy
                for k in range(idx + 1, len(row.cmds)):
                    nxt = _clean(row.cmds[k][0])
                    mt = re.match(r"(?i)^transform (\w+)(?: to (\w+))?$", nxt)
                    mb = re.match(r"(?i)^build (\w+)$", nxt)
                    md = re.match(r"(?i)^dig (\d+)$", nxt)
                    if md:
                        later += int(md.group(1))
                        continue
                    if mt or mb:
                        h = (mt or mb).group(1).upper()
                        if later and h in INDEX and self._dig_part(me, h, mt.group(2) if mt else None,
                                                                   int(m.group(1)), later):
                            break
                        if mt:
                            self._transform(me, mt.group(1), mt.group(2))
                            row.cmds[k][1] = True
                        elif h in INDEX and s.terrain[INDEX[h]] != engine.home(s.players[me]):
                            self._transform(me, h, None)
                        break
                    if not re.match(r"(?i)^(convert|burn)\b", nxt):
                        break
            return
        m = re.match(r"(?i)^build (\w+)$", c)
        if m:
            h = m.group(1).upper()
            s = self.s
            d = self.pending()
            if s.phase == "play" and d and d[2] in ("main", "spades", "sandstorm") and h in INDEX \
                    and s.terrain[INDEX[h]] != engine.home(s.players[me]):
                self.act(f"transform {h} to {engine.home(s.players[me])}")
            self.act(f"build {h}")
            return
        m = re.match(r"(?i)^transform (\w+)(?: to (\w+))?$", c)
        if m:
            self._transform(me, m.group(1), m.group(2))
            return
        m = re.match(r"(?i)^upgrade (\w+) to (\w+)$", c)
        if m:
            self.act(f"upgrade {m.group(1).upper()} to {m.group(2).upper()}")
            return
        m = re.match(r"(?i)^send (?:p|priest) to (\w+)(?: for (\d+))?$", c)
        if m:
            self.act(f"send p to {m.group(1).upper()}" + (f" for {m.group(2)}" if m.group(2) else ""))
            return
        m = re.match(r"(?i)^convert (\d+)? ?(\w+) to (\d+)? ?(\w+)$", c)
        if m:
            fa, fb = _resource(m.group(2)), _resource(m.group(4))
            if fa and fb:
                self.act(f"convert {m.group(1) or 1}{fa} to {m.group(3) or 1}{fb}")
                return
        m = re.match(r"(?i)^burn (\d+)$", c)
        if m:
            if int(m.group(1)):
                self.act(f"burn {m.group(1)}")
            return  # "burn 0" does nothing
        m = re.match(r"(?i)^advance (ship|dig)", c)
        if m:
            self.act(f"advance {m.group(1).lower()}")
            return
        m = re.match(r"(?i)^action (\w+)$", c)
        if m:
            self.act(f"action {m.group(1).upper()}")
            return
        m = re.match(r"(?i)^bridge (\w+):(\w+)$", c)
        if m:
            self.act(f"bridge {m.group(1).upper()}:{m.group(2).upper()}")
            return
        m = re.match(r"(?i)^connect (r\d+)$", c)
        if m:
            self.act(f"connect {m.group(1).lower()}")
            return
        m = re.match(r"(?i)^connect ([a-i]\d+(?::[a-i]\d+)+)$", c)
        if m:
            hexes = [INDEX[x.upper()] for x in m.group(1).split(":") if x.upper() in INDEX]
            for r in range(len(IS_RIVER)):
                if IS_RIVER[r] and all(r in NEIGHBORS[h] for h in hexes):
                    self.act(f"connect {CELLS[r]}")
                    return
            raise ImportError_(f"no river space touches {m.group(1)}")
        m = re.match(r"(?i)^\+(\d*)(fav\d+|tw\d+)$", c)
        if m:
            for _ in range(int(m.group(1) or 1)):
                self.act("+" + m.group(2).upper())
                self._key_choice(me, row)
            return
        if re.match(r"(?i)^-(fire|water|earth|air)$", c):
            # the reference's way to steer TW5's key ("-water. +TW5": water gives back the step it
            # gets again); our TW5 asks which track takes the key, answered from the row's cults
            return
        m = re.match(r"(?i)^\+(\d*)(fire|water|earth|air)$", c)
        if m:
            self.act("+" + m.group(2).upper())
            return
        if re.match(r"(?i)^-(spade|free_d|free_tp|free_tf|bridge)$", c):
            if d and d[0] == me and any(x.kind == "done" for x in engine.legal(s)):
                self.act("done")
            return
        m = re.match(r"(?i)^(leech|decline)(?: (\d+))?(?: from (\S+))?$", c)
        if m:
            return  # answered when the engine asked (or nothing was offered)
        raise ImportError_(f"unknown ledger command {cmd!r}")

    def _answer_later(self, seat: int, r: Row) -> bool:
        """Does the ledger answer (in row r) come after another player has acted? Then our engine
        leaves the offer open ('wait') and the answer is given out of turn at row r."""
        fac = self.led.factions[seat]
        k = self.led.rows.index(r)
        for x in self.led.rows[self.pos:k]:
            todo = [y[0] for y in x.cmds if not y[1]]
            if not todo:
                continue
            if re.match(r"(?i)^(leech|decline|\+|wait)", todo[0]):
                if x.faction == fac:
                    return True  # the player answers something else (or waits) first: keep the ledger's order
                continue
            return x.faction != fac  # the player's own action first: answer now (as before)
        return False

    def _out_of_turn_step(self, fac: str, cmd: str) -> bool:
        """A Cultists' cult step the ledger writes while our engine is still in another player's turn."""
        if not re.match(r"(?i)^\+\d*(fire|water|earth|air)$", _clean(cmd)):
            return False
        d = self.pending()
        return not (d and d[0] == self.seat_of[fac] and d[2] == "cult")

    def _answer_open(self, fac: str, cmd: str) -> bool:
        """Answer an offer (or Cultists' step) left open, out of turn; False if it is not open."""
        c = _clean(cmd)
        m = re.match(r"(?i)^(leech|decline)(?: (\d+))?(?: from (\S+))?$", c)
        if m:
            word = m.group(1).lower()
            srcs = [m.group(3).lower()] if m.group(3) else [self.led.factions[o[3]] for o in self.s.open_offers
                                                              if o[0] == "leech" and self.led.factions[o[1]] == fac]
            for src in srcs:
                src = faction_id(src) if src.replace("_", "") != "chaosmagicians" else "chaos_magicians"
                found = engine.find_open(self.s, Act(word, src, fac, 0))
                if found:
                    self.act(Act(word, src, fac, engine.leech_amount(self.s, found[1])))
                    return True
            return False
        m = re.match(r"(?i)^\+\d*(fire|water|earth|air)$", c)
        if m and engine.find_open(self.s, Act("cult", m.group(1).upper(), fac)):
            self.act(Act("cult", m.group(1).upper(), fac))
            return True
        return False

    def _key_choice(self, me: int, row: Row | None) -> None:
        """Answer TW5's question (which track takes the key) with the track the ledger row shows at 10."""
        while self.s.key_choice:
            cult = row.fields.get("cult") if row is not None else None
            pick = [t for t in self.s.key_choice if cult and cult[t] >= 10] or list(self.s.key_choice)
            self.act(Act("cult", TRACKS[pick[0]]))

    def _dig_part(self, me: int, h: str, to: str | None, now: int, later: int) -> bool:
        """Dig space ``h`` ``now`` spades of the way to its target terrain (``later`` more spades come
        with the action's later digs); False if no terrain lies that way."""
        p = self.s.players[me]
        t = engine.home(p) if to is None else TERRAIN_OF_COLOR.get(to.lower(), to.lower())
        here = self.s.terrain[INDEX[h]]
        if here == t or engine.spades_needed(self.s, p, here, t) != now + later:
            return False
        for mid in TERRAINS:
            if mid not in (here, t) and engine.spades_needed(self.s, p, here, mid) == now \
                    and engine.spades_needed(self.s, p, mid, t) == later:
                self.act(f"transform {h} to {mid}")
                return True
        return False

    def _transform(self, me: int, hx: str, to: str | None) -> None:
        """``transform X to T``; without a target terrain the reference turns the space to the
        player's home terrain."""
        h = hx.upper()
        if to is None:
            t = engine.home(self.s.players[me])
        else:
            t = TERRAIN_OF_COLOR.get(to.lower(), to.lower())
        self.act(f"transform {h} to {t}")

    # -- checking ------------------------------------------------------------------------------
    def compare(self, r: Row) -> None:
        if r.faction not in self.seat_of:
            return
        p = self.s.players[self.seat_of[r.faction]]
        self.compared += 1
        f = r.fields
        ours = {"VP": p.VP, "C": p.C, "W": p.W, "P": p.P, "PW": list(p.bowls), "cult": list(p.cult)}
        r.status = "full"
        if r.partial:
            ours = {k: ours[k] for k in ("C", "W", "P")}
            self.partial += 1
            r.status = "partial"
        for k, v in f.items():
            if k not in ours:
                continue
            if ours.get(k) != v:
                self.mismatches.append(f"line {r.line} ({r.faction}: {r.text}): {k} is {ours.get(k)}, ledger {v}")

    def run(self) -> None:
        rows = self.led.rows
        while self.pos < len(rows):
            r = rows[self.pos]
            self.cur = r
            if r.text == "setup":
                self.compare(r)
                self.pos += 1
                continue
            if re.match(r"^\+\d+vp for ", r.text) or r.text == "score_resources":
                self.pos += 1
                continue
            if r.text == "dropped from the game":
                self.act(f"drop {r.faction}")
                self.pos += 1
                continue
            if r.text in AUTO:
                if r.text == "[all opponents declined power]":
                    self.errata_seen += 1
                if r.text in INCOME_ROWS:
                    self.settle_others(r.faction, "")
                    self.compare(r)
                self.pos += 1
                continue
            # a new row of the player whose turn is running starts a new turn
            if r.cmds and not re.match(r"(?i)(leech|decline|\+)", r.cmds[0][0]):
                for _ in range(5):
                    d = self.pending()
                    if d and d[0] == self.seat_of[r.faction] and d[2] in ("after", "spades"):
                        self.act("done")
                    else:
                        break
            setup_pass = self.s.phase == "bonus"
            rnd = self.s.round
            in_income = self.s.step == "income"  # cult-bonus spades at the end of a round
            for i, c in enumerate(r.cmds):
                if c[1]:
                    continue
                if (id(c) in self.open_answers or self._out_of_turn_step(r.faction, c[0])) \
                        and self._answer_open(r.faction, c[0]):
                    c[1] = True
                    continue
                self.settle_others(r.faction, c[0])
                self.apply_cmd(r.faction, c[0], r, i)
                c[1] = True
            ended = self.s.round != rnd or self.s.phase == "over" or (self.s.step == "income" and not in_income)
            if setup_pass and self.s.phase == "bonus":
                setup_pass = False  # a bonus card taken at set-up that does not start round 1
            if r.cmds and not r.checked and not setup_pass and not ended:
                r.checked = True
                self.compare(r)
            elif r.cmds and not r.status and (setup_pass or ended):
                r.status = "round-end"
            self.pos += 1
        # finish: end the last turns and answer what is left
        for _ in range(100):
            d = self.pending()
            if d is None:
                break
            self.settle_others(self.led.factions[d[0]], "")
            d = self.pending()
            if d is None:
                break
            if d[2] in ("after", "spades", "cspade") or (d[2] == "main" and self.s.players[d[0]].passed):
                self.act("done")


_RESOURCE = {"pw": "PW", "power": "PW", "c": "C", "coin": "C", "coins": "C", "w": "W", "worker": "W",
             "workers": "W", "p": "P", "priest": "P", "priests": "P", "vp": "VP"}


def _resource(word: str) -> str:
    return _RESOURCE.get(word.lower(), "")


def _answers(text: str, src_names: set) -> bool:
    """Is this ledger command an answer to a power offer from one of ``src_names``?"""
    m = re.match(r"(?i)^(leech|decline)(?: (\d+))?(?: from (\S+))?$", text.strip())
    if not m:
        return False
    return m.group(3) is None or m.group(3).lower() in src_names


def _is_free(cmd: str) -> bool:
    return bool(re.match(r"(?i)^(convert|burn|wait|connect)\b", cmd.strip())) or cmd.strip().lower() == "wait"


def _spade_cmd(cmd: str) -> bool:
    return bool(re.match(r"(?i)^(transform|build|dig)\b", cmd.strip())) or _is_free(cmd)


def replay_snellman(text: str, rules=None) -> ReplayReport:
    """Replay a ledger through our engine. Raises ValueError for records we cannot read."""
    if rules is None:
        from tabletop_tui.rules.terra_mystica import RULES as rules
    led = parse_ledger(text)
    drv = _Driver(led, rules)
    err = ""
    try:
        drv.run()
    except (IllegalAction, ImportError_) as e:
        r = drv.cur or (led.rows[drv.pos] if drv.pos < len(led.rows) else None)
        where = f"line {r.line} ({r.faction}: {r.text})" if r else "end"
        err = f"{where}: {getattr(e, 'reason', str(e))}"
    return ReplayReport(drv.s, drv.actions, drv.mismatches, drv.names, drv.options, led.factions, err,
                        drv.reordered, drv.compared, drv.partial, _skip_counts(led))


#: why a ledger row is not compared (or compared in part), by kind
SKIP_KINDS = {
    "partial": "compared on coins, workers and priests only: an answer (or the Cultists' errata power) "
               "reached the player earlier in our engine than in the ledger (an open offer is asked "
               "again when the player's turn comes or the round ends); VP, power and cults differ until then",
    "answered-ahead": "an offer answer or a Cultists' cult step our engine asked for earlier than the "
                      "ledger wrote it, before other rows of that player: its fields mix both orders",
    "merged": "a command written into the moderator's income row (e.g. a cult-bonus transform and "
              "other_income_for_faction): compared as the income row that follows",
    "round-end": "the last action of a round (or the last bonus card at set-up): our engine runs the "
                 "round end and next income at once; the income rows that follow are compared",
    "moderator": "the moderator's effect rows ([opponent accepted power], [all opponents declined "
                 "power], cult_income_for_faction): applied by our engine at its own moment and "
                 "checked through the player's next compared row",
    "final": "final scoring rows (+N vp for a cult or the network, score_resources): checked by the "
             "final scores",
    "dropped": "the note that a player dropped out (no fields)",
}


def _skip_counts(led: Ledger) -> dict:
    out: dict = {}
    for r in led.rows:
        kind = r.status
        if kind == "full":
            continue
        if not kind:
            t = r.text.lower()
            if t in ("[opponent accepted power]", "[all opponents declined power]", "cult_income_for_faction"):
                kind = "moderator"
            elif t == "score_resources" or t == "" or re.match(r"^\+\d+vp for ", t):
                kind = "final"
            else:
                kind = "other"
        out[kind] = out.get(kind, 0) + 1
    return out


def import_snellman(text: str) -> tuple[dict, list, list]:
    """(options, seat names, our action notations) for a snellman ledger. Raises ValueError if it fails."""
    rep = replay_snellman(text)
    if rep.error:
        raise ValueError(rep.error)
    return rep.options, rep.names, rep.actions


def replay_summary(text: str) -> dict:
    """The JSON for ``tabletop replay FILE --from snellman --json``."""
    rep = replay_snellman(text)
    from tabletop_tui.rules.terra_mystica import RULES

    return {
        "game": "terra_mystica",
        "over": RULES.pending(rep.state) is None and not rep.error,
        "scores": {f.replace("_", ""): v for f, v in rep.scores.items()},
        "seats": rep.names,
        "factions": rep.factions,
        "options": rep.options,
        "actions": len(rep.actions),
        "rows_checked": rep.rows_checked,
        "rows_reordered": rep.reordered,
        "rows_checked_coins_workers_priests_only": rep.rows_partial,
        "rows_skipped": rep.skipped,
        "mismatches": rep.mismatches,
        "error": rep.error,
    }
