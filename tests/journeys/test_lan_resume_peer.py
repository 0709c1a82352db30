"""A LAN seat killed mid-game is resumed with `--peer HOST`, the form `host` and `join`
take (not only a node's hello endpoint tcp://HOST:PORT): the node comes back, the game
ends, both journals hold the same records and verify. A --peer that is neither is
refused before anything starts. The seat joined with `--key FILE`, and resume finds
that key without being told (the resume file names it)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port
from protocol.journal import parse_journal

LOOPBACK = "127.255.255.255"


def _records(journal: Path) -> list[bytes]:
    try:
        return list(parse_journal(journal.read_bytes()).records)
    except Exception:  # being written: read it again later
        return []


def test_a_killed_seat_resumes_with_peer_host(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--yes", "--bot", "--plain", "--port", port, "--target", LOOPBACK, "--timeout",
           "60"]
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann", *lan],
                           env=cosmic_env(homes["ann"]), cwd=homes["ann"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    key = tmp_path / "bob.key"  # bob plays with a key file of his own
    try:
        assert cosmic("keygen", "--out", str(key), home=homes["bob"]).returncode == 0
        hosting(ann)  # (join looks for two seconds)
    except BaseException:
        ann.kill()
        raise
    bob = subprocess.Popen([str(COSMIC), "join", "--name", "bob", "--key", str(key), *lan],
                           env=cosmic_env(homes["bob"]), cwd=homes["bob"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 90
        journal = None
        while journal is None or len(_records(journal)) < 40:  # past the deck setup
            assert time.monotonic() < end, "the game did not get under way"
            time.sleep(0.1)
            journal = next((homes["bob"] / "games").glob("*/seat-1.journal"), None) \
                if (homes["bob"] / "games").exists() else None
        os.kill(bob.pid, signal.SIGKILL)
        bob.wait(timeout=30)
        kept = _records(journal)
        bad = cosmic("resume", str(journal), "--bot", "--plain", "--peer", "no such host",
                     home=homes["bob"], timeout=30)
        assert bad.returncode == 2 and "--peer" in bad.stderr, bad.stdout + bad.stderr
        assert "Traceback" not in bad.stderr, bad.stderr
        back = cosmic("resume", str(journal), "--bot", "--plain", "--peer", "127.0.0.1",
                      home=homes["bob"], timeout=240)
        assert back.returncode == 0, back.stdout[-2000:] + back.stderr[-2000:]
        assert "resumed from" in back.stdout and "Game over:" in back.stdout, back.stdout
        out, _ = ann.communicate(timeout=120)
        assert ann.returncode == 0 and "Game over:" in out, out[-2000:]
    finally:
        for proc in (ann, bob):
            if proc.poll() is None:
                proc.kill()
    theirs = next((homes["ann"] / "games").glob("*/seat-0.journal"))
    assert _records(journal)[:len(kept)] == kept  # nothing taken back
    assert sorted(_records(journal)) == sorted(_records(theirs))
    for j in (journal, theirs):
        v = cosmic("verify", str(j), home=tmp_path)
        assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
