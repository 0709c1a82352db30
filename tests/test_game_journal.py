"""Game journals: actions in envelopes, the genesis of a game, verify and replay of a
recorded local game, and every kind of tampering caught by the right check at the right
record - serially and with signatures checked in a worker process, with equal verdicts."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from engine import cosmic as engine
from _journal_games import (
    ClaimCheat, NoEncounterCheat, Recorded, other_hash, play, record, resign, short_game,
)
from engine.cosmic.actions import ACTION_KINDS, SOURCE
from node.local import game_seed
from node.records import local_key, record_local_game
from node.verify import (
    can_fork, read_journal_parallel, verify_journal, worker_jobs, worker_pid,
)
from protocol import canonical
from protocol.envelope import ZERO_HASH, empty_view, open_envelope, seal, view_digest
from protocol.errors import (
    JournalError, LocalProtocolError, ProtocolError, RemoteProtocolError,
)
from protocol.game import (
    ACTION_KIND, GAME_KINDS, GameVerifier, JournalVisitor, VerifyVisitor, action_body,
    card_commitment, config_from_genesis, decode_action, make_genesis, read_journal,
    seal_action, verify_journal_bytes,
)
from protocol.genesis import Genesis
from protocol.journal import journal_bytes, parse_journal
from protocol.keys import generate

def sample_action(cls: type[engine.Action], seat: int) -> engine.Action:
    values: list[Any] = []
    for shape in cls.SHAPES:
        values.append({"int": 3, "ints": (1, 2, -1), "pairs": ((1, 2), (-1, 4))}[shape])
    return cls(seat, *values)


# --- actions <-> envelopes -----------------------------------------------------------------


def test_every_action_kind_round_trips_through_an_envelope_and_a_journal() -> None:
    rec = short_game()
    g = rec.genesis
    key = local_key(rec.game.seed, 1)
    state = engine.new_game(rec.game.config)
    seen = set()
    for name, cls in ACTION_KINDS.items():
        seen.add(name)
        with pytest.raises(LocalProtocolError):  # chance facts (seat -1) are never sent
            seal_action(g, key, 1, ZERO_HASH, state, sample_action(cls, SOURCE))
        action = sample_action(cls, 1)
        extra = bytes(range(32)) if name in ("select", "reveal") else b""
        env, raw = seal_action(g, key, 1, ZERO_HASH, state, action, extra)
        again = open_envelope(raw, g, GAME_KINDS)
        assert again.raw == raw and again.kind == ACTION_KIND
        assert again.state_hash == engine.public_hash(state)
        assert decode_action(again) == (action, extra)
        assert engine.actions.action_from_data(again.body[0]).format() == action.format()
        stored = parse_journal(journal_bytes(g, [raw])).records
        assert stored == [raw] and decode_action(open_envelope(stored[0], g, GAME_KINDS))[0] == action
    assert seen == set(ACTION_KINDS)


def test_action_bodies_are_checked_both_ways() -> None:
    rec = short_game()
    g, key, state = rec.genesis, local_key(rec.game.seed, 1), engine.new_game(rec.game.config)
    with pytest.raises(LocalProtocolError, match="not its author"):
        seal(g, key, 1, 1, ZERO_HASH, bytes(32), ACTION_KIND, action_body(engine.Pass(2)),
             kinds=GAME_KINDS)
    with pytest.raises(LocalProtocolError, match="extra of a select is 32 bytes"):
        seal_action(g, key, 1, ZERO_HASH, state, engine.Select(1))
    with pytest.raises(LocalProtocolError, match="extra of a pass is 0 bytes"):
        seal_action(g, key, 1, ZERO_HASH, state, engine.Pass(1), b"x")
    for body in (["pass", 1], [["pass", 1, 5], b""], [["nosuch", 1], b""], [["pass", True], b""],
                 [["launch", 1, 2, [[1, 2, 3]]], b""], [["pass", 1], b"", b""]):
        signed = canonical.encode([2, g.game_id, 1, key.public, 1, ZERO_HASH, bytes(32),
                                   ACTION_KIND, body, empty_view(g.n_seats).encode()])
        with pytest.raises(RemoteProtocolError) as info:
            open_envelope(signed + key.sign(signed), g, GAME_KINDS)
        assert info.value.check in ("schema", "size") and info.value.proven


# --- genesis ---------------------------------------------------------------------------------


def test_genesis_round_trips_every_config_field() -> None:
    keys = [generate().public for _ in range(4)]
    players = [(f"p{i}", k) for i, k in enumerate(keys)]
    for config in (engine.Config(4), engine.Config(4, planets=4, single_encounter=True,
                                                   max_turns=9),
                   engine.Config(4, colors=("pink", "red", "white", "blue"))):
        for mode, seed in (("local", b"\x01" * 32), ("network", None)):
            g = make_genesis(config, players, mode=mode, seed=seed)
            again = Genesis.decode(g.encode())
            assert config_from_genesis(again) == config
            assert again.option("mode") == mode and again.seats[2].colour == config.colors[2]
            assert (again.option("seed") == seed.hex()) if seed else again.option("seed") is None


def test_genesis_this_engine_cannot_play_is_refused() -> None:
    keys = [generate().public for _ in range(3)]
    players = [(f"p{i}", k) for i, k in enumerate(keys)]
    good = make_genesis(engine.Config(3), players, mode="local", seed=b"s")

    def variant(**changes: Any) -> Genesis:
        fields = dict(seats=good.seats, rules=good.rules, engine_version=good.engine_version,
                      rules_hash=good.rules_hash, salt=good.salt, options=good.options)
        fields.update(changes)
        return Genesis(**fields)  # type: ignore[arg-type]

    opts = dict(good.options)
    bad = [
        variant(engine_version="cosmic-engine/0"),
        variant(rules_hash=bytes(32)),
        variant(rules=("flares",)),
        variant(options=tuple(sorted({**opts, "extra": 1}.items()))),
        variant(options=tuple(sorted({**opts, "mode": "network"}.items()))),
        variant(options=tuple(sorted({**opts, "mode": "hotseat"}.items()))),
        variant(options=tuple(sorted({**opts, "seed": "XYZ"}.items()))),
        variant(options=tuple(sorted({**opts, "aliens": ["", ""]}.items()))),
        variant(options=tuple(sorted({**opts, "max_turns": -1}.items()))),
    ]
    for g in bad:
        with pytest.raises(RemoteProtocolError) as info:
            config_from_genesis(g)
        assert info.value.check == "genesis", g.options
    with pytest.raises(LocalProtocolError):
        make_genesis(engine.Config(3), players, mode="local")  # a local game needs its seed
    with pytest.raises(LocalProtocolError):
        make_genesis(engine.Config(3), players, mode="network", seed=b"s")


def test_a_network_record_that_has_only_begun_is_a_game_in_progress() -> None:
    """Network games are checked by the card protocol's observer; a record that ends
    while the first shuffle is under way is unfinished, not false."""
    keys = [generate().public for _ in range(3)]
    g = make_genesis(engine.Config(3), [(f"p{i}", k) for i, k in enumerate(keys)],
                     mode="network")
    verdict = verify_journal_bytes(journal_bytes(g))
    assert verdict.outcome is None and verdict.records == 0
    assert any("card protocol" in c for c in verdict.checked)


# --- recording and verifying local games ----------------------------------------------------


def test_a_recorded_game_verifies_and_ends_where_the_game_did() -> None:
    rec = short_game()
    v = verify_journal_bytes(rec.journal)
    game = rec.game
    players = [a for a in game.actions if a.seat != SOURCE]
    assert v.records == v.actions == len(players) == len(rec.raws)
    assert v.outcome == game.state.outcome and v.mode == "local" and v.audited
    assert engine.public_hash(v.state) == engine.public_hash(game.state)
    assert "claims audit" in v.checked and "signatures" in v.checked
    assert [(seat, kind) for _, seat, kind in v.claims] == [
        (c.seat, c.kind) for c in game.state.claims]


def test_a_whole_game_verifies_and_the_same_seed_gives_the_same_bytes() -> None:
    seed = game_seed("whole", 3)
    a, b = play(3, seed, 0), play(3, seed, 0)
    assert a.state.outcome is not None and a.state.outcome.reason == "colonies"
    journal = record_local_game(a)
    assert journal == record_local_game(b)
    assert journal != record_local_game(play(3, game_seed("whole", 4), 1))
    v = verify_journal_bytes(journal)
    assert v.outcome == a.state.outcome and v.records == len(parse_journal(journal).records)
    before = worker_jobs()
    par = verify_journal(journal, parallel=True)
    assert worker_jobs() == before + int(can_fork())  # a worker checked the signatures
    assert par.error is None and par.verdict is not None
    assert engine.public_hash(par.verdict.state) == engine.public_hash(v.state)


class _Stop(JournalVisitor[engine.GameState]):
    def __init__(self, n: int) -> None:
        self.n, self.state = n, None

    def stop(self, records: int) -> bool:
        return records >= self.n

    def end(self, verdict: Any) -> None:
        self.state = verdict.state

    def result(self) -> Any:
        return self.state


def _state_after_players(game: Any, n: int) -> engine.GameState:
    """Apply the game's actions up to its n-th player action and the chance facts after it."""
    s = engine.new_game(game.config)
    seen = 0
    for a in game.actions:
        if a.seat != SOURCE:
            if seen == n:
                break
            seen += 1
        s, _ = engine.apply(s, a)
    return s


def test_replay_to_n_is_the_engine_state_after_n_actions() -> None:
    rec = short_game()
    for n in (0, 1, 2, 17, 50, len(rec.raws) - 1, len(rec.raws)):
        state = read_journal(rec.journal, _Stop(n))
        want = _state_after_players(rec.game, n)
        assert engine.public_hash(state) == engine.public_hash(want), n
        if n < len(rec.raws):  # the next record was made on exactly this position
            assert rec.envelopes[n].state_hash == engine.public_hash(state)


# --- tampering ------------------------------------------------------------------------------


_NO_FORK = "the parallel verifier forks a worker: Linux with more than one CPU only"
def _error(journal: bytes, parallel: bool | None = False) -> ProtocolError | None:
    """The first error of a journal, found serially or (parallel=True) with the
    signatures checked by the worker process - which must have been handed the job."""
    if parallel is False:
        try:
            verify_journal_bytes(journal)
        except ProtocolError as exc:
            return exc
        return None
    visitor = VerifyVisitor(strict=False)
    before = worker_jobs()
    read_journal_parallel(parse_journal(journal), visitor, parallel=True)
    assert worker_jobs() == before + 1, "the parallel path did not run (no job for a worker)"
    return visitor.error


def _where(err: ProtocolError | None) -> tuple[Any, ...]:
    assert err is not None
    if isinstance(err, JournalError):
        return ("journal", err.check, err.index, None, None, str(err))
    assert isinstance(err, RemoteProtocolError)
    return (type(err).__name__, err.check, err.record, err.author, err.seq, str(err))


def _caught(journal: bytes, checks: str | set[str], record: int) -> RemoteProtocolError:
    err = _error(journal)
    assert isinstance(err, RemoteProtocolError), err
    allowed = {checks} if isinstance(checks, str) else checks
    assert err.check in allowed and err.record == record, str(err)
    return err


def test_a_flipped_bit_in_any_stored_record_is_caught_by_its_checksum() -> None:
    rec = short_game()
    contents = parse_journal(rec.journal)
    rng = random.Random(1)
    for entry in contents.entries:
        data = bytearray(rec.journal)
        end = entry.offset + 8 + 1 + len(entry.data) + 4
        data[rng.randrange(entry.offset, end)] ^= 1 << rng.randrange(8)
        last = entry.index == len(contents.entries) - 1
        if last:  # a bad last record is a torn tail: the rest still verifies
            torn = parse_journal(bytes(data)).torn
            assert torn is not None and torn.index == entry.index
            assert verify_journal_bytes(bytes(data)).records == entry.index
            continue
        with pytest.raises(JournalError) as info:
            verify_journal_bytes(bytes(data))
        assert info.value.check == "record" and info.value.index == entry.index


def test_a_flipped_bit_in_any_envelope_is_caught_at_its_record() -> None:
    """An attacker who also fixes the journal's checksums: the envelope checks catch it."""
    rec = short_game()
    rng = random.Random(2)
    for k, raw in enumerate(rec.raws):
        bad = bytearray(raw)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        raws = list(rec.raws)
        raws[k] = bytes(bad)
        _caught(rec.rebuild(raws), {"signature", "canonical", "schema", "version", "author",
                                    "game-id", "size"}, k)


@pytest.mark.parametrize("k", [0, 5, 31, 60, 82])
def test_a_dropped_record_is_caught(k: int) -> None:
    rec = short_game()
    raws = rec.raws[:k] + rec.raws[k + 1:]
    _caught(rec.rebuild(raws), {"seq-gap", "state-hash"}, k)


@pytest.mark.parametrize("k", [0, 4, 30, 61, 82])
def test_swapped_records_are_caught(k: int) -> None:
    rec = short_game()
    raws = list(rec.raws)
    raws[k], raws[k + 1] = raws[k + 1], raws[k]
    _caught(rec.rebuild(raws), {"seq-gap", "state-hash"}, k)


def test_a_record_from_another_game_is_caught() -> None:
    rec, other = short_game(), short_game("other")
    for k in (0, 40):
        raws = list(rec.raws)
        raws[k] = other.raws[k]
        _caught(rec.rebuild(raws), "game-id", k)
        _caught(rec.rebuild(raws[:k] + [other.raws[3]] + raws[k:]), "game-id", k)


def test_a_record_replayed_within_the_game_is_caught() -> None:
    rec = short_game()
    for j, k in ((0, 1), (10, 40), (len(rec.raws) - 2, len(rec.raws))):
        raws = rec.raws[:k] + [rec.raws[j]] + rec.raws[k:]
        _caught(rec.rebuild(raws), "duplicate", k)


def test_a_wrong_state_hash_is_caught_even_when_signed() -> None:
    rec = short_game()
    for k in (0, 33, len(rec.raws) - 1):
        raws = list(rec.raws)
        raws[k] = rec.resign(k, lambda f: f.__setitem__(6, other_hash()))
        err = _caught(rec.rebuild(raws), "state-hash", k)
        assert err.proven and "desync" in err.message


def test_a_forged_signature_is_caught() -> None:
    rec = short_game()
    for k in (0, 20, len(rec.raws) - 1):
        raws = list(rec.raws)
        signed = raws[k][:-64]
        raws[k] = signed + generate().sign(signed)
        err = _caught(rec.rebuild(raws), "signature", k)
        assert not err.proven


def test_every_view_is_checked_against_the_record() -> None:
    """An envelope's view of the other chains must name envelopes earlier in the record,
    and exactly those: else the record is not one its author could have seen (a fork, a
    false view, or an envelope taken before what its author had seen)."""
    rec = short_game()
    last = len(rec.raws) - 1
    author = rec.envelopes[last].author
    other = next(e for e in reversed(rec.envelopes[:last]) if e.author != author)
    seqs = [0] * rec.genesis.n_seats
    seqs[other.author] = other.seq
    heads = [other.hash if a == other.author else ZERO_HASH for a in range(len(seqs))]

    def with_view(view: list[Any]) -> bytes:
        return rec.rebuild(rec.raws[:last] + [rec.resign(last, lambda f: f.__setitem__(
            9, view))])
    good = [seqs, view_digest(heads)]
    assert _error(with_view(good)) is None  # names the other seat's envelope truly
    err = _caught(with_view([seqs, view_digest([ZERO_HASH] * len(seqs))]), "view", last)
    assert not err.proven and "fork" in err.message
    ahead = list(seqs)
    ahead[other.author] = other.seq + 1000  # an envelope not in the record before it
    _caught(with_view([ahead, view_digest(heads)]), "view", last)


def test_equivocation_is_caught() -> None:
    rec = short_game()
    k = 12
    twin = rec.resign(k, lambda f: f.__setitem__(6, other_hash()))
    raws = rec.raws[:k + 1] + [twin] + rec.raws[k + 1:]
    err = _caught(rec.rebuild(raws), "equivocation", k + 1)
    assert err.author == rec.envelopes[k].author and err.seq == rec.envelopes[k].seq


def _set_body(action: engine.Action, extra: bytes | None = None) -> Callable[[list[Any]], None]:
    def change(fields: list[Any]) -> None:
        fields[8] = [action.to_data(), fields[8][1] if extra is None else extra]
    return change


def test_a_reveal_that_does_not_open_its_commitment_is_caught() -> None:
    rec = short_game()
    k = rec.first(engine.Reveal)
    raws = list(rec.raws)
    raws[k] = rec.resign(k, lambda f: f.__setitem__(8, [f[8][0], other_hash(b"nonce")]))
    _caught(rec.rebuild(raws), "commitment", k)
    # Revealing another card than the one committed: the true face of another handle.
    reveal = decode_action(rec.envelopes[k])[0]
    assert isinstance(reveal, engine.Reveal)
    truth = rec.game.source.truth
    state = read_journal(rec.journal, _Stop(k))
    others = [h for h in state.hands[reveal.seat]
              if h != reveal.handle and engine.card(truth[h]).is_encounter]
    assert others
    swapped = engine.Reveal(reveal.seat, others[0], truth[others[0]])
    raws[k] = rec.resign(k, _set_body(swapped))
    _caught(rec.rebuild(raws), "commitment", k)


def test_a_select_commitment_binds_the_seat_and_the_game() -> None:
    g = short_game().genesis
    nonce = bytes(32)
    a = card_commitment(g.game_id, 0, 5, nonce)
    assert a != card_commitment(g.game_id, 1, 5, nonce) != card_commitment(g.game_id, 0, 6, nonce)
    assert a != card_commitment(other_hash(), 0, 5, nonce)


def test_an_illegal_action_is_caught_even_when_signed() -> None:
    rec = short_game()
    k = rec.first(engine.Launch)
    launch = decode_action(rec.envelopes[k])[0]
    assert isinstance(launch, engine.Launch)
    own_planet = launch.seat * rec.game.config.planets  # the offense's own home system
    raws = list(rec.raws)
    raws[k] = rec.resign(k, _set_body(engine.Launch(launch.seat, own_planet, launch.ships)))
    err = _caught(rec.rebuild(raws), "illegal", k)
    assert err.author == launch.seat and err.seq == rec.envelopes[k].seq and "launch" in err.message
    # An action out of turn, by a seat that is not asked.
    nobody = rec.envelopes[k].author
    raws[k] = rec.resign(k, _set_body(engine.EndTurn(nobody)))
    _caught(rec.rebuild(raws), "illegal", k)


def test_a_false_face_is_caught_even_when_signed() -> None:
    rec = short_game()
    k = rec.first(engine.Reveal)
    reveal = decode_action(rec.envelopes[k])[0]
    assert isinstance(reveal, engine.Reveal)
    truth = rec.game.source.truth
    lie = next(f for f in range(72) if f != reveal.card and engine.card(f).is_encounter)
    raws = list(rec.raws)
    raws[k] = rec.resign(k, _set_body(engine.Reveal(reveal.seat, reveal.handle, lie)))
    _caught(rec.rebuild(raws), "face", k)
    assert truth[reveal.handle] == reveal.card


def test_a_false_has_encounter_claim_is_caught_by_the_audit() -> None:
    seed = game_seed("claim", 0)
    bots = [ClaimCheat(seed + bytes([k])) for k in range(3)]
    game = play(3, seed, 8, bots)
    cheat = next(b for b in bots if b.cheated is not None)
    rec = record(game)
    err = _error(rec.journal)
    assert isinstance(err, RemoteProtocolError) and err.check == "audit", err
    k = err.record
    assert k is not None and err.author == bots.index(cheat)
    assert decode_action(rec.envelopes[k])[0] == engine.Proceed(err.author)
    assert "has_encounter" in err.message


def test_a_false_no_encounter_claim_is_caught_by_the_audit() -> None:
    seed = game_seed("claim", 1)
    bots = [NoEncounterCheat(seed + bytes([k])) for k in range(3)]
    rec = record(play(3, seed, 3, bots))
    err = _error(rec.journal)
    assert isinstance(err, RemoteProtocolError) and err.check == "audit", err
    assert decode_action(rec.envelopes[err.record or 0])[0] == engine.NoEncounter(err.author)


def test_a_non_canonical_encoding_is_caught_even_when_signed() -> None:
    rec = short_game()
    import msgpack  # type: ignore[import-untyped]

    def wide_seq(fields: Any) -> bytes:  # seq as a uint32 where a fixint is canonical
        head = msgpack.packb(fields[:4], use_bin_type=True)[1:]
        tail = msgpack.packb(fields[5:], use_bin_type=True)[1:]
        return b"\x9a" + head + b"\xce" + fields[4].to_bytes(4, "big") + tail

    for k in (0, 50):
        raws = list(rec.raws)
        raws[k] = resign(rec.genesis, rec.raws[k], lambda f: None, wide_seq)
        _caught(rec.rebuild(raws), "canonical", k)


def test_a_torn_tail_at_every_byte_of_the_last_record_still_verifies_the_rest() -> None:
    rec = record(play(3, game_seed("tiny", 0), 1))  # short: every cut is verified whole
    contents = parse_journal(rec.journal)
    last = contents.entries[-1]
    n = len(contents.entries)
    for cut in range(last.offset + 1, len(rec.journal)):
        data = rec.journal[:cut]
        result = verify_journal(data, parallel=False)
        assert result.error is None and result.torn is not None, cut
        assert result.torn.index == n - 1 and result.torn.offset == last.offset
        assert result.verdict is not None and result.verdict.records == n - 1
    assert verify_journal(rec.journal[:last.offset]).torn is None


# --- serial and parallel give one verdict ---------------------------------------------------


def _tampered(rec: Recorded) -> list[bytes]:
    raws = rec.raws
    k = rec.first(engine.Reveal)
    launch = rec.first(engine.Launch)
    launch_action = decode_action(rec.envelopes[launch])[0]
    assert isinstance(launch_action, engine.Launch)
    bad_launch = rec.resign(launch, _set_body(engine.Launch(
        launch_action.seat, launch_action.seat * rec.game.config.planets, launch_action.ships)))
    forged = [r[:-64] + bytes(64) for r in raws]
    wrong_hash = [rec.resign(i, lambda f: f.__setitem__(6, other_hash())) for i in (3, 40)]
    out = [
        rec.rebuild(raws[:7] + [forged[7]] + raws[8:]),  # a signature
        rec.rebuild(raws[:3] + [wrong_hash[0]] + raws[4:]),  # a state hash
        rec.rebuild(raws[:launch] + [bad_launch] + raws[launch + 1:]),  # an illegal action
        rec.rebuild(raws[:k] + [rec.resign(k, lambda f: f.__setitem__(
            8, [f[8][0], other_hash(b"n")]))] + raws[k + 1:]),  # a commitment
        rec.rebuild(raws[:20] + raws[21:]),  # a dropped record
        rec.rebuild(raws[:30] + [raws[10]] + raws[30:]),  # a duplicate
        # a bad signature before an illegal action: the signature is the first fault
        rec.rebuild(raws[:5] + [forged[5]] + raws[6:launch] + [bad_launch] + raws[launch + 1:]),
        # an illegal action before a bad signature: the illegal action is
        rec.rebuild(raws[:launch] + [bad_launch] + raws[launch + 1:-3] + [forged[-3]]
                    + raws[-2:]),
        # a bad signature on the record that also has a wrong state hash
        rec.rebuild(raws[:40] + [wrong_hash[1][:-64] + bytes(64)] + raws[41:]),
        # a bad signature on the last record only
        rec.rebuild(raws[:-1] + [forged[-1]]),
        rec.journal[:-5],  # a torn tail: no error
        # validly signed, but refused when opened (node.verify's worker makes these
        # checks for the replay): a float, an action of another seat, an unknown kind
        *(rec.rebuild(raws[:12] + [bad] + raws[13:]) for bad in _refused_when_opened(rec, 12)),
    ]
    return out


def _refused_when_opened(rec: Recorded, k: int) -> list[bytes]:
    """Record k signed again by its author, three ways that open_envelope refuses after
    the signature is checked or in its canonical step."""
    author = rec.envelopes[k].author
    as_other = engine.Pass((author + 1) % rec.game.config.seats)
    floats = msgpack.Packer(use_bin_type=True).pack
    return [
        resign(rec.genesis, rec.raws[k], lambda f: f.__setitem__(8, [f[8][0], 1.5]),
               encode=floats),
        rec.resign(k, _set_body(as_other)),
        rec.resign(k, lambda f: f.__setitem__(7, "nope")),
    ]


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_parallel_and_serial_verify_agree_on_every_tampered_journal() -> None:
    rec = short_game()
    for journal in _tampered(rec):
        serial, parallel = _error(journal), _error(journal, parallel=True)
        if serial is None:
            assert parallel is None
            continue
        assert _where(parallel) == _where(serial)
    assert _where(_error(_tampered(rec)[6], parallel=True))[1:3] == ("signature", 5)
    assert [_where(_error(j))[1:3] for j in _tampered(rec)[-3:]] == [
        ("canonical", 12), ("schema", 12), ("kind", 12)]


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_the_worker_opens_records_ahead_and_reports_only_those_that_pass() -> None:
    """node.verify's worker makes the opening checks of every record (all of
    open_envelope but the signature) before it verifies signatures; the replay takes
    its word for those it reports as passing, and opens every other record itself."""
    from node.verify import ParallelSignatures

    rec = short_game()
    raws = list(rec.raws)
    bad = _refused_when_opened(rec, 12)
    raws[12], raws[30], raws[31] = bad
    contents = parse_journal(rec.rebuild(raws))
    sig = ParallelSignatures(contents)
    try:
        n = len(raws)
        for _ in range(2000):  # until the worker has opened every record (or 20 s)
            if sig._opened[n - 1]:
                break
            time.sleep(0.01)
        assert [k for k in range(n) if not sig.opened(k, GAME_KINDS)] == [12, 30, 31]
        other = GAME_KINDS.copy()
        assert not sig.opened(0, other)  # checked with another registry: not its word
    finally:
        sig.close()


def test_verify_visitor_can_be_lenient_and_stops_at_the_first_error() -> None:
    rec = short_game()
    raws = list(rec.raws)
    raws[9] = raws[9][:-64] + bytes(64)
    raws[50] = raws[50][:-64] + bytes(64)
    seen: list[int] = []

    class Count(VerifyVisitor):
        def visit_record(self, record: int, env: Any, action: Any, verifier: GameVerifier
                         ) -> None:
            seen.append(record)

    v = Count(strict=False)
    assert read_journal(rec.rebuild(raws), v) is None
    assert v.error is not None and isinstance(v.error, RemoteProtocolError)
    assert v.error.record == 9 and seen == list(range(9))


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_parallel_signatures_find_the_first_bad_one() -> None:
    from node.verify import ParallelSignatures
    from protocol.journal import encode_header, encode_note, encode_record

    rec = short_game()
    raws = list(rec.raws)
    for k in (10, 60):
        raws[k] = raws[k][:-64] + bytes(64)
    # a note before record 10 shifts every record index after it by one
    framed = [encode_record(r) for r in raws]
    journal = encode_header(rec.genesis) + b"".join(framed[:10]) + encode_note(b"n") + b"".join(
        framed[10:])
    contents = parse_journal(journal)
    before = worker_jobs()
    sig = ParallelSignatures(contents)
    try:
        assert worker_pid() is not None and worker_jobs() == before + 1  # a worker is at work
        assert sig.first_failure(5) is None and sig.first_failure(10) is None
        assert sig.first_failure(11) == 11 and sig.first_failure(len(contents.entries)) == 11
    finally:
        sig.close()
    serial, parallel = _error(journal), _error(journal, parallel=True)
    assert _where(serial) == _where(parallel) and _where(serial)[1:3] == ("signature", 11)


def test_the_libsodium_first_check_answers_as_openssl() -> None:
    """protocol.keys.verify (and node.verify's worker, through it) checks signatures with
    libsodium and asks OpenSSL about what libsodium refuses: an honest signature, a
    broken one and one whose R is the identity (OpenSSL takes it, libsodium does not)
    get OpenSSL's answer."""
    import nacl.bindings as nb
    import nacl.exceptions

    from _signatures import edge_signatures, openssl
    from node.verify import envelope_signature_ok
    from protocol.keys import verify

    public, msg, sigs = edge_signatures()
    with pytest.raises(nacl.exceptions.BadSignatureError):
        nb.crypto_sign_open(sigs[2] + msg, public)
    assert [openssl(public, s, msg) for s in sigs] == [True, False, True]
    for sig in sigs:
        assert verify(public, sig, msg) == openssl(public, sig, msg)
        assert envelope_signature_ok(msg + sig) == openssl(public, sig, msg)


def test_an_action_parsed_before_is_handed_out_again_only_for_the_same_data() -> None:
    """protocol.game keeps the actions it parsed, per game; the same data gets the same
    action, and data equal to it but not of the same types (True == 1) is refused as
    action_from_data refuses it. Another game's action of the same data is its own."""
    from engine import games
    from protocol.game import _parse_action

    cosmic, worlds = games.load("cosmic"), games.load("worlds")
    first = _parse_action(cosmic, ["pass", 1])
    assert first == engine.Pass(1) and _parse_action(cosmic, ["pass", 1]) is first
    for wrong in (["pass", True], ["pass", 1, 2], ["pass"], ["pass", [1]], ["nope", 1],
                  ["propose", 0, [0, 5, -1, True]], ["propose", 0, [0, 5, -1, "1"]]):
        with pytest.raises(engine.ActionParseError):
            _parse_action(cosmic, wrong)
    nested = _parse_action(cosmic, ["propose", 0, [0, 5, -1, 1]])
    assert nested == engine.action_from_data(["propose", 0, [0, 5, -1, 1]])
    assert _parse_action(cosmic, ["propose", 0, [0, 5, -1, 1]]) is nested
    done = _parse_action(worlds, ["done", 1])
    assert done == worlds.action_from_data(["done", 1]) and done.KIND == "done"
    with pytest.raises(engine.ActionParseError):  # Cosmic has no "done"
        _parse_action(cosmic, ["done", 1])


def test_open_checked_builds_what_open_envelope_returns() -> None:
    """The replay builds an envelope the worker has opened (open_checked) as the same
    value, field for field, that open_envelope returns for those bytes."""
    from dataclasses import fields

    from protocol.envelope import Envelope, check_opening, open_checked

    rec = short_game()
    for raw in rec.raws:
        check_opening(raw, rec.genesis, GAME_KINDS)
        opened, built = open_envelope(raw, rec.genesis, GAME_KINDS), open_checked(raw)
        for f in fields(Envelope):
            assert getattr(built, f.name) == getattr(opened, f.name), f.name
            assert type(getattr(built, f.name)) is type(getattr(opened, f.name)), f.name
