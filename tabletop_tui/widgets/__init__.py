"""Widgets: each renders one thing from the state it is given and posts a Message with the player's choice; no rules logic, and no screen imported (the layering contracts in pyproject.toml)."""
