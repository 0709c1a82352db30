"""The LAN lobby: a host announces, players join with the colour they ask for, each
confirms the exact game proposed, and every node builds the same genesis from the signed
cards; then they play it. Also the direct path where broadcast does not reach, a declined
game, and a roster that changes under a player before everyone confirmed."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli.cmd_demo import free_udp_port
from engine import cosmic as engine
from node.discovery import Card, Listener
from node.journal_file import JournalFile
from node.lobby import Lobby, LobbyError, Proposal, lobby_config, new_lobby_id, options_text
from node.verify import verify_journal
from protocol.keys import SigningKey

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.255.255.255"


def _cosmic(tmp: Path, i: int, *args: str) -> subprocess.Popen[str]:
    home = tmp / f"home{i}"
    env = dict(os.environ, COSMIC_HOME=str(home))
    return subprocess.Popen(
        [sys.executable, "-m", "cli.main", *args, "--plain", "--timeout", "60",
         "--dir", str(home / "game")],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)


def _played(tmp: Path, procs: list[subprocess.Popen[str]], inputs: list[str]) -> list[str]:
    outs = [p.communicate(text, timeout=180) for p, text in zip(procs, inputs)]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, out[-1500:] + err[-1500:]
    journals = [next((tmp / f"home{i}" / "game").glob("seat-*.journal"))
                for i in range(len(procs))]
    assert len({j.read_bytes() for j in journals}) == 1, "every node holds the same record"
    result = verify_journal(journals[0])
    assert result.error is None, result.error
    return [out for out, _ in outs]


def _read_until(proc: subprocess.Popen[str], text: str, timeout: float) -> str:
    """What proc printed up to and including `text` (a prompt need not end its line)."""
    assert proc.stdout is not None
    fd, got, end = proc.stdout.fileno(), b"", time.monotonic() + timeout
    while text.encode() not in got:
        assert time.monotonic() < end, f"no {text!r} in {got[-500:]!r}"
        if select.select([fd], [], [], 0.1)[0]:
            chunk = os.read(fd, 4096)
            assert chunk, f"output ended before {text!r}: {got[-500:]!r}"
            got += chunk
    return got.decode()


def test_host_and_join_with_colours_and_confirmation(tmp_path: Path) -> None:
    """Broadcast on loopback. ann hosts asking for green, bob asks for blue, cy asks for
    nothing and takes the first free colour; all confirm with --yes."""
    common = ["--port", str(free_udp_port()), "--target", LOOPBACK]
    host = _cosmic(tmp_path, 0, "host", "--players", "3", "--max-turns", "2", "--name", "ann",
                   "--colour", "green", "--yes", "--bot", *common)
    time.sleep(1.0)  # the host announces before the others look
    bob = _cosmic(tmp_path, 1, "join", "--name", "bob", "--colour", "blue", "--bot", "--yes",
                  *common)
    cy = _cosmic(tmp_path, 2, "join", "--name", "cy", "--bot", "--yes", *common)
    outs = _played(tmp_path, [host, bob, cy], ["", "", ""])
    genesis = verify_journal(next((tmp_path / "home0" / "game").glob("*.journal"))).genesis
    colours = {s.name: s.colour for s in genesis.seats}
    assert genesis.seats[0].name == "ann"
    assert colours == {"ann": "green", "bob": "blue", "cy": "red"}
    assert all("Every seat is taken" in out for out in outs)


def _heard(watch: Listener, want: Callable[[Card], bool], what: str,
           timeout: float = 30) -> Card:
    """The first card heard on the port (now or later) for which want(card) holds."""
    end = time.monotonic() + timeout
    while True:
        found = [s.card for s in watch.games() if want(s.card)]
        if found:
            return found[0]
        assert time.monotonic() < end, f"never heard {what}: {watch.games()}"
        watch.receive(timeout_s=0.05)


def test_a_player_confirms_at_the_prompt(tmp_path: Path) -> None:
    """Without --yes a player is asked, and nothing starts until they answer y. Shown by
    events, not by waiting: while bob is asked, the host has confirmed (its beacon says
    so) and still answers a change of the lobby (a third card, sorted after bob's, comes
    in: the host lists it), and no journal exists."""
    port = free_udp_port()
    common = ["--port", str(port), "--target", LOOPBACK]
    watch = Listener(port=port)  # hears every broadcast beacon on the port, as nodes do
    zed: Lobby | None = None
    procs: list[subprocess.Popen[str]] = []
    try:
        host = _cosmic(tmp_path, 0, "host", "--players", "2", "--max-turns", "1", "--name",
                       "ann", "--bot", "--yes", *common)
        procs.append(host)
        ann = _heard(watch, lambda c: c.name == "ann", "the host's card")
        # The person at the keyboard answers later; then a bot plays the seat.
        bob = _cosmic(tmp_path, 1, "join", "--name", "bob", "--colour", "red", "--bot",
                      *common)
        procs.append(bob)
        seen = _read_until(bob, "Play this game? [y/n]", 30)
        agreed = _heard(watch, lambda c: c.key == ann.key and c.agree != b"",
                        "the host's confirmation")
        bob_card = _heard(watch, lambda c: c.name == "bob", "bob's card")
        assert bob_card.agree == b"" and agreed.lobby == bob_card.lobby
        # A third card joins the lobby; its key sorts after bob's, so the game proposed
        # (ann and bob) stays the same.
        key = SigningKey.generate()
        while key.public < bob_card.key:
            key = SigningKey.generate()
        zed = Lobby(key, "zed", ann.lobby, 2, host=False, port=port, target=LOOPBACK)
        assert host.stdout is not None
        fd, told, end = host.stdout.fileno(), b"", time.monotonic() + 30
        while b"zed [" not in told:  # the host, still in its lobby, lists zed
            assert time.monotonic() < end, f"the host never listed zed: {told[-800:]!r}"
            zed.poll()  # beacons zed's card, and listens
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 4096)
                assert chunk, f"the host's output ended: {told[-800:]!r}"
                told += chunk
            assert b"The game:" not in told, f"the host started: {told[-800:]!r}"
        # The host confirmed, so its seat's journal is written (cli/cmd_host.py: a game
        # may start with a confirmed seat that is gone by then); nothing is played in it.
        assert host.poll() is None, "the game must not start before every player confirmed"
        for journal in (tmp_path / "home0").glob("game/*.journal"):
            handle, contents, _ = JournalFile.open(journal)
            handle.close()
            assert not contents.records, "the game must not start before every player confirmed"
        zed.close()
        zed = None
        out, err = bob.communicate("maybe\ny\n", timeout=180)
        host_out, host_err = host.communicate(timeout=180)
    finally:
        if zed is not None:
            zed.close()
        watch.close()
        for p in procs:  # on a failure, nothing is left running
            if p.poll() is None:
                p.kill()
                p.wait()
    assert host.returncode == 0, host_out[-1500:] + host_err[-1500:]
    out = seen + out
    assert "Answer y or n" in out and "Confirmed" in out, out[-1500:] + err[-1500:]
    genesis = verify_journal(next((tmp_path / "home0" / "game").glob("*.journal"))).genesis
    assert genesis is not None
    assert [s.colour for s in genesis.seats] == ["blue", "red"]  # host: the first free
    assert [s.name for s in genesis.seats] == ["ann", "bob"]  # zed came and went


def test_direct_peers_where_broadcast_does_not_reach(tmp_path: Path) -> None:
    """Each node hears beacons only on its own loopback address, so no broadcast reaches
    another: the joiners name the host with --peer; the host answers where it heard them
    and passes each one's signed card to the other, in the lobby and in the game."""
    port = str(free_udp_port())
    host = _cosmic(tmp_path, 0, "host", "--players", "3", "--max-turns", "2", "--name", "ann",
                   "--bot", "--yes", "--port", port, "--listen", "127.0.0.2", "--target", "127.0.0.2")
    time.sleep(0.5)
    joiners = [_cosmic(tmp_path, i, "join", "--name", name, "--bot", "--yes", "--port", port,
                       "--listen", ip, "--target", ip, "--peer", f"127.0.0.2:{port}")
               for i, name, ip in ((1, "bob", "127.0.0.3"), (2, "cy", "127.0.0.4"))]
    _played(tmp_path, [host, *joiners], ["", "", ""])


def _run(lobby: Lobby, decide: Any, results: dict[str, Any], name: str,
         timeout: float = 20.0) -> threading.Thread:
    def go() -> None:
        try:
            results[name] = lobby.wait(timeout, decide=decide)
        except (LobbyError, TimeoutError) as exc:
            results[name] = exc
        finally:
            lobby.close()
    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


def test_a_declined_game_does_not_start() -> None:
    port = free_udp_port()
    lobby_id = new_lobby_id()
    results: dict[str, Any] = {}
    host = Lobby(SigningKey.generate(), "ann", lobby_id, 2, host=True, port=port,
                 target=LOOPBACK)
    guest = Lobby(SigningKey.generate(), "bob", lobby_id, 2, host=False, port=port,
                  target=LOOPBACK)
    threads = [_run(host, lambda p: True, results, "host", timeout=4.0),
               _run(guest, lambda p: False, results, "guest")]
    for t in threads:
        t.join(30)
    assert isinstance(results["guest"], LobbyError) and "declined" in str(results["guest"])
    assert isinstance(results["host"], TimeoutError)


def test_a_host_that_leaves_ends_the_lobby_for_the_others() -> None:
    """The lobby id is the host's own: once the host leaves without confirming a game,
    nobody can make one there. A joiner is told so at once (it waited out its whole
    timeout, ten minutes by default, in a lobby of its own)."""
    port = free_udp_port()
    lobby_id = new_lobby_id()
    results: dict[str, Any] = {}
    host = Lobby(SigningKey.generate(), "ann", lobby_id, 3, host=True, port=port,
                 target=LOOPBACK)
    guest = Lobby(SigningKey.generate(), "bob", lobby_id, 3, host=False, port=port,
                  target=LOOPBACK)
    seen: list[int] = []
    stop = threading.Event()

    def hosting() -> None:
        while not stop.is_set():
            host.poll()
    hosts = threading.Thread(target=hosting, daemon=True)
    hosts.start()
    guest_thread = threading.Thread(target=lambda: results.setdefault("guest", _wait(
        guest, lambda members: seen.append(len(members)))), daemon=True)
    guest_thread.start()
    end = time.monotonic() + 10
    while 2 not in seen and time.monotonic() < end:
        time.sleep(0.05)
    assert 2 in seen, "bob saw ann's lobby"
    stop.set()
    hosts.join(5)
    left = time.monotonic()
    host.close()  # ann leaves (Ctrl-C): her leaving beacons go out
    guest_thread.join(30)
    assert isinstance(results["guest"], LobbyError), results
    assert "ann (the host) left the lobby" in str(results["guest"])
    assert time.monotonic() - left < 5


def _wait(lobby: Lobby, on_change: Callable[[list[Any]], None]) -> Any:
    try:
        return lobby.wait(25.0, on_change=on_change, decide=lambda p: None)
    except (LobbyError, TimeoutError) as exc:
        return exc
    finally:
        lobby.close()


def test_a_roster_change_asks_again_and_binds_the_new_genesis() -> None:
    """ann hosts for two; bob is proposed seat 1 but has not answered when al, whose key
    sorts before bob's, arrives: the proposal becomes ann and al, they confirm and play,
    and bob is told the game filled without him. No confirmation carries over."""
    port = free_udp_port()
    lobby_id = new_lobby_id()
    keys = sorted((SigningKey.generate() for _ in range(2)), key=lambda k: k.public)
    al_key, bob_key = keys
    results: dict[str, Any] = {}
    asked: list[Proposal] = []
    host = Lobby(SigningKey.generate(), "ann", lobby_id, 2, host=True, port=port,
                 target=LOOPBACK)
    bob = Lobby(bob_key, "bob", lobby_id, 2, host=False, port=port, target=LOOPBACK)
    host_asked: list[Proposal] = []
    threads = [_run(host, lambda p: host_asked.append(p) or True, results, "host"),
               _run(bob, lambda p: asked.append(p) and None, results, "bob")]
    end = time.monotonic() + 10
    while not (asked and host_asked) and time.monotonic() < end:
        time.sleep(0.05)  # both asked about the first proposal (in their own threads)
    assert asked and asked[0].seat == 1, "bob is proposed the second seat"
    first = asked[0].genesis.game_id
    al = Lobby(al_key, "al", lobby_id, 2, host=False, port=port, target=LOOPBACK)
    threads.append(_run(al, lambda p: True, results, "al"))
    for t in threads:
        t.join(30)
    (g_host, seat_host), (g_al, seat_al) = results["host"], results["al"]
    assert g_host.game_id == g_al.game_id != first
    assert (seat_host, seat_al) == (0, 1)
    assert [s.name for s in g_host.seats] == ["ann", "al"]
    assert isinstance(results["bob"], LobbyError) and "without you" in str(results["bob"])
    assert first in {p.genesis.game_id for p in host_asked}, "the host was asked both times"


def test_an_unknown_colour_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown colour"):
        Lobby(SigningKey.generate(), "ann", new_lobby_id(), 2, host=True,
              port=free_udp_port(), colour="mauve")


@pytest.mark.parametrize("config", [
    engine.Config(3),
    engine.Config(4, aliens=("?",) * 4, max_turns=40),
    engine.Config(3, aliens=("choose",) * 3, planets=4, single_encounter=True),
    engine.Config(5, aliens=("zombie", "", "?", "choose", "amoeba"), max_turns=255),
    engine.Config(4, flares=True),
    engine.Config(2, max_turns=1),
    engine.Config(2, two_player=True, aliens=("?", "?")),
    engine.Config(4, flares=True, teams=True, classic_artifacts=True, technology=True,
                  freewheeling_flares=True, rotating_powers=True, hidden_powers=True),
    engine.Config(6, aliens=("choose",) * 6, teams=True, hidden_powers=True, max_turns=9),
    engine.Config(10, flares=True, teams=True, classic_artifacts=True,
                  technology=True, freewheeling_flares=True, rotating_powers=True,
                  hidden_powers=True, max_turns=255),
    engine.Config(10, aliens=("?",) * 10, teams=True, classic_artifacts=True,
                  technology=True, rotating_powers=True, hidden_powers=True, max_turns=255),
])
def test_the_lobby_id_carries_the_options_every_player_is_shown(config: engine.Config) -> None:
    lobby = new_lobby_id(config)
    assert len(lobby) <= 32  # what a beacon card carries (node.discovery)
    back = lobby_config(lobby, config.seats)
    assert back == config
    text = options_text(back)
    assert ("random aliens" in text) == all(a == "?" for a in config.aliens)
    assert ("flares" in text) == (config.flares is True)
    if config.max_turns:
        assert f"at most {config.max_turns} turn{'s' if config.max_turns > 1 else ''}" in text
        assert "at most 1 turns" not in text
    else:
        assert "at most" not in text


@pytest.mark.parametrize("variant", engine.VARIANTS)
def test_a_lobby_announces_every_variant_it_is_given_or_refuses_it(variant: str) -> None:
    """Joiners build the genesis from the lobby id alone: a variant the option bytes do
    not carry would be dropped from everyone's game without a word (found playing
    `cosmic host --variant teams`: the game started without teams)."""
    seats = 2 if variant == "two_player" else 4
    aliens = ("?",) * seats if variant in ("hidden_powers", "rotating_powers") else ()
    config = engine.Config(seats, **engine.variant_options([variant]), aliens=aliens,
                           flares=True if variant == "freewheeling_flares" else ())
    try:
        lobby = new_lobby_id(config)
    except ValueError as exc:
        assert "cannot announce" in str(exc) and options_text(config) in str(exc)
        return
    assert lobby_config(lobby, seats) == config


def test_lobby_options_that_do_not_read_are_refused() -> None:
    good = new_lobby_id(engine.Config(3, aliens=("?",) * 3))
    for bad, why in [(good[:16], "without its game"), (good[:17], "without options"),
                     (good[:16] + b"\x7f" + good[17:], r"game this version does not know \(code 127"),
                     (good[:17] + b"\x80" + good[18:], "flags"),
                     (good[:17] + b"\x81\x00" + good[18:], "longer form than needed"),
                     (good[:17] + b"\x81\x10" + good[18:], "unknown option flags"),
                     (good + b"\x01", "aliens for 4 seats"),
                     (good[:-1] + b"\xff", "an alien this version does not know")]:
        with pytest.raises(ValueError, match=why):
            lobby_config(bad, 3)
        with pytest.raises(ValueError, match=why):  # a joiner stops before it beacons
            Lobby(SigningKey.generate(), "bob", bad, 3, host=False, port=free_udp_port())
    with pytest.raises(ValueError, match="at most 255"):
        new_lobby_id(engine.Config(3, max_turns=256))


@pytest.mark.parametrize("turns, words", [(1, "at most 1 turn"), (2, "at most 2 turns")])
def test_the_map_games_options_count_its_turns(turns: int, words: str) -> None:
    from engine.worlds import rules as worlds_rules
    from engine.worlds.state import Config as WorldsConfig
    text = worlds_rules.options_text(WorldsConfig(3, max_turns=turns))
    assert text.endswith(words), text
