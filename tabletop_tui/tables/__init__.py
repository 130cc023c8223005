"""Tables shared across processes and machines (issue 25, "Friends on other machines"): a store
of tables and their moves (SQLite or PostgreSQL), seat codes, and a Table that replays a table's
moves into a Match. See docs/tables.md."""
from tabletop_tui.tables.store import (Access, CodeRefused, IllegalMove, Move, MovedOn, NewTable,
                                       NotYourTurn, Store, StoreError, TableInfo, TooManyAttempts,
                                       open_store)
from tabletop_tui.tables.table import Table, export_table, import_save, new_table

__all__ = ["Access", "CodeRefused", "IllegalMove", "Move", "MovedOn", "NewTable", "NotYourTurn",
           "Store", "StoreError", "TableInfo", "TooManyAttempts", "open_store", "Table",
           "export_table", "import_save", "new_table"]
