"""Two nodes with one key: `cosmic join` run beside `cosmic host` with the same key file
(one COSMIC_HOME), or `cosmic resume` run twice on one seat. The node that came later
stops with a message that says what to do; the one that was there first warns and goes
on, and its game is played as usual. A node's own beacon, heard back by broadcast or
passed on by a peer, and the last beacons of a node of ours that has ended are never
taken for another node."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from _ports import free_port
from cli.cmd_demo import prepare
from node.discovery import (LOOPBACK_BROADCAST, Card, Listener, SameKey, SameKeyError,
                            new_instance, seal_card)
from node.journal_file import read_key_file
from node.verify import verify_journal
from protocol.keys import SigningKey

ROOT = Path(__file__).resolve().parent.parent
COSMIC = Path(sys.executable).with_name("cosmic")  # the installed command
LOOPBACK = "127.255.255.255"
ADVICE = ("Each player needs their own key: run with `--key FILE` (make one with "
          "`cosmic keygen --out FILE`) or with a separate COSMIC_HOME.")


class _Cosmic:
    """The installed `cosmic` in a process of its own; threads collect what it prints."""

    def __init__(self, *args: str, home: Path) -> None:
        assert COSMIC.exists(), f"{COSMIC}: run `make setup`"
        self.proc = subprocess.Popen([str(COSMIC), *args], cwd=ROOT,
                                     env=dict(os.environ, COSMIC_HOME=str(home)),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [threading.Thread(target=self._read, args=(s, to), daemon=True)
                         for s, to in ((self.proc.stdout, self.out),
                                       (self.proc.stderr, self.err))]
        for t in self._readers:
            t.start()

    @staticmethod
    def _read(stream: object, to: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            to.append(line)

    def text(self) -> str:
        return "".join(self.out) + "".join(self.err)

    def wait_for(self, text: str, limit_s: float = 30.0) -> None:
        """Until `text` is printed (fails after limit_s: a hang, or it never came)."""
        end = time.monotonic() + limit_s
        while text not in self.text():
            ended = not any(t.is_alive() for t in self._readers)  # and all of it was read
            assert not ended and time.monotonic() < end, \
                f"no {text!r} in:\n{self.text()[-2000:]}"
            time.sleep(0.05)

    def finish(self, limit_s: float = 120.0) -> int:
        """Its exit status, once it ends and all it printed is read."""
        try:
            code = self.proc.wait(limit_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"still running after {limit_s} s:\n{self.text()[-2000:]}")
        for t in self._readers:
            t.join(10)
        return code

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.finish()


def _lobby_args(home: Path, port: int, *more: str) -> list[str]:
    return ["--port", str(port), "--plain", "--yes", "--bot", "--timeout", "60",
            "--dir", str(home / "game"), *more]


def test_join_with_the_hosts_key_stops_and_the_host_goes_on_hosting(tmp_path: Path) -> None:
    """One machine, one COSMIC_HOME: `cosmic join` beside `cosmic host` finds the host's
    own key in the lobby and stops, saying which key file and what to do; the host warns
    and goes on, and a player with a key of their own then plays the game with it."""
    port = free_port()
    home, other_home = tmp_path / "home", tmp_path / "other"
    host = _Cosmic("host", "--players", "2", "--max-turns", "1", "--name", "ann",
                   *_lobby_args(home, port, "--target", LOOPBACK), home=home)
    try:
        host.wait_for("Hosting ann's game")
        twin = _Cosmic("join", "--name", "bob", *_lobby_args(tmp_path / "twin", port,
                       "--target", LOOPBACK), home=home)
        assert twin.finish(60) == 1, twin.text()
        err = "".join(twin.err)
        key = f"{home / 'key'}, key {read_key_file(home / 'key').public[:4].hex()}"
        assert (f"cosmic: another cosmic uses the same key as this one ({key}) in this "
                "lobby, as ann, the host, and it was there first, so this one stops. "
                + ADVICE) in err, err
        host.wait_for(f"cosmic: warning: another cosmic came into this lobby with your key "
                      f"({key}), as bob; it was told to stop, since this one was here "
                      f"first. {ADVICE} Still hosting.")

        guest = _Cosmic("join", "--name", "cy", *_lobby_args(other_home, port, "--target",
                        LOOPBACK), home=other_home)
        assert guest.finish() == 0, guest.text()
        assert host.finish() == 0, host.text()
    finally:
        host.stop()
    # Its own beacon, heard back and passed on all along, was never taken for another.
    assert "".join(host.err).count("another cosmic") == 1, host.text()
    assert "another cosmic" not in guest.text()
    journals = [next((h / "game").glob("seat-*.journal")) for h in (home, other_home)]
    assert journals[0].read_bytes() == journals[1].read_bytes()
    result = verify_journal(journals[0])
    assert result.error is None and result.genesis is not None
    assert [s.name for s in result.genesis.seats] == ["ann", "cy"]


def test_the_same_key_found_over_direct_peers(tmp_path: Path) -> None:
    """Where broadcast does not reach (each node hears only its own address, the joiner
    names the host with --peer), the host passes every card it hears on, the joiner's own
    among them: that one is not taken for another node; the host's card is."""
    port, home = free_port(), tmp_path / "home"
    host = _Cosmic("host", "--players", "2", "--name", "ann",
                   *_lobby_args(home, port, "--listen", "127.0.0.2", "--target", "127.0.0.2"),
                   home=home)
    try:
        host.wait_for("Hosting ann's game")
        twin = _Cosmic("join", "--name", "bob",
                       *_lobby_args(tmp_path / "twin", port, "--listen", "127.0.0.3",
                                    "--target", "127.0.0.3", "--peer", f"127.0.0.2:{port}"),
                       home=home)
        assert twin.finish(60) == 1, twin.text()
        assert "in this lobby, as ann, the host, and it was there first" in "".join(twin.err)
        host.wait_for("came into this lobby with your key")
        assert host.proc.poll() is None, "the host goes on hosting"
    finally:
        host.stop()


def _node(gpath: Path, key: Path, seat: int, journal: Path, port: int,
          home: Path) -> _Cosmic:
    return _Cosmic("node", "--genesis", str(gpath), "--key", str(key), "--seat", str(seat),
                   "--journal", str(journal), "--bot", "heuristic", "--progress",
                   "--discovery-port", str(port), "--discovery-target", LOOPBACK, home=home)


def test_one_seat_run_twice_the_later_one_stops_and_the_game_goes_on(tmp_path: Path) -> None:
    """One seat's node started twice. On the same journal (as `cosmic resume` run twice
    would) the journal's lock stops the second at once. With a journal of its own (a copy
    elsewhere, another machine) the second hears the first's beacons, says the seat is
    already being played and stops; the first warns and plays the game to the end with
    the other seat (the journals agree: nothing forked)."""
    gpath, keys = prepare(2, "same-key", tmp_path, max_turns=1)
    journal = tmp_path / "seat-1.journal"
    port = free_port()
    first = _node(gpath, keys[1], 1, journal, port, tmp_path)
    seat0 = None
    try:
        first.wait_for('"records"')  # it runs
        locked = _node(gpath, keys[1], 1, journal, port, tmp_path)
        assert locked.finish(60) == 2, locked.text()
        assert "is in use by another cosmic process" in "".join(locked.err)
        (tmp_path / "elsewhere").mkdir()
        second = _node(gpath, keys[1], 1, tmp_path / "elsewhere" / "seat-1.journal", port,
                       tmp_path)
        assert second.finish(60) == 1, second.text()
        fingerprint = read_key_file(keys[1]).public[:4].hex()
        assert (f"cosmic: another cosmic is already playing this seat of this game with "
                f"the same key (key {fingerprint}), and it started before this one (was "
                "`cosmic resume` run twice?). This one stops, so that the seat is not "
                "played twice; the other carries on.") in "".join(second.err), second.text()
        first.wait_for("another cosmic started playing this seat too")

        seat0 = _node(gpath, keys[0], 0, tmp_path / "seat-0.journal", port, tmp_path)
        assert seat0.finish() == 0, seat0.text()
        assert first.finish() == 0, first.text()
    finally:
        first.stop()
        if seat0 is not None:
            seat0.stop()
    assert first.text().count("another cosmic") == 1 and "another" not in seat0.text()
    assert journal.read_bytes() == (tmp_path / "seat-0.journal").read_bytes()
    assert verify_journal(journal).error is None


# ----------------------------------------------------------- what counts as another node


def _card(key: SigningKey, instance: bytes, stamp: int, lobby: bytes = b"lobby-1",
          leaving: bool = False) -> Card:
    return Card(lobby=lobby, name="ann", wanted=2, seated=1, endpoint="tcp://127.0.0.1:1",
                hello="", curve=bytes(32), key=key.public, stamp=stamp, leaving=leaving,
                instance=instance)


def _instance(started_ms: int) -> bytes:
    return started_ms.to_bytes(8, "big") + new_instance()[8:]


def test_only_another_running_node_with_our_key_counts() -> None:
    key, stranger = SigningKey.generate(), SigningKey.generate()
    start = 1_000_000
    mine = _card(key, _instance(start), start)
    same = SameKey(mine, in_game=False)
    for stamp in (start + 1, start + 300, start + 600):  # our own beacon, heard back
        same.heard(_card(key, mine.instance, stamp))
    earlier = _instance(start - 5000)  # a node of ours that ended before we started:
    for stamp in (start - 900, start - 600, start - 300, start):  # peers pass its cards on
        same.heard(_card(key, earlier, stamp))
    later = _instance(start + 100)
    for _ in range(3):  # one card of another node, passed on again and again
        same.heard(_card(key, later, start + 150))
    same.heard(_card(stranger, later, start + 400))  # another key
    same.heard(_card(key, later, start + 450, lobby=b"lobby-2"))  # another lobby
    assert same.check() == []

    same.heard(_card(key, later, start + 450, leaving=True))  # it sent again: it runs
    warnings = same.check()
    assert len(warnings) == 1 and "came into this lobby with your key" in warnings[0]
    same.heard(_card(key, later, start + 750))
    assert same.check() == [], "each node is reported once"

    # The other way round: the node found started before us, so we stop.
    first = SameKey(_card(key, _instance(start + 200), start + 200), in_game=True)
    for stamp in (start + 450, start + 750):
        first.heard(_card(key, mine.instance, stamp))
    with pytest.raises(SameKeyError) as stop:
        first.check()
    assert stop.value.other.instance == mine.instance
    assert "already playing this seat" in str(stop.value)
    assert stop.value.code == f"cosmic: {stop.value}"  # what Python prints if uncaught


def test_a_flood_of_instances_stays_bounded() -> None:
    key = SigningKey.generate()
    same = SameKey(_card(key, _instance(1000), 1000), in_game=False)
    for i in range(1000):
        same.heard(_card(key, _instance(2000 + i), 2000 + i))
    assert len(same._first) <= 16 and same.check() == []


def test_the_listener_shows_cards_before_its_replay_check() -> None:
    """Another node with our key, on a machine whose clock is behind ours: the listener
    drops its cards as replays of ours, but SameKey still sees them."""
    key = SigningKey.generate()
    now_ms = time.time_ns() // 1_000_000
    mine = _card(key, _instance(now_ms), now_ms + 60_000)  # our latest beacon, heard back
    other = _instance(now_ms - 60_000)  # started a minute before us, by its clock
    same = SameKey(mine, in_game=False)
    listener = Listener(port=0, bind=LOOPBACK_BROADCAST, same_key=same)
    try:
        marker_key = SigningKey.generate()
        marker = seal_card(_card(marker_key, new_instance(), 1), marker_key)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            for card in (mine, _card(key, other, now_ms + 1000), _card(key, other, now_ms + 1300)):
                s.sendto(seal_card(card, key), (LOOPBACK_BROADCAST, listener.port))
            s.sendto(marker, (LOOPBACK_BROADCAST, listener.port))
        end = time.monotonic() + 10
        while marker_key.public not in {x.card.key for x in listener.games()}:
            assert time.monotonic() < end, "the cards never came"
            listener.receive(0.05)
        assert [x.card.instance for x in listener.games() if x.card.key == key.public] \
            == [mine.instance], "the other node's cards were replays to the listener"
        with pytest.raises(SameKeyError):
            same.check()
    finally:
        listener.close()


def test_a_second_resumed_node_on_a_seat_stops_before_it_plays_it(tmp_path: Path) -> None:
    """Seat 1's node runs for a person who has not answered yet; a copy of its journal is
    resumed elsewhere with a bot (`cosmic resume COPY --bot` on a second machine). The
    copy waits SAME_KEY_GRACE_S before its bot decides or its envelopes leave, hears the
    first node's beacons meanwhile and stops. (Found playing: the copy's bot launched and
    chose a card at once, the person's own node took both as its own moves, and the
    person's screen showed moves they never made.) The grace is the real default here
    (journeys shorten it for their resumed nodes, which never meet a second one)."""
    from bots import HeuristicBot
    from node.runner import SAME_KEY_GRACE_S, NodeOptions, NodeRunner, same_key_grace_s
    from protocol.genesis import Genesis

    assert same_key_grace_s() == SAME_KEY_GRACE_S

    gpath, keys = prepare(2, "same-key-resume", tmp_path, max_turns=2)
    genesis = Genesis.decode(gpath.read_bytes())
    port = free_port()

    def options() -> NodeOptions:
        return NodeOptions(discovery_port=port, discovery_target=LOOPBACK)
    bot = HeuristicBot(b"seat 0")
    seat0 = NodeRunner(genesis, 0, read_key_file(keys[0]), tmp_path / "seat-0.journal",
                       options(), bot.choose)
    first = NodeRunner(genesis, 1, read_key_file(keys[1]), tmp_path / "seat-1.journal",
                       options(), None)  # a person: nobody answers its questions
    copy = None
    try:
        end = time.monotonic() + 60
        while not first.core.my_turn() and time.monotonic() < end:
            seat0.tick(5)
            first.tick(5)
        assert first.core.my_turn(), "seat 1 was never asked"
        asked_at = first.core.state.serial
        (tmp_path / "elsewhere").mkdir()
        copied = tmp_path / "elsewhere" / "seat-1.journal"
        copied.write_bytes((tmp_path / "seat-1.journal").read_bytes())
        copy = NodeRunner(genesis, 1, read_key_file(keys[1]), copied, options(),
                          HeuristicBot(b"the copy").choose)
        assert copy.resumed and copy.core.my_turn()
        # For a second the first node is not heard (a busy machine, a lost beacon or
        # two): without the wait the copy met seat 0 and played the seat meanwhile.
        quiet = time.monotonic() + 1.0
        while time.monotonic() < quiet:
            seat0.tick(5)
            copy.tick(5)
        with pytest.raises(SameKeyError, match="already playing this seat"):
            end = time.monotonic() + 30
            while time.monotonic() < end:
                for n in (seat0, first, copy):
                    n.tick(5)
        for _ in range(100):  # anything the copy let out would arrive meanwhile
            seat0.tick(5)
            first.tick(5)
        assert first.core.my_turn() and first.core.state.serial == asked_at, \
            "another node's move was taken as the person's own"
        assert seat0.core.state.serial == asked_at
    finally:
        for runner in (seat0, first, copy):
            if runner is not None:
                runner.close()
