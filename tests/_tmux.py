"""A real terminal for tests: one program in a tmux server of its own.

Each Terminal starts its own tmux server (`-L` with a unique name, no user config), so
tests running side by side never share a session. The program runs in a pane of the
given size, under a shell that prints its exit status when it ends (tmux's own
pane_dead_status was seen to miss the exit now and then: tmux 3.3a left the program a
zombie until it got another SIGCHLD); the pane stays after that (remain-on-exit), so the
last screen can still be read. Screens are read with capture-pane and polled until what is
expected shows or a time limit passes: never a fixed sleep. tmux is required: a machine
without it fails these tests (CI installs it in .ci/run) rather than skipping them.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

__all__ = ["Terminal", "colour_codes"]

ROOT = Path(__file__).resolve().parent.parent
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_EXIT = re.compile(r"^\[exit status (\d+)\]$", re.M)


def colour_codes(screen: str) -> list[str]:
    """The SGR sequences in a capture-pane -e screen that set a colour (foreground or
    background: 30-38, 40-48, 90-97, 100-107; 39 and 49 only restore the default), as
    their parameters."""
    found = []
    for params in _SGR.findall(screen):
        codes = [int(p) for p in re.split("[;:]", params) if p.isdigit()]
        if any(c not in (39, 49) and (30 <= c <= 48 or 90 <= c <= 107) for c in codes):
            found.append(params)
    return found


class Terminal:
    """`command` running in a width x height tmux pane, with `env` added to this
    process's environment (NO_COLOR, TMUX, COLUMNS and LINES removed unless given)."""

    def __init__(self, command: list[str], workdir: Path, *, width: int = 80,
                 height: int = 24, env: dict[str, str] | None = None) -> None:
        if shutil.which("tmux") is None:
            pytest.fail("tmux is not installed: the real-terminal tests need it "
                        "(apt-get install tmux; .ci/run installs it)")
        self.name = f"cosmic-test-{os.getpid()}-{secrets.token_hex(4)}"
        conf = workdir / f"{self.name}.conf"
        conf.write_text("set -g remain-on-exit on\nset -g status off\n")
        # (A COLUMNS or LINES that the test runner exports would beat the pane's own size
        # for the program inside: shutil.get_terminal_size reads them first.)
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("TMUX", "NO_COLOR", "COLUMNS", "LINES")}
        self.env.update(env or {})
        self.socket: Path | None = None
        try:
            self._tmux("-f", str(conf), "new-session", "-d", "-s", "main", "-x", str(width),
                       "-y", str(height), "-c", str(ROOT),
                       shlex.join(["sh", "-c", '"$@"; echo "[exit status $?]"', "sh",
                                   *command]))
            self.socket = Path(self.info("#{socket_path}"))
        except BaseException:
            self.close()
            raise

    def _tmux(self, *args: str) -> str:
        r = subprocess.run(["tmux", "-L", self.name, *args], env=self.env,
                           capture_output=True, text=True, timeout=10)
        if r.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)}: {r.stderr.strip()}")
        return r.stdout

    def screen(self, escapes: bool = False, history: bool = False) -> str:
        """What the pane shows now, one line per row (with escapes: its colours and
        styles; with history: the lines scrolled off above it first)."""
        return self._tmux("capture-pane", "-p", "-t", "main", *(["-e"] if escapes else []),
                          *(["-S", "-"] if history else []))

    def type(self, text: str, enter: bool = True) -> None:
        """Type text literally, then (unless told not to) press Enter."""
        if text:
            self._tmux("send-keys", "-t", "main", "-l", text)
        if enter:
            self.press("Enter")

    def press(self, *keys: str) -> None:
        """Press keys by their tmux names (Tab, Enter, C-u, PageUp, ...)."""
        self._tmux("send-keys", "-t", "main", *keys)

    def resize(self, width: int, height: int) -> None:
        self._tmux("resize-window", "-t", "main", "-x", str(width), "-y", str(height))

    def info(self, fmt: str) -> str:
        """A tmux format about the pane, e.g. '#{pane_width}x#{pane_height}'."""
        return self._tmux("display-message", "-p", "-t", "main", fmt).strip()

    def exited(self) -> int | None:
        """The program's exit status once it has ended, else None."""
        found = _EXIT.search(self.screen(history=True))
        return int(found.group(1)) if found else None

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = 30.0) -> str:
        """Poll the screen until it contains `what` (or `what(screen)` is true); return
        that screen. Fails with the last screen shown when the time runs out."""
        test = (lambda s: what in s) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if test(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {what!r}; the screen:\n{screen}")
            time.sleep(0.05)

    def settled(self, timeout: float = 30.0) -> str:
        """The screen once it holds still for a moment (no frame half drawn)."""
        deadline = time.monotonic() + timeout
        last = self.screen()
        while True:
            time.sleep(0.1)
            now = self.screen()
            if now == last:
                return now
            if time.monotonic() > deadline:
                raise AssertionError(f"the screen kept changing for {timeout} s:\n{now}")
            last = now

    def close(self) -> None:
        """Kill this tmux server and the program in it; remove its socket (tmux 3.3a
        leaves it behind)."""
        subprocess.run(["tmux", "-L", self.name, "kill-server"], env=self.env,
                       capture_output=True, timeout=10)
        if self.socket is not None:
            self.socket.unlink(missing_ok=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
