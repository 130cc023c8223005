"""Terra Mystica's game-over page: the shared page, its breakdown read from the ledger by kind
of source, each player's faction beside their name, and the VP chart by round. Its own module,
loaded when a game ends: the game screen paints without the page's table and chart."""
from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.terra_mystica.data import FACTIONS
from tabletop_tui.screens.game_over import GameOverScreen
from tabletop_tui.widgets.vp_chart import VPChart

#: the game-over breakdown's columns: each source of points the ledger names, by its kind
SOURCE_KINDS = [("faction board", "start"), ("start", "start"), ("round tile", "round tiles"), ("town", "towns"),
                ("Witches' town", "towns"), ("favor tile", "favors"), ("pass bonus: FAV", "favors"),
                ("pass bonus", "pass bonuses"), ("shipping advance", "advances"), ("digging advance", "advances"),
                ("power offer", "power offers"), ("cult majority", "cults"), ("largest connected area", "network"),
                ("resources", "resources")]
KIND_ORDER = ["start", "round tiles", "towns", "favors", "pass bonuses", "advances", "abilities", "power offers",
              "cults", "network", "resources"]


def source_kind(source: str) -> str:
    """The column a source of points goes in (a faction's own ability: "abilities")."""
    for prefix, kind in SOURCE_KINDS:
        if source.startswith(prefix):
            return kind
    return "abilities"


class TerraMysticaGameOver(GameOverScreen):
    """The shared game-over screen, its breakdown read from the ledger: every source of points in
    the log (the starting 20, round tiles, towns, favors, pass bonuses, advances, the factions'
    abilities, power offers paid for, cults, the network, resources) adds up to the total; the
    ranking (equal VP share a place) and the VP chart by round."""

    # the whole table, every source and the Total (the page scrolls by key on a short terminal)
    CSS = "TerraMysticaGameOver #breakdown { max-height: 40; }"

    def on_mount(self) -> None:
        # (GameOverScreen.on_mount runs after this one and fills the table from ledger_breakdown)
        self.chart_rounds()
        # the page starts at its title and the winner (the table's focus would scroll it down)
        self.call_after_refresh(lambda: self.query_one("#over").scroll_home(animate=False))

    def ledger_breakdown(self) -> dict[int, dict[str, int]] | None:
        by_source = super().ledger_breakdown()
        if by_source is None:
            return None
        out = {}
        for seat, parts in by_source.items():
            kinds = {k: 0 for k in KIND_ORDER}
            for source, vp in parts.items():
                kinds[source_kind(source)] += vp
            used = {k for parts2 in by_source.values() for src in parts2 for k in [source_kind(src)]}
            out[seat] = {k: v for k, v in kinds.items() if k in used}
        return out

    def sheets(self):
        """The shared sheets with each player's faction beside their name."""
        out = super().sheets()
        m = self.match
        res = m.result()
        order = [seat for group in res.ranking for seat in group]
        factions = [Text(FACTIONS[m.state.players[seat].faction]["name"]) for seat in order]
        head, rows = out["wide"]
        out["wide"] = (head[:2] + [Text("Faction")] + head[2:],
                       [row[:2] + [f] + row[2:] for row, f in zip(rows, factions)])
        head, rows = out["tall"]
        faction_rows = [[Text("Faction")] + factions]
        if self._cells(head, rows[:1] + faction_rows + rows[1:]) > self.table_room():
            # a column per player too wide with "Chaos Magicians" on one line: each faction's
            # name over two rows, broken at its space (five players at 80 columns)
            firsts = [Text(f.plain.split(" ", 1)[0]) for f in factions]
            seconds = [Text(f.plain.split(" ", 1)[1] if " " in f.plain else "") for f in factions]
            faction_rows = [[Text("Faction")] + firsts] + ([[Text("")] + seconds] if any(x.plain for x in seconds) else [])
        out["tall"] = (head, rows[:1] + faction_rows + rows[1:])
        return out

    @staticmethod
    def _cells(head: list[Text], rows: list[list[Text]]) -> int:
        """Cells a table takes, each column as wide as its widest cell and 2 of padding."""
        return sum(max(c.cell_len for c in [h] + [r[i] for r in rows]) + 2 for i, h in enumerate(head))

    def table_room(self) -> int:
        """Every column must fit the page, its padding and scroll bar taken off (else one column
        per player)."""
        page = self.query_one("#over").scrollable_content_region.width or self.app.size.width - 8
        return min(page, self.app.size.width - 8)

    def chart_rounds(self) -> None:
        """The VP chart by round: the start of round 1, the end of each round, the final scoring."""
        m = self.match
        states, hist = m.states, m.vp_history
        marks: list[int] = []
        for i in range(len(states) - 1):
            a, b = states[i], states[i + 1]
            if a.phase != "play" and b.phase == "play" and not marks:
                marks.append(i + 1)
            if a.phase == "play" and (b.round != a.round or b.phase == "over"):
                marks.append(i)
        if not marks:
            return
        chart = self.query_one(VPChart)
        chart.history = [hist[i] for i in marks] + [hist[-1]]
        chart.axis_label = lambda: f"rounds: start, 1–{len(marks) - 1}, final"  # type: ignore[method-assign]
        chart.refresh()
