"""Two programs with one key in one lobby, the second in an 80-column terminal: it is
stopped with a message that breaks between words, the key file's path and the commands
it suggests (`--key FILE`, `cosmic keygen --out FILE`) whole on their rows."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port

# The width is the terminal's own: a COLUMNS (or LINES) this test runner exports would
# override it (shutil.get_terminal_size reads them first); a shell does not export them.
AS_A_TERMINAL = ["env", "-u", "COLUMNS", "-u", "LINES"]


def test_the_same_key_stop_breaks_between_words(tmp_path: Path) -> None:
    home = Path(tempfile.mkdtemp(prefix="sk", dir="/tmp"))  # a key path that fits a row
    lan = ["--port", str(free_udp_port()), "--target", LOOPBACK_BROADCAST]
    host = subprocess.Popen([str(COSMIC), "host", "--players", "3", "--name", "ann",
                             "--plain", "--timeout", "30", *lan], env=cosmic_env(home),
                            cwd=home, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert host.stdout is not None
        for line in host.stdout:  # the key is made, the lobby announced
            if "in the lobby:" in line:
                break
        with Terminal([*AS_A_TERMINAL, str(COSMIC), "join", "--name", "ann-again",
                       "--colour", "blue", "--yes", "--timeout", "20", *lan], tmp_path,
                      width=80,
                      env={"COSMIC_HOME": str(home)}) as term:
            term.wait_for(lambda s: "[exit status" in s, timeout=60)
            rows = [r.rstrip() for r in term.screen(history=True).splitlines()]
    finally:
        host.kill()
        host.wait()
        shutil.rmtree(home, ignore_errors=True)
    start = next(i for i, r in enumerate(rows) if r.startswith("cosmic: another cosmic"))
    shown = rows[start:rows.index("[exit status 1]")]
    assert len(shown) > 1 and all(len(r) < 80 for r in shown), rows
    assert any(f"({home / 'key'}," in r.split() for r in shown), shown
    assert any("`--key FILE`" in r for r in shown), shown
    assert any("`cosmic keygen --out FILE`)" in r for r in shown), shown
