"""`cosmic join` in a terminal asks for a colour. Ctrl-D at that question leaves without
a traceback; a word that is no colour is told so (not that it is 'not free'); the
colour the host took is told taken. Nothing is joined in any case: the host's lobby
stays as it was."""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal

LOOPBACK = "127.255.255.255"
QUESTION = "Enter for any):"


def _free_port() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


def test_the_colour_question_answered_wrong_or_closed(tmp_path: Path) -> None:
    port = _free_port()
    homes = {n: tmp_path / n for n in ("ann", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK]
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann",
                            "--colour", "green", "--plain", "--timeout", "40", *lan],
                           env=cosmic_env(homes["ann"]), cwd=homes["ann"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    join = [str(COSMIC), "join", "--name", "bob", "--timeout", "30", *lan]
    try:
        for answer, told in ((None, "cosmic join: no colour given; you did not join"),
                             ("purpel", "cosmic join: 'purpel' is not a colour of that game"),
                             ("green", "cosmic join: 'green' is taken in that game")):
            with Terminal(join, tmp_path, env=cosmic_env(homes["bob"]), width=160) as bob:
                bob.wait_for(QUESTION, timeout=30)
                if answer is None:
                    bob.press("C-d")
                else:
                    bob.type(answer)
                bob.wait_for(lambda s, b=bob: b.exited() is not None, timeout=30)
                screen = bob.screen()
                assert told in screen and "Traceback" not in screen, screen
                assert bob.exited() == (1 if answer is None else 2), screen
        ann.terminate()
        out, _ = ann.communicate(timeout=30)
    finally:
        if ann.poll() is None:
            ann.kill()
    assert "bob" not in out, out  # never in ann's lobby
