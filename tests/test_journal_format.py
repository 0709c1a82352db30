"""The journal byte format: write/read round trips, torn tails, damage, and verification
of a journal's envelopes through the ledger (dropped, swapped, foreign, replayed)."""
from __future__ import annotations

import hashlib
import struct
import zlib

import pytest

from protocol.envelope import (
    DEFAULT_KINDS,
    ZERO_HASH,
    Envelope,
    KindRegistry,
    Ledger,
    View,
    action_body_schema,
    open_envelope,
    seal,
)
from protocol.errors import JournalError, RemoteProtocolError
from protocol.genesis import Genesis
from protocol.journal import (
    MAGIC,
    RECORD_ENVELOPE,
    RECORD_NOTE,
    JournalReader,
    encode_header,
    encode_note,
    encode_record,
    journal_append_bytes,
    journal_bytes,
    parse_journal,
)
from protocol.keys import SigningKey, generate

KINDS: KindRegistry = DEFAULT_KINDS.copy()
KINDS.register("test-action", action_body_schema())


def make_game(seats: int = 3) -> tuple[Genesis, list[SigningKey]]:
    keys = [generate() for _ in range(seats)]
    genesis = Genesis.create(
        [(f"p{i}", f"c{i}", k.public) for i, k in enumerate(keys)],
        rules=["base"], engine_version="0.1.0", rules_hash=bytes(32),
    )
    return genesis, keys


def play(genesis: Genesis, keys: list[SigningKey], authors: list[int]) -> list[Envelope]:
    links = {a: (1, ZERO_HASH) for a in range(len(keys))}
    out = []
    for i, a in enumerate(authors):
        seq, prev = links[a]
        env, _ = seal(genesis, keys[a], a, seq, prev, hashlib.sha256(b"%d" % i).digest(),
                      "test-action", ["move", i, b"\x00" * (i % 5)], kinds=KINDS)
        links[a] = (seq + 1, env.hash)
        out.append(env)
    return out


@pytest.fixture(scope="module")
def played() -> tuple[Genesis, list[SigningKey], list[Envelope], bytes]:
    genesis, keys = make_game()
    envs = play(genesis, keys, [0, 1, 2, 0, 1, 2, 2, 0])
    return genesis, keys, envs, journal_bytes(genesis, [e.raw for e in envs])


def verify_records(genesis: Genesis, records: list[bytes]) -> Ledger:
    """What a journal verifier does: open and chain every record, no duplicates."""
    ledger = Ledger(genesis)
    for raw in records:
        ledger.receive(raw, KINDS, allow_duplicate=False)
    return ledger


# --- format --------------------------------------------------------------------------

def test_header_layout(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis = played[0]
    header = encode_header(genesis)
    n = len(genesis.encoded)
    assert header[:8] == MAGIC == b"COSMICJ\x00"
    assert struct.unpack(">HI", header[8:14]) == (1, n)
    assert header[14:14 + n] == genesis.encoded
    assert header[14 + n:] == struct.pack(">I", zlib.crc32(header[:14 + n]))


def test_record_layout() -> None:
    n = b"\x00\x00\x00\x04"
    framed = n + struct.pack(">I", zlib.crc32(n)) + b"\x01abc"
    assert encode_record(b"abc") == framed + struct.pack(">I", zlib.crc32(framed))
    assert encode_note(b"n")[8] == RECORD_NOTE


def test_write_read_round_trip(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, data = played
    contents = parse_journal(data)
    assert contents.genesis == genesis and contents.torn is None
    assert contents.records == [e.raw for e in envs]
    assert contents.end == len(data)
    assert [r.index for r in contents.entries] == list(range(len(envs)))
    ledger = verify_records(contents.genesis, contents.records)
    assert len(ledger) == len(envs)


def test_append_in_steps_and_notes(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, data = played
    built = encode_header(genesis)
    for e in envs[:3]:
        built += journal_append_bytes([e.raw])
    built += encode_note(b"local: reconnected")
    built += journal_append_bytes(e.raw for e in envs[3:])
    contents = parse_journal(built)
    assert contents.records == [e.raw for e in envs]
    (note,) = contents.notes
    assert (note.index, note.type, note.data) == (3, RECORD_NOTE, b"local: reconnected")
    assert all(r.type == RECORD_ENVELOPE for r in contents.entries if r is not note)


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64, 1000])
def test_incremental_reader_in_fragments(
    played: tuple[Genesis, list[SigningKey], list[Envelope], bytes], size: int
) -> None:
    genesis, _, envs, data = played
    reader = JournalReader()
    got = []
    for i in range(0, len(data), size):
        reader.feed(data[i:i + size])
        while (rec := reader.next()) is not None:
            got.append(rec.data)
    assert reader.finish() is None
    assert reader.genesis == genesis and got == [e.raw for e in envs]


# --- torn tails ----------------------------------------------------------------------

def test_torn_tail_at_every_offset(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, data = played
    last = parse_journal(data).entries[-1]
    for cut in range(last.offset, len(data)):
        contents = parse_journal(data[:cut])
        assert contents.records == [e.raw for e in envs[:-1]]
        if cut == last.offset:
            assert contents.torn is None
            continue
        torn = contents.torn
        assert torn is not None
        assert (torn.index, torn.offset, torn.dropped) == (len(envs) - 1, last.offset, cut - last.offset)
        kept = data[last.offset:cut]
        assert torn.reason == (
            "zero-fill" if not any(kept) else "length-prefix" if len(kept) < 8 else "truncated"
        )
        assert contents.end == last.offset
        # Truncating to torn.offset and appending again gives a whole journal.
        repaired = data[:torn.offset] + encode_record(envs[-1].raw)
        assert parse_journal(repaired).records == [e.raw for e in envs]


def test_torn_tail_with_bad_checksum_or_zero_fill(
    played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]
) -> None:
    _, _, envs, data = played
    garbled = data[:-1] + bytes([data[-1] ^ 1])
    contents = parse_journal(garbled)
    assert contents.torn is not None and contents.torn.reason == "checksum"
    assert contents.records == [e.raw for e in envs[:-1]]
    for zeros in (1, 4, 100):
        contents = parse_journal(data + bytes(zeros))
        assert contents.records == [e.raw for e in envs]
        assert contents.torn is not None and contents.torn.dropped == zeros


# --- damage ----------------------------------------------------------------------------

def test_bad_checksum_mid_file(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    _, _, _, data = played
    entries = parse_journal(data).entries
    target = entries[2]
    at = target.offset + 10
    damaged = data[:at] + bytes([data[at] ^ 0x40]) + data[at + 1:]
    with pytest.raises(JournalError) as info:
        parse_journal(damaged)
    assert (info.value.index, info.value.offset, info.value.check) == (2, target.offset, "record")


def test_damaged_length(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    _, _, _, data = played
    entries = parse_journal(data).entries
    for target in (entries[1], entries[-1]):  # mid-file, and the last record too
        for n in (0, 5, 2**20, 0xFFFFFFFF, len(data)):
            damaged = data[:target.offset] + struct.pack(">I", n) + data[target.offset + 4:]
            with pytest.raises(JournalError) as info:
                parse_journal(damaged)
            assert (info.value.index, info.value.offset) == (target.index, target.offset), n


def test_impossible_length_with_matching_check(
    played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]
) -> None:
    genesis, _, envs, _ = played
    for n in (0, 2**20):
        prefix = struct.pack(">I", n)
        bad = encode_header(genesis) + encode_record(envs[0].raw) + prefix + struct.pack(">I", zlib.crc32(prefix))
        with pytest.raises(JournalError) as info:
            parse_journal(bad)
        assert info.value.index == 1


def test_unknown_record_type(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, _ = played
    framed = b"\x00\x00\x00\x02" + struct.pack(">I", zlib.crc32(b"\x00\x00\x00\x02")) + b"\x09x"
    bad = encode_header(genesis) + encode_record(envs[0].raw) + framed + struct.pack(">I", zlib.crc32(framed))
    with pytest.raises(JournalError) as info:
        parse_journal(bad)
    assert info.value.index == 1


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: b"COSMICX\x00" + d[8:],
        lambda d: d[:8] + b"\x00\x02" + d[10:],  # version 2
        lambda d: d[:20] + bytes([d[20] ^ 1]) + d[21:],  # genesis byte: header crc fails
        lambda d: d[:12],  # ends inside the header
        lambda d: b"",
        lambda d: d[:10] + b"\x7f\xff\xff\xff" + d[14:],  # huge genesis length
    ],
)
def test_bad_header(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes], mutate: object) -> None:
    data = played[3]
    with pytest.raises(JournalError) as info:
        parse_journal(mutate(data))  # type: ignore[operator]
    assert info.value.index is None


def test_header_with_invalid_genesis_but_good_crc(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis = played[0]
    body = struct.pack(">8sHI", MAGIC, 1, 3) + b"\x93\x01\x02"
    with pytest.raises(JournalError) as info:
        parse_journal(body + struct.pack(">I", zlib.crc32(body)))
    assert info.value.index is None and "genesis" in str(info.value)
    assert genesis  # the fixture's genesis is untouched


# --- verification of a journal's envelopes --------------------------------------------

def records_of(data: bytes) -> list[bytes]:
    return parse_journal(data).records


def test_dropped_record_is_a_seq_gap(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, _ = played
    raws = [e.raw for e in envs]
    dropped = raws[:3] + raws[4:]  # envs[3] is seat 0's seq 2
    with pytest.raises(RemoteProtocolError) as info:
        verify_records(genesis, records_of(journal_bytes(genesis, dropped)))
    assert (info.value.check, info.value.author, info.value.seq) == ("seq-gap", 0, 3)


def test_swapped_records(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, _ = played
    raws = [e.raw for e in envs]
    raws[2], raws[5] = raws[5], raws[2]  # seat 2's seq 1 and seq 2
    with pytest.raises(RemoteProtocolError) as info:
        verify_records(genesis, records_of(journal_bytes(genesis, raws)))
    assert (info.value.check, info.value.author, info.value.seq) == ("seq-gap", 2, 2)


def test_record_from_another_game(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, keys, envs, _ = played
    other = Genesis.create(
        [(s.name, s.colour, s.key) for s in genesis.seats], rules=["base"],
        engine_version="0.1.0", rules_hash=bytes(32),
    )
    foreign = play(other, keys, [0])[0]
    raws = [envs[0].raw, foreign.raw]
    with pytest.raises(RemoteProtocolError) as info:
        verify_records(genesis, records_of(journal_bytes(genesis, raws)))
    assert info.value.check == "game-id"


def test_replayed_record(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, _, envs, _ = played
    raws = [e.raw for e in envs]
    raws.insert(5, raws[1])
    with pytest.raises(RemoteProtocolError) as info:
        verify_records(genesis, records_of(journal_bytes(genesis, raws)))
    assert (info.value.check, info.value.author, info.value.seq) == ("duplicate", 1, 1)


def test_equivocation_in_a_journal(played: tuple[Genesis, list[SigningKey], list[Envelope], bytes]) -> None:
    genesis, keys, envs, _ = played
    twin, _ = seal(genesis, keys[1], 1, 1, ZERO_HASH, bytes(32), "chat", [-1, "twin"], kinds=KINDS)
    raws = [e.raw for e in envs] + [twin.raw]
    ledger = Ledger(genesis)
    with pytest.raises(RemoteProtocolError) as info:
        for raw in records_of(journal_bytes(genesis, raws)):
            ledger.receive(raw, KINDS)
    assert info.value.check == "equivocation"
    (ev,) = ledger.evidence
    assert {ev.first, ev.second} == {envs[1].raw, twin.raw}
    assert open_envelope(ev.second, genesis, KINDS).body == [-1, "twin"]


# --- the worked example in docs/journal-format.md ---------------------------------------

SPEC_GENESIS = (
    "9701c420000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f929400a5616c69"
    "6365a3726564c4208a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c9401a3"
    "626f62a4626c7565c4208139770ea87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b39491"
    "a462617365a5302e312e30c4200000000000000000000000000000000000000000000000000000000000"
    "00000090"
)
SPEC_GAME_ID = "76090d8b33357016af5b3fa2aa863ac6aa56868f6c34df7ee642de2c584659cd"
SPEC_ENVELOPE = (
    "9a02c42076090d8b33357016af5b3fa2aa863ac6aa56868f6c34df7ee642de2c584659cd00c4208a88e3dd"
    "7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c01c420000000000000000000000000"
    "0000000000000000000000000000000000000000c420000000000000000000000000000000000000000000"
    "0000000000000000000000a46368617492ffa2686992920000c420c085d048ab876f94a2158344aed7a233"
    "907624999e57f6d2aa3ab8d11b694a8e04bf9bcfe7be51dd8d6709cceede49eab47f85d666d028b62dbfec"
    "481985b3fa9fabde3fef1f31b1c0626291863383ffe5b49ca6d7d34cb8cccd2fba84a34200"
)
SPEC_ENVELOPE_HASH = "275fec26f3f46ca1b460a26a1b402e2c6e0b54211425f64a9dac31a568a916b4"
SPEC_EMPTY_VIEW = "c085d048ab876f94a2158344aed7a233907624999e57f6d2aa3ab8d11b694a8e"
SPEC_BOB_VIEW = "ff81530eb9d335ffa6ba436cc5dcdee3138ed7abc76e06c9a4b67943471717b9"
SPEC_BOB_ENVELOPE = (
    "9a02c42076090d8b33357016af5b3fa2aa863ac6aa56868f6c34df7ee642de2c584659cd01c4208139770e"
    "a87d175f56a35466c34c7ecccb8d8a91b4ee37a25df60f5b8fc9b39401c420000000000000000000000000"
    "0000000000000000000000000000000000000000c420000000000000000000000000000000000000000000"
    "0000000000000000000000a46368617492ffa26f6b92920100c420ff81530eb9d335ffa6ba436cc5dcdee3"
    "138ed7abc76e06c9a4b67943471717b9ae257e30db161a1c098e62f02114f1d9aafa75cd490d2eb6c494b7"
    "cbf41126939a239680e50a0caf90949a001b05ec7ed0d5f03f0235d37eb9069f96a59e480b"
)


def test_spec_vectors() -> None:
    from protocol.commit import RandomStream, commitment_digest

    alice, bob = SigningKey.from_seed(b"\x01" * 32), SigningKey.from_seed(b"\x02" * 32)
    genesis = Genesis.create(
        [("alice", "red", alice.public), ("bob", "blue", bob.public)], rules=["base"],
        engine_version="0.1.0", rules_hash=bytes(32), salt=bytes(range(32)),
    )
    assert genesis.encoded.hex() == SPEC_GENESIS
    assert genesis.game_id.hex() == SPEC_GAME_ID
    env, raw = seal(genesis, alice, 0, 1, ZERO_HASH, ZERO_HASH, "chat", [-1, "hi"])
    assert raw.hex() == SPEC_ENVELOPE and env.hash.hex() == SPEC_ENVELOPE_HASH
    # The view's digest, computed from the text: SHA-256 of the tag and one 32-byte hash
    # per seat (zeros where the view names nothing).
    tag = b"cosmic/view/v1\x00"
    assert hashlib.sha256(tag + bytes(64)).hexdigest() == SPEC_EMPTY_VIEW
    assert env.view.digest.hex() == SPEC_EMPTY_VIEW and env.view.seqs == (0, 0)
    bob_view = hashlib.sha256(tag + env.hash + bytes(32)).digest()
    assert bob_view.hex() == SPEC_BOB_VIEW
    bob_env, bob_raw = seal(genesis, bob, 1, 1, ZERO_HASH, ZERO_HASH, "chat", [-1, "ok"],
                            view=View((1, 0), bob_view))
    assert bob_raw.hex() == SPEC_BOB_ENVELOPE
    ledger = Ledger(genesis)
    ledger.accept(env)
    ledger.check_view(bob_env)  # it names alice's envelope 1, which this ledger holds
    header, record = encode_header(genesis), encode_record(raw)
    assert (len(header), header[:14].hex(), header[-4:].hex()) == (
        193, "434f534d49434a000001000000af", "d5d184a8")
    assert (len(record), record[:9].hex(), record[-4:].hex()) == (
        265, "000000fde24851bd01", "f298e1c4")
    assert commitment_digest(genesis.game_id, 0, "card", bytes(32), b"attack-08").hex() == (
        "b21010b38598beb1361f1132d991fa9eac7925fdf5bf3bb58d87ff20ec36aefe")
    stream = RandomStream(bytes(32), "x")
    assert [stream.below(6) for _ in range(10)] == [0, 4, 2, 1, 5, 5, 1, 4, 3, 5]


SPEC_TELL_BODY = (
    "9301c420202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3fc430"
    "02e749c253d54fe888f6c9d466e8ea45af46d0b4fd7faa288ab9c97be61e4a909d419dbeb6d5"
    "389735bca9f39ceb3ce8"
)


def test_spec_tell_vector() -> None:
    """docs/journal-format.md 5.5 and its vector, computed again from the text alone with
    other code (libsodium's X25519 and AEAD, HKDF from hmac), against protocol.tell."""
    import hashlib
    import hmac

    import nacl.bindings as sodium

    from protocol import canonical
    from protocol.tell import read_tell, tell_body

    alice, bob = SigningKey.from_seed(b"\x01" * 32), SigningKey.from_seed(b"\x02" * 32)
    genesis = Genesis.create(
        [("alice", "red", alice.public), ("bob", "blue", bob.public)], rules=["base"],
        engine_version="0.1.0", rules_hash=bytes(32), salt=bytes(range(32)),
    )
    nonce = bytes(range(32, 64))
    x_alice = sodium.crypto_sign_ed25519_sk_to_curve25519(alice.seed + alice.public)
    clamped = bytearray(hashlib.sha512(alice.seed).digest()[:32])  # RFC 7748 clamping
    clamped[0] &= 248
    clamped[31] = (clamped[31] & 127) | 64
    assert x_alice == bytes(clamped)
    assert sodium.crypto_sign_ed25519_pk_to_curve25519(alice.public).hex() == (
        "1b1b58dd50ea14b60da17b790cd02754d970c9bab864ebb3c0f3016fe51d3f57")
    x_bob = sodium.crypto_sign_ed25519_pk_to_curve25519(bob.public)
    assert x_bob.hex() == "60346e7c911a5f6ba154129174cafe75b294ac3bbd5549632f48cec6266f8410"
    shared = sodium.crypto_scalarmult(x_alice, x_bob)
    assert shared.hex() == "4181d7302557342bdb6d061c4b1eebea828ecb625c3368b7111680793307220b"
    info = b"cosmic/tell/key/v1" + canonical.encode([0, 1, nonce])
    prk = hmac.new(genesis.game_id, shared, hashlib.sha256).digest()  # HKDF, one block
    key = hmac.new(prk, info + b"\x01", hashlib.sha256).digest()
    assert key.hex() == "e359ec56bd898cb6de3cc92a2b5943e9567a6063782511d4b1a0f8a91c0aa7d6"
    aad = canonical.encode(["cosmic/tell/v1", genesis.game_id, 0, 1, 2])
    box = sodium.crypto_aead_chacha20poly1305_ietf_encrypt(b"hi" + bytes(30), aad,
                                                           bytes(12), key)
    assert canonical.encode([1, nonce, box]).hex() == SPEC_TELL_BODY
    body = tell_body(genesis, alice, 0, 2, 1, "hi", nonce)
    assert canonical.encode(body).hex() == SPEC_TELL_BODY
    env, _ = seal(genesis, alice, 0, 2, bytes(32), ZERO_HASH, "tell", body)
    assert read_tell(genesis, bob, env) == read_tell(genesis, alice, env) == "hi"
