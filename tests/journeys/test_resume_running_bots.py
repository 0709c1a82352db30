"""`cosmic resume` of a `play` game whose bots still run (the person's node was killed,
the bots wait): only the bots whose node is gone are started again; a bot whose journal
is held by its running node is left alone, not started twice to fail on the journal
lock and write "in use by another cosmic process" into its seat-N.log."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env
from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare
from node.journal_file import JournalFile
from node.resume import ResumeInfo
from protocol.genesis import Genesis


def test_resume_starts_only_the_bots_that_are_gone(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "game"
    gpath, keys = prepare(3, "bots", game, names=["player", "bot-1", "bot-2"])
    genesis = Genesis.decode(gpath.read_bytes())
    JournalFile.create(game / "seat-0.journal", genesis).close()
    port = free_udp_port()
    bots = [["node", "--genesis", str(gpath), "--key", str(keys[1]), "--seat", "1",
             "--journal", str(game / "seat-1.journal"), "--discovery-port", str(port),
             "--discovery-target", LOOPBACK_BROADCAST],
            # seat 2's node is gone; started again, it stops at once (no genesis)
            ["node", "--seat", "2", "--journal", str(game / "seat-2.journal")]]
    ResumeInfo(seat=0, key=str(keys[0]), started_by="play", discovery_port=port,
               discovery_target=LOOPBACK_BROADCAST, bots=bots).save(game / "seat-0.journal")
    running = JournalFile.create(game / "seat-1.journal", genesis)  # seat 1's bot: held
    proc = subprocess.Popen([str(COSMIC), "resume", "--bot", str(game / "seat-0.journal")],
                            env=cosmic_env(home), cwd=home, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        seen = []
        for line in proc.stdout:  # start_bots has run once the bot plays our seat
            seen.append(line)
            if line.startswith("A bot plays"):
                break
        assert seen and seen[-1].startswith("A bot plays"), "".join(seen)
        deadline = time.monotonic() + 30
        while "cosmic node: error" not in _text(game / "seat-2.log"):
            assert time.monotonic() < deadline, _text(game / "seat-2.log")
            time.sleep(0.05)
        assert not (game / "seat-1.log").exists(), _text(game / "seat-1.log")
    finally:
        proc.kill()
        proc.wait()
        running.close()
        for pid in _nodes_of(gpath):  # a bot started twice (this test failing) goes too
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _nodes_of(genesis: Path) -> list[int]:
    """The node processes of this game (their command line names its genesis)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if entry.name.isdigit() and f"--genesis {genesis} ".encode() in cmd:
            found.append(int(entry.name))
    return found


def _text(path: Path) -> str:
    return path.read_text() if path.exists() else ""
