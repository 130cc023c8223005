"""The SSH recipe of docs/tables.md, tested with a real OpenSSH server (issue 35, item 5).

The test reads the recipe's `Match User play` block and its per-key line out of the docs, and
starts `sshd` on a free loopback port with exactly that (the test's own paths and names put in:
the account, the store's folder, the program), as the PostgreSQL tests start `postgres`. The
`play` account is a real one, made for the test with `useradd` and removed after (a separate user
is the point of the recipe: its own home, hence its own default store, and the store reached
through a shared group and mode), with a throwaway key. Then: `ssh -t` and the code show the seat
and a move made there lands in the host's store; `ssh -L` gets no forward; `ssh … bash`, `sftp`
and `scp` get no shell and no file. Skipped only where OpenSSH's server or client is not installed,
or the test is not root (it makes a user), with the reason."""
from __future__ import annotations

import os
import pty
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tabletop_tui.match import Seat
from tabletop_tui.store.open import open_store
from tabletop_tui.store.table import Table, new_table
from tests.support.terminal import Terminal, read_pty_until

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "tables.md"
SSHD = shutil.which("sshd") or ("/usr/sbin/sshd" if Path("/usr/sbin/sshd").exists() else None)


def recipe() -> tuple[str, str, str]:
    """The docs' `Match User play` block, per-key line and server-wide lines, as written."""
    text = DOCS.read_text()
    block = re.search(r"```\n(\s*Match User play\n(?:.*\n)+?)\s*```", text)
    key = re.search(r"^\s*(restrict,pty,command=.*)$", text, re.M)
    server = re.search(r"```\n(\s*LoginGraceTime .*\n(?:.*\n)*?)\s*```", text)
    assert block and key and server, "docs/tables.md has lost its SSH recipe"
    return _dedent(block.group(1)), key.group(1).strip(), _dedent(server.group(1))


def _dedent(block: str) -> str:
    lines = block.splitlines()
    cut = min(len(x) - len(x.lstrip()) for x in lines if x.strip())
    return "\n".join(x[cut:] for x in lines) + "\n"


def _need(what: bool, why: str) -> None:
    if not what:
        print(f"test_ssh skipped: {why}", file=sys.stderr)
        pytest.skip(why)


def _run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, **kw)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _site_packages() -> Path:
    return Path(sys.prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"


def _processes_of(user: str) -> list[int]:
    import pwd

    uid = pwd.getpwnam(user).pw_uid
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue
            line = next((x for x in status.splitlines() if x.startswith("Uid:")), "")
            if line.split()[1:2] == [str(uid)]:
                found.append(int(entry.name))
    return found


class Host:
    """A throwaway `play` account and group, a store in a shared folder, an sshd."""

    def __init__(self, base: Path, per_key: bool):
        self.base = base
        tag = secrets.token_hex(3)
        self.user, self.group = f"ttplay{tag}", f"ttgrp{tag}"
        self.home = base / "home" / self.user
        self.srv = base / "srv"
        self.port = _free_port()
        self.sshd: subprocess.Popen | None = None
        self.per_key = per_key
        self.mounts: list[Path] = []

    def program(self) -> str:
        """`tabletop` as the play account can run it: this Python with this checkout if the
        account can reach them; else the system's Python 3 (this one may live under /root, which
        no other account enters); else, the checkout being in a folder only root enters (a
        `mktemp -d` clone), the checkout and this venv's packages bind-mounted (read-only) into
        the test's own folder, which the account can reach."""
        def runs(python: str, path: str) -> str | None:
            """The program if the account runs this checkout's tabletop with it (not another copy
            an installed package would point to)."""
            code = path.split(":")[0]
            probe = (f"import sys, tabletop_tui.cli; "
                     f"sys.exit(0 if tabletop_tui.__file__.startswith({code + '/'!r}) else 3)")
            ok = _run("runuser", "-u", self.user, "--", "/usr/bin/env", f"PYTHONPATH={path}", python,
                      "-c", probe).returncode == 0
            return f"/usr/bin/env PYTHONPATH={path} {python} -m tabletop_tui" if ok else None

        here = f"{ROOT}:{_site_packages()}"
        for python in (sys.executable, "/usr/bin/python3"):
            if prog := runs(python, here):
                return prog
        views = []
        for name, source in (("code", ROOT), ("site", _site_packages())):
            view = self.base / name
            view.mkdir(mode=0o755)
            if _run("mount", "--bind", str(source), str(view)).returncode != 0:
                pytest.fail(f"the play account cannot reach {source}, and it cannot be bind-mounted here")
            self.mounts.append(view)
            if _run("mount", "-o", "remount,ro,bind", str(view)).returncode != 0:  # never writable here
                pytest.fail(f"the view of {source} could not be made read-only")
            views.append(str(view))
        if prog := runs("/usr/bin/python3", ":".join(views)):
            return prog
        pytest.fail(f"the play account cannot run tabletop with /usr/bin/python3 and this venv's packages "
                    f"(this Python is {sys.version.split()[0]})")

    def up(self) -> None:
        (self.base / "home").mkdir()
        for cmd in (["groupadd", self.group],
                    ["useradd", "--create-home", "--home-dir", str(self.home), "--shell", "/bin/sh",
                     "--password", "*", "--groups", self.group, self.user]):
            done = _run(*cmd)
            assert done.returncode == 0, f"{cmd[0]}: {done.stderr}"
        # the recipe's step 1: a setgid folder of the group, outside any home
        self.srv.mkdir(mode=0o2770)
        shutil.chown(self.srv, "root", self.group)
        os.chmod(self.srv, 0o2770)
        block, key_line, server = recipe()
        prog = self.program()
        print(f"test_ssh: the play account runs {prog}", file=sys.stderr)
        said = re.search(r"--store ([^\s\"]+)", block) or re.search(r"--store ([^\s\"]+)", key_line)
        docs_store = said.group(1) if said else "/srv/tabletop/tables.sqlite3"  # (the docs' step 1)
        self.store_url = docs_store.replace("/srv/tabletop", str(self.srv))

        def ours(text: str) -> str:
            text = text.replace("/srv/tabletop", str(self.srv)).replace("Match User play", f"Match User {self.user}")
            return re.sub(r"(ForceCommand |command=\")tabletop ", lambda m: m.group(1) + prog + " ", text)

        keys = self.base / "keys"
        keys.mkdir()
        _run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / "host"), check=True)
        _run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / "player"), check=True)
        self.key = keys / "player"
        pub = (keys / "player.pub").read_text().strip()
        dot_ssh = self.home / ".ssh"
        dot_ssh.mkdir(mode=0o700)
        line = ours(key_line).replace("ssh-ed25519 AAAA… ann@laptop", pub) if self.per_key else pub
        (dot_ssh / "authorized_keys").write_text(line + "\n")
        os.chmod(dot_ssh / "authorized_keys", 0o600)
        _run("chown", "-R", f"{self.user}:{self.user}", str(dot_ssh), check=True)
        # a host's sshd_config as Debian ships it (sftp subsystem on), then the recipe's block
        config = "\n".join([
            f"Port {self.port}", "ListenAddress 127.0.0.1", f"HostKey {keys / 'host'}",
            f"PidFile {self.base / 'sshd.pid'}", "UsePAM no", "KbdInteractiveAuthentication no",
            "PasswordAuthentication no", "PubkeyAuthentication yes", f"AllowUsers {self.user}",
            "LogLevel VERBOSE", "Subsystem sftp /usr/lib/openssh/sftp-server", "",
        ]) + server  # (the recipe's server-wide lines, before any Match)
        if not self.per_key:
            config += ours(block)
        (self.base / "sshd_config").write_text(config)
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # OpenSSH's privilege separation folder
        checked = _run(SSHD, "-t", "-f", str(self.base / "sshd_config"))
        assert checked.returncode == 0, checked.stderr
        self.sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(self.base / "sshd_config")],
                                     stdout=subprocess.DEVNULL, stderr=open(self.base / "sshd.log", "w"))
        deadline = time.monotonic() + 15
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    if s.recv(64).startswith(b"SSH-"):
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, "sshd did not start: " + (self.base / "sshd.log").read_text()
            time.sleep(0.1)

    def down(self) -> None:
        if self.sshd is not None:
            self.sshd.terminate()
            try:
                self.sshd.wait(10)
            except subprocess.TimeoutExpired:
                self.sshd.kill()
        for pid in _processes_of(self.user):  # what the sessions left (the account is the test's own)
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _run("userdel", "--remove", self.user)
        for view in reversed(self.mounts):
            _run("umount", "-l", str(view))
        _run("groupdel", self.group)

    def make_table(self) -> tuple:
        """The host's step: a table in the shared store, then the recipe's group and mode."""
        st = open_store(self.store_url, delay=0)
        new = new_table(st, "piratissimo", [Seat("Ann"), Seat("Ben")], 3)
        path = Path(re.sub(r"^sqlite://", "", self.store_url).split("?")[0])
        for f in [path, *path.parent.glob(path.name + "-*")]:
            shutil.chown(f, "root", self.group)
            os.chmod(f, 0o660)
        open_store(self.store_url).close()  # the host's next command opens it again: still the group's?
        return st, new

    def options(self, log: str = "ERROR") -> list[str]:
        return ["-i", str(self.key), "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", f"LogLevel={log}"]

    def ssh(self, *args: str, log: str = "ERROR") -> list[str]:
        return ["ssh", "-p", str(self.port), *self.options(log), *args, f"{self.user}@127.0.0.1"]


def _hosted(per_key: bool):
    _need(SSHD is not None, "OpenSSH's server (sshd) is not installed: apt-get install openssh-server")
    _need(shutil.which("ssh") is not None and shutil.which("sftp") is not None,
          "OpenSSH's client is not installed: apt-get install openssh-client")
    _need(os.geteuid() == 0, "the SSH test makes a throwaway account (useradd): it needs root")
    base = Path(tempfile.mkdtemp(prefix="tabletop-ssh-"))
    os.chmod(base, 0o711)  # the account reaches its home and the store's folder, lists nothing
    h = Host(base, per_key=per_key)
    try:
        h.up()
        yield h
    finally:
        h.down()
        if not any(line.split()[1].startswith(str(base)) for line in Path("/proc/mounts").read_text().splitlines()):
            shutil.rmtree(base, ignore_errors=True)  # (never while a view of the checkout is mounted in it)


@pytest.fixture(params=["sshd_config", "authorized_keys"])
def host(request):
    yield from _hosted(request.param == "authorized_keys")


def test_ssh_t_and_the_code_show_the_seat_and_a_move_lands_in_the_hosts_store(host):
    st, new = host.make_table()
    first = Table(st, new.spectator).match.pending.seat
    cols, rows = 120, 40
    pid, fd, term = _player(host, new.codes[first], cols, rows)
    try:
        text = read_pty_until(fd, "YOUR TURN", term, timeout=40)
        assert f"table {new.table_id}" in text and ["Ann", "Ben"][first] in text
        os.write(fd, b"1")  # the first choice, made over SSH by the play account
        # the terminal is read meanwhile, as a terminal would: a seat whose output nobody reads
        # blocks in its write once the SSH channel's window is full, before it reads the key
        read_pty_until(fd, lambda _: bool(st.moves(new.table_id)), term, timeout=20)
        assert len(st.moves(new.table_id)) >= 1, term.text
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def _player(host, code: str, cols: int = 120, rows: int = 40) -> tuple[int, int, Terminal]:
    """A player's `ssh -t play@HOST` in a terminal of their own, the code typed at the prompt as
    the docs' step 4 says (never on the command line): (ssh's pid, the terminal, its screen)."""
    pid, fd = pty.fork()
    if pid == 0:  # the player's terminal
        os.environ.update(TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        os.execvp("ssh", host.ssh("-t"))
    term = Terminal(cols, rows, fd)
    try:
        read_pty_until(fd, b"Your seat's code", timeout=40)
    except BaseException:
        _hang_up(pid, fd)
        raise
    os.write(fd, code.encode() + b"\n")
    return pid, fd, term


def _hang_up(pid: int, fd: int) -> None:
    try:
        os.kill(pid, signal.SIGCONT)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    os.close(fd)


def _seats_of(user: str) -> list[int]:
    """The `tabletop seat` processes the account runs."""
    found = []
    for pid in _processes_of(user):
        try:
            words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"seat" in words and b"tabletop_tui" in words:
            found.append(pid)
    return found


def _settle(what, bound: float = 90.0):
    """Polled until ``what()`` is true (the bound only keeps a broken run finite)."""
    deadline = time.monotonic() + bound
    while not what() and time.monotonic() < deadline:
        time.sleep(0.2)
    return what()


@pytest.fixture
def match_host():
    """The recipe's `Match` route alone (its session bounds live in sshd_config)."""
    yield from _hosted(per_key=False)


def test_five_sessions_with_one_code_leave_one_seat(match_host):
    """Issue 44, item 4: "Over SSH five sessions with one code ran five seats (222 MiB)". Each
    newer session takes the seat over; the older ones end, and one seat process is left."""
    host = match_host
    st, new = host.make_table()
    players = []
    try:
        for _ in range(5):
            players.append(_player(host, new.codes[0]))
            read_pty_until(players[-1][1], "table", players[-1][2], timeout=40)
        assert _settle(lambda: len(_seats_of(host.user)) == 1), f"{len(_seats_of(host.user))} seats for one code"
        last = players[-1]
        assert os.waitpid(last[0], os.WNOHANG) == (0, 0), "the newest session ended"
    finally:
        for pid, fd, _ in players:
            _hang_up(pid, fd)


def test_a_frozen_client_loses_its_seat(match_host):
    """Issue 44, item 4: "a frozen client (SIGSTOP) keeps its seat alive past 60 s". With the
    recipe's ClientAliveInterval and ClientAliveCountMax, sshd drops a client that stops
    answering (about 30 s), and the seat ends with its terminal."""
    host = match_host
    st, new = host.make_table()
    pid, fd, term = _player(host, new.codes[0])
    try:
        read_pty_until(fd, "table", term, timeout=40)
        assert _settle(lambda: len(_seats_of(host.user)) == 1, 30)
        os.kill(pid, signal.SIGSTOP)  # the player's ssh freezes (a laptop shut)
        assert _settle(lambda: not _seats_of(host.user), 120), "the frozen client's seat lived on"
    finally:
        _hang_up(pid, fd)


def test_ssh_L_gets_no_forward_to_the_hosts_loopback(host):
    service = socket.socket()
    service.bind(("127.0.0.1", 0))
    service.listen()
    reached: list[bytes] = []

    def serve():
        service.settimeout(15)
        try:
            conn, _ = service.accept()
            reached.append(b"connected")
            conn.close()
        except OSError:
            pass

    threading.Thread(target=serve, daemon=True).start()
    local = _free_port()
    fwd = subprocess.Popen(host.ssh("-N", "-L", f"{local}:127.0.0.1:{service.getsockname()[1]}", log="INFO"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 15
        while True:  # wait for the client's own listening end
            try:
                conn = socket.create_connection(("127.0.0.1", local), timeout=1)
                break
            except OSError:
                assert time.monotonic() < deadline and fwd.poll() is None, "ssh -L did not start"
                time.sleep(0.1)
        conn.settimeout(60)
        got = conn.recv(100)  # the server refuses the channel: the connection just ends
        conn.close()
        assert got == b""
    finally:
        fwd.terminate()
        try:
            _, err = fwd.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            fwd.kill()
            _, err = fwd.communicate()
        service.close()
    assert reached == []
    assert "administratively prohibited" in err


def test_ssh_bash_sftp_and_scp_get_no_shell_and_no_file(host):
    st, new = host.make_table()
    shell = _run(*host.ssh(), "bash", "-c", "'echo SHELL-$((6*7)); id'", timeout=60)
    assert "SHELL-42" not in shell.stdout + shell.stderr and "uid=" not in shell.stdout
    assert shell.returncode != 0 and "table code" in shell.stderr  # the seat refused it as a code
    listing = _run("sftp", "-b", "-", "-P", str(host.port), *host.options(), f"{host.user}@127.0.0.1",
                   input="ls -la /\nget /etc/hostname\n", timeout=60, cwd=host.base)
    assert listing.returncode != 0
    assert "etc" not in listing.stdout and not (host.base / "hostname").exists()
    for legacy in ([], ["-O"]):  # scp over sftp, and the old protocol (a command: `scp -f …`)
        copied = _run("scp", *legacy, "-P", str(host.port), *host.options(),
                      f"{host.user}@127.0.0.1:/etc/hostname", str(host.base / "copied"), timeout=60)
        assert copied.returncode != 0 and not (host.base / "copied").exists()
    assert st.moves(new.table_id) == []
