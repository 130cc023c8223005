"""The SQLite store's file is its owner's alone (issue 35): it holds every table's seed, from which
a reader could rebuild every hidden hand, and the hashes that let a writer in as any seat.

At every open (by `tabletop table`, `seat` or `serve`) the file and its write-ahead log and index
(``-wal``, ``-shm``: SQLite makes them with the file's mode, and they hold the same data) are put
back to mode 0600 if anything widened them (a `chmod 0644`, a copy, a file deleted and made again
under a loose umask), and that is said once on standard error. Only when the host asks for a
shared group may the group read and write them (at most 0660; never other users): the host asks
by giving the file a group that is not its own primary group (`chgrp tabletop`, or a setgid
folder of that group: the SSH account's store, docs/tables.md), or with
``sqlite:///PATH?group=NAME``, which also makes it so (that group's, exactly 0660). A process that
is not the file's owner (the SSH account opening the host's store) cannot change the mode, so it
says what is wrong and who can fix it.

The check works on the files themselves, never through a symbolic link (issue 44, item 7: a
`play`-account user linked ``tables.sqlite3-journal`` to the host's ``~/projects`` and the host's
next `table list` made that folder ``drw-------``): each is looked at with ``lstat`` and changed
through a descriptor opened with ``O_NOFOLLOW``. A symbolic link in the store's place or beside it
(``-wal``, ``-shm``, ``-journal``) is refused with its path, the store unopened: SQLite would
write the store's pages through it. (So a store is given by the path of the file itself, not of a
link to it: the decision where the issue is silent.) Anything there that is not a plain file
(a folder, a pipe) is refused the same way.
"""
from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from tabletop_tui.store.base import StoreError

SIDE_FILES = ("", "-wal", "-shm", "-journal")
_said: set[str] = set()  # what this process has said already (once each)


def wanted_mode(group: str | None) -> int:
    return 0o660 if group else 0o600


def given_a_group(st: os.stat_result) -> bool:
    """Whether the file's group is one its owner gave it: not the owner's own primary group."""
    import pwd

    try:
        return st.st_gid != pwd.getpwuid(st.st_uid).pw_gid
    except KeyError:
        return False


def group_id(group: str) -> int:
    import grp  # (POSIX only, as are file modes)

    try:
        return grp.getgrnam(group).gr_gid
    except KeyError:
        raise StoreError(f"There is no group {group!r} on this machine (the store's ?group=).") from None


def create_private(path: Path, group: str | None) -> None:
    """Make the empty store file with its mode from the start (never a moment world-readable)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, wanted_mode(group))
    except FileExistsError:
        return
    except OSError as e:
        raise StoreError(f"The table store {path} cannot be made ({e.strerror}).") from None
    os.close(fd)
    keep_private(path, group)


def keep_private(path: Path, group: str | None) -> None:
    """Put the store's files back to their mode (see the module); say once what was changed.
    StoreError for a symbolic link (or anything but a plain file) in the place of one of them."""
    if os.name != "posix":
        return  # no file modes to keep (the folder's access control guards the file)
    want = wanted_mode(group)
    gid = group_id(group) if group else None
    for suffix in SIDE_FILES:
        f = Path(f"{path}{suffix}")
        try:
            st = os.lstat(f)
        except OSError:
            continue
        _plain_file(f, st)
        try:
            fd = os.open(f, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError as e:
            if e.errno == errno.ELOOP:  # it became a link since the lstat
                _plain_file(f, os.lstat(f))
            fd = None  # (not readable by this process: its mode is looked at as lstat saw it)
        try:
            if fd is not None:
                st = os.fstat(fd)  # the very file opened
                _plain_file(f, st)
            _keep(f, fd, st, want, gid)
        finally:
            if fd is not None:
                os.close(fd)


def _plain_file(f: Path, st: os.stat_result) -> None:
    """Refuse a store file that is a symbolic link, a folder, a pipe…, with its path."""
    if stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISLNK(st.st_mode):
        try:
            where = f" to {os.readlink(f)}"
        except OSError:
            where = ""
        raise StoreError(f"The table store's file {f} is a symbolic link{where}: the store is not opened "
                         f"through a link. Give --store the file itself, or remove the link if you did not "
                         f"make it (rm {f}).")
    raise StoreError(f"The table store's file {f} is not a plain file: the store is not opened with it "
                     f"there. Remove it if you did not make it.")


def _keep(f: Path, fd: int | None, st: os.stat_result, want: int, gid: int | None) -> None:
    """One file's mode (and group) put back, through its descriptor ``fd``."""
    mode = stat.S_IMODE(st.st_mode)
    limit = 0o660 if gid is not None or given_a_group(st) else 0o600
    new = want if gid is not None else mode & limit  # (asked: exactly; else only narrowed)
    wrong_group = gid is not None and st.st_gid != gid
    if mode == new and not wrong_group:
        return
    if st.st_uid != os.geteuid() or fd is None:
        if mode & ~limit:
            _say(f"the table store {f} can be read by others (mode {mode:04o}), and only its owner, "
                 f"{_user(st.st_uid)}, can change that: chmod {limit:o} {f}")
        return
    try:
        if wrong_group:
            os.fchown(fd, -1, gid)
        os.fchmod(fd, new)
    except OSError as e:
        raise StoreError(f"The table store {f} cannot be made its owner's alone ({e.strerror}).") from None
    if mode & ~limit:  # it had been widened: said (a narrower file only gets what was asked)
        _say(f"the table store {f} could be read by others (mode {mode:04o}): it is {new:04o} again")


def _user(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _say(line: str) -> None:
    if line not in _said:
        _said.add(line)
        print(f"tabletop: {line}", file=sys.stderr, flush=True)


__all__ = ["create_private", "keep_private", "wanted_mode"]
