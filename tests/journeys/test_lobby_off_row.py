"""The joiner's lobby ends while it asks "Play this game? [y/n]" (the host said no and
left): the reason starts on a row of its own, broken between words, not after the
question on its row, where the terminal broke it mid-phrase ("... this game is" /
"off (`cosmic join`" at the left edge)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env, hosting, said_until
from _ports import free_port
from _tmux import Terminal

LOOPBACK = "127.255.255.255"


def test_the_reason_a_lobby_ended_has_rows_of_its_own(tmp_path: Path) -> None:
    lan = ["--port", str(free_port()), "--target", LOOPBACK, "--timeout", "60"]
    homes = [tmp_path / n for n in ("ann", "bob")]
    for h in homes:
        h.mkdir()
    host = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann", *lan],
                            env=cosmic_env(homes[0]), cwd=homes[0], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        hosting(host)
        join = [str(COSMIC), "join", "--colour", "blue", *lan]
        with Terminal(join, tmp_path, env=cosmic_env(homes[1]), width=80) as bob:
            bob.wait_for("Play this game? [y/n]", timeout=30)
            said_until(host, "Every seat is taken", timeout=30)
            assert host.stdin is not None
            host.stdin.write("n\n")
            host.stdin.flush()
            screen = bob.wait_for("[exit status", timeout=30)
    finally:
        host.kill()
        host.wait()
    rows = [r.rstrip() for r in screen.splitlines() if r.strip()]
    asked = next(i for i, r in enumerate(rows) if r.startswith("Play this game? [y/n]"))
    assert rows[asked] == "Play this game? [y/n]", screen
    assert rows[asked + 1].startswith("cosmic: ann (the host) left the lobby"), screen
    rest = rows[asked + 2:rows.index("[exit status 1]")]
    assert rest and all(r.startswith("  ") for r in rest), screen  # continued, indented
