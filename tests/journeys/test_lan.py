"""A LAN game the way friends start one: ann hosts in her terminal, bob joins in his,
a third seat joins with a bot; each confirms the proposed game; they chat in public and
in private; both people play it to the end (a short game); every journal is the same
and verifies. A second journey: where broadcast does not reach, --listen and --peer,
with a key made by keygen."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS
from protocol.journal import parse_journal
from _tmux import Terminal
from test_play_network import DECISION, decide

LOOPBACK = "127.255.255.255"


def _play_to_the_end(terms: list[Terminal], timeout: float = 240) -> None:
    """Each person answers whatever is theirs until both screens say the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        over = 0
        for term in terms:
            screen = term.screen()
            if "game over:" in screen and "won" in screen:
                over += 1
            elif DECISION in screen:
                decide(term)
        if over == len(terms):
            return
        assert time.monotonic() < deadline, "\n\n".join(t.screen() for t in terms)
        time.sleep(0.2)


@pytest.mark.heavy  # a long journey: started first
def test_host_join_chat_and_play_a_short_game(tmp_path: Path) -> None:
    port = str(free_port())
    homes = [tmp_path / n for n in ("ann", "bob", "cy")]
    for h in homes:
        h.mkdir()
    host = [str(COSMIC), "host", "--players", "3", "--name", "ann", "--colour", "green",
            "--max-turns", "1", "--port", port, "--target", LOOPBACK, "--timeout", "90",
            "--dir", str(homes[0] / "game"), "--variant", "single_encounter"]
    join = [str(COSMIC), "join", "--name", "bob", "--colour", "blue", "--port", port,
            "--target", LOOPBACK, "--game", "ann", "--timeout", "90", "--dir",
            str(homes[1] / "game")]
    with Terminal(host, tmp_path, env=cosmic_env(homes[0])) as ann:
        ann.wait_for("others run `cosmic join`", timeout=30)
        listed = cosmic("join", "--list", "--port", port, "--target", LOOPBACK,
                        home=homes[2], timeout=30)
        assert listed.returncode == 0 and "ann" in listed.stdout, listed
        with Terminal(join, tmp_path, env=cosmic_env(homes[1])) as bob:
            cy = subprocess.Popen(
                [str(COSMIC), "join", "--name", "cy", "--bot", "--yes", "--plain", "--port",
                 port, "--target", LOOPBACK, "--game", "ann", "--timeout", "90", "--dir",
                 str(homes[2] / "game")], env=cosmic_env(homes[2]),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
            try:
                for person in (ann, bob):  # each is shown the game and confirms it
                    person.wait_for("Play this game? [y/n]", timeout=60)
                    screen = person.screen()
                    assert re.search(r"green.*ann", screen) and "bob" in screen, screen
                    person.type("y")
                ann.wait_for(lambda s: re.search(r"^Turn \d+:", s, re.M) is not None,
                             timeout=120)  # the decks are dealt, the first turn is on
                ann.type("say hello table")
                ann.type("tell blue only for you")
                bob.wait_for("[green] hello table", timeout=20)
                bob.wait_for("[green to you] only for you", timeout=20)
                _play_to_the_end([ann, bob])
                out, err = cy.communicate(timeout=120)
                assert cy.returncode == 0, out[-2000:] + err[-2000:]
            finally:
                if cy.poll() is None:
                    cy.kill()
            for person in (ann, bob):
                person.type("quit")
                person.wait_for(lambda s, p=person: p.exited() is not None, timeout=90)
                assert person.exited() == 0
    journals = [next((h / "game").glob("seat-*.journal")) for h in homes]
    # Chat is not ordered with the game: each node records it where it arrived, so the
    # journals hold the same envelopes, perhaps in another order.
    records = [sorted(parse_journal(j.read_bytes()).records) for j in journals]
    assert records[0] == records[1] == records[2]
    assert b"only for you" not in journals[2].read_bytes()  # a tell is sealed
    for j in journals:
        v = cosmic("verify", str(j), home=tmp_path)
        assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
    contents = parse_journal(journals[2].read_bytes())
    kinds = [open_envelope(raw, contents.genesis, GAME_KINDS).kind for raw in contents.records]
    upto = str(kinds.index("tell") + 1)
    seen = {}
    for who in ("cy", "bob"):  # a third seat sees that a tell was sent; its reader reads it
        seen[who] = cosmic("replay", str(journals[2]), "--to", upto, "--plain", "--key",
                           str(tmp_path / who / "key"), home=tmp_path / who).stdout
    assert "tells blue: (private)" in seen["cy"], seen["cy"][-2000:]
    assert "tells blue: only for you" in seen["bob"], seen["bob"][-2000:]


def test_direct_peers_where_broadcast_does_not_reach(tmp_path: Path) -> None:
    """Host on 127.0.0.2, joiner on 127.0.0.3, no broadcast between them: the joiner
    names the host with --peer; its key comes from `cosmic keygen --out`. The host asks
    for variants and random aliens: the lobby carries them, and the joiner's node plays
    them (every variant once went missing on the way, the host's own line naming it)."""
    port = str(free_port())
    for who in ("ann", "bob"):
        (tmp_path / who).mkdir()
    key, ann_key = tmp_path / "bob.key", tmp_path / "ann.key"
    assert cosmic("keygen", "--out", str(key), home=tmp_path).returncode == 0
    assert cosmic("keygen", "--out", str(ann_key), home=tmp_path).returncode == 0
    ann = subprocess.Popen(
        [str(COSMIC), "host", "--players", "2", "--name", "ann", "--key", str(ann_key),
         "--max-turns", "1", "--variant", "two_player", "--variant", "technology",
         "--aliens", "random", "--port", port, "--listen", "127.0.0.2", "--target", "127.0.0.2", "--peer",
         "127.0.0.3", "--yes", "--bot", "--plain", "--timeout", "60", "--dir",
         str(tmp_path / "a")], env=cosmic_env(tmp_path / "ann"), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        hosting(ann)  # the host announces before bob looks (for two seconds)
        bob = cosmic("join", "--name", "bob", "--key", str(key), "--port", port, "--listen",
                     "127.0.0.3", "--target", "127.0.0.3", "--peer", f"127.0.0.2:{port}",
                     "--yes", "--bot", "--plain", "--timeout", "60", "--dir",
                     str(tmp_path / "b"), home=tmp_path / "bob", timeout=180)
        out, err = ann.communicate(timeout=120)
    finally:
        if ann.poll() is None:
            ann.kill()
    assert bob.returncode == 0 and ann.returncode == 0, bob.stderr + err
    assert "Game over:" in bob.stdout and "Game over:" in out
    assert not (tmp_path / "bob" / "key").exists(), "join used the key it was given"
    assert not (tmp_path / "ann" / "key").exists(), "host used the key it was given"
    journal = next((tmp_path / "b").rglob("seat-*.journal"))
    v = cosmic("verify", str(journal), home=tmp_path)
    assert v.returncode == 0 and "variants technology, two_player" in v.stdout, v.stdout
