"""The table store (issue 25, "Friends on other machines"; issue 31, one floor): tables, their seat
codes and their moves, shared by every process that plays at a table — the interface
(``base.py``), its SQLite and PostgreSQL back ends, opening one by its address (``open.py``), seat
codes (``codes.py``), a Table that replays a table's moves into a Match (``table.py``), and the
tables joined on this machine (``joined.py``). Infrastructure under the screens: nothing here
imports Textual, rich, a screen or a widget (the layering contracts in pyproject.toml say so).
See docs/tables.md."""
