"""Seat keys anyone could sign as are refused: small-order, mixed-order, non-canonical and
off-curve Ed25519 public keys, in the genesis, in a journal a verifier reads, and in the
beacon cards of the lobby (a real UDP datagram to a real listener).

Under a small-order key the signature R = identity, S = 0 verifies (with OpenSSL, which
checks neither the key nor R) for every message: whoever holds no secret at all can
sign as that seat."""

from __future__ import annotations

import hashlib
import socket
import struct
import subprocess
import time
import zlib
from pathlib import Path

import nacl.bindings as nb
import pytest

from engine import cosmic as engine
from node.curve import CurveKeys
from node.discovery import CARD_TAG, Card, Listener, Seen, open_card, seal_card
from protocol import canonical
from protocol.errors import DecodeError, LocalProtocolError
from protocol.game import make_genesis
from protocol.genesis import GAME_ID_TAG, Genesis
from protocol.keys import SigningKey, check_public_key, key_problem, verify

ROOT = Path(__file__).resolve().parent.parent
P = 2**255 - 19
IDENTITY = b"\x01" + bytes(31)
ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
HONEST = SigningKey.from_seed(b"\x07" * 32)
# Anyone's signature as a small-order key: R = the identity, S = 0.
TRIVIAL = IDENTITY + bytes(32)

BAD_KEYS = {
    "identity": (IDENTITY, "small order"),
    "order 2": ((P - 1).to_bytes(32, "little"), "small order"),
    "order 4": (bytes(32), "small order"),
    "order 8": (ORDER_8, "small order"),
    "identity, non-canonical (y = p + 1)": ((P + 1).to_bytes(32, "little"), "non-canonical"),
    "y = p": (P.to_bytes(32, "little"), "non-canonical"),
    "honest key plus a point of order 8": (
        nb.crypto_core_ed25519_add(HONEST.public, ORDER_8), "prime-order subgroup"),
    "off the curve": (b"\x02" + bytes(31), "not a point of the curve"),
    "31 bytes": (HONEST.public[:31], "32 bytes"),
}


@pytest.mark.parametrize("name", sorted(BAD_KEYS))
def test_a_key_anyone_could_sign_as_is_refused_with_the_reason(name: str) -> None:
    key, reason = BAD_KEYS[name]
    why = key_problem(key)
    assert why is not None and reason in why, why
    with pytest.raises(LocalProtocolError) as info:
        check_public_key(key, "seat 3's key")
    assert info.value.check == "point" and "seat 3's key" in info.value.message


def test_honest_keys_pass_and_sign() -> None:
    for i in range(300):
        key = SigningKey.from_seed(hashlib.sha256(b"honest %d" % i).digest())
        assert key_problem(key.public) is None
    assert verify(HONEST.public, HONEST.sign(b"m"), b"m")


def test_signatures_are_rfc_8032s_and_openssls_bytes() -> None:
    """SigningKey.sign (libsodium) gives RFC 8032's signature (its test 2) and, for any
    key and message, the very bytes OpenSSL gives (Ed25519 signing is deterministic)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    seed = bytes.fromhex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")
    key = SigningKey.from_seed(seed)
    assert key.public.hex() == ("3d4017c3e843895a92b70aa74d1b7ebc"
                                "9c982ccf2ec4968cc0cd55f12af4660c")
    assert key.sign(b"\x72").hex() == (
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")
    for i in range(50):
        seed = hashlib.sha256(b"signer %d" % i).digest()
        message = hashlib.sha512(b"message %d" % i).digest() * (i % 7)
        openssl = Ed25519PrivateKey.from_private_bytes(seed).sign(message)
        assert SigningKey.from_seed(seed).sign(message) == openssl


@pytest.mark.parametrize("name", ["identity", "order 8", "identity, non-canonical (y = p + 1)"])
def test_the_trivial_forgery_no_longer_verifies(name: str) -> None:
    key = BAD_KEYS[name][0]
    for message in (b"", b"I resign", b"\x99" + bytes(200)):
        assert not verify(key, TRIVIAL, message)


def _genesis_value(bad: bytes) -> list[canonical.Value]:
    """A networked game's genesis value whose seat 1 holds `bad`."""
    keys = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(3)]
    g = make_genesis(engine.Config(3), [(f"p{i}", k.public) for i, k in enumerate(keys)],
                     mode="network", salt=bytes(32))
    value = g.to_value()
    seats = value[2]
    assert isinstance(seats, list) and isinstance(seats[1], list)
    seats[1][3] = bad
    return value


def test_the_genesis_refuses_such_a_seat_key_both_ways() -> None:
    for name, (key, reason) in BAD_KEYS.items():
        if len(key) != 32:
            continue  # the schema refuses it first
        with pytest.raises(LocalProtocolError) as local:
            Genesis.create([("a", "red", HONEST.public), ("b", "blue", key)],
                           engine_version="v", rules_hash=bytes(32))
        assert local.value.check == "point" and "seat 1's key" in local.value.message, name
        with pytest.raises(DecodeError) as remote:
            Genesis.decode(canonical.encode(_genesis_value(key)))
        assert remote.value.check == "point" and reason in remote.value.message, name


def _forged_journal(bad: bytes) -> bytes:
    """A journal whose genesis gives seat 1 the key `bad` and whose one record is a chat
    "signed" as seat 1 by someone who holds no secret (the trivial signature)."""
    genesis = canonical.encode(_genesis_value(bad))
    game_id = hashlib.sha256(GAME_ID_TAG + genesis).digest()
    signed = canonical.encode([1, game_id, 1, bad, 1, bytes(32), bytes(32), "chat",
                               [-1, "seat 1 concedes"]])
    head = b"COSMICJ\x00" + struct.pack(">HI", 1, len(genesis)) + genesis
    body = b"\x01" + signed + TRIVIAL
    n = struct.pack(">I", len(body))
    framed = n + struct.pack(">I", zlib.crc32(n)) + body
    return (head + struct.pack(">I", zlib.crc32(head)) + framed
            + struct.pack(">I", zlib.crc32(framed)))


def test_cosmic_verify_refuses_a_journal_forged_for_a_small_order_seat(tmp_path: Path) -> None:
    path = tmp_path / "forged.journal"
    path.write_bytes(_forged_journal(IDENTITY))
    r = subprocess.run([str(ROOT / ".venv/bin/cosmic"), "verify", "--partial", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAILED" in r.stdout and "seat 1's key is not a valid Ed25519 public key" in r.stdout
    assert "small order" in r.stdout


def _forged_card(bad: bytes) -> bytes:
    """A beacon card that claims the key `bad`, with the trivial signature."""
    card = Card(b"lobby-1", "mallory", 3, 1, "tcp://127.0.0.1:40001", "",
                CurveKeys.from_seed(b"\x09" * 32).public, bad, stamp=1)
    body = canonical.encode(card._fields())
    return canonical.encode([CARD_TAG, body, TRIVIAL])


def test_the_lobby_listener_refuses_a_card_signed_as_a_small_order_key() -> None:
    with pytest.raises(DecodeError):
        open_card(_forged_card(IDENTITY))
    ls = Listener(port=0, bind="127.0.0.1", expire_after_s=30)
    try:
        honest = Card(b"lobby-1", "alice", 3, 1, "tcp://127.0.0.1:40000", "",
                      CurveKeys.from_seed(HONEST.seed).public, HONEST.public, stamp=1)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for name in ("identity", "order 8", "identity, non-canonical (y = p + 1)"):
                s.sendto(_forged_card(BAD_KEYS[name][0]), ("127.0.0.1", ls.port))
            s.sendto(seal_card(honest, HONEST), ("127.0.0.1", ls.port))
        seen: list[Card] = []
        deadline = time.monotonic() + 5
        while not seen or ls.rejected < 3:
            assert time.monotonic() < deadline, (seen, ls.rejected, ls.last_error)
            seen += [c.sighting.card for c in ls.receive(0.05) if isinstance(c, Seen)]
        assert [c.name for c in seen] == ["alice"]
        assert [s.card.key for s in ls.games()] == [HONEST.public]
    finally:
        ls.close()
