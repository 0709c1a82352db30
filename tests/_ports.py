"""Ports for the tests' games that nothing else on the machine is handed meanwhile.

A port the kernel gives for port 0 (cli.cmd_demo.free_udp_port, what users get) comes
from the ephemeral range (32768-60999 on Linux), and is free only at that moment: before
the game's nodes bind it (a second or more later, once their processes have started),
any socket anywhere on the machine may be given it, as the kernel does for every UDP
socket that sends before it binds (each node's beacon socket) and every outgoing TCP
connection. The listener's bind then fails (EADDRINUSE: the other socket did not share
it); two tests given the same port would hear each other's games. With `make test`'s
three workers and other test runs beside them, it happened.

free_port() hands out ports below the ephemeral range, which the kernel never gives on
its own, and only a port that is free (UDP and TCP, every address) and not taken by
another process using this module: each port handed out is locked (flock on a file of
its own, in a folder of the user's in the temporary directory) until the process ends,
so two pytest-xdist workers, or two test runs at once, never get the same port. Each
worker starts its search at a place of its own (from PYTEST_XDIST_WORKER), so workers
seldom try the same ports.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path
from typing import IO

from cli.cmd_demo import ephemeral_start, port_free

LOW = 20000  # the tests' ports: LOW up to the start of the ephemeral range
_LOCKS = Path(tempfile.gettempdir()) / f"cosmic-test-ports-{os.getuid()}"
_held: list[IO[bytes]] = []  # open and locked for as long as this process runs
_next: list[int] = []  # where this process's search goes on


def _high() -> int:
    """The first port of the ephemeral range (as cli.cmd_demo, the product, reads it)."""
    return ephemeral_start()


def _free_now(port: int) -> bool:
    return port_free(port, tcp=True)


def free_port() -> int:
    """A port, free for UDP and TCP on every address, that no other process using this
    module is handed while this one runs."""
    high = _high()
    span = high - LOW
    if not _next:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
        _next.append(LOW + (int(worker) if worker.isdigit() else 0) * 1000 % span)
    _LOCKS.mkdir(exist_ok=True)
    for _ in range(span):
        port = _next[0]
        _next[0] = LOW + (port + 1 - LOW) % span
        lock = open(_LOCKS / str(port), "ab")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another process has it
            lock.close()
            continue
        if _free_now(port):
            _held.append(lock)
            return port
        lock.close()  # something else holds the port itself: leave it
    raise OSError(f"no free port from {LOW} to {high - 1}")
