"""`cosmic join` in a terminal asks for a colour. A word that is no colour is told so
(not that it is 'not free') and the question is asked again, as it is for the colour
the host took (a typo once ended the join); Ctrl-D at that question leaves without a
traceback. Nothing is joined: the host's lobby stays as it was."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env, hosting
from _ports import free_port
from _tmux import Terminal

LOOPBACK = "127.255.255.255"
QUESTION = "Enter for any):"


def test_the_colour_question_answered_wrong_or_closed(tmp_path: Path) -> None:
    port = str(free_port())
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
        hosting(ann)  # (join looks for two seconds)
        with Terminal(join, tmp_path, env=cosmic_env(homes["bob"]), width=160) as bob:
            bob.wait_for(QUESTION, timeout=30)
            for asked, (answer, told) in enumerate(
                    (("purpel", "cosmic join: 'purpel' is not a colour of that game"),
                     ("green", "cosmic join: 'green' is taken in that game")), 2):
                bob.type(answer)
                bob.wait_for(lambda s, t=told, n=asked: t in s and s.count(QUESTION) == n,
                             timeout=30)
                assert bob.exited() is None, bob.screen()
            bob.press("C-d")
            bob.wait_for(lambda s, b=bob: b.exited() is not None, timeout=30)
            screen = bob.screen()
            assert "cosmic join: no colour given; you did not join" in screen, screen
            assert "Traceback" not in screen and bob.exited() == 1, screen
        ann.terminate()
        out, _ = ann.communicate(timeout=30)
    finally:
        if ann.poll() is None:
            ann.kill()
    assert "bob" not in out, out  # never in ann's lobby
