"""Commit-reveal, the random beacon and the deterministic random stream."""
from __future__ import annotations

import hashlib
import itertools

import pytest

from protocol.commit import (
    Beacon,
    RandomStream,
    beacon_contribution,
    check_reveal,
    commitment_digest,
    make_commitment,
)
from protocol.errors import LocalProtocolError, RemoteProtocolError

GAME = hashlib.sha256(b"game").digest()
OTHER_GAME = hashlib.sha256(b"other game").digest()


def lp(b: bytes) -> bytes:
    return len(b).to_bytes(4, "big") + b


def test_commitment_matches_the_spec() -> None:
    nonce = bytes(range(32))
    expected = hashlib.sha256(
        lp(b"cosmic/commit/v1") + lp(GAME) + lp(b"card:encounter") + lp(b"\x00\x03")
        + lp(nonce) + lp(b"payload")
    ).digest()
    assert commitment_digest(GAME, 3, "card:encounter", nonce, b"payload") == expected


def test_commit_then_reveal() -> None:
    digest, nonce = make_commitment(GAME, 1, "card", b"attack-08")
    assert len(digest) == 32 and len(nonce) == 32
    check_reveal(GAME, 1, "card", digest, nonce, b"attack-08")
    again, nonce2 = make_commitment(GAME, 1, "card", b"attack-08")
    assert nonce2 != nonce and again != digest  # a fresh nonce hides equal payloads


@pytest.mark.parametrize(
    "change",
    ["payload", "nonce", "author", "purpose", "game", "digest"],
)
def test_reveal_that_does_not_match(change: str) -> None:
    digest, nonce = make_commitment(GAME, 1, "card", b"attack-08")
    args: dict[str, object] = dict(game_id=GAME, author=1, purpose="card", digest=digest,
                                   nonce=nonce, payload=b"attack-08")
    changes: dict[str, dict[str, object]] = {
        "payload": {"payload": b"attack-40"},
        "nonce": {"nonce": bytes(32)},
        "author": {"author": 2},
        "purpose": {"purpose": "card2"},
        "game": {"game_id": OTHER_GAME},
        "digest": {"digest": bytes(32)},
    }
    args.update(changes[change])
    with pytest.raises(RemoteProtocolError) as info:
        check_reveal(**args, seq=9)  # type: ignore[arg-type]
    err = info.value
    assert (err.check, err.seq, err.proven) == ("commitment", 9, True)


def test_malformed_reveal() -> None:
    digest, nonce = make_commitment(GAME, 1, "card", b"x")
    with pytest.raises(RemoteProtocolError):
        check_reveal(GAME, 1, "card", digest, nonce[:31], b"x")


# --- beacon --------------------------------------------------------------------------

SEATS = (0, 1, 2, 3)


def contributions() -> dict[int, tuple[bytes, bytes, bytes]]:
    return {s: beacon_contribution(GAME, s, "beacon:1") for s in SEATS}


def run(order_commits: tuple[int, ...], order_reveals: tuple[int, ...],
        contrib: dict[int, tuple[bytes, bytes, bytes]]) -> bytes:
    beacon = Beacon(GAME, SEATS, "beacon:1")
    for s in order_commits:
        beacon.add_commit(s, contrib[s][2])
    for s in order_reveals:
        value, nonce, _ = contrib[s]
        beacon.add_reveal(s, nonce, value)
    assert beacon.phase == "done" and beacon.value is not None
    return beacon.value


def test_beacon_value_is_independent_of_arrival_order() -> None:
    contrib = contributions()
    values = {
        run(c, r, contrib)
        for c, r in itertools.islice(
            itertools.product(itertools.permutations(SEATS), itertools.permutations(SEATS)), 0, 576, 23
        )
    }
    assert len(values) == 1
    (value,) = values
    h = hashlib.sha256(lp(b"cosmic/beacon/v1") + lp(GAME) + lp(b"beacon:1"))
    for s in SEATS:
        h.update(contrib[s][0])
    assert value == h.digest()


def test_beacon_phases_and_stalls() -> None:
    contrib = contributions()
    beacon = Beacon(GAME, SEATS, "beacon:1")
    assert beacon.phase == "commit" and beacon.missing() == SEATS
    for s in (2, 0, 3):
        assert beacon.add_commit(s, contrib[s][2])
    assert beacon.missing() == (1,)
    # A reveal before every commit is in is refused (the last committer could choose).
    with pytest.raises(RemoteProtocolError) as info:
        beacon.add_reveal(0, contrib[0][1], contrib[0][0])
    assert (info.value.check, info.value.author) == ("too-early", 0) and info.value.recoverable
    with pytest.raises(LocalProtocolError):
        beacon.stream()
    assert beacon.add_commit(1, contrib[1][2])
    assert not beacon.add_commit(1, contrib[1][2])  # an exact repeat changes nothing
    assert beacon.phase == "reveal" and beacon.missing() == SEATS
    for s in (3, 1, 0):
        beacon.add_reveal(s, contrib[s][1], contrib[s][0])
    assert beacon.missing() == (2,) and beacon.value is None
    beacon.add_reveal(2, contrib[2][1], contrib[2][0])
    assert beacon.phase == "done" and beacon.missing() == ()
    assert not beacon.add_reveal(2, contrib[2][1], contrib[2][0])


def test_beacon_refusals() -> None:
    contrib = contributions()
    beacon = Beacon(GAME, SEATS, "beacon:1")
    with pytest.raises(RemoteProtocolError) as info:
        beacon.add_commit(7, contrib[0][2])
    assert info.value.check == "author"
    for s in SEATS:
        beacon.add_commit(s, contrib[s][2])
    with pytest.raises(RemoteProtocolError) as info:
        beacon.add_commit(0, contrib[1][2])  # a second, different commitment
    assert info.value.check == "commitment"
    value, nonce, _ = contrib[0]
    with pytest.raises(RemoteProtocolError) as info:
        beacon.add_reveal(0, nonce, bytes(32))  # not the committed value
    assert (info.value.check, info.value.author) == ("commitment", 0)
    with pytest.raises(RemoteProtocolError) as info:
        beacon.add_reveal(1, nonce, value)  # seat 0's reveal claimed by seat 1
    assert info.value.check == "commitment"
    assert beacon.missing() == SEATS  # nothing changed


# --- random stream ---------------------------------------------------------------------

def spec_below(seed: bytes, label: str, n: int, count: int) -> list[int]:
    """An independent reading of the RandomStream spec in the module comment."""
    stream = b""
    counter = 0
    out: list[int] = []
    k = (n - 1).bit_length()
    size = (k + 7) // 8
    pos = 0
    while len(out) < count:
        while len(stream) - pos < size:
            stream += hashlib.sha256(
                b"cosmic/stream/v1" + seed + lp(label.encode()) + counter.to_bytes(8, "big")
            ).digest()
            counter += 1
        x = int.from_bytes(stream[pos:pos + size], "big") & ((1 << k) - 1)
        pos += size
        if x < n:
            out.append(x)
    return out


@pytest.mark.parametrize("n", [2, 3, 6, 7, 82, 255, 256, 257, 1000, 2**40 + 1])
def test_stream_follows_the_spec(n: int) -> None:
    seed = hashlib.sha256(b"seed").digest()
    stream = RandomStream(seed, "draw")
    assert [stream.below(n) for _ in range(50)] == spec_below(seed, "draw", n, 50)


def test_stream_basics() -> None:
    seed = bytes(32)
    a, b = RandomStream(seed, "x"), RandomStream(seed, "x")
    assert [a.below(10) for _ in range(20)] == [b.below(10) for _ in range(20)]
    y = RandomStream(seed, "y")
    assert [y.below(2**32) for _ in range(4)] != [RandomStream(seed, "x").below(2**32) for _ in range(4)]
    assert RandomStream(seed).below(1) == 0
    perm = RandomStream(seed).permutation(82)
    assert sorted(perm) == list(range(82)) and perm != list(range(82))
    assert sorted(RandomStream(seed).shuffled("abcde")) == list("abcde")
    with pytest.raises(LocalProtocolError):
        RandomStream(seed).below(0)


def test_stream_is_roughly_uniform() -> None:
    # 6000 draws of a die: each face within 5 standard deviations of 1000.
    stream = RandomStream(hashlib.sha256(b"die").digest())
    counts = [0] * 6
    for _ in range(6000):
        counts[stream.below(6)] += 1
    assert all(abs(c - 1000) < 5 * 29 for c in counts), counts
    assert stream.choose_index(3) in range(3)


def test_beacon_draw() -> None:
    contrib = contributions()
    value = run(SEATS, SEATS, contrib)
    beacon = Beacon(GAME, SEATS, "beacon:1")
    for s in SEATS:
        beacon.add_commit(s, contrib[s][2])
    for s in SEATS:
        beacon.add_reveal(s, contrib[s][1], contrib[s][0])
    assert beacon.draw(10, "first-player") == RandomStream(value, "first-player").below(10)
