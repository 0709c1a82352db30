"""Envelopes, the ledger, the genesis and keys: round trips and every tampering caught."""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from protocol import canonical
from protocol.envelope import (
    DEFAULT_KINDS,
    MAX_ENVELOPE_SIZE,
    MAX_TELL_BOX,
    ZERO_HASH,
    Envelope,
    Evidence,
    KindRegistry,
    Ledger,
    action_body_schema,
    View,
    check_opening,
    check_state_hash,
    empty_view,
    open_envelope,
    seal,
)
from protocol.errors import DecodeError, LocalProtocolError, RemoteProtocolError
from protocol.genesis import Genesis
from protocol.keys import (
    SigningKey,
    dump_key_file,
    generate,
    load_key_file,
    verify,
)
from protocol.schema import Bytes, Int, List, Record, Schema, Str

COLOURS = ["red", "blue", "green", "yellow", "purple"]


def make_kinds() -> KindRegistry:
    kinds = DEFAULT_KINDS.copy()
    kinds.register("test-action", action_body_schema())
    kinds.register("test-cards", Record(("cards", List(Bytes(32), max_len=200))))
    return kinds


KINDS = make_kinds()


class Game:
    """A genesis with real keys, and a helper to seal each seat's next envelope."""

    def __init__(self, seats: int = 3) -> None:
        self.keys = [generate() for _ in range(seats)]
        self.genesis = Genesis.create(
            [(f"player{i}", COLOURS[i], k.public) for i, k in enumerate(self.keys)],
            rules=["base", "flares"],
            engine_version="0.1.0",
            rules_hash=hashlib.sha256(b"rules").digest(),
        )
        self.links = [(1, ZERO_HASH) for _ in range(seats)]

    def next(self, author: int, kind: str = "test-action", body: canonical.Value = None,
             state: bytes = b"s" * 32) -> tuple[Envelope, bytes]:
        seq, prev = self.links[author]
        if body is None:
            body = ["play", seq, [1, 2, 3], b"x"]
        env, raw = seal(self.genesis, self.keys[author], author, seq, prev, state, kind, body,
                        kinds=KINDS)
        self.links[author] = (seq + 1, env.hash)
        return env, raw


@pytest.fixture
def game() -> Game:
    return Game()


def open_(raw: bytes, game: Game) -> Envelope:
    return open_envelope(raw, game.genesis, KINDS)


def refused(raw: bytes, game: Game) -> RemoteProtocolError:
    with pytest.raises(RemoteProtocolError) as info:
        open_(raw, game)
    return info.value


# --- round trips -------------------------------------------------------------------

def test_seal_open_round_trip(game: Game) -> None:
    env, raw = game.next(1, body=["move", 7, [b"a", "b", None, True, -3]])
    again = open_(raw, game)
    assert again == env and again.raw == raw
    assert (again.version, again.author, again.seq, again.kind) == (2, 1, 1, "test-action")
    assert again.game_id == game.genesis.game_id
    assert again.author_key == game.keys[1].public
    assert again.prev == ZERO_HASH and again.state_hash == b"s" * 32
    assert again.body == ["move", 7, [b"a", "b", None, True, -3]]
    assert again.hash == hashlib.sha256(raw).digest()
    # The stored bytes are signed || sig, and the signature covers exactly signed.
    assert raw == again.signed + again.sig and len(again.sig) == 64
    Ed25519PublicKey.from_public_bytes(game.keys[1].public).verify(again.sig, again.signed)
    assert again.view == empty_view(3)  # seal() without a view claims nothing
    assert canonical.decode(again.signed) == [
        2, game.genesis.game_id, 1, game.keys[1].public, 1, ZERO_HASH, b"s" * 32,
        "test-action", ["move", 7, [b"a", "b", None, True, -3]],
        [[0, 0, 0], hashlib.sha256(b"cosmic/view/v1\0" + bytes(96)).digest()],
    ]


def test_builtin_kinds(game: Game) -> None:
    cases: list[tuple[str, canonical.Value]] = [
        ("commit", ["beacon:1", b"d" * 32]),
        ("reveal", ["beacon:1", b"n" * 32, b"payload"]),
        ("chat", [-1, "hello all"]),
        ("tell", [2, b"n" * 32, b"b" * 48]),  # a box only its two ends can check
        ("tell", [1, b"n" * 32, b"b" * MAX_TELL_BOX]),
    ]
    for kind, body in cases:
        env, raw = game.next(0, kind, body)
        assert open_(raw, game).body == body


# --- sealing validates first ---------------------------------------------------------

@pytest.mark.parametrize(
    "kind,body,check",
    [
        ("chat", [2, "psst"], "schema"),  # to one seat: only as a sealed tell
        ("chat", [0, "to myself"], "schema"),
        ("chat", [7, "nobody there"], "schema"),
        ("tell", [0, b"n" * 32, b"b" * 48], "schema"),  # to myself
        ("tell", [7, b"n" * 32, b"b" * 48], "schema"),  # nobody there
        ("tell", [-1, b"n" * 32, b"b" * 48], "schema"),  # everyone: that is chat
        ("tell", [1, b"n" * 31, b"b" * 48], "schema"),
        ("tell", [1, b"n" * 32, b"b" * 47], "schema"),  # less than a block and a tag
        ("tell", [1, b"n" * 32, b"b" * 49], "schema"),  # not whole blocks
        ("tell", [1, b"n" * 32, b"b" * (MAX_TELL_BOX + 32)], "size"),
        ("tell", [1, b"n" * 32, "text"], "schema"),
        ("tell", [1, b"n" * 32, b"b" * 48, "extra"], "schema"),
        ("tell", [1, b"n" * 32], "schema"),
        ("chat", [-1, "x" * 501], "size"),
        ("chat", [-1, "bell\x07"], "schema"),
        ("chat", [-1, "\u202eevil"], "schema"),
        ("chat", [-1, "hi", "extra"], "schema"),
        ("commit", ["p", b"short"], "schema"),
        ("commit", ["Bad Purpose", b"d" * 32], "schema"),
        ("reveal", ["p", b"n" * 32, "not bytes"], "schema"),
        ("test-cards", [[b"c" * 32] * 201], "size"),
        ("test-cards", [[b"c" * 32, b"c" * 31]], "schema"),
        ("test-action", [1.5], "canonical"),
        ("nope", [], "kind"),
    ],
)
def test_seal_refuses_invalid_bodies(game: Game, kind: str, body: canonical.Value, check: str) -> None:
    with pytest.raises(LocalProtocolError) as info:
        seal(game.genesis, game.keys[0], 0, 1, ZERO_HASH, ZERO_HASH, kind, body, kinds=KINDS)
    assert info.value.check == check


def test_seal_refuses_wrong_key_seq_and_hashes(game: Game) -> None:
    g, k = game.genesis, game.keys
    cases = [
        ((g, k[1], 0, 1, ZERO_HASH, ZERO_HASH), "author"),
        ((g, k[0], 3, 1, ZERO_HASH, ZERO_HASH), "author"),
        ((g, k[0], 0, 0, ZERO_HASH, ZERO_HASH), "schema"),
        ((g, k[0], 0, 1, b"short", ZERO_HASH), "schema"),
        ((g, k[0], 0, 1, ZERO_HASH, b"x" * 33), "schema"),
    ]
    for args, check in cases:
        with pytest.raises(LocalProtocolError) as info:
            seal(*args, "chat", [-1, "hi"], kinds=KINDS)
        assert info.value.check == check


def test_seal_refuses_oversized_envelope(game: Game) -> None:
    kinds = DEFAULT_KINDS.copy()
    kinds.register("blob", Record(("data", Bytes(max_len=2 * MAX_ENVELOPE_SIZE))))
    with pytest.raises(LocalProtocolError) as info:
        seal(game.genesis, game.keys[0], 0, 1, ZERO_HASH, ZERO_HASH, "blob",
             [b"x" * MAX_ENVELOPE_SIZE], kinds=kinds)
    assert info.value.check == "size"


# --- tampering -------------------------------------------------------------------------

def flips(raw: bytes) -> Iterator[tuple[int, bytes]]:
    for i in range(len(raw)):
        for bit in range(8):
            yield i, raw[:i] + bytes([raw[i] ^ (1 << bit)]) + raw[i + 1:]


def test_every_bit_flip_is_refused(game: Game) -> None:
    _, raw = game.next(2, body=["play", 3, [1, 2], b"card"])
    # Field offsets in the signed part: 0x9a, version, c4 20 game_id, author, c4 20 key.
    game_id_at, key_at = range(4, 36), range(39, 71)
    sig_at = range(len(raw) - 64, len(raw))
    seen: set[str] = set()
    for i, data in flips(raw):
        err = refused(data, game)
        seen.add(err.check)
        if i in game_id_at:
            assert err.check == "game-id"
        elif i in key_at:
            assert err.check == "author"
        elif i in sig_at:
            assert err.check == "signature"
    assert {"game-id", "author", "signature", "canonical"} <= seen


def test_truncated_and_extended_bytes_are_refused(game: Game) -> None:
    _, raw = game.next(0)
    for n in range(len(raw)):
        refused(raw[:n], game)
    refused(raw + b"\x00", game)
    refused(b"\x00" + raw, game)


def test_forged_signature(game: Game) -> None:
    env, raw = game.next(0)
    mallory = game.keys[1]
    forged = env.signed + mallory.sign(env.signed)
    err = refused(forged, game)
    assert (err.check, err.author, err.seq, err.proven) == ("signature", 0, 1, False)


def test_envelope_of_another_game(game: Game) -> None:
    other = Game(3)
    other.keys = game.keys  # the very same players and keys, another game
    other.genesis = Genesis.create(
        [(f"player{i}", COLOURS[i], k.public) for i, k in enumerate(game.keys)],
        rules=["base", "flares"], engine_version="0.1.0",
        rules_hash=hashlib.sha256(b"rules").digest(),
    )
    assert other.genesis.game_id != game.genesis.game_id  # the salt differs
    _, raw = other.next(0)
    assert refused(raw, game).check == "game-id"


def signed_manually(game: Game, parts: list[bytes], author: int = 0) -> bytes:
    signed = b"".join(parts)
    return signed + game.keys[author].sign(signed)


def header_parts(game: Game, author: int = 0, seq_bytes: bytes = b"\x01") -> list[bytes]:
    e = canonical.encode
    return [e(2), e(game.genesis.game_id), e(author), e(game.keys[author].public), seq_bytes,
            e(ZERO_HASH), e(b"s" * 32)]


def view_part(game: Game) -> bytes:
    return canonical.encode(empty_view(game.genesis.n_seats).encode())


def test_non_canonical_encoding_with_valid_signature(game: Game) -> None:
    e = canonical.encode
    canonical_raw = signed_manually(
        game, [b"\x9a", *header_parts(game), e("chat"), e([-1, "hi"]), view_part(game)])
    assert open_(canonical_raw, game).seq == 1
    # seq 1 as a uint8 (0xcc 0x01) instead of the positive fixint 0x01, properly signed.
    wide = signed_manually(
        game, [b"\x9a", *header_parts(game, seq_bytes=b"\xcc\x01"), e("chat"), e([-1, "hi"]),
                view_part(game)]
    )
    assert refused(wide, game).check == "canonical"
    # The whole array as array16.
    wide = signed_manually(
        game, [b"\xdc\x00\x0a", *header_parts(game), e("chat"), e([-1, "hi"]), view_part(game)])
    assert refused(wide, game).check == "canonical"


def test_extra_field_and_unknown_kind_with_valid_signature(game: Game) -> None:
    e = canonical.encode
    extra = signed_manually(
        game, [b"\x9b", *header_parts(game), e("chat"), e([-1, "hi"]), view_part(game),
               e("extra")]
    )
    assert refused(extra, game).check == "schema"
    body_extra = signed_manually(
        game, [b"\x9a", *header_parts(game), e("chat"), e([-1, "hi", 1]), view_part(game)])
    err = refused(body_extra, game)
    assert (err.check, err.author, err.seq, err.proven) == ("schema", 0, 1, True)
    unknown = signed_manually(
        game, [b"\x9a", *header_parts(game), e("gossip"), e([]), view_part(game)])
    err = refused(unknown, game)
    assert (err.check, err.proven) == ("kind", True)
    float_body = signed_manually(
        game, [b"\x9a", *header_parts(game), e("test-action"), b"\x91\xcb" + b"\x00" * 8,
               view_part(game)]
    )
    assert refused(float_body, game).check == "canonical"


def test_wrong_author_fields(game: Game) -> None:
    e = canonical.encode
    # Seat 0's key under seat 1's index, signed by seat 0.
    parts = header_parts(game)
    parts[2] = e(1)

    def chat(parts: list[bytes]) -> bytes:
        return signed_manually(game, [b"\x9a", *parts, e("chat"), e([-1, "hi"]),
                                      view_part(game)])
    err = refused(chat(parts), game)
    assert (err.check, err.author) == ("author", 1)
    parts[2] = e(9)
    err = refused(chat(parts), game)
    assert err.check == "author" and isinstance(err, DecodeError)
    parts = header_parts(game)
    parts[0] = e(1)  # version 1 envelopes had no view
    assert refused(chat(parts), game).check == "version"


def test_malformed_views_are_refused_before_the_signature(game: Game) -> None:
    e = canonical.encode
    good = empty_view(3).encode()
    digest = good[1]
    for view in ([[0, 0], digest], [[0, 0, 0, 0], digest], [[1, 0, 0], digest],
                 [[0, -1, 0], digest], [[0, 2**32, 0], digest], [[0, 0, 0], b"x" * 31],
                 [[0, 0, 0]], [[0, True, 0], digest], None, [[0, 0, 0], digest, 0]):
        raw = signed_manually(game, [b"\x9a", *header_parts(game), e("chat"), e([-1, "hi"]),
                                     e(view)])  # type: ignore[arg-type]
        err = refused(raw, game)
        assert (err.check, err.proven) == ("schema", False), view
    with pytest.raises(LocalProtocolError):
        seal(game.genesis, game.keys[0], 0, 1, ZERO_HASH, ZERO_HASH, "chat", [-1, "hi"],
             view=View((1, 0, 0), digest))  # the author's own slot is always 0


def test_a_view_binds_the_other_chains() -> None:
    """Ledger.view() names each other seat's latest envelope outside chat; another ledger
    holding the same chains agrees, one that lacks them says which, and one holding
    another version of one of them refuses it (a fork), blaming nobody."""
    game = Game(3)
    ours, theirs, forked = Ledger(game.genesis), Ledger(game.genesis), Ledger(game.genesis)
    first, _ = game.next(1, body=["move", 1])
    chat, _ = game.next(1, "chat", [-1, "hello"])
    for ledger in (ours, theirs):
        ledger.accept(first)
        ledger.accept(chat)
    view = ours.view(0)
    assert view.seqs == (0, 1, 0)  # seat 1's chat is not in it: the game's order only
    _, raw = seal(game.genesis, game.keys[0], 0, 1, ZERO_HASH, b"s" * 32, "test-action",
                  ["move", 2], kinds=KINDS, view=view)
    env = open_(raw, game)
    assert env.view == view
    assert theirs.view_missing(env) == [] and theirs.check_view(env) is None
    assert forked.view_missing(env) == [1]
    with pytest.raises(RemoteProtocolError) as info:
        forked.check_view(env)
    assert (info.value.check, info.value.proven) == ("view", False)
    assert "names seat 1's envelope 1, which is not held" in str(info.value)
    other, _ = seal(game.genesis, game.keys[1], 1, 1, ZERO_HASH, b"s" * 32, "test-action",
                    ["move", 99], kinds=KINDS)  # seat 1's other version of its first
    forked.accept(other)
    assert forked.view_missing(env) == []
    with pytest.raises(RemoteProtocolError) as info:
        forked.check_view(env)
    assert (info.value.check, info.value.proven) == ("view", False) and "fork" in str(info.value)
    assert forked.blamed == frozenset()
    error = forked.prove_equivocation(other, first)
    assert (error.check, error.author, error.proven) == ("equivocation", 1, True)
    assert forked.blamed == {1} and forked.evidence[0].verify(game.genesis, KINDS)


def test_size_limit() -> None:
    game = Game(2)
    err = refused(b"\x00" * (MAX_ENVELOPE_SIZE + 1), game)
    assert err.check == "size"


def test_large_card_body_fits() -> None:
    game = Game(2)
    cards: list[canonical.Value] = [hashlib.sha256(bytes([i])).digest() for i in range(164)]
    env, raw = game.next(0, "test-cards", [cards])
    assert open_(raw, game).body == [cards]


# --- ledger ----------------------------------------------------------------------------

def test_ledger_accepts_chains_in_any_interleaving(game: Game) -> None:
    envs = [game.next(a)[0] for a in (0, 1, 0, 2, 2, 1, 0)]
    ledger = Ledger(game.genesis)
    for env in envs:
        assert ledger.accept(env)
    assert len(ledger) == 7 and ledger.last_seq(0) == 3 and ledger.last_seq(2) == 2
    assert ledger.next_link(0) == (4, envs[6].hash)
    assert ledger.get(1, 2) == envs[5] and ledger.get(1, 3) is None
    assert list(ledger.chain(2)) == [envs[3], envs[4]]


def test_duplicate_and_replay(game: Game) -> None:
    env1, raw1 = game.next(0)
    game.next(0)
    ledger = Ledger(game.genesis)
    assert ledger.receive(raw1, KINDS) == env1
    assert ledger.receive(raw1, KINDS) is None  # a relayed copy: harmless
    with pytest.raises(RemoteProtocolError) as info:
        ledger.receive(raw1, KINDS, allow_duplicate=False)
    assert info.value.check == "duplicate"
    assert len(ledger) == 1 and not ledger.evidence


def test_seq_gap_and_nothing_mutated(game: Game) -> None:
    e1, _ = game.next(0)
    e2, _ = game.next(0)
    e3, _ = game.next(0)
    ledger = Ledger(game.genesis)
    ledger.accept(e1)
    before = (len(ledger), ledger.next_link(0))
    with pytest.raises(RemoteProtocolError) as info:
        ledger.accept(e3)
    assert (info.value.check, info.value.author, info.value.seq) == ("seq-gap", 0, 3)
    assert info.value.recoverable
    assert (len(ledger), ledger.next_link(0)) == before
    ledger.accept(e2)
    ledger.accept(e3)  # once the gap is filled it goes in


def test_chain_break(game: Game) -> None:
    e1, _ = game.next(0)
    # A seq-2 envelope whose prev is not e1's hash.
    env, _ = seal(game.genesis, game.keys[0], 0, 2, b"\x01" * 32, b"s" * 32, "chat", [-1, "x"],
                  kinds=KINDS)
    first, _ = seal(game.genesis, game.keys[0], 0, 1, b"\x01" * 32, b"s" * 32, "chat", [-1, "x"],
                    kinds=KINDS)
    ledger = Ledger(game.genesis)
    with pytest.raises(RemoteProtocolError) as info:
        ledger.accept(first)  # seq 1 must point at 32 zero bytes
    assert info.value.check == "chain"
    ledger.accept(e1)
    with pytest.raises(RemoteProtocolError) as info:
        ledger.accept(env)
    assert (info.value.check, info.value.proven) == ("chain", True)
    assert len(ledger) == 1


def test_equivocation_is_kept_as_evidence(game: Game) -> None:
    e1, _ = game.next(0)
    e2, _ = game.next(0)
    twin, _ = seal(game.genesis, game.keys[0], 0, 2, e1.hash, b"s" * 32, "chat", [-1, "other"],
                   kinds=KINDS)
    ledger = Ledger(game.genesis)
    ledger.accept(e1)
    ledger.accept(e2)
    with pytest.raises(RemoteProtocolError) as info:
        ledger.accept(twin)
    assert (info.value.check, info.value.author, info.value.seq) == ("equivocation", 0, 2)
    assert ledger.halted and ledger.blamed == {0}
    (evidence,) = ledger.evidence
    assert (evidence.first, evidence.second) == (e2.raw, twin.raw)
    assert evidence.verify(game.genesis, KINDS)
    assert Evidence.decode(evidence.encode()) == evidence
    # Nothing more from that author, not even what was fine before.
    with pytest.raises(RemoteProtocolError) as info:
        ledger.accept(e2)
    assert info.value.check == "equivocation"
    assert len(ledger) == 2
    # Others are still heard (chat, more evidence), but the game is halted.
    assert ledger.accept(game.next(1)[0])


def test_evidence_verify_rejects_non_proofs(game: Game) -> None:
    e1, _ = game.next(0)
    e2, _ = game.next(0)
    assert not Evidence(0, 1, e1.raw, e1.raw).verify(game.genesis, KINDS)
    assert not Evidence(0, 1, e1.raw, e2.raw).verify(game.genesis, KINDS)  # seqs differ
    assert not Evidence(0, 1, e1.raw, b"junk").verify(game.genesis, KINDS)
    with pytest.raises(DecodeError):
        Evidence.decode(canonical.encode([0, 1, b"a"]))


def test_state_hash_desync(game: Game) -> None:
    ours = hashlib.sha256(b"state").digest()
    env, _ = game.next(1, state=ours)
    check_state_hash(env, ours)
    bad, _ = game.next(1, state=hashlib.sha256(b"other").digest())
    with pytest.raises(RemoteProtocolError) as info:
        check_state_hash(bad, ours)
    err = info.value
    assert (err.check, err.author, err.seq) == ("state-hash", 1, 2)
    assert bad.hash.hex()[:16] in str(err)


def test_error_str_names_everything(game: Game) -> None:
    err = RemoteProtocolError("seq-gap", "expected seq 3", author=2, seq=5)
    assert str(err) == "[seq-gap] author 2 seq 5: expected seq 3"


# --- genesis ---------------------------------------------------------------------------

def test_genesis_round_trip_and_game_id(game: Game) -> None:
    g = game.genesis
    again = Genesis.decode(g.encode())
    assert again == g and again.encode() == g.encode() and again.game_id == g.game_id
    assert g.game_id == hashlib.sha256(b"cosmic/genesis/v1" + g.encode()).digest()
    assert g.seat_key(2) == game.keys[2].public and g.seat_of_key(game.keys[1].public) == 1
    with_options = Genesis.create(
        [("a", "red", game.keys[0].public), ("b", "blue", game.keys[1].public)],
        engine_version="1.0", rules_hash=bytes(32),
        options=[("seed", 42), ("aliens", ["clone", "virus"])],
    )
    assert with_options.options == (("aliens", ["clone", "virus"]), ("seed", 42))
    assert Genesis.decode(with_options.encode()) == with_options
    assert with_options.option("seed") == 42 and with_options.option("none") is None


def players(n: int) -> list[tuple[str, str, bytes]]:
    return [(f"p{i}", f"c{i}", SigningKey.generate().public) for i in range(n)]


@pytest.mark.parametrize(
    "seats",
    [
        players(1),
        players(11),
        [("a", "red", b"k" * 32), ("b", "blue", b"k" * 32)],  # same key
        [("a", "red", b"k" * 32), ("b", "red", b"j" * 32)],  # same colour
        [("a", "red", b"k" * 32), ("a", "blue", b"j" * 32)],  # same name
        [("a", "Red", b"k" * 32), ("b", "blue", b"j" * 32)],  # colour charset
        [("", "red", b"k" * 32), ("b", "blue", b"j" * 32)],  # empty name
        [("a\n", "red", b"k" * 32), ("b", "blue", b"j" * 32)],  # control char
        [("a", "red", b"k" * 31), ("b", "blue", b"j" * 32)],  # short key
    ],
)
def test_genesis_refuses_bad_seats(seats: list[tuple[str, str, bytes]]) -> None:
    with pytest.raises(LocalProtocolError):
        Genesis.create(seats, engine_version="1", rules_hash=bytes(32))


def test_genesis_decode_refuses_unsorted_and_misindexed(game: Game) -> None:
    mutations: list[Callable[[list[Any]], object]] = [
        lambda v: v.__setitem__(3, ["zeta", "alpha"]),  # rules unsorted
        lambda v: v.__setitem__(3, ["alpha", "alpha"]),  # rules duplicated
        lambda v: v[2].reverse(),  # seat indices out of order
        lambda v: v.__setitem__(0, 2),  # version
        lambda v: v.append([]),  # extra field
        lambda v: v.__setitem__(4, 1),  # engine version type
    ]
    for mutate in mutations:
        bad = canonical.decode(game.genesis.encode())
        assert isinstance(bad, list)
        mutate(bad)
        with pytest.raises(DecodeError):
            Genesis.decode(canonical.encode(bad))


# --- keys --------------------------------------------------------------------------------

def test_key_file_round_trip() -> None:
    key = generate()
    data = dump_key_file(key)
    assert data.startswith(b"COSMIC-ED25519-SECRET-KEY v1\n")
    again = load_key_file(data)
    assert again.public == key.public and again.seed == key.seed
    assert key.seed.hex() not in repr(key)
    sig = again.sign(b"m")
    assert verify(key.public, sig, b"m") and key.verify_key().verify(sig, b"m")


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.replace(b"v1", b"v2"),
        lambda d: d[:40] + (b"0" if d[40:41] != b"0" else b"1") + d[41:],  # seed damaged
        lambda d: d[:-10],
        lambda d: b"\xff" + d,
        lambda d: b"",
    ],
)
def test_key_file_damage(mutate: object) -> None:
    data = dump_key_file(generate())
    with pytest.raises(LocalProtocolError) as info:
        load_key_file(mutate(data))  # type: ignore[operator]
    assert info.value.check == "key-file"


def test_verify_never_raises() -> None:
    key = generate()
    sig = key.sign(b"m")
    assert verify(key.public, sig, b"m")
    for pub, s, m in [
        (key.public, sig, b"n"),
        (key.public, sig[:63], b"m"),
        (key.public[:31], sig, b"m"),
        (b"\xff" * 32, sig, b"m"),
        (bytes(32), bytes(64), b""),
        ("str", sig, b"m"),
        (key.public, sig, "str"),
    ]:
        assert verify(pub, s, m) is False  # type: ignore[arg-type]


def test_schema_paths_and_types() -> None:
    schema = Record(("n", Int(0, 3)), ("names", List(Str(5), max_len=2)))
    schema.check([1, ["ab", "c"]])
    for value, fragment in [
        ([True, []], "$.n"),
        ([4, []], "$.n"),
        ([1, ["ab", 3]], "$.names[1]"),
        ([1, ["abcdef"]], "$.names[0]"),
        ([1, [], None], "$"),
        ({"n": 1}, "$"),
    ]:
        assert not schema.is_valid(value)
        with pytest.raises(Exception) as info:
            schema.check(value)
        assert fragment in str(info.value)
    tree = action_body_schema(max_depth=2, max_len=3)
    tree.check([1, [b"x", "y", None]])
    for bad in ([[[1]]], [1, 2, 3, 4], [1.0], [{"a": 1}], ["\x1b[2J"]):
        assert not tree.is_valid(bad)


def test_a_view_passed_once_passes_again_and_no_other_does() -> None:
    """Ledger.check_view keeps the last view it passed (its chains only grow, so that view
    still names envelopes it holds, the same ones); a view of the same seqs with another
    digest is still refused, and the view passed before still passes after it."""
    game = Game(3)
    ledger = Ledger(game.genesis)
    first, _ = game.next(1, body=["move", 1])
    ledger.accept(first)
    view = ledger.view(0)

    def sealed(view: View, seq: int) -> Envelope:
        _, raw = seal(game.genesis, game.keys[0], 0, seq, ZERO_HASH, b"s" * 32,
                      "test-action", ["move", seq], kinds=KINDS, view=view)
        return open_(raw, game)

    assert ledger.check_view(sealed(view, 1)) is None
    assert ledger.check_view(sealed(view, 2)) is None  # the same view, again
    for wrong in (View(view.seqs, bytes(32)), View((0, 0, 0), view.digest)):
        with pytest.raises(RemoteProtocolError) as info:
            ledger.check_view(sealed(wrong, 3))
        assert info.value.check == "view"
    assert ledger.check_view(sealed(view, 4)) is None


def test_a_value_outside_the_value_space_is_refused_first_whatever_else_is_wrong(
        game: Game) -> None:
    """open_envelope walks the decoded value for floats and other types outside the
    canonical value space only when another check fails or when the body's schema could
    let one through; the error is "canonical" all the same, before every other: a
    float in a body under a broken signature, an unknown kind, another game's id, or a
    kind whose schema (not one of protocol.schema's) takes anything."""
    class Anything(Schema):
        def check(self, value: object, path: str = "$") -> None:
            pass

    e = canonical.encode
    kinds = make_kinds()
    kinds.register("anything", Anything())
    anything, action = kinds.get("anything"), kinds.get("test-action")
    assert anything is not None and anything.depth is None
    assert action is not None and action.depth == 6
    floats = b"\x91\xcb" + b"\x00" * 8
    for kind, body, spoil in (
            ("test-action", floats, "signature"), ("gossip", floats, None),
            ("test-action", floats, "game-id"), ("anything", floats, None),
            ("anything", b"\x91\xd6\xff" + b"\x00" * 4, None),  # a timestamp (ext -1)
            ("anything", e([1, 2]), None)):
        parts = header_parts(game)
        if spoil == "game-id":
            parts[1] = e(b"x" * 32)
        raw = signed_manually(game, [b"\x9a", *parts, e(kind), body, view_part(game)])
        if spoil == "signature":
            raw = raw[:-1] + bytes([raw[-1] ^ 1])
        if body == e([1, 2]):
            assert open_envelope(raw, game.genesis, kinds).body == [1, 2]
            continue
        with pytest.raises(RemoteProtocolError) as info:
            open_envelope(raw, game.genesis, kinds)
        assert info.value.check == "canonical", (kind, spoil)
        with pytest.raises(RemoteProtocolError) as info:
            check_opening(raw, game.genesis, kinds)
        assert info.value.check == "canonical", (kind, spoil)
