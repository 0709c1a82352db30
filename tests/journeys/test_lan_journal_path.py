"""`host` and `join` say where the player's journal is as the game starts, before the
screen takes over: after a kill -9 it is still in the terminal, for `cosmic resume`; and
`cosmic resume` alone names the newest journals, for a terminal that was cleared."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

LOOPBACK = "127.255.255.255"


def test_host_and_join_print_the_journal_to_resume(tmp_path: Path) -> None:
    port = str(free_port())
    homes = [tmp_path / n for n in ("ann", "bob")]
    for h in homes:
        h.mkdir()
    common = ["--bot", "--yes", "--plain", "--port", port, "--target", LOOPBACK,
              "--timeout", "90"]
    host = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--max-turns", "1",
                             "--name", "ann", *common], env=cosmic_env(homes[0]),
                            cwd=homes[0], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        hosting(host)  # (join looks for two seconds)
        join = subprocess.run([str(COSMIC), "join", "--game", "ann", "--name", "bob",
                               *common], env=cosmic_env(homes[1]), cwd=homes[1],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=240)
        out, err = host.communicate(timeout=240)
    finally:
        if host.poll() is None:
            host.kill()
    for home, said, code in ((homes[0], out + err, host.returncode),
                             (homes[1], join.stdout + join.stderr, join.returncode)):
        assert code == 0, said[-2000:]
        told = re.search(r"^Your journal: (\S+seat-\d\.journal) \(to pick it up again: "
                         r"`cosmic resume (\S+)`\)$", said, re.M)
        assert told and told.group(1) == told.group(2), said[-2000:]
        journal = Path(told.group(1))
        assert journal.is_file() and journal.is_relative_to(home / "games"), journal
        assert said.index("Your journal:") < said.index("A bot plays")  # said first
        # The terminal cleared (a kill, then `reset`): resume alone names the journal.
        hint = cosmic("resume", home=home, cwd=home)
        assert hint.returncode == 2 and "Traceback" not in hint.stderr, hint.stderr
        assert hint.stderr.strip().endswith(
            f"the newest here, newest first: {journal} (finished)"), \
            hint.stderr
