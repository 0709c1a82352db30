"""A bot playing your seat (`cosmic resume --bot`, as host and join run it) in a game
whose other seat lied about its hand: the end-of-game audit catches the lie, and the
command says so on stderr (what failed, the seat blamed, the journal to verify) and
exits 1, the status docs/playing.md gives a failed audit, not a bare "Game over"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from _journey import cosmic
from cli.cmd_demo import free_udp_port, prepare
from engine.games import load
from node.journal_file import JournalFile
from protocol.genesis import Genesis

HELPER = Path(__file__).resolve().parent.parent / "helpers" / "bluff_node.py"


def test_a_failed_audit_is_said_with_the_seat_blamed(tmp_path: Path, home: Path) -> None:
    rules = load("cosmic")
    config = rules.config_from(rules.COLOURS[:2], (), {"max_turns": 2})
    game = tmp_path / "game"
    gpath, keys = prepare(2, "bluff", game, config=config, rules=rules)
    journal = game / "seat-0.journal"
    JournalFile.create(journal, Genesis.decode(gpath.read_bytes())).close()
    port = str(free_udp_port())
    liar = subprocess.Popen([sys.executable, str(HELPER), str(gpath), str(keys[1]), "1",
                             str(game / "seat-1.journal"), port],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        r = cosmic("resume", "--bot", str(journal), "--key", str(keys[0]), "--port", port,
                   "--target", "127.255.255.255", home=home, timeout=120)
    finally:
        liar.kill()
        liar.wait()
    assert "Game over:" in r.stdout, r.stdout + r.stderr
    assert r.returncode == 1, r.stdout + r.stderr
    said = " ".join(r.stderr.split())
    assert "the end-of-game audit failed: a hidden claim was false; seat 1 (blue) is " \
           "blamed" in said, r.stderr
    assert f"cosmic verify {journal}" in said, r.stderr
