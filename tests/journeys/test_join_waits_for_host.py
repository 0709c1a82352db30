"""Friends start together: `cosmic join` started before the host keeps looking (saying
so once) and takes its seat in the lobby when the host comes up; with `--wait 0` it
looks once and says there is no game."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting, said_until
from _ports import free_port

LOOPBACK = "127.255.255.255"


def test_join_started_first_finds_the_host_that_comes_up_after_it(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK]
    once = cosmic("join", "--yes", "--name", "bob", "--wait", "0", *lan, home=homes["bob"],
                  timeout=30)
    assert once.returncode == 1 and "No game announced on this network" in once.stderr, once
    assert "looking for" not in once.stderr, once.stderr
    bob = subprocess.Popen([str(COSMIC), "join", "--yes", "--name", "bob", "--game", "ann",
                            "--timeout", "30", "--dir", str(homes["bob"] / "game"), *lan],
                           env=cosmic_env(homes["bob"]), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ann = None
    try:
        time.sleep(3.0)  # bob has looked once (two seconds) and found nothing
        assert bob.poll() is None, bob.communicate()
        ann = subprocess.Popen([str(COSMIC), "host", "--players", "3", "--name", "ann",
                                "--yes", "--timeout", "30", "--dir", str(homes["ann"] / "game"),
                                *lan], env=cosmic_env(homes["ann"]), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        hosting(ann)
        said_until(ann, "bob", timeout=30)  # bob's seat in ann's lobby
    finally:
        for p in (bob, ann):
            if p is not None:
                p.terminate()
        out, err = bob.communicate(timeout=30)
        if ann is not None:
            ann.communicate(timeout=30)
    assert err.count("No game ann announced yet: looking for") == 1, err
    assert "No game announced on this network" not in err, err
