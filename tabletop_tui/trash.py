"""Deleted saves: kept in a trash folder for KEEP_DAYS days, from which the Continue list brings
them back (its `t` key), then removed for good.

A deleted save is moved, never rewritten: ``<data dir>/trash/<when deleted>--<its file name>``.
The moment of deleting is in the name, not in the file's time or contents, so the file is the
same one that comes back, and the list of deleted games orders them by it (the last deleted
first). Files older than KEEP_DAYS are removed when the trash is next looked at."""
from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

from tabletop_tui.match import data_dir, list_saves, saves_dir

#: how long a deleted save can be brought back
KEEP_DAYS = 30
STAMP = "%Y%m%d-%H%M%S"
SEP = "--"


def trash_dir() -> Path:
    return data_dir() / "trash"


def throw_away(path: Path, now: datetime | None = None) -> Path:
    """Move a save to the trash; returns where it went. Raises OSError if it cannot be moved."""
    now = now or datetime.now()
    folder = trash_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{now.strftime(STAMP)}{SEP}{path.name}"
    n = 1
    while target.exists():  # the same name deleted twice in one second
        n += 1
        target = folder / f"{now.strftime(STAMP)}.{n}{SEP}{path.name}"
    os.replace(path, target)
    return target


def deleted_at(path: Path) -> datetime | None:
    """When a file in the trash was deleted (from its name); None for a file not put there by us."""
    stamp, sep, _ = path.name.partition(SEP)
    if not sep:
        return None
    try:
        return datetime.strptime(stamp.split(".")[0], STAMP)
    except ValueError:
        return None


def original_name(path: Path) -> str:
    """A save's own file name, also for one in the trash."""
    return path.name.partition(SEP)[2] or path.name


def deleted_saves(now: datetime | None = None) -> list[tuple[Path, dict]]:
    """The saves that can still be brought back, the last deleted first, each header with
    ``deleted`` (its moment, ISO); the ones deleted more than KEEP_DAYS ago are removed now."""
    now = now or datetime.now()
    out = []
    for p, head in list_saves(trash_dir()):
        when = deleted_at(p)
        if when is not None and now - when > timedelta(days=KEEP_DAYS):
            try:
                p.unlink()
            except OSError:
                pass
            continue
        head["deleted"] = when.isoformat() if when else head.get("last_move", "")
        out.append((p, head))
    out.sort(key=lambda t: (t[1]["deleted"], t[0].name), reverse=True)
    return out


def restore(path: Path) -> Path:
    """Bring a deleted save back among the saves, under its own name (a number added if that
    name is taken meanwhile); returns its new path."""
    name = original_name(path)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{Path(name).stem}-{n}{Path(name).suffix}"
    os.replace(path, target)
    return target
