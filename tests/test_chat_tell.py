"""Private chat: `tell` in a networked game is sealed to its recipient. Three real node
cores (real signatures, real card protocol, real journal files) play a whole game while
blue tells red things: red and blue read them, green's node and every journal hold only
a box, every journal verifies, and a box that does not open is blamed on its author.
`cosmic replay --key` reads one's own tells from a journal, and nobody else's."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import cosmic as engine
from bots import HeuristicBot
from node.core import NodeCore
from node.journal_file import JournalFile, write_key_file
from node.verify import verify_journal
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS, make_genesis
from protocol.journal import parse_journal
from protocol.keys import SigningKey

RED, BLUE, GREEN = 0, 1, 2
EARLY = "before the decks: meet me at the third planet"  # sent before any card work
LATE = "psst red, I hold the Zombie's flare ☠"  # sent mid-game, not ASCII
ROOT = Path(__file__).resolve().parent.parent


def _cores(tmp: Path, seed: int = 1) -> tuple[list[NodeCore], list[JournalFile]]:
    keys = [SigningKey.from_seed(bytes([i + seed]) * 32) for i in range(3)]
    config = engine.Config(3, max_turns=2, colors=("red", "blue", "green"))
    g = make_genesis(config, [(f"p{i}", k.public) for i, k in enumerate(keys)],
                     mode="network", salt=bytes([seed]) * 32)
    files = [JournalFile.create(tmp / f"{c}.journal", g) for c in config.colors]
    for colour, k in zip(config.colors, keys):
        write_key_file(tmp / f"{colour}.key", k)
    cores = [NodeCore(g, i, keys[i], secret_seed=bytes([i + 40]) * 32, append=f.append,
                      append_batch=f.append_many) for i, f in enumerate(files)]
    return cores, files


def _run(cores: list[NodeCore], hook: Callable[[int], None] = lambda step: None) -> None:
    """Play the game to its end (audit included), passing every envelope to every other
    core; hook(step) runs before each round."""
    bots = [HeuristicBot(bytes([i])) for i in range(len(cores))]
    for step in range(20000):
        if all(c.done for c in cores):
            return
        hook(step)
        for i, c in enumerate(cores):
            c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))
        mail = [(i, raw) for i, c in enumerate(cores) for raw in c.outbox()]
        for i, raw in mail:
            for j, d in enumerate(cores):
                if j != i:
                    d.offer(raw)
    raise AssertionError("the game did not finish")


def _chat(core: NodeCore) -> list[tuple[int, int, str | None]]:
    return [(e[1], e[2], e[3]) for e in core.events if e[0] == "chat"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[NodeCore], Path]:
    """A whole game: blue tells red EARLY before the decks are set up and LATE in turn 1,
    red says something to everyone."""
    tmp = tmp_path_factory.mktemp("tell")
    cores, files = _cores(tmp)
    cores[BLUE].say(EARLY, to=RED)
    cores[RED].say("hello all")
    sent = []

    def hook(step: int) -> None:
        if not sent and cores[BLUE].state.turns >= 1:
            cores[BLUE].say(LATE, to=RED)
            sent.append(step)
    _run(cores, hook)
    assert sent, "the game ended before turn 1"
    for f in files:
        f.close()
    return cores, tmp


def test_only_the_recipient_and_the_author_read_a_tell(
        game: tuple[list[NodeCore], Path]) -> None:
    cores, tmp = game
    told = [(BLUE, RED, EARLY), (BLUE, RED, LATE)]
    for c in cores:
        assert c.done and not c.blames, c.blames
    assert [x for x in _chat(cores[RED]) if x[0] == BLUE] == told
    assert [x for x in _chat(cores[BLUE]) if x[0] == BLUE] == told
    # green hears that blue told red something, and what red said to everyone
    assert sorted(_chat(cores[GREEN]), key=str) == sorted(
        [(BLUE, RED, None), (BLUE, RED, None), (RED, -1, "hello all")], key=str)
    # ... and holds the plaintext nowhere: not in its events, its record, its journal
    for text in (EARLY, LATE):
        secret = text.encode()
        assert not any(text in str(e) for e in cores[GREEN].events)
        assert not any(secret in raw for raw in cores[GREEN].record)
        for colour in ("red", "blue", "green"):  # no journal holds it in clear
            assert secret not in (tmp / f"{colour}.journal").read_bytes(), colour
    assert b"hello all" in (tmp / "green.journal").read_bytes()  # public chat is in clear


def test_every_journal_verifies_with_its_tells(game: tuple[list[NodeCore], Path]) -> None:
    cores, tmp = game
    for colour in ("red", "blue", "green"):
        journal = tmp / f"{colour}.journal"
        result = verify_journal(journal)
        assert result.error is None, (colour, result.error)
        assert result.verdict is not None and result.verdict.outcome is not None
        contents = parse_journal(journal.read_bytes())
        kinds = [open_envelope(r, contents.genesis, GAME_KINDS).kind for r in contents.records]
        assert kinds.count("tell") == 2 and kinds.count("chat") == 1


def test_a_restarted_seat_takes_its_journal_again_in_its_order(
        game: tuple[list[NodeCore], Path]) -> None:
    """A resumed seat takes its journal's envelopes in the journal's order, so its record
    is the journal and its screen's recap shows each chat where it was said. (Taken by
    author instead, blue's tell, said before red's first card message, came after it,
    and a resumed player's recap moved chat lines below later moves.)"""
    cores, tmp = game
    keys = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(3)]
    for seat, colour in enumerate(("red", "blue", "green")):
        contents = parse_journal((tmp / f"{colour}.journal").read_bytes())
        again = NodeCore(contents.genesis, seat, keys[seat], secret_seed=bytes([seat + 40]) * 32,
                         append=lambda raw: None, append_batch=lambda raws: None)
        again.restore(list(contents.records))
        assert again.record == contents.records, colour
        assert again.events == cores[seat].events, colour


def test_no_key_the_journal_reveals_opens_a_tell(game: tuple[list[NodeCore], Path]) -> None:
    """After the game every seat's card key share is public, and with it every card X25519
    key (that is how the audit opens the boxes of cards shown): a tell must not open with
    any of them. It is sealed with the players' own keys instead."""
    from protocol import canonical
    from protocol.cards_wire import (
        BoxError, open_box, shared_box_key, x25519_private, x25519_public,
    )
    from protocol.crypto.group import decode_scalar
    from protocol.tell import _KEY_INFO, _aad

    cores, tmp = game
    contents = parse_journal((tmp / "green.journal").read_bytes())
    g = contents.genesis
    envs = [open_envelope(r, g, GAME_KINDS) for r in contents.records]
    secrets = {e.author: decode_scalar(e.body[1]) for e in envs if e.kind == "cards.secret"}
    assert sorted(secrets) == [RED, BLUE, GREEN]
    card_keys = {s: x25519_private(x, g.game_id, s) for s, x in secrets.items()}
    publics = {s: x25519_public(k) for s, k in card_keys.items()}
    tells = [e for e in envs if e.kind == "tell"]
    assert len(tells) == 2
    for e in tells:
        to, nonce, box = e.body
        info = _KEY_INFO + canonical.encode([e.author, to, nonce])
        for own, peer in ((e.author, to), (to, e.author)):
            key = shared_box_key(card_keys[own], publics[peer], g.game_id, info)
            with pytest.raises(BoxError):
                open_box(key, _aad(g.game_id, e.author, to, e.seq), box)


def _cosmic(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).parent / "cosmic"  # the installed command, as a user runs it
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "cli.main"]
    return subprocess.run([*cmd, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_replay_shows_a_tell_as_private_unless_the_key_is_an_end(
        game: tuple[list[NodeCore], Path]) -> None:
    cores, tmp = game
    journal = tmp / "green.journal"
    contents = parse_journal(journal.read_bytes())
    envs = [open_envelope(r, contents.genesis, GAME_KINDS) for r in contents.records]
    late = next(i for i, e in enumerate(envs) if e.kind == "tell" and e.seq > 1)

    def replay(*extra: str) -> str:
        r = _cosmic("replay", str(journal), "--to", str(late + 1), "--plain", *extra)
        assert r.returncode == 0, r.stderr
        line = next(x for x in r.stdout.splitlines() if x.strip().startswith(f"{late} "))
        return line

    assert replay().endswith("blue: tells red: (private)")
    assert replay("--key", str(tmp / "green.key")).endswith("blue: tells red: (private)")
    assert replay("--key", str(tmp / "red.key")).endswith(f"blue: tells red: {LATE}")
    assert replay("--key", str(tmp / "blue.key")).endswith(f"blue: tells red: {LATE}")

    r = _cosmic("replay", str(journal), "--to", str(late + 1), "--json", "--key",
                str(tmp / "red.key"))
    assert r.returncode == 0, r.stderr
    last = json.loads(r.stdout)["last"][-1]
    assert (last["record"], last["author"], last["chat"]) == (late, BLUE, f"tells red: {LATE}")

    other = SigningKey.from_seed(b"\x99" * 32)
    write_key_file(tmp / "stranger.key", other, force=True)
    r = _cosmic("replay", str(journal), "--to", "1", "--plain", "--key",
                str(tmp / "stranger.key"))
    assert r.returncode == 0 and "holds no seat in this game" in r.stderr
    r = _cosmic("replay", str(journal), "--plain", "--key", str(tmp / "missing.key"))
    assert r.returncode == 2 and "--key" in r.stderr and "Traceback" not in r.stderr


def test_the_replay_viewer_timeline_reads_tells_with_a_key(
        game: tuple[list[NodeCore], Path]) -> None:
    from cli.replay_app import build_timeline
    from node.journal_file import read_key_file

    cores, tmp = game
    contents = parse_journal((tmp / "green.journal").read_bytes())
    plain = build_timeline(contents, "green.journal", parallel=False)
    keyed = build_timeline(contents, "green.journal", parallel=False,
                           key=read_key_file(tmp / "red.key"))
    assert plain.error is None and keyed.error is None
    assert [s.text for s in plain.steps if s.kind == "tell"] == ["tells red: (private)"] * 2
    assert [s.text for s in keyed.steps if s.kind == "tell"] == [
        f"tells red: {EARLY}", f"tells red: {LATE}"]


# --- a tell whose box does not open ------------------------------------------------------


def test_a_bad_box_is_blamed_on_its_author_and_the_game_goes_on(tmp_path: Path) -> None:
    """Blue (cheating, or broken) sends red three tells that do not open: garbage, a good
    box replayed in another envelope (the AAD binds the seq), and a box for green moved
    to red. Red blames blue for each with the signed envelope; green cannot tell and
    blames no one; every node takes them (the record stays one), the game ends, every
    journal verifies."""
    from protocol.envelope import seal
    from protocol.tell import tell_body

    cores, files = _cores(tmp_path, seed=7)
    blue, g, key = cores[BLUE], cores[BLUE].genesis, cores[BLUE].key
    blue.say("a good one", to=RED)
    good = open_envelope(blue.record[-1], g, GAME_KINDS)
    for_green = tell_body(g, key, BLUE, 2, GREEN, "for green only")
    bad = [
        [RED, good.body[1], bytes(48)],  # garbage box
        good.body,  # the good box again, in an envelope with another seq
        [RED, for_green[1], for_green[2]],  # green's box, readdressed
    ]
    raws = []
    for body in bad:
        seq, prev = blue._next_link()
        _, raw = seal(g, key, BLUE, seq, prev, blue.public_hash(), "tell", body,
                      kinds=GAME_KINDS)
        blue._take_own(raw)  # blue's own node reads it too (and finds it bad)
        raws.append(raw)
    _run(cores)
    for f in files:
        f.close()
    assert [(b.author, b.check, b.evidence) for b in cores[RED].blames] == [
        (BLUE, "box", raw) for raw in raws]
    assert cores[GREEN].blames == []
    assert _chat(cores[RED]) == [(BLUE, RED, "a good one")] + [(BLUE, RED, None)] * 3
    assert _chat(cores[GREEN]) == [(BLUE, RED, None)] * 4
    assert len({frozenset(c.record) for c in cores}) == 1
    for c in cores:
        assert c.done
    for colour in ("red", "blue", "green"):
        result = verify_journal(tmp_path / f"{colour}.journal")
        assert result.error is None, (colour, result.error)


def test_a_box_that_opens_to_no_chat_text_is_blamed(tmp_path: Path) -> None:
    """A box that authenticates but holds a control character, or padding that is not the
    fewest zero bytes, is the author's fault too."""
    from protocol.cards_wire import seal_box
    from protocol.envelope import seal
    from protocol.errors import RemoteProtocolError
    from protocol.tell import _aad, _box_key, read_tell

    cores, files = _cores(tmp_path, seed=9)
    blue, red, g = cores[BLUE], cores[RED], cores[BLUE].genesis
    for plain in (b"bell\x07" + bytes(27), b"hi" + bytes(62), b"\xff\xfe" + bytes(30)):
        seq, prev = blue._next_link()
        nonce = bytes([seq]) * 32
        box = seal_box(_box_key(blue.key, g.seat_key(RED), g.game_id, BLUE, RED, nonce),
                       _aad(g.game_id, BLUE, RED, seq), plain)
        env, raw = seal(g, blue.key, BLUE, seq, prev, blue.public_hash(), "tell",
                        [RED, nonce, box], kinds=GAME_KINDS)
        with pytest.raises(RemoteProtocolError) as info:
            read_tell(g, red.key, env)
        assert (info.value.check, info.value.author, info.value.proven) == ("box", BLUE, True)
        blue._take_own(raw)
        red.offer(raw)
        red.pump()
        assert red.blames[-1].author == BLUE and red.blames[-1].evidence == raw
    assert len(red.blames) == 3 and _chat(red) == [(BLUE, RED, None)] * 3
    for f in files:
        f.close()


def test_say_refuses_what_it_cannot_seal(tmp_path: Path) -> None:
    from protocol.envelope import MAX_TELL_BOX
    from protocol.errors import LocalProtocolError

    cores, files = _cores(tmp_path, seed=11)
    blue = cores[BLUE]
    for to, text, check in ((BLUE, "to myself", "schema"), (3, "nobody", "schema"),
                            (RED, "", "schema"), (RED, "bell\x07", "schema"),
                            (RED, "x" * 501, "size")):
        with pytest.raises(LocalProtocolError) as info:
            blue.say(text, to=to)
        assert info.value.check == check, (to, text)
    assert blue.record == [] and blue.outbox() == []  # nothing was sealed or sent
    blue.say("\U0001d11e" * 500, to=RED)  # the longest text, of 4-byte characters: fits
    env = open_envelope(blue.record[-1], blue.genesis, GAME_KINDS)
    assert env.kind == "tell" and len(env.body[2]) == MAX_TELL_BOX
    for f in files:
        f.close()


def test_padding_round_trips_and_refuses_what_pad_never_makes() -> None:
    from protocol.tell import pad_text, unpad_text

    for text in ("a", "x" * 32, "x" * 33, "☠" * 500, "é" * 500, "\U0001d11e" * 500):
        plain = pad_text(text)
        assert len(plain) % 32 == 0 and len(plain) - len(text.encode()) < 32
        assert unpad_text(plain) == text
    for plain in (bytes(32), b"a" + bytes(63), b"a" + bytes(30), b"\xc3" + bytes(31),
                  b"\x1b[2J" + bytes(28), b"\xe2\x80\xae" + bytes(29)):
        with pytest.raises(ValueError):
            unpad_text(plain)
